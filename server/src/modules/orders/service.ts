import {
  finishedOrderGroups,
  formatKopecks,
  formatPhone,
  hasRule,
  maskPhone,
  messages,
  missingRuleMessage,
  normalizeDeviceId,
  orderMessages,
  repairOrderPrefix,
  ruleScope,
  type Action,
  type CreateOrderInput,
  type Order,
  type OrderListItem,
  type OrderStatusGroup,
  type UpdateOrderInput,
} from '@repo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { employeeLocations, repairOrderParts, repairOrderPayments, repairOrders, repairOrderWorks } from '../../db/schema';
import { recordChange } from '../../lib/change';
import { linkAppointment } from '../planner/service';
import { nextNumber } from '../../lib/counters';
import { scopeOf as requireScope, type Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { idempotent, type StoredAnswer } from '../../lib/idempotency';
import { postClientLedger } from '../clients/ledger';
import { createClientInTx } from '../clients/service';
import { checkOperation, postOperation, systemCategory } from '../finance/service';
import { assertAvailable, lockPools, reverseDocument, writeMoves, type Move } from '../stock/engine';
import { placeSerials, serialsIn, warehouseById } from '../stock/service';
import * as commissions from '../payroll/commissions';
import * as valuation from '../stock/valuation';
import * as repo from './repository';
import type { addOrderPartRequestSchema, addOrderWorkRequestSchema, issueOrderRequestSchema, orderCommentRequestSchema, paymentRequestSchema } from '@repo/contracts';

/**
 * Repair orders (server/docs/orders.md): every change runs in one transaction with its timeline row,
 * audit row and realtime event (`repair_order`, to the order's location). Money goes through the
 * finance service (cash operations linked to the order), parts through the stock engine (reserved on
 * add, written off on issue, the issue's movements reversed when it is cancelled).
 */

const ENTITY = 'repair_order' as const;
const rub = formatKopecks;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const HOUR = 3_600_000;

// ---------------------------------------------------------------------------------------------------
// Access

/** The widest scope of `action:repair_order`; 403 when there is none. */
export const scopeOf = (ctx: Ctx, action: Action) => requireScope(ctx, action, ENTITY);

/** own: the employee's orders (engineer, manager or author); location: the current location's; all: their locations'. */
export function allowed(ctx: Ctx, action: Action, order: repo.OrderRow): boolean {
  const scope = ruleScope(ctx.auth.rules, action, ENTITY);
  if (!scope || !ctx.auth.locationIds.includes(order.locationId)) return false;
  if (scope === 'own') return [order.engineerId, order.managerId, order.authorId].includes(ctx.auth.employeeId);
  if (scope === 'location') return order.locationId === ctx.locationId;
  return true;
}

/** The order for an action: 404 when the employee may not even see it, 403 when they see it but may not do this. */
export async function orderFor(ctx: Ctx, db: Ctx['db'] | Tx, id: string, action: Action, lock = false): Promise<repo.OrderRow> {
  const order = await repo.findOrder(db, id, lock);
  if (!order || !allowed(ctx, 'view', order)) throw notFound(orderMessages.notFound);
  if (action !== 'view' && !allowed(ctx, action, order)) throw forbidden(missingRuleMessage(`${action}:${ENTITY}`));
  return order;
}

function currentLocation(ctx: Ctx): string {
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  return ctx.locationId;
}

const seesContacts = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_client_contacts');

// ---------------------------------------------------------------------------------------------------
// Views

type StatusMap = Map<string, repo.StatusRow>;
const statusRef = (s: repo.StatusRow | undefined) =>
  s ? { id: s.id, name: s.name, group: s.group, colour: s.colour } : { id: '', name: '—', group: 'new' as OrderStatusGroup, colour: '#8c8c8c' };

/** The overdue moment of an order in a status: the earlier of the status's limit and the due date (none when finished). */
export function overdueAtOf(status: repo.StatusRow, statusChangedAt: Date, dueAt: Date | null): Date | null {
  if (finishedOrderGroups.includes(status.group)) return null;
  const byLimit = status.limitHours ? new Date(statusChangedAt.getTime() + status.limitHours * HOUR) : null;
  if (byLimit && dueAt) return byLimit < dueAt ? byLimit : dueAt;
  return byLimit ?? dueAt;
}

export async function listItemsOut(ctx: Ctx, db: Ctx['db'] | Tx, rows: repo.OrderRow[], statuses?: StatusMap): Promise<OrderListItem[]> {
  const map = statuses ?? new Map((await repo.statuses(db, true)).map((s) => [s.id, s]));
  const labels = await repo.labelsFor(db, {
    clients: rows.map((r) => r.clientId),
    employees: rows.flatMap((r) => [r.managerId, r.engineerId]),
    locations: [],
    orders: rows.map((r) => r.warrantyOfId),
  });
  const contacts = seesContacts(ctx);
  const now = Date.now();
  return rows.map((r) => {
    const client = labels.clients.get(r.clientId);
    const phone = client?.phone ? (contacts ? formatPhone(client.phone) : maskPhone(client.phone)) : null;
    return {
      id: r.id,
      number: r.number,
      locationId: r.locationId,
      status: statusRef(map.get(r.statusId)),
      statusChangedAt: r.statusChangedAt.toISOString(),
      client: { id: r.clientId, name: client?.name ?? '—', phone, balance: client?.balance ?? 0 },
      device: { type: r.deviceType, brand: r.deviceBrand, model: r.deviceModel, imei: r.imei, serial: r.serial, appearance: r.appearance, kit: r.kit },
      malfunction: r.malfunction,
      estimate: r.estimate,
      dueAt: iso(r.dueAt),
      urgent: r.urgent,
      managerId: r.managerId,
      managerName: r.managerId ? (labels.employees.get(r.managerId) ?? null) : null,
      engineerId: r.engineerId,
      engineerName: r.engineerId ? (labels.employees.get(r.engineerId) ?? null) : null,
      total: r.total,
      paid: r.paid,
      due: r.total - r.paid,
      overdue: r.overdueAt !== null && r.overdueAt.getTime() < now,
      warrantyOfId: r.warrantyOfId,
      warrantyOfNumber: r.warrantyOfId ? (labels.orders.get(r.warrantyOfId) ?? null) : null,
      issuedAt: iso(r.issuedAt),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** The last day of the longest line warranty, from the issue date. */
function warrantyUntil(order: repo.OrderRow, works: repo.WorkRow[], parts: repo.PartRow[]): Date | null {
  if (!order.issuedAt) return null;
  const days = Math.max(0, ...works.map((w) => w.warrantyDays), ...parts.map((p) => p.warrantyDays));
  return days > 0 ? new Date(order.issuedAt.getTime() + days * 24 * HOUR) : null;
}

export async function orderOut(ctx: Ctx, db: Ctx['db'] | Tx, order: repo.OrderRow): Promise<Order> {
  const statuses = new Map((await repo.statuses(db, true)).map((s) => [s.id, s]));
  const [item] = await listItemsOut(ctx, db, [order], statuses);
  const [works, parts, payments, claims, same] = await Promise.all([
    repo.worksOf(db, order.id),
    repo.partsOf(db, order.id),
    repo.paymentsOf(db, order.id),
    repo.warrantyClaimsOf(db, order.id),
    repo.sameDevice(db, order),
  ]);
  const labels = await repo.labelsFor(db, { clients: [], employees: [...works.map((w) => w.engineerId), order.authorId], locations: [order.locationId] });
  const productMap = await repo.productsByIds(db, parts.map((p) => p.productId));
  const warehouseMap = await repo.warehouseNames(db, parts.map((p) => p.warehouseId));
  const until = warrantyUntil(order, works, parts);
  return {
    ...item,
    locationName: labels.locations.get(order.locationId) ?? '',
    works: works.map((w) => ({
      id: w.id,
      productId: w.productId,
      name: w.name,
      price: w.price,
      qty: w.qty,
      amount: w.price * w.qty,
      engineerId: w.engineerId,
      engineerName: w.engineerId ? (labels.employees.get(w.engineerId) ?? null) : null,
      warrantyDays: w.warrantyDays,
    })),
    parts: parts.map((p) => ({
      id: p.id,
      productId: p.productId,
      productName: productMap.get(p.productId)?.name ?? '',
      sku: productMap.get(p.productId)?.sku ?? null,
      warehouseId: p.warehouseId,
      warehouseName: warehouseMap.get(p.warehouseId)?.name ?? '',
      qty: p.qty,
      price: p.price,
      amount: p.price * p.qty,
      serial: p.serial,
      warrantyDays: p.warrantyDays,
      state: p.writtenOff ? ('written_off' as const) : ('reserved' as const),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      operationId: p.operationId,
      number: p.number,
      at: p.at.toISOString(),
      amount: p.amount,
      method: p.method,
      cashboxId: p.cashboxId,
      cashboxName: p.cashboxName,
      cancelled: p.status === 'cancelled',
    })),
    warrantyClaims: claims.map((c) => ({ id: c.id, number: c.number, createdAt: c.createdAt.toISOString() })),
    warrantyUntil: iso(until),
    deviceOrders: same.map((o) => ({ id: o.id, number: o.number, createdAt: o.createdAt.toISOString(), status: statusRef(statuses.get(o.statusId)), malfunction: o.malfunction })),
    authorName: order.authorId ? (labels.employees.get(order.authorId) ?? null) : null,
    updatedAt: order.updatedAt.toISOString(),
  };
}

export async function getOrder(ctx: Ctx, id: string): Promise<Order> {
  return orderOut(ctx, ctx.db, await orderFor(ctx, ctx.db, id, 'view'));
}

/** The audit snapshot of an order (the fields staff edit, not the lines). */
const snapshot = (o: repo.OrderRow) => ({
  statusId: o.statusId,
  clientId: o.clientId,
  deviceType: o.deviceType,
  deviceBrand: o.deviceBrand,
  deviceModel: o.deviceModel,
  imei: o.imei,
  serial: o.serial,
  appearance: o.appearance,
  kit: o.kit,
  malfunction: o.malfunction,
  estimate: o.estimate,
  dueAt: iso(o.dueAt),
  urgent: o.urgent,
  managerId: o.managerId,
  engineerId: o.engineerId,
  total: o.total,
  paid: o.paid,
  issuedAt: iso(o.issuedAt),
});

/** Audit + realtime of an order change, in its location. */
async function changed(tx: Tx, ctx: Ctx, before: repo.OrderRow | null, after: repo.OrderRow, action: 'create' | 'update' | 'post' | 'cancel' | 'print' = 'update') {
  await recordChange(tx, ctx, {
    entity: ENTITY,
    id: after.id,
    action,
    before: before ? snapshot(before) : null,
    after: snapshot(after),
    locationId: after.locationId,
    event: action === 'print' ? { type: 'updated' } : undefined,
  });
}

async function touch(tx: Tx, id: string, set: PgUpdateSetSource<typeof repairOrders> = {}): Promise<repo.OrderRow> {
  const [row] = await tx
    .update(repairOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(repairOrders.id, id))
    .returning();
  return row;
}

/** Recounts `total` (works + parts) of an order and its works' part `works_total` from its lines. */
async function recountTotal(tx: Tx, id: string): Promise<repo.OrderRow> {
  await tx.execute(sql`update repair_orders o set total = v.works + v.parts, works_total = v.works, updated_at = now()
    from (select coalesce((select sum(w.price * w.qty) from repair_order_works w where w.order_id = ${id}), 0) as works,
      coalesce((select sum(p.price * p.qty) from repair_order_parts p where p.order_id = ${id}), 0) as parts) v
    where o.id = ${id}`);
  return (await repo.findOrder(tx, id))!;
}

function assertOpen(order: repo.OrderRow) {
  if (order.finished || order.issuedAt) throw conflict(orderMessages.finished);
}

/** An employee who works at the location (for the engineer and manager fields). */
async function assertEmployeeAt(tx: Tx, employeeId: string | null | undefined, locationId: string, field: string) {
  if (!employeeId) return;
  const [row] = await tx
    .select({ id: employeeLocations.employeeId })
    .from(employeeLocations)
    .where(and(eq(employeeLocations.employeeId, employeeId), eq(employeeLocations.locationId, locationId)));
  if (!row) throw invalidInput({ [field]: orderMessages.employeeNotFound }, orderMessages.employeeNotFound);
}

// ---------------------------------------------------------------------------------------------------
// Intake

/** The status a new order starts in: the first status of the group «new». */
export async function initialStatus(tx: Tx | Ctx['db']): Promise<repo.StatusRow> {
  const first = (await repo.statuses(tx)).find((s) => s.group === 'new');
  if (!first) throw conflict(orderMessages.noInitialStatus);
  return first;
}

/** The client of an intake: by id, or the client who already has the typed phone, or a new client. */
async function intakeClient(ctx: Ctx, tx: Tx, input: Pick<CreateOrderInput, 'clientId' | 'client'>): Promise<string> {
  if (input.clientId) {
    if (!(await repo.clientExists(tx, input.clientId))) throw invalidInput({ clientId: orderMessages.clientNotFound }, orderMessages.clientNotFound);
    return input.clientId;
  }
  const c = input.client!;
  const [existing] = await tx.execute<{ id: string }>(
    sql`select p.counterparty_id as id from counterparty_phones p join counterparties c on c.id = p.counterparty_id where p.phone = ${c.phone} and c.archived_at is null order by c.created_at limit 1`,
  ).then((r) => (Array.isArray(r) ? r : (r as { rows: Array<{ id: string }> }).rows));
  if (existing) return existing.id;
  if (!hasRule(ctx.auth.rules, 'create:client')) throw forbidden(missingRuleMessage('create:client'));
  return createClientInTx(ctx, tx, c);
}

/** `POST /api/orders`: the intake, with an optional prepayment, in one transaction (under an optional Idempotency-Key). */
export async function createOrder(ctx: Ctx, input: CreateOrderInput, key: string | null): Promise<StoredAnswer<Order>> {
  const locationId = currentLocation(ctx);
  scopeOf(ctx, 'create');
  return idempotent(ctx, key, 'POST /orders', input, 201, async (tx) => {
    const status = await initialStatus(tx);
    const clientId = await intakeClient(ctx, tx, input);
    await assertEmployeeAt(tx, input.engineerId, locationId, 'engineerId');
    await assertEmployeeAt(tx, input.managerId, locationId, 'managerId');
    const d = input.device;
    await repo.rememberDevice(tx, d);
    const now = new Date();
    const dueAt = input.dueAt ? new Date(input.dueAt) : null;
    const number = await nextNumber(tx, locationId, 'repair_order', repairOrderPrefix);
    const [row] = await tx
      .insert(repairOrders)
      .values({
        locationId,
        number,
        statusId: status.id,
        statusChangedAt: now,
        overdueAt: overdueAtOf(status, now, dueAt),
        clientId,
        deviceType: d.type,
        deviceBrand: d.brand,
        deviceModel: d.model,
        imei: d.imei ?? null,
        serial: d.serial ? normalizeDeviceId(d.serial) : null,
        appearance: d.appearance ?? null,
        kit: d.kit ?? null,
        malfunction: input.malfunction,
        estimate: input.estimate ?? null,
        dueAt,
        urgent: input.urgent,
        managerId: input.managerId ?? ctx.auth.employeeId,
        engineerId: input.engineerId ?? null,
        authorId: ctx.auth.employeeId,
      })
      .returning();
    await repo.addEvent(tx, { orderId: row.id, kind: 'created', authorId: ctx.auth.employeeId, toStatusId: status.id, text: input.comment ?? null });
    await changed(tx, ctx, null, row, 'create');
    // Taken from a planner appointment: linked in this transaction (a refusal rolls the order back).
    if (input.appointmentId) await linkAppointment(tx, ctx, input.appointmentId, { id: row.id, locationId });
    let out = row;
    if (input.prepayment) out = await takePayment(ctx, tx, row, input.prepayment, 'prepayment');
    return orderOut(ctx, tx, out);
  });
}

// ---------------------------------------------------------------------------------------------------
// Edits

export async function updateOrder(ctx: Ctx, id: string, input: UpdateOrderInput): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'edit', true);
    assertOpen(before);
    const set: Partial<typeof repairOrders.$inferInsert> = {};
    if (input.clientId !== undefined) {
      if (!(await repo.clientExists(tx, input.clientId))) throw invalidInput({ clientId: orderMessages.clientNotFound }, orderMessages.clientNotFound);
      set.clientId = input.clientId;
    }
    if (input.device) {
      const d = input.device;
      if (d.type !== undefined) set.deviceType = d.type;
      if (d.brand !== undefined) set.deviceBrand = d.brand;
      if (d.model !== undefined) set.deviceModel = d.model;
      if (d.imei !== undefined) set.imei = d.imei ?? null;
      if (d.serial !== undefined) set.serial = d.serial ? normalizeDeviceId(d.serial) : null;
      if (d.appearance !== undefined) set.appearance = d.appearance ?? null;
      if (d.kit !== undefined) set.kit = d.kit ?? null;
      await repo.rememberDevice(tx, { type: set.deviceType ?? before.deviceType, brand: set.deviceBrand ?? before.deviceBrand, model: set.deviceModel ?? before.deviceModel });
    }
    if (input.malfunction !== undefined) set.malfunction = input.malfunction;
    if (input.estimate !== undefined) set.estimate = input.estimate ?? null;
    if (input.urgent !== undefined) set.urgent = input.urgent;
    if (input.engineerId !== undefined) {
      await assertEmployeeAt(tx, input.engineerId, before.locationId, 'engineerId');
      set.engineerId = input.engineerId ?? null;
    }
    if (input.managerId !== undefined) {
      await assertEmployeeAt(tx, input.managerId, before.locationId, 'managerId');
      set.managerId = input.managerId ?? null;
    }
    if (input.dueAt !== undefined) {
      set.dueAt = input.dueAt ? new Date(input.dueAt) : null;
      const status = (await repo.findStatus(tx, before.statusId))!;
      set.overdueAt = overdueAtOf(status, before.statusChangedAt, set.dueAt);
    }
    const after = await touch(tx, id, set);
    await repo.addEvent(tx, { orderId: id, kind: 'edited', authorId: ctx.auth.employeeId, text: Object.keys(set).join(', ') });
    await changed(tx, ctx, before, after);
    return orderOut(ctx, tx, after);
  });
}

/**
 * The repairs report's `ready_at` on entering status `to`: the first time the order enters a «ready» status,
 * at the transaction's time (the timeline row's `at`); kept when it has one.
 */
const firstReady = (to: repo.StatusRow) => (to.group === 'ready' ? sql`coalesce(${repairOrders.readyAt}, now())` : undefined);

/** Moves an order to another status, if the current one allows it (409 `status_not_allowed` otherwise). */
async function moveStatus(ctx: Ctx, tx: Tx, order: repo.OrderRow, statusId: string, comment: string | null, opts: { issued?: boolean } = {}): Promise<repo.OrderRow> {
  const from = (await repo.findStatus(tx, order.statusId))!;
  const to = await repo.findStatus(tx, statusId);
  if (!to || to.archivedAt) throw invalidInput({ statusId: orderMessages.statusNotFound }, orderMessages.statusNotFound);
  if (to.id === from.id) throw conflict(orderMessages.statusSame);
  if (!from.next.includes(to.id)) throw new AppError(409, 'status_not_allowed', orderMessages.statusNotAllowed(from.name, to.name));
  // Closing goes through the issue (parts written off, money settled); a cancelled order may be issued back.
  if (to.group === 'closed' && !opts.issued) throw new AppError(409, 'status_not_allowed', `В статус «${to.name}» заказ переводит выдача`);
  const now = new Date();
  const finished = finishedOrderGroups.includes(to.group);
  const after = await touch(tx, order.id, { statusId: to.id, statusChangedAt: now, finished, overdueAt: overdueAtOf(to, now, order.dueAt), readyAt: firstReady(to) });
  await repo.addEvent(tx, { orderId: order.id, kind: 'status', authorId: ctx.auth.employeeId, fromStatusId: from.id, toStatusId: to.id, text: comment });
  return after;
}

export async function changeStatus(ctx: Ctx, id: string, input: { statusId: string; comment?: string | null }): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'edit', true);
    if (before.issuedAt) throw conflict(orderMessages.finished);
    const to = await repo.findStatus(tx, input.statusId);
    // A cancelled order releases its reservations; coming back from «cancelled» takes them again.
    const after = await moveStatus(ctx, tx, before, input.statusId, input.comment ?? null);
    const wasCancelled = before.finished && !before.issuedAt;
    if (to?.group === 'cancelled' && !wasCancelled) await reserveParts(tx, id, -1);
    if (wasCancelled && to?.group !== 'cancelled') await reserveParts(tx, id, +1);
    await changed(tx, ctx, before, after);
    return orderOut(ctx, tx, after);
  });
}

