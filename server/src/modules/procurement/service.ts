import {
  hasRule,
  missingRuleMessage,
  moneyLimits,
  normalizeSearchText,
  openPurchaseOrderStatuses,
  overReceiptMessage,
  procurementMessages as msg,
  purchaseOrderPrefix,
  ruleScope,
  type Action,
  type CreatePurchaseOrderInput,
  type OrderSuggestionsInput,
  type OrderSuggestionsResponse,
  type PurchaseOrder,
  type PurchaseOrderLineInput,
  type PurchaseOrderListFilter,
  type PurchaseOrderPage,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  type ReceivePurchaseOrderInput,
  type ReceivePurchaseOrderResponse,
  type UpdatePurchaseOrderInput,
} from '@repo/contracts';
import { and, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema';
import { recordChange } from '../../lib/change';
import { nextNumber } from '../../lib/counters';
import { scopeOf as requireScope, type Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/sql';
import { postReceiptInTx, warehouseById } from '../stock/service';
import { applyReceived, lockOrder, statusFromLines } from './receipts';
import * as repo from './repository';

/**
 * Purchase orders (server/docs/procurement.md): a draft is edited freely; «Заказать» fixes it; receiving
 * posts a stock receipt linked to the order (stock service, same transaction) and adds to the lines'
 * `received`; cancelling cancels an order with nothing received and closes a partly received one. Every
 * change is audited and published as `purchase_order`.
 */

const ENTITY = 'purchase_order' as const;
type Conn = Ctx['db'] | Tx;

// ---------------------------------------------------------------------------------------------------
// Access

export const seesCost = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_cost');

const scopeOf = (ctx: Ctx, action: Action) => requireScope(ctx, action, ENTITY);

/** own: orders the employee wrote; location: the current location's; all: any location the employee works in. */
function allowed(ctx: Ctx, action: Action, order: repo.OrderRow): boolean {
  const scope = ruleScope(ctx.auth.rules, action, ENTITY);
  if (!scope || !ctx.auth.locationIds.includes(order.locationId)) return false;
  if (scope === 'own') return order.authorId === ctx.auth.employeeId;
  if (scope === 'location') return order.locationId === ctx.locationId;
  return true;
}

/** An order the employee may see (else 404). */
function visible(ctx: Ctx, order: repo.OrderRow | null): repo.OrderRow {
  if (!order || !allowed(ctx, 'view', order)) throw notFound(msg.notFound);
  return order;
}

/** An order to change, locked: visible, the action within the employee's scope (else 403), at its own shop. */
async function lockedOrder(ctx: Ctx, tx: Tx, id: string, action: Action): Promise<repo.OrderRow> {
  const order = visible(ctx, await lockOrder(tx, id));
  if (!allowed(ctx, action, order)) throw forbidden(missingRuleMessage(`${action}:${ENTITY}`));
  if (order.locationId !== ctx.locationId) throw conflict(msg.otherLocation);
  return order;
}

function currentLocation(ctx: Ctx): string {
  if (!ctx.locationId) throw invalidInput({}, msg.noLocation);
  return ctx.locationId;
}

const fieldError = (field: string, message: string) => invalidInput({ [field]: message }, message);

/** A warehouse of the current location: orders are placed and received there. */
export async function checkWarehouse(ctx: Ctx, db: Conn, id: string): Promise<string> {
  const w = await warehouseById(db, id);
  if (!w) throw fieldError('warehouseId', msg.warehouseNotFound);
  if (w.locationId !== ctx.locationId) throw fieldError('warehouseId', ctx.auth.locationIds.includes(w.locationId) ? msg.warehouseNotHere : msg.warehouseOtherLocation);
  return w.id;
}

async function checkSupplier(db: Conn, id: string, field = 'supplierId'): Promise<repo.SupplierRow> {
  const s = await repo.findSupplier(db, id);
  if (!s) throw fieldError(field, msg.supplierNotFound);
  if (!s.isSupplier) throw fieldError(field, msg.notSupplier);
  if (s.archivedAt) throw fieldError(field, msg.supplierArchived);
  return s;
}

/** Why a product cannot be on an order (null: it can). */
function productProblem(p: repo.ProductRow | undefined): string | null {
  if (!p) return msg.productNotFound;
  if (p.kind === 'service') return msg.productIsService;
  if (p.archivedAt) return msg.productArchived;
  return null;
}

function throwIfAny(errors: Record<string, string>): void {
  const list = Object.values(errors);
  if (list.length) throw invalidInput(errors, list.length === 1 ? list[0] : undefined);
}

/**
 * An order's lines as typed: goods (not services, not archived), each once. A line without a price
 * keeps the price it had on this order (`kept`), else gets the supplier's last purchase price, else 0.
 * Typing a price needs `see_cost`.
 */
async function checkLines(ctx: Ctx, tx: Tx, lines: PurchaseOrderLineInput[], supplierId: string | null, kept: repo.OrderLineRow[] = []): Promise<repo.LineValues[]> {
  const ids = lines.map((l) => l.productId);
  const products = await repo.productsByIds(tx, ids);
  const cost = seesCost(ctx);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const problem = productProblem(products.get(l.productId)) ?? (seen.has(l.productId) ? msg.duplicateProduct : null);
    if (problem) errors[`lines.${i}.productId`] = problem;
    seen.add(l.productId);
    if (l.price !== undefined && !cost) errors[`lines.${i}.price`] = msg.costHidden;
    else if (l.price !== undefined && l.qty * l.price > moneyLimits.maxKopecks) errors[`lines.${i}.price`] = msg.amountTooLarge;
  });
  throwIfAny(errors);
  const before = new Map(kept.map((l) => [l.productId, l.price]));
  const last = supplierId ? await repo.lastPrices(tx, supplierId, ids.filter((id) => !before.has(id))) : new Map<string, number>();
  return lines.map((l) => ({ productId: l.productId, qty: l.qty, price: l.price ?? before.get(l.productId) ?? last.get(l.productId) ?? 0 }));
}

