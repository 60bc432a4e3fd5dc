import {
  messages,
  missingRuleMessage,
  ruleScope,
  taskMessages,
  type Action,
  type Task,
  type TaskComment,
  type TaskAssignees,
  type TaskCounts,
  type TaskPage,
  type TaskSort,
  type TaskStatus,
  type createTaskCommentRequestSchema,
  type createTaskRequestSchema,
  type taskListQuerySchema,
  type updateTaskRequestSchema,
} from '@repo/contracts';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { tasks } from '../../db/schema';
import { recordChange, type EventOverride } from '../../lib/change';
import { scopeOf as requireScope, type Ctx } from '../../lib/ctx';
import { forbidden, invalidInput, notFound } from '../../lib/errors';
import * as repo from './repository';

/**
 * Tasks (server/docs/tasks.md): every change in one transaction with its audit row and realtime events
 * (`task` to the task's location; a new or reassigned task also to its assignee alone).
 */

const ENTITY = 'task' as const;
const OPEN: TaskStatus[] = ['new', 'in_progress'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------------
// Access

const scopeOf = (ctx: Ctx, action: Action) => requireScope(ctx, action, ENTITY);

const isOwn = (ctx: Ctx, t: Pick<repo.TaskRow, 'authorId' | 'assigneeId'>) => t.authorId === ctx.auth.employeeId || t.assigneeId === ctx.auth.employeeId;

/** own: authored or assigned; location: those and the current location's; all: every location of the employee's. */
function allowed(ctx: Ctx, action: Action, t: repo.TaskRow): boolean {
  const scope = ruleScope(ctx.auth.rules, action, ENTITY);
  if (!scope || !ctx.auth.locationIds.includes(t.locationId)) return false;
  if (isOwn(ctx, t)) return true;
  if (scope === 'location') return t.locationId === ctx.locationId;
  return scope === 'all';
}

/** The task for an action: 404 when the employee may not even see it, 403 when they see it but may not do this. */
async function taskFor(ctx: Ctx, db: Db | Tx, id: string, action: Action, lock = false): Promise<repo.TaskRow> {
  const task = await repo.find(db, id, lock);
  if (!task || !allowed(ctx, 'view', task)) throw notFound(taskMessages.notFound);
  if (action !== 'view' && !allowed(ctx, action, task)) throw forbidden(missingRuleMessage(`${action}:${ENTITY}`));
  return task;
}

/** The rows a list may show (the same rule as `allowed(ctx, 'view', …)`, as SQL). */
function visibility(ctx: Ctx): SQL {
  scopeOf(ctx, 'view');
  return taskVisibility(ctx)!;
}

/** The tasks the employee may see, as SQL (the planner shows their due moments); null without `view:task`. */
export function taskVisibility(ctx: Ctx): SQL | null {
  const scope = ruleScope(ctx.auth.rules, 'view', ENTITY);
  if (!scope) return null;
  const me = ctx.auth.employeeId;
  if (!ctx.auth.locationIds.length) return sql`false`;
  const inLocations = inArray(tasks.locationId, ctx.auth.locationIds);
  const own = or(eq(tasks.assigneeId, me), eq(tasks.authorId, me))!;
  if (scope === 'all') return inLocations;
  if (scope === 'location' && ctx.locationId) return and(inLocations, or(eq(tasks.locationId, ctx.locationId), own))!;
  return and(inLocations, own)!;
}

// ---------------------------------------------------------------------------------------------------
// Views

function out(v: repo.TaskView, now = Date.now()): Task {
  return {
    id: v.id,
    title: v.title,
    description: v.description,
    assigneeId: v.assigneeId,
    assigneeName: v.assigneeName,
    authorId: v.authorId,
    authorName: v.authorName,
    dueAt: iso(v.dueAt),
    priority: v.priority,
    status: v.status,
    link: v.linkKind && v.linkId ? { kind: v.linkKind, id: v.linkId, label: v.linkLabel } : null,
    locationId: v.locationId,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    doneAt: iso(v.doneAt),
    commentCount: v.commentCount,
    overdue: OPEN.includes(v.status) && v.dueAt !== null && v.dueAt.getTime() < now,
  };
}

async function viewOf(db: Db | Tx, id: string): Promise<Task> {
  const v = await repo.view(db, id);
  if (!v) throw notFound(taskMessages.notFound);
  return out(v);
}

export async function listTasks(ctx: Ctx, q: z.output<typeof taskListQuerySchema>): Promise<TaskPage> {
  const where: SQL[] = [visibility(ctx)];
  if (q.status?.length) where.push(inArray(tasks.status, q.status));
  if (q.priority?.length) where.push(inArray(tasks.priority, q.priority));
  if (q.assigneeId) where.push(eq(tasks.assigneeId, q.assigneeId));
  if (q.authorId) where.push(eq(tasks.authorId, q.authorId));
  if (q.mine) where.push(eq(tasks.assigneeId, ctx.auth.employeeId));
  if (q.overdue !== undefined) {
    const overdue = sql`(${tasks.status} in ('new', 'in_progress') and ${tasks.dueAt} < now())`;
    where.push(q.overdue ? overdue : sql`not ${overdue}`);
  }
  if (q.search) where.push(sql`${tasks.searchText} like ${repo.searchPatternOf(q.search)}`);
  if (q.linkKind) where.push(eq(tasks.linkKind, q.linkKind));
  if (q.linkId) where.push(eq(tasks.linkId, q.linkId));
  if (q.locationId) where.push(eq(tasks.locationId, q.locationId));
  const page = await repo.list(ctx.db, and(...where)!, repo.orderOf(q.sort as TaskSort), q.pageSize, (q.page - 1) * q.pageSize);
  const now = Date.now();
  return { items: page.items.map((v) => out(v, now)), total: page.total, page: q.page, pageSize: q.pageSize };
}

export async function getTask(ctx: Ctx, id: string): Promise<Task> {
  await taskFor(ctx, ctx.db, id, 'view');
  return viewOf(ctx.db, id);
}

export async function counts(ctx: Ctx): Promise<TaskCounts> {
  return repo.counts(ctx.db, ctx.auth.employeeId, ctx.auth.locationIds);
}

/** `GET /api/tasks/assignees`: the current shop's possible assignees (the same rule as `checkAssignee`). */
export async function assignees(ctx: Ctx): Promise<TaskAssignees> {
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  return repo.assigneesAt(ctx.db, ctx.locationId);
}

// ---------------------------------------------------------------------------------------------------
// Checks (each refusal before anything is written)

async function checkAssignee(db: Db | Tx, employeeId: string, locationId: string) {
  const row = await repo.assigneeAt(db, employeeId, locationId);
  if (!row) throw invalidInput({ assigneeId: taskMessages.assigneeNotFound }, taskMessages.assigneeNotFound);
  if (!row.active) throw invalidInput({ assigneeId: taskMessages.assigneeBlocked }, taskMessages.assigneeBlocked);
  if (!row.works) throw invalidInput({ assigneeId: taskMessages.assigneeElsewhere }, taskMessages.assigneeElsewhere);
}

const linkMissing = { repair_order: taskMessages.linkOrderNotFound, client: taskMessages.linkClientNotFound, sale: taskMessages.linkSaleNotFound } as const;

/** A link to a record that exists and, for an order or a sale, is of a location the employee works in. */
async function checkLink(ctx: Ctx, db: Db | Tx, link: { kind: keyof typeof linkMissing; id: string }) {
  const target = await repo.linkTarget(db, link.kind, link.id);
  if (!target || (target.locationId !== null && !ctx.auth.locationIds.includes(target.locationId))) {
    throw invalidInput({ 'link.id': linkMissing[link.kind] }, linkMissing[link.kind]);
  }
}

/** What the audit diff shows of a task. */
const snapshot = (t: repo.TaskRow) => ({
  title: t.title,
  description: t.description,
  assigneeId: t.assigneeId,
  dueAt: iso(t.dueAt),
  priority: t.priority,
  status: t.status,
  linkKind: t.linkKind,
  linkId: t.linkId,
  locationId: t.locationId,
});

const taskHref = (id: string) => `${repo.taskHrefPrefix}${id}`;

/** The assignee's own event (a notification) unless they did it themselves. */
const toAssignee = (ctx: Ctx, t: repo.TaskRow, type: 'created' | 'updated'): EventOverride[] =>
  t.assigneeId === ctx.auth.employeeId
    ? []
    : [{ type, locationId: t.locationId, employeeId: t.assigneeId, notice: 'assigned', text: `Вам назначена задача: ${t.title}`.slice(0, 300), href: taskHref(t.id) }];

// ---------------------------------------------------------------------------------------------------
// Changes

export async function createTask(ctx: Ctx, input: z.output<typeof createTaskRequestSchema>): Promise<Task> {
  const locationId = ctx.locationId;
  if (!locationId) throw forbidden(messages.locationRequired);
  scopeOf(ctx, 'create');
  const assigneeId = input.assigneeId ?? ctx.auth.employeeId;
  return ctx.db.transaction(async (tx) => {
    await checkAssignee(tx, assigneeId, locationId);
    if (input.link) await checkLink(ctx, tx, input.link);
    const row = await repo.insert(tx, {
      locationId,
      title: input.title,
      description: input.description,
      searchText: repo.searchTextOf(input.title, input.description),
      assigneeId,
      authorId: ctx.auth.employeeId,
      dueAt: input.dueAt ? new Date(input.dueAt) : null,
      priority: input.priority,
      status: input.status,
      linkKind: input.link?.kind ?? null,
      linkId: input.link?.id ?? null,
      doneAt: input.status === 'done' ? new Date() : null,
    });
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id: row.id,
      action: 'create',
      after: snapshot(row),
      locationId,
      event: [{}, ...toAssignee(ctx, row, 'created')],
    });
    return viewOf(tx, row.id);
  });
}