/** Adds (+1) or releases (−1) the reservations of an order's parts that are not written off. */
async function reserveParts(tx: Tx, orderId: string, sign: 1 | -1) {
  const parts = (await repo.partsOf(tx, orderId)).filter((p) => !p.writtenOff);
  if (parts.length === 0) return;
  await lockPools(tx, parts.map((p) => p.productId));
  if (sign > 0) await assertAvailable(tx, parts.map((p) => ({ warehouseId: p.warehouseId, productId: p.productId, qty: p.qty })));
  await changeReservedMany(tx, parts.map((p) => ({ warehouseId: p.warehouseId, productId: p.productId, delta: sign * p.qty })));
}

async function changeReserved(tx: Tx, warehouseId: string, productId: string, delta: number) {
  await changeReservedMany(tx, [{ warehouseId, productId, delta }]);
}

/** Moves the reservations of several warehouse × product pairs in one statement (the caller holds the pools' locks). */
async function changeReservedMany(tx: Tx, changes: Array<{ warehouseId: string; productId: string; delta: number }>) {
  if (changes.length === 0) return;
  await tx.execute(sql`update stock_balances b set reserved = b.reserved + v.delta
    from (select warehouse_id, product_id, sum(delta)::int as delta
      from unnest(${sql.param(changes.map((c) => c.warehouseId))}::uuid[], ${sql.param(changes.map((c) => c.productId))}::uuid[], ${sql.param(changes.map((c) => c.delta))}::int[]) as t(warehouse_id, product_id, delta)
      group by 1, 2) v
    where b.warehouse_id = v.warehouse_id and b.product_id = v.product_id`);
}