// ---------------------------------------------------------------------------------------------------
// Views

/** Today in Moscow (`YYYY-MM-DD`): an expected date before it is overdue. */
const moscowToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isOpen = (status: PurchaseOrderStatus) => (openPurchaseOrderStatuses as readonly string[]).includes(status);

function summaryOf(ctx: Ctx, o: repo.OrderRow, names: Awaited<ReturnType<typeof repo.namesFor>>, today: string): PurchaseOrderSummary {
  const cost = seesCost(ctx);
  const closedById = o.closedById ?? o.cancelledById;
  const person = (id: string | null) => (id ? (names.employees.get(id) ?? null) : null);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    closed: o.closedAt !== null,
    locationId: o.locationId,
    supplierId: o.supplierId,
    supplierName: o.supplierId ? (names.suppliers.get(o.supplierId) ?? null) : null,
    warehouseId: o.warehouseId,
    warehouseName: names.warehouses.get(o.warehouseId) ?? '',
    expectedAt: o.expectedAt,
    overdue: isOpen(o.status) && o.expectedAt !== null && o.expectedAt < today,
    comment: o.comment,
    total: cost ? o.total : null,
    totalQty: o.totalQty,
    receivedQty: o.receivedQty,
    authorId: o.authorId,
    authorName: person(o.authorId),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    orderedAt: iso(o.orderedAt),
    orderedByName: person(o.orderedById),
    // Closed by hand or cancelled: the moment the order stopped expecting goods.
    closedAt: iso(o.closedAt ?? o.cancelledAt),
    closedByName: person(closedById),
    lineCount: o.lineCount,
  };
}

