import {
  hasRule,
  messages,
  missingRuleMessage,
  plannerErrorCodes,
  plannerLimits,
  plannerMessages,
  ruleScope,
  type Action,
  type PlannerEmployees,
  type PlannerEvent,
  type PlannerEventKind,
  type createPlannerEventRequestSchema,
  type plannerEventsQuerySchema,
  type updatePlannerEventRequestSchema,
} from '@repo/contracts';
import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { plannerEvents, tasks } from '../../db/schema';
import { recordChange } from '../../lib/change';
import { scopeOf as requireScope, type Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { taskVisibility } from '../tasks/service';
import * as repo from './repository';

/**
 * The planner (server/docs/planner.md): appointments and shifts, each change in one transaction with its
 * audit row and the realtime `planner` event to the event's location; tasks' due moments are read-only.
 * Intervals are half-open [start, end): back-to-back events do not overlap.
 */

const ENTITY = 'planner' as const;
const DAY = 86_400_000;
const TASK_PREFIX = 'task:';
const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------------------------------------------
// Access

const scopeOf = (ctx: Ctx, action: Action) => requireScope(ctx, action, ENTITY);

const isOwn = (ctx: Ctx, e: Pick<repo.EventRow, 'employeeId' | 'createdBy'>) => e.employeeId === ctx.auth.employeeId || e.createdBy === ctx.auth.employeeId;

/** own: the employee's events or created by them; location: those and the current location's; all: every location of the employee's. */
function allowed(ctx: Ctx, action: Action, e: Pick<repo.EventRow, 'employeeId' | 'createdBy' | 'locationId'>): boolean {
  const scope = ruleScope(ctx.auth.rules, action, ENTITY);
  if (!scope || !ctx.auth.locationIds.includes(e.locationId)) return false;
  if (isOwn(ctx, e)) return true;
  if (scope === 'location') return e.locationId === ctx.locationId;
  return scope === 'all';
}

/** The event for an action: 404 when the employee may not even see it, 403 when they see it but may not do this. */
async function eventFor(ctx: Ctx, db: Db | Tx, id: string, action: Action, lock = false): Promise<repo.EventRow> {
  if (id.startsWith(TASK_PREFIX)) {
    if (action === 'view') throw notFound(plannerMessages.notFound);
    throw invalidInput({ id: plannerMessages.taskReadOnly }, plannerMessages.taskReadOnly);
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const event = uuid ? await repo.find(db, id, lock) : null;
  if (!event || !allowed(ctx, 'view', event)) throw notFound(plannerMessages.notFound);
  if (action !== 'view' && !allowed(ctx, action, event)) throw forbidden(missingRuleMessage(`${action}:${ENTITY}`));
  return event;
}

/** The events a calendar may show (the same rule as `allowed(ctx, 'view', …)`, as SQL; locations already checked). */
function visibility(ctx: Ctx): SQL {
  const scope = scopeOf(ctx, 'view');
  const me = ctx.auth.employeeId;
  const own = or(eq(plannerEvents.employeeId, me), eq(plannerEvents.createdBy, me))!;
  if (scope === 'all') return sql`true`;
  if (scope === 'location' && ctx.locationId) return or(eq(plannerEvents.locationId, ctx.locationId), own)!;
  return own;
}

/** The locations asked about (default: the current one), each one the employee works in (else 403). */
function locationsOf(ctx: Ctx, ids: string[] | undefined): string[] {
  const wanted = ids?.length ? ids : ctx.locationId ? [ctx.locationId] : [];
  if (!wanted.length) throw forbidden(messages.locationRequired);
  for (const id of wanted) if (!ctx.auth.locationIds.includes(id)) throw forbidden(plannerMessages.locationForbidden);
  return wanted;
}

// ---------------------------------------------------------------------------------------------------
// Views

function out(ctx: Ctx, v: repo.EventView): PlannerEvent {
  const device = v.deviceType || v.deviceBrand || v.deviceModel ? { type: v.deviceType, brand: v.deviceBrand, model: v.deviceModel } : null;
  return {
    id: v.id,
    kind: v.kind,
    title: v.title,
    start: iso(v.startsAt),
    end: iso(v.endsAt),
    employeeId: v.employeeId,
    employeeName: v.employeeName,
    locationId: v.locationId,
    clientId: v.clientId,
    clientName: v.clientName,
    clientPhone: v.clientPhone && hasRule(ctx.auth.rules, 'see_client_contacts') ? v.clientPhone : null,
    device,
    orderId: v.orderId,
    orderNumber: v.orderNumber,
    taskId: null,
    comment: v.comment,
    editable: allowed(ctx, 'edit', v),
    createdAt: iso(v.createdAt),
  };
}

async function viewOf(ctx: Ctx, db: Db | Tx, id: string): Promise<PlannerEvent> {
  const v = await repo.view(db, id);
  if (!v) throw notFound(plannerMessages.notFound);
  return out(ctx, v);
}

export async function listEvents(ctx: Ctx, q: z.output<typeof plannerEventsQuerySchema>): Promise<PlannerEvent[]> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (!(from.getTime() < to.getTime())) throw invalidInput({ to: plannerMessages.rangeInvalid }, plannerMessages.rangeInvalid);
  if (to.getTime() - from.getTime() > plannerLimits.rangeMaxDays * DAY) throw invalidInput({ to: plannerMessages.rangeTooWide }, plannerMessages.rangeTooWide);
  const locationIds = locationsOf(ctx, q.locationId);
  const kinds = new Set<PlannerEventKind>(q.kinds?.length ? q.kinds : ['appointment', 'shift', 'task']);
  // The stored events and the tasks' due moments are two queries, run side by side (two pool connections on PostgreSQL).
  const stored = (['appointment', 'shift'] as const).filter((k) => kinds.has(k));
  const eventsQuery = async (): Promise<PlannerEvent[]> => {
    if (!stored.length) return [];
    const where: SQL[] = [visibility(ctx), inArray(plannerEvents.locationId, locationIds), repo.overlapping(from, to)];
    if (stored.length === 1) where.push(eq(plannerEvents.kind, stored[0]));
    if (q.employeeId) where.push(eq(plannerEvents.employeeId, q.employeeId));
    return (await repo.list(ctx.db, and(...where)!)).map((v) => out(ctx, v));
  };
  const taskScope = kinds.has('task') ? taskVisibility(ctx) : null;
  const tasksQuery = async (): Promise<PlannerEvent[]> => {
    if (!taskScope) return [];
    const where: SQL[] = [taskScope, inArray(tasks.locationId, locationIds), gte(tasks.dueAt, from), lt(tasks.dueAt, to), inArray(tasks.status, ['new', 'in_progress', 'done'])];
    if (q.employeeId) where.push(eq(tasks.assigneeId, q.employeeId));
    return (await repo.dueTasks(ctx.db, and(...where)!)).map((t) => {
      const due = t.dueAt!;
      return {
        id: `${TASK_PREFIX}${t.id}`,
        kind: 'task' as const,
        title: t.title,
        start: iso(due),
        end: iso(new Date(due.getTime() + plannerLimits.taskMinutes * 60_000)),
        employeeId: t.assigneeId,
        employeeName: t.assigneeName,
        locationId: t.locationId,
        clientId: t.linkKind === 'client' ? t.linkId : null,
        orderId: t.linkKind === 'repair_order' ? t.linkId : null,
        taskId: t.id,
        comment: null,
        editable: false,
        createdAt: iso(t.createdAt),
      };
    });
  };
  const [events, due] = await Promise.all([eventsQuery(), tasksQuery()]);
  const result = [...events, ...due];
  return result.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
}

export async function getEvent(ctx: Ctx, id: string): Promise<PlannerEvent> {
  await eventFor(ctx, ctx.db, id, 'view');
  return viewOf(ctx, ctx.db, id);
}

/** `GET /api/planner/employees`: who can have a shift or an appointment at a location. */
export async function employees(ctx: Ctx, locationId: string | undefined): Promise<PlannerEmployees> {
  scopeOf(ctx, 'view');
  const [loc] = locationsOf(ctx, locationId ? [locationId] : undefined);
  return repo.employeesAt(ctx.db, loc);
}

// ---------------------------------------------------------------------------------------------------
// Checks (each refusal before anything is written)

function checkTimes(start: Date, end: Date) {
  if (end.getTime() <= start.getTime()) throw invalidInput({ end: plannerMessages.endBeforeStart }, plannerMessages.endBeforeStart);
  if (end.getTime() - start.getTime() > plannerLimits.maxDays * DAY) throw invalidInput({ end: plannerMessages.tooLong }, plannerMessages.tooLong);
}

async function checkEmployee(db: Db | Tx, employeeId: string, locationId: string) {
  const row = await repo.employeeAt(db, employeeId, locationId);
  if (!row) throw invalidInput({ employeeId: plannerMessages.employeeNotFound }, plannerMessages.employeeNotFound);
  if (!row.active) throw invalidInput({ employeeId: plannerMessages.employeeBlocked }, plannerMessages.employeeBlocked);
  if (!row.works) throw invalidInput({ employeeId: plannerMessages.employeeElsewhere }, plannerMessages.employeeElsewhere);
}

async function checkClient(db: Db | Tx, clientId: string) {
  if (!(await repo.clientExists(db, clientId))) throw invalidInput({ clientId: plannerMessages.clientNotFound }, plannerMessages.clientNotFound);
}

/**
 * The overlap rules, under the employee's lock: two shifts never overlap (in any location); an
 * appointment overlapping another appointment of the employee needs `force`.
 */
async function checkOverlap(tx: Tx, e: { id: string | null; kind: 'appointment' | 'shift'; employeeId: string; start: Date; end: Date; force: boolean }) {
  await repo.lockEmployee(tx, e.employeeId);
  if (e.kind === 'appointment' && e.force) return;
  const other = await repo.overlap(tx, e.employeeId, e.kind, e.start, e.end, e.id);
  if (!other) return;
  if (e.kind === 'shift') throw new AppError(409, plannerErrorCodes.shiftOverlap, plannerMessages.shiftOverlap);
  throw new AppError(409, plannerErrorCodes.appointmentOverlap, plannerMessages.appointmentOverlap);
}

/** What the audit diff shows of an event. */
const snapshot = (e: repo.EventRow) => ({
  kind: e.kind,
  title: e.title,
  start: iso(e.startsAt),
  end: iso(e.endsAt),
  employeeId: e.employeeId,
  locationId: e.locationId,
  clientId: e.clientId,
  device: [e.deviceType, e.deviceBrand, e.deviceModel].filter(Boolean).join(' ') || null,
  comment: e.comment,
  orderId: e.orderId,
});

const defaultTitle = (kind: 'appointment' | 'shift') => (kind === 'shift' ? 'Смена' : 'Запись');

// ---------------------------------------------------------------------------------------------------
// Changes

export async function createEvent(ctx: Ctx, input: z.output<typeof createPlannerEventRequestSchema>): Promise<PlannerEvent> {
  scopeOf(ctx, 'create');
  const [locationId] = locationsOf(ctx, input.locationId ? [input.locationId] : undefined);
  if (!allowed(ctx, 'create', { employeeId: input.employeeId, createdBy: ctx.auth.employeeId, locationId })) throw forbidden(missingRuleMessage(`create:${ENTITY}`));
  const start = new Date(input.start);
  const end = new Date(input.end);
  checkTimes(start, end);
  const appointment = input.kind === 'appointment';
  return ctx.db.transaction(async (tx) => {
    await checkEmployee(tx, input.employeeId, locationId);
    if (appointment && input.clientId) await checkClient(tx, input.clientId);
    await checkOverlap(tx, { id: null, kind: input.kind, employeeId: input.employeeId, start, end, force: input.force === true });
    const row = await repo.insert(tx, {
      kind: input.kind,
      title: input.title || defaultTitle(input.kind),
      startsAt: start,
      endsAt: end,
      employeeId: input.employeeId,
      locationId,
      clientId: appointment ? (input.clientId ?? null) : null,
      deviceType: appointment ? (input.device?.type ?? null) : null,
      deviceBrand: appointment ? (input.device?.brand ?? null) : null,
      deviceModel: appointment ? (input.device?.model ?? null) : null,
      comment: input.comment ?? null,
      createdBy: ctx.auth.employeeId,
    });
    await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(row), locationId });
    return viewOf(ctx, tx, row.id);
  });
}