export async function addComment(ctx: Ctx, id: string, input: z.output<typeof orderCommentRequestSchema>) {
  return ctx.db.transaction(async (tx) => {
    const order = await orderFor(ctx, tx, id, 'view', true);
    await repo.addEvent(tx, { orderId: id, kind: 'comment', authorId: ctx.auth.employeeId, text: input.text, forClient: input.forClient });
    const after = await touch(tx, id);
    await changed(tx, ctx, order, after);
    return orderOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Works and parts

export async function addWork(ctx: Ctx, id: string, input: z.output<typeof addOrderWorkRequestSchema>): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'edit', true);
    assertOpen(before);
    let name = input.name;
    let price = input.price;
    let warrantyDays = input.warrantyDays;
    if (input.productId) {
      const product = (await repo.productsByIds(tx, [input.productId])).get(input.productId);
      if (!product || product.archivedAt) throw invalidInput({ productId: orderMessages.productNotFound }, orderMessages.productNotFound);
      name ??= product.name;
      price ??= product.price;
      warrantyDays ??= product.warrantyDays;
    }
    // Warranty work costs the client nothing unless a price is typed.
    if (before.warrantyOfId && input.price === undefined) price = 0;
    await assertEmployeeAt(tx, input.engineerId, before.locationId, 'engineerId');
    const qty = input.qty ?? 1;
    await tx.insert(repairOrderWorks).values({
      orderId: id,
      productId: input.productId ?? null,
      name: name!,
      price: price ?? 0,
      qty,
      engineerId: input.engineerId ?? before.engineerId ?? ctx.auth.employeeId,
      warrantyDays: warrantyDays ?? 0,
      position: (await repo.worksOf(tx, id)).length,
    });
    await repo.addEvent(tx, { orderId: id, kind: 'work_added', authorId: ctx.auth.employeeId, text: `${name} × ${qty}`, amount: (price ?? 0) * qty });
    const after = await recountTotal(tx, id);
    await changed(tx, ctx, before, after);
    return orderOut(ctx, tx, after);
  });
}