/** The whole order: lines with what came and what is still expected, and its receipts. */
async function orderOut(ctx: Ctx, db: Conn, order: repo.OrderRow): Promise<PurchaseOrder> {
  const [lines, names, receipts] = await Promise.all([repo.lineViews(db, order.id), repo.namesFor(db, [order]), repo.receiptsOf(db, order.id)]);
  const { lineCount: _lineCount, ...summary } = summaryOf(ctx, order, names, moscowToday());
  const cost = seesCost(ctx);
  const expecting = order.closedAt === null && order.status !== 'cancelled';
  return {
    ...summary,
    lines: lines.map(({ line: l, ...p }) => ({
      id: l.id,
      productId: l.productId,
      productName: p.name,
      sku: p.sku,
      unit: p.unit,
      serialTracked: p.serialTracked,
      qty: l.qty,
      price: cost ? l.price : null,
      amount: cost ? l.qty * l.price : null,
      received: l.received,
      expected: expecting ? Math.max(0, l.qty - l.received) : 0,
    })),
    receipts: receipts.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status === 'cancelled' ? 'cancelled' : 'posted',
      postedAt: iso(r.postedAt),
      totalQty: r.totalQty,
      total: cost ? r.total : null,
      authorName: r.authorName,
    })),
  };
}

export async function getOrder(ctx: Ctx, id: string): Promise<PurchaseOrder> {
  return orderOut(ctx, ctx.db, visible(ctx, await repo.findOrder(ctx.db, id)));
}

/** The current location's orders, newest first; scope `own` sees only the employee's own. */
export async function listOrders(ctx: Ctx, q: PurchaseOrderListFilter): Promise<PurchaseOrderPage> {
  const scope = scopeOf(ctx, 'view');
  const today = moscowToday();
  const where: SQL[] = [eq(purchaseOrders.locationId, currentLocation(ctx))];
  if (scope === 'own') where.push(eq(purchaseOrders.authorId, ctx.auth.employeeId));
  if (q.status) where.push(eq(purchaseOrders.status, q.status));
  if (q.supplierId) where.push(eq(purchaseOrders.supplierId, q.supplierId));
  if (q.warehouseId) where.push(eq(purchaseOrders.warehouseId, q.warehouseId));
  if (q.productId) {
    where.push(sql`exists (select 1 from ${purchaseOrderLines} where ${purchaseOrderLines.orderId} = ${purchaseOrders.id} and ${purchaseOrderLines.productId} = ${q.productId})`);
  }
  if (q.overdue) where.push(inArray(purchaseOrders.status, [...openPurchaseOrderStatuses]), lt(purchaseOrders.expectedAt, today));
  if (q.search) {
    // The suppliers first: with their ids in hand the planner can use the trigram indexes of the number and comment.
    const suppliers = await repo.suppliersMatching(ctx.db, containsPattern(normalizeSearchText(q.search)));
    const pattern = containsPattern(q.search);
    where.push(or(ilike(purchaseOrders.number, pattern), ilike(purchaseOrders.comment, pattern), ...(suppliers.length ? [inArray(purchaseOrders.supplierId, suppliers)] : []))!);
  }
  const { rows, total } = await repo.listOrders(ctx.db, and(...where), q.page, q.pageSize);
  const names = await repo.namesFor(ctx.db, rows);
  return { items: rows.map((o) => summaryOf(ctx, o, names, today)), total, page: q.page, pageSize: q.pageSize };
}

// ---------------------------------------------------------------------------------------------------
// Drafts

interface DraftFields {
  warehouseId: string;
  supplierId: string | null;
  expectedAt: string | null;
  comment: string | null;
}

/** The audited facts of an order (the diff of an edit). */
const snapshot = (o: repo.OrderRow) => ({ supplierId: o.supplierId, warehouseId: o.warehouseId, expectedAt: o.expectedAt, comment: o.comment, total: o.total, lines: o.lineCount });