export async function updateEvent(ctx: Ctx, id: string, input: z.output<typeof updatePlannerEventRequestSchema>): Promise<PlannerEvent> {
  if (id.startsWith(TASK_PREFIX)) throw invalidInput({ id: plannerMessages.taskReadOnly }, plannerMessages.taskReadOnly);
  const { force, ...fields } = input;
  if (Object.values(fields).every((v) => v === undefined)) throw invalidInput({}, plannerMessages.nothingToChange);
  return ctx.db.transaction(async (tx) => {
    const before = await eventFor(ctx, tx, id, 'edit', true);
    const appointment = before.kind === 'appointment';
    const set: Partial<repo.EventValues> = {};
    const start = input.start !== undefined ? new Date(input.start) : before.startsAt;
    const end = input.end !== undefined ? new Date(input.end) : before.endsAt;
    const moved = start.getTime() !== before.startsAt.getTime() || end.getTime() !== before.endsAt.getTime();
    if (moved) {
      checkTimes(start, end);
      set.startsAt = start;
      set.endsAt = end;
    }
    const employeeId = input.employeeId ?? before.employeeId;
    if (employeeId !== before.employeeId) {
      await checkEmployee(tx, employeeId, before.locationId);
      if (!allowed(ctx, 'edit', { ...before, employeeId })) throw forbidden(missingRuleMessage(`edit:${ENTITY}`));
      set.employeeId = employeeId;
    }
    if (input.title !== undefined) set.title = input.title || defaultTitle(before.kind);
    if (input.comment !== undefined) set.comment = input.comment ?? null;
    if (appointment && input.clientId !== undefined) {
      if (input.clientId && input.clientId !== before.clientId) await checkClient(tx, input.clientId);
      set.clientId = input.clientId ?? null;
    }
    if (appointment && input.device !== undefined) {
      set.deviceType = input.device?.type ?? null;
      set.deviceBrand = input.device?.brand ?? null;
      set.deviceModel = input.device?.model ?? null;
    }
    if (set.startsAt || set.employeeId) await checkOverlap(tx, { id, kind: before.kind, employeeId, start, end, force: force === true });
    if (!Object.keys(set).length) return viewOf(ctx, tx, id);
    set.updatedAt = new Date();
    const after = await repo.update(tx, id, set);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(before), after: snapshot(after), locationId: after.locationId });
    return viewOf(ctx, tx, id);
  });
}