export async function removeWork(ctx: Ctx, id: string, lineId: string): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'edit', true);
    assertOpen(before);
    const [line] = await tx.delete(repairOrderWorks).where(and(eq(repairOrderWorks.id, lineId), eq(repairOrderWorks.orderId, id))).returning();
    if (!line) throw notFound(orderMessages.lineNotFound);
    await repo.addEvent(tx, { orderId: id, kind: 'work_removed', authorId: ctx.auth.employeeId, text: `${line.name} × ${line.qty}`, amount: -line.price * line.qty });
    const after = await recountTotal(tx, id);
    await changed(tx, ctx, before, after);
    return orderOut(ctx, tx, after);
  });
}

/** Adds a part from a warehouse of the order's location: reserves it (409 naming the shortage when free stock is short). */
export async function addPart(ctx: Ctx, id: string, input: z.output<typeof addOrderPartRequestSchema>): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'edit', true);
    assertOpen(before);
    const product = (await repo.productsByIds(tx, [input.productId])).get(input.productId);
    if (!product || product.archivedAt) throw invalidInput({ productId: orderMessages.productNotFound }, orderMessages.productNotFound);
    if (product.kind === 'service') throw invalidInput({ productId: orderMessages.productIsService }, orderMessages.productIsService);
    const wh = await warehouseById(tx, input.warehouseId);
    if (!wh || wh.locationId !== before.locationId) throw invalidInput({ warehouseId: orderMessages.warehouseOtherLocation }, orderMessages.warehouseOtherLocation);
    const serial = input.serial ? input.serial.trim() : null;
    if (product.serialTracked) {
      if (!serial) throw invalidInput({ serial: orderMessages.serialRequired }, orderMessages.serialRequired);
      if (input.qty !== 1) throw invalidInput({ qty: orderMessages.serialQty }, orderMessages.serialQty);
    }
    await lockPools(tx, [product.id]);
    await assertAvailable(tx, [{ warehouseId: wh.id, productId: product.id, qty: input.qty }]);
    if (serial && product.serialTracked) {
      const here = await serialsIn(tx, product.id, wh.id);
      if (!here.includes(serial)) throw invalidInput({ serial: orderMessages.serialNotInStock(serial) }, orderMessages.serialNotInStock(serial));
      const [taken] = await tx
        .select({ id: repairOrderParts.id })
        .from(repairOrderParts)
        .where(and(eq(repairOrderParts.productId, product.id), eq(repairOrderParts.serial, serial), eq(repairOrderParts.writtenOff, false)));
      if (taken) throw conflict(orderMessages.serialTaken(serial));
    }
    const price = before.warrantyOfId && input.price === undefined ? 0 : (input.price ?? product.price);
    await tx.insert(repairOrderParts).values({
      orderId: id,
      productId: product.id,
      warehouseId: wh.id,
      qty: input.qty,
      price,
      serial,
      warrantyDays: input.warrantyDays ?? product.warrantyDays,
      position: (await repo.partsOf(tx, id)).length,
    });
    await changeReserved(tx, wh.id, product.id, input.qty);
    await repo.addEvent(tx, { orderId: id, kind: 'part_added', authorId: ctx.auth.employeeId, text: `${product.name} × ${input.qty}${serial ? ` (${serial})` : ''}`, amount: price * input.qty });
    const after = await recountTotal(tx, id);
    await changed(tx, ctx, before, after);
    await recordChange(tx, ctx, { entity: 'stock_balance', id: product.id, action: 'update', diff: { reserved: { after: input.qty } }, locationId: before.locationId });
    return orderOut(ctx, tx, after);
  });
}