/** Writes a checked draft with its priced lines: numbered at the current location, audited, published. */
async function insertDraft(ctx: Ctx, tx: Tx, fields: DraftFields, lines: repo.LineValues[]): Promise<repo.OrderRow> {
  const locationId = currentLocation(ctx);
  const number = await nextNumber(tx, locationId, ENTITY, purchaseOrderPrefix);
  const [order] = await tx
    .insert(purchaseOrders)
    .values({ number, locationId, ...fields, authorId: ctx.auth.employeeId, ...repo.sumsOf(lines) })
    .returning();
  await repo.replaceLines(tx, order.id, lines);
  await recordChange(tx, ctx, { entity: ENTITY, id: order.id, action: 'create', after: { number, ...snapshot(order) } });
  return order;
}

export async function createOrder(ctx: Ctx, input: CreatePurchaseOrderInput): Promise<PurchaseOrder> {
  scopeOf(ctx, 'create');
  return ctx.db.transaction(async (tx) => {
    const warehouseId = await checkWarehouse(ctx, tx, input.warehouseId);
    const supplierId = input.supplierId ? (await checkSupplier(tx, input.supplierId)).id : null;
    const lines = await checkLines(ctx, tx, input.lines, supplierId);
    const order = await insertDraft(ctx, tx, { warehouseId, supplierId, expectedAt: input.expectedAt ?? null, comment: input.comment ?? null }, lines);
    return orderOut(ctx, tx, order);
  });
}

/** A draft's fields, any subset; `lines` replaces the lines. */
export async function updateOrder(ctx: Ctx, id: string, input: UpdatePurchaseOrderInput): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedOrder(ctx, tx, id, 'edit');
    if (before.status !== 'draft') throw conflict(msg.notDraft);
    const set: Partial<typeof purchaseOrders.$inferInsert> = {};
    if (input.warehouseId !== undefined) set.warehouseId = await checkWarehouse(ctx, tx, input.warehouseId);
    if (input.supplierId !== undefined) set.supplierId = input.supplierId ? (await checkSupplier(tx, input.supplierId)).id : null;
    if (input.expectedAt !== undefined) set.expectedAt = input.expectedAt;
    if (input.comment !== undefined) set.comment = input.comment ?? null;
    if (input.lines) {
      const lines = await checkLines(ctx, tx, input.lines, set.supplierId !== undefined ? set.supplierId : before.supplierId, await repo.linesOf(tx, id));
      await repo.replaceLines(tx, id, lines);
      Object.assign(set, repo.sumsOf(lines));
    }
    const [after] = await tx
      .update(purchaseOrders)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id))
      .returning();
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return orderOut(ctx, tx, after);
  });
}

export async function deleteOrder(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(ctx, tx, id, 'edit');
    if (order.status !== 'draft') throw conflict(msg.deleteNotDraft);
    await tx.delete(purchaseOrders).where(eq(purchaseOrders.id, id));
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: { number: order.number, ...snapshot(order) } });
  });
}

// ---------------------------------------------------------------------------------------------------
// Ordering, receiving, cancelling

/** «Заказать»: a draft with lines and a supplier becomes ordered; from now on its lines are fixed. */
export async function placeOrder(ctx: Ctx, id: string): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(ctx, tx, id, 'post');
    if (order.status !== 'draft') throw conflict(order.status === 'cancelled' ? msg.alreadyClosed : msg.alreadyOrdered);
    const lines = await repo.linesOf(tx, id);
    if (lines.length === 0) throw fieldError('lines', msg.emptyOrder);
    if (!order.supplierId) throw fieldError('supplierId', msg.supplierRequired);
    await checkSupplier(tx, order.supplierId);
    // A good archived since the draft was written is not ordered.
    const products = await repo.productsByIds(tx, lines.map((l) => l.productId));
    const errors: Record<string, string> = {};
    lines.forEach((l, i) => {
      const problem = productProblem(products.get(l.productId));
      if (problem) errors[`lines.${i}.productId`] = problem;
    });
    throwIfAny(errors);
    const [after] = await tx
      .update(purchaseOrders)
      .set({ status: 'ordered', orderedAt: new Date(), orderedById: ctx.auth.employeeId, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id))
      .returning();
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'post', diff: { status: { before: order.status, after: after.status } } });
    return orderOut(ctx, tx, after);
  });
}