export async function updateTask(ctx: Ctx, id: string, input: z.output<typeof updateTaskRequestSchema>): Promise<Task> {
  return ctx.db.transaction(async (tx) => {
    const before = await taskFor(ctx, tx, id, 'edit', true);
    const set: Partial<repo.TaskValues> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = input.description;
    if (input.priority !== undefined) set.priority = input.priority;
    if (input.assigneeId !== undefined && input.assigneeId !== before.assigneeId) {
      await checkAssignee(tx, input.assigneeId, before.locationId);
      set.assigneeId = input.assigneeId;
    }
    if (input.dueAt !== undefined) {
      const dueAt = input.dueAt ? new Date(input.dueAt) : null;
      if ((dueAt?.getTime() ?? null) !== (before.dueAt?.getTime() ?? null)) {
        set.dueAt = dueAt;
        set.remindedAt = null; // a new due moment is reminded again
      }
    }
    if (input.link !== undefined) {
      const link = input.link;
      if (link && (link.kind !== before.linkKind || link.id !== before.linkId)) await checkLink(ctx, tx, link);
      set.linkKind = link?.kind ?? null;
      set.linkId = link?.id ?? null;
    }
    if (input.status !== undefined && input.status !== before.status) {
      set.status = input.status;
      set.doneAt = input.status === 'done' ? new Date() : null;
    }
    if (set.title !== undefined || set.description !== undefined) {
      set.searchText = repo.searchTextOf(set.title ?? before.title, set.description !== undefined ? set.description : before.description);
    }
    if (!Object.keys(set).length) return viewOf(tx, id);
    set.updatedAt = new Date();
    const after = await repo.update(tx, id, set);
    const reassigned = after.assigneeId !== before.assigneeId;
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id,
      action: 'update',
      before: snapshot(before),
      after: snapshot(after),
      locationId: after.locationId,
      event: [{}, ...(reassigned ? toAssignee(ctx, after, 'updated') : [])],
    });
    return viewOf(tx, id);
  });
}