export async function removePart(ctx: Ctx, id: string, lineId: string): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'edit', true);
    assertOpen(before);
    const [line] = await tx.select().from(repairOrderParts).where(and(eq(repairOrderParts.id, lineId), eq(repairOrderParts.orderId, id)));
    if (!line) throw notFound(orderMessages.lineNotFound);
    await lockPools(tx, [line.productId]);
    await tx.delete(repairOrderParts).where(eq(repairOrderParts.id, lineId));
    // A cancelled order holds no reservation any more.
    if (!before.finished) await changeReserved(tx, line.warehouseId, line.productId, -line.qty);
    const product = (await repo.productsByIds(tx, [line.productId])).get(line.productId);
    await repo.addEvent(tx, { orderId: id, kind: 'part_removed', authorId: ctx.auth.employeeId, text: `${product?.name ?? ''} × ${line.qty}`, amount: -line.price * line.qty });
    const after = await recountTotal(tx, id);
    await changed(tx, ctx, before, after);
    await recordChange(tx, ctx, { entity: 'stock_balance', id: line.productId, action: 'update', diff: { reserved: { after: -line.qty } }, locationId: before.locationId });
    return orderOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Money

type PaymentInput = z.output<typeof paymentRequestSchema>;

/**
 * Takes a payment (amount > 0, income) or makes a refund (amount < 0, expense, never more than paid)
 * through the finance service: a cash operation linked to the order, in the client's ledger; the
 * order's `paid` and timeline follow. Needs `create:finance` for the cashbox (the finance rules).
 */