/**
 * One part of an order arrives: a stock receipt at the order's prices (or the typed costs) is posted in
 * the same transaction and the lines' `received` grow. The order is locked first (before the stock
 * pools, like a receipt's cancellation), so parallel parts see each other's quantities: more than a
 * line still expects is 409 `over_receipt` unless `allowOver`.
 */
export async function receiveOrder(ctx: Ctx, id: string, input: ReceivePurchaseOrderInput): Promise<ReceivePurchaseOrderResponse> {
  if (!hasRule(ctx.auth.rules, 'post:stock_document')) throw forbidden(missingRuleMessage('post:stock_document'));
  if (!seesCost(ctx)) {
    const errors = Object.fromEntries(input.lines.flatMap((l, i) => (l.cost !== undefined ? [[`lines.${i}.cost`, msg.costHidden]] : [])));
    throwIfAny(errors);
  }
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(ctx, tx, id, 'post');
    if (order.status === 'draft') throw conflict(msg.receiveDraft);
    if (order.closedAt) throw conflict(msg.receiveClosed);
    if (order.status === 'cancelled') throw conflict(msg.receiveCancelled);
    const lines = new Map((await repo.linesOf(tx, id)).map((l) => [l.productId, l]));
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    input.lines.forEach((l, i) => {
      if (!lines.has(l.productId)) errors[`lines.${i}.productId`] = msg.notInOrder;
      else if (seen.has(l.productId)) errors[`lines.${i}.productId`] = msg.duplicateProduct;
      seen.add(l.productId);
    });
    throwIfAny(errors);
    const over = input.lines.flatMap((l, i) => {
      const line = lines.get(l.productId)!;
      return l.qty > Math.max(0, line.qty - line.received) ? [{ i, line, requested: l.qty }] : [];
    });
    if (over.length && input.allowOver !== true) {
      const names = await repo.productsByIds(tx, over.map((o) => o.line.productId));
      const parts = over.map((o) => ({ productName: names.get(o.line.productId)?.name ?? '', ordered: o.line.qty, received: o.line.received, requested: o.requested }));
      const fields = Object.fromEntries(over.map((o, k) => [`lines.${o.i}.qty`, overReceiptMessage([parts[k]])]));
      throw new AppError(409, 'over_receipt', overReceiptMessage(parts), fields);
    }
    const receipt = await postReceiptInTx(
      ctx,
      tx,
      { warehouseId: order.warehouseId, supplierId: order.supplierId, purchaseOrderId: order.id, comment: input.comment ?? null },
      input.lines.map((l) => ({ productId: l.productId, qty: l.qty, cost: l.cost ?? lines.get(l.productId)!.price, serials: l.serials })),
    );
    const after = await applyReceived(tx, order, input.lines);
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id,
      action: 'update',
      diff: {
        ...(after.status !== order.status ? { status: { before: order.status, after: after.status } } : {}),
        receivedQty: { before: order.receivedQty, after: after.receivedQty },
        receipt: { after: receipt.number },
      },
    });
    return { order: await orderOut(ctx, tx, after), receipt: { id: receipt.id, number: receipt.number } };
  });
}

/**
 * A draft, or an order with nothing received, is cancelled. A partly received order is closed: its
 * receipts stand, the rest is no longer expected, and it reads `received` with `closed: true`.
 */