export async function deleteEvent(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await eventFor(ctx, tx, id, 'delete', true);
    await repo.remove(tx, id);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: snapshot(before), locationId: before.locationId });
  });
}

// ---------------------------------------------------------------------------------------------------
// For the orders module

/**
 * Links an appointment to the repair order taken from it, inside the order's transaction: the
 * appointment must be one (not a shift) of the order's location (400 `appointmentId`), not yet
 * turned into an order (409). Publishes `planner` to the location. A refusal rolls the order back.
 */
export async function linkAppointment(tx: Tx, ctx: Ctx, appointmentId: string, order: { id: string; locationId: string }): Promise<void> {
  const before = await repo.find(tx, appointmentId, true);
  if (!before || before.kind !== 'appointment' || before.locationId !== order.locationId || !ctx.auth.locationIds.includes(before.locationId)) {
    throw invalidInput({ appointmentId: plannerMessages.notAppointment }, plannerMessages.notAppointment);
  }
  if (before.orderId) throw conflict(plannerMessages.alreadyOrdered);
  const after = await repo.update(tx, appointmentId, { orderId: order.id, updatedAt: new Date() });
  await recordChange(tx, ctx, { entity: ENTITY, id: appointmentId, action: 'update', before: snapshot(before), after: snapshot(after), locationId: after.locationId });
}