async function takePayment(ctx: Ctx, tx: Tx, order: repo.OrderRow, p: PaymentInput, label: 'prepayment' | 'payment' | 'issue' = 'payment'): Promise<repo.OrderRow> {
  if (p.amount < 0 && -p.amount > order.paid) throw invalidInput({ amount: orderMessages.refundTooMuch(rub(order.paid)) }, orderMessages.refundTooMuch(rub(order.paid)));
  const income = p.amount > 0;
  const comment = p.comment ?? `${income ? (label === 'prepayment' ? 'Предоплата' : 'Оплата') : 'Возврат'} по заказу ${order.number}`;
  const fields = await checkOperation(ctx, tx, {
    kind: income ? 'income' : 'expense',
    cashboxId: p.cashboxId,
    amount: Math.abs(p.amount),
    categoryId: await systemCategory(tx, income ? 'order_payment' : 'order_refund'),
    clientId: order.clientId,
    comment,
    documentType: 'repair_order',
    documentId: order.id,
    documentNumber: order.number,
  });
  if (fields.box.locationId !== order.locationId) throw invalidInput({ cashboxId: 'Касса другого магазина' }, 'Касса другого магазина');
  const op = await postOperation(ctx, tx, fields);
  await tx.insert(repairOrderPayments).values({ orderId: order.id, operationId: op.id, method: p.method, amount: p.amount });
  await repo.addEvent(tx, { orderId: order.id, kind: 'payment', authorId: ctx.auth.employeeId, text: `${comment} (${op.number})`, amount: p.amount });
  return touch(tx, order.id, { paid: order.paid + p.amount });
}