export async function cancelOrder(ctx: Ctx, id: string): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(ctx, tx, id, 'cancel');
    if (order.closedAt || order.status === 'cancelled' || order.status === 'received') throw conflict(msg.alreadyClosed);
    const now = new Date();
    const lines = await repo.linesOf(tx, id);
    const close = order.receivedQty > 0;
    const set = close
      ? { closedAt: now, closedById: ctx.auth.employeeId, status: statusFromLines({ status: order.status, closedAt: now }, lines) }
      : { status: 'cancelled' as const, cancelledAt: now, cancelledById: ctx.auth.employeeId };
    const [after] = await tx
      .update(purchaseOrders)
      .set({ ...set, updatedAt: now })
      .where(eq(purchaseOrders.id, id))
      .returning();
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id,
      action: 'cancel',
      diff: { status: { before: order.status, after: after.status }, ...(close ? { closed: { after: true } } : {}) },
    });
    return orderOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Suggestions → drafts

/** The warehouse of the suggestions: the one asked for (of the current location), else the location's default. */
export async function suggestionWarehouse(ctx: Ctx, db: Conn, id: string | undefined): Promise<string> {
  if (id) return checkWarehouse(ctx, db, id);
  const fallback = await repo.defaultWarehouse(db, currentLocation(ctx));
  if (!fallback) throw fieldError('warehouseId', msg.warehouseNotFound);
  return fallback;
}

/**
 * The chosen suggestions become drafts, one per supplier (their last supplier, or the one the buyer
 * picked), at that supplier's last prices; goods without a supplier go to one draft without one. A
 * chosen good no longer under its minimum (someone ordered it meanwhile) is left out.
 */
export async function orderSuggestions(ctx: Ctx, input: OrderSuggestionsInput): Promise<OrderSuggestionsResponse> {
  scopeOf(ctx, 'create');
  const changes = new Map((input.lines ?? []).map((l) => [l.productId, l]));
  const chosen = input.productIds || input.lines ? [...new Set([...(input.productIds ?? []), ...changes.keys()])] : undefined;
  if (chosen?.length === 0) throw invalidInput({}, msg.nothingToSuggest);
  return ctx.db.transaction(async (tx) => {
    const warehouseId = await checkWarehouse(ctx, tx, input.warehouseId);
    const names = new Map<string, string>();
    for (const [i, l] of (input.lines ?? []).entries()) {
      if (l.supplierId && !names.has(l.supplierId)) names.set(l.supplierId, (await checkSupplier(tx, l.supplierId, `lines.${i}.supplierId`)).name);
    }
    const rows = await repo.suggestionRows(tx, warehouseId, chosen, chosen?.length);
    if (rows.length === 0) throw invalidInput({}, msg.nothingToSuggest);
    const groups = new Map<string | null, Array<{ productId: string; qty: number }>>();
    for (const r of rows) {
      const change = changes.get(r.product_id);
      const supplierId = change?.supplierId !== undefined ? change.supplierId : r.supplier_id;
      if (r.supplier_id && r.supplier_name) names.set(r.supplier_id, r.supplier_name);
      groups.set(supplierId, [...(groups.get(supplierId) ?? []), { productId: r.product_id, qty: change?.qty ?? r.min_stock - r.on_hand - r.expected }]);
    }
    const orders: OrderSuggestionsResponse['orders'] = [];
    // Suppliers in name order, the draft without one last.
    const byName = ([a]: [string | null, unknown], [b]: [string | null, unknown]) => (a === null ? 1 : b === null ? -1 : (names.get(a) ?? '').localeCompare(names.get(b) ?? '', 'ru'));
    for (const [supplierId, group] of [...groups].sort(byName)) {
      const last = supplierId ? await repo.lastPrices(tx, supplierId, group.map((l) => l.productId)) : new Map<string, number>();
      const lines = group.map((l) => ({ ...l, price: last.get(l.productId) ?? 0 }));
      const order = await insertDraft(ctx, tx, { warehouseId, supplierId, expectedAt: null, comment: null }, lines);
      orders.push({ id: order.id, number: order.number, supplierId });
    }
    return { orders };
  });
}