export async function deleteTask(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await taskFor(ctx, tx, id, 'delete', true);
    await repo.remove(tx, id);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: snapshot(before), locationId: before.locationId });
  });
}

const commentOut = (c: Awaited<ReturnType<typeof repo.comments>>[number]): TaskComment => ({
  id: c.id,
  taskId: c.taskId,
  authorId: c.authorId,
  authorName: c.authorName,
  text: c.text,
  createdAt: c.createdAt.toISOString(),
});

export async function listComments(ctx: Ctx, id: string): Promise<{ items: TaskComment[] }> {
  await taskFor(ctx, ctx.db, id, 'view');
  return { items: (await repo.comments(ctx.db, id)).map(commentOut) };
}

/** Anyone who sees a task may comment on it. */
export async function addComment(ctx: Ctx, id: string, input: z.output<typeof createTaskCommentRequestSchema>): Promise<TaskComment> {
  return ctx.db.transaction(async (tx) => {
    const task = await taskFor(ctx, tx, id, 'view', true);
    const row = await repo.insertComment(tx, { taskId: id, authorId: ctx.auth.employeeId, text: input.text });
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', diff: { comment: { after: input.text } }, locationId: task.locationId });
    return { id: row.id, taskId: id, authorId: ctx.auth.employeeId, authorName: ctx.auth.name, text: row.text, createdAt: row.createdAt.toISOString() };
  });
}

// ---------------------------------------------------------------------------------------------------
// Reminders

/**
 * Tells the assignees of open tasks fallen due, once per due moment (a changed due moment clears
 * `reminded_at`). Safe to run in several processes at once: each task is claimed by one of them.
 * Answers the tasks this call claimed.
 */
export async function remindDueTasks(db: Db, batch = 500): Promise<Array<{ id: string; assigneeId: string }>> {
  return repo.claimDue(db, batch);
}

/** Runs `remindDueTasks` every `everyMs` (0: never); answers the stop function. */
export function startReminders(db: Db, log: { error: (obj: object, msg: string) => void }, everyMs: number): () => void {
  if (everyMs <= 0) return () => undefined;
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (stopped || running) return;
    running = true;
    try {
      await remindDueTasks(db);
    } catch (err) {
      if (!stopped) log.error({ err }, 'tasks: reminder check failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