export async function addPayment(ctx: Ctx, id: string, input: PaymentInput, key: string | null): Promise<StoredAnswer<Order>> {
  return idempotent(ctx, key, `POST /orders/${id}/payments`, input, 201, async (tx) => {
    const before = await orderFor(ctx, tx, id, 'view', true);
    const after = await takePayment(ctx, tx, before, input);
    await changed(tx, ctx, before, after);
    return orderOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Issue

/**
 * Issues the order in one transaction: the payments given at the counter, the parts written off at the
 * average cost (the stock ledger names the order), the client charged the total (client ledger), the
 * status moved to a closed one. Money still owed needs `issue_on_credit` (409 `payment_due`).
 */
export async function issueOrder(ctx: Ctx, id: string, input: z.output<typeof issueOrderRequestSchema>, key: string | null): Promise<StoredAnswer<Order>> {
  return idempotent(ctx, key, `POST /orders/${id}/issue`, input, 200, async (tx) => {
    const before = await orderFor(ctx, tx, id, 'post', true);
    if (before.issuedAt) throw conflict(orderMessages.finished);
    // The parts leave first: stock pools, then cashboxes, then the client, then the commission month, the
    // order every posting locks them in (a sale's too), so an issue and a sale never wait crosswise.
    await writeOffParts(tx, before);
    let order = before;
    for (const p of input.payments) order = await takePayment(ctx, tx, order, p, 'issue');
    const due = order.total - order.paid;
    if (due > 0 && !hasRule(ctx.auth.rules, 'issue_on_credit')) throw new AppError(409, 'payment_due', orderMessages.paymentDue(rub(due)));
    if (due < 0) throw conflict(orderMessages.overpaid(rub(-due)));
    // The closed status: the one asked for, or the first closed status allowed from the current one.
    const statuses = await repo.statuses(tx);
    const current = statuses.find((s) => s.id === order.statusId);
    const target = input.statusId
      ? statuses.find((s) => s.id === input.statusId)
      : statuses.find((s) => s.group === 'closed' && current?.next.includes(s.id)) ?? statuses.find((s) => s.group === 'closed');
    if (!target || target.group !== 'closed') throw conflict(orderMessages.noClosedStatus);
    const charged = order.total;
    if (charged !== 0) {
      await postClientLedger(tx, [
        { clientId: order.clientId, kind: 'order', amount: -charged, locationId: order.locationId, documentType: 'repair_order', documentId: order.id, number: order.number, comment: `Заказ ${order.number} выдан` },
      ]);
    }
    order = await moveStatus(ctx, tx, order, target.id, input.comment ?? null, { issued: true });
    await repo.setPartsCost(tx, id);
    order = await touch(tx, id, { issuedAt: new Date() });
    await commissions.orderIssued(tx, id);
    await repo.addEvent(tx, { orderId: id, kind: 'issued', authorId: ctx.auth.employeeId, amount: charged, text: due > 0 ? `Выдан в долг: ${rub(due)}` : null });
    await changed(tx, ctx, before, order, 'post');
    return orderOut(ctx, tx, order);
  });
}

/** The parts of an order leave the stock: reservation released, ledger rows at the average cost (engine). */
async function writeOffParts(tx: Tx, order: repo.OrderRow) {
  const parts = (await repo.partsOf(tx, order.id)).filter((p) => !p.writtenOff);
  if (parts.length === 0) return;
  const pools = await lockPools(tx, parts.map((p) => p.productId));
  // An open order holds its parts reserved; a refused one («Отказ») gave them back when it was cancelled.
  if (!order.finished) await changeReservedMany(tx, parts.map((p) => ({ warehouseId: p.warehouseId, productId: p.productId, delta: -p.qty })));
  await assertAvailable(tx, parts.map((p) => ({ warehouseId: p.warehouseId, productId: p.productId, qty: p.qty })));
  const moves: Move[] = [];
  for (const p of parts) {
    const pool = pools.get(p.productId)!;
    const taken = valuation.take(pool, p.qty);
    pools.set(p.productId, { ...taken.pool, lastAverage: pool.lastAverage });
    moves.push({ warehouseId: p.warehouseId, productId: p.productId, qty: -p.qty, value: -taken.value });
  }
  await writeMoves(tx, { id: order.id, type: 'repair_order', number: order.number }, moves, pools);
  for (const p of parts.filter((x) => x.serial)) await placeSerials(tx, p.productId, [p.serial!], { status: 'gone', warehouseId: null, documentId: order.id });
  await tx.update(repairOrderParts).set({ writtenOff: true }).where(and(eq(repairOrderParts.orderId, order.id), eq(repairOrderParts.writtenOff, false)));
}

/**
 * Cancels the issue of an order (`POST /api/orders/:id/reopen`): the stock movements reversed as the
 * stock rules say (refused when later movements depend on them), the parts reserved again, the client's
 * charge reversed, the order back in a working status. Payments stay (refunds are separate).
 */
export async function reopenOrder(ctx: Ctx, id: string, input: { statusId?: string | null; comment?: string | null }): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const before = await orderFor(ctx, tx, id, 'cancel', true);
    if (!before.issuedAt) throw conflict(orderMessages.notFinished);
    const parts = await repo.partsOf(tx, id);
    await reverseDocument(tx, { id, type: 'repair_order', number: before.number });
    for (const p of parts.filter((x) => x.serial)) await placeSerials(tx, p.productId, [p.serial!], { status: 'in_stock', warehouseId: p.warehouseId, documentId: id });
    await tx.update(repairOrderParts).set({ writtenOff: false }).where(eq(repairOrderParts.orderId, id));
    if (before.total !== 0) {
      await postClientLedger(tx, [
        { clientId: before.clientId, kind: 'order', amount: before.total, locationId: before.locationId, documentType: 'repair_order', documentId: id, number: before.number, comment: `Отмена выдачи ${before.number}`, cancellation: true },
      ]);
    }
    const statuses = await repo.statuses(tx);
    const target = input.statusId ? statuses.find((s) => s.id === input.statusId) : statuses.find((s) => s.group === 'ready') ?? statuses.find((s) => s.group === 'in_progress');
    if (!target || finishedOrderGroups.includes(target.group)) throw invalidInput({ statusId: orderMessages.statusNotFound }, orderMessages.statusNotFound);
    const now = new Date();
    await touch(tx, id, {
      issuedAt: null,
      finished: false,
      statusId: target.id,
      statusChangedAt: now,
      overdueAt: overdueAtOf(target, now, before.dueAt),
      readyAt: firstReady(target),
      partsCost: null,
    });
    await commissions.orderReopened(tx, id);
    await reserveParts(tx, id, +1);
    await repo.addEvent(tx, { orderId: id, kind: 'status', authorId: ctx.auth.employeeId, fromStatusId: before.statusId, toStatusId: target.id, text: input.comment ?? 'Выдача отменена' });
    const after = (await repo.findOrder(tx, id))!;
    await changed(tx, ctx, before, after, 'cancel');
    return orderOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Warranty

/** A warranty claim: a new order of the same client and device, linked to the issued original, within its warranty. */
export async function warrantyClaim(ctx: Ctx, id: string, input: { malfunction?: string }): Promise<Order> {
  const locationId = currentLocation(ctx);
  scopeOf(ctx, 'create');
  return ctx.db.transaction(async (tx) => {
    const original = await orderFor(ctx, tx, id, 'view');
    if (!original.issuedAt) throw conflict(orderMessages.warrantyOfFinished);
    const until = warrantyUntil(original, await repo.worksOf(tx, id), await repo.partsOf(tx, id));
    if (!until || until.getTime() < Date.now()) throw conflict(orderMessages.warrantyExpired);
    const status = await initialStatus(tx);
    const now = new Date();
    const number = await nextNumber(tx, locationId, 'repair_order', repairOrderPrefix);
    const [row] = await tx
      .insert(repairOrders)
      .values({
        locationId,
        number,
        statusId: status.id,
        statusChangedAt: now,
        overdueAt: overdueAtOf(status, now, null),
        clientId: original.clientId,
        deviceType: original.deviceType,
        deviceBrand: original.deviceBrand,
        deviceModel: original.deviceModel,
        imei: original.imei,
        serial: original.serial,
        appearance: original.appearance,
        kit: original.kit,
        malfunction: input.malfunction ?? `Гарантийный случай по заказу ${original.number}: ${original.malfunction}`,
        urgent: false,
        managerId: ctx.auth.employeeId,
        engineerId: original.engineerId,
        authorId: ctx.auth.employeeId,
        warrantyOfId: original.id,
      })
      .returning();
    await repo.addEvent(tx, { orderId: row.id, kind: 'created', authorId: ctx.auth.employeeId, toStatusId: status.id, text: `Гарантия по заказу ${original.number}` });
    await repo.addEvent(tx, { orderId: original.id, kind: 'warranty', authorId: ctx.auth.employeeId, text: `Гарантийный заказ ${number}` });
    await changed(tx, ctx, null, row, 'create');
    return orderOut(ctx, tx, row);
  });
}

/** Records a print of an order document in its timeline and the audit (templates module). */
export async function recordPrint(ctx: Ctx, tx: Tx, orderId: string, documentName: string): Promise<void> {
  const order = await orderFor(ctx, tx, orderId, 'print');
  await repo.addEvent(tx, { orderId, kind: 'printed', authorId: ctx.auth.employeeId, text: documentName });
  await changed(tx, ctx, order, order, 'print');
}

/** Parts of open orders reserve stock: the sum per warehouse × product (for checks and tests). */
export async function reservedByOrders(db: Ctx['db']) {
  const rows = await db.execute<{ warehouse_id: string; product_id: string; qty: string }>(sql`select p.warehouse_id, p.product_id, sum(p.qty)::text as qty
    from repair_order_parts p join repair_orders o on o.id = p.order_id where not p.written_off and not o.finished group by 1, 2`);
  return (Array.isArray(rows) ? rows : (rows as { rows: Array<{ warehouse_id: string; product_id: string; qty: string }> }).rows).map((r) => ({ warehouseId: r.warehouse_id, productId: r.product_id, qty: Number(r.qty) }));
}

