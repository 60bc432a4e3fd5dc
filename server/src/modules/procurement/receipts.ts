import type { PurchaseOrderStatus } from '@repo/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';

/**
 * What stock receipts do to purchasing, called by the stock service inside its transaction (this file
 * imports nothing of the stock module, so stock → procurement stays one-way):
 * - a receipt with a supplier, posted, becomes the last purchase price of its products from that supplier;
 *   cancelled, the price goes back to the supplier's latest receipt still posted;
 * - a receipt made against a purchase order, cancelled, takes its quantities back off the order's lines
 *   and moves the order's status back.
 */

export type OrderRow = typeof purchaseOrders.$inferSelect;
export type OrderLineRow = typeof purchaseOrderLines.$inferSelect;

/**
 * An order's status from its lines' `received`: draft and a plain cancellation stay as they are; a closed
 * order is `received` when anything came (else `cancelled`); otherwise all in → `received`, some → `partial`.
 */
export function statusFromLines(order: Pick<OrderRow, 'status' | 'closedAt'>, lines: ReadonlyArray<Pick<OrderLineRow, 'qty' | 'received'>>): PurchaseOrderStatus {
  if (order.status === 'draft') return 'draft';
  if (order.status === 'cancelled' && !order.closedAt) return 'cancelled';
  const received = lines.reduce((s, l) => s + l.received, 0);
  if (order.closedAt) return received > 0 ? 'received' : 'cancelled';
  if (lines.length > 0 && lines.every((l) => l.received >= l.qty)) return 'received';
  return received > 0 ? 'partial' : 'ordered';
}

/** Locks an order (FOR UPDATE). Receiving and a receipt's cancellation lock the order before the stock pools: one order of locks. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  return row ?? null;
}

/**
 * Adds (receiving) or takes back (a receipt cancelled) quantities on an order's lines, then writes the
 * order's received total and status. The order must be locked by the caller. Returns the order after.
 */
export async function applyReceived(tx: Tx, order: OrderRow, deltas: ReadonlyArray<{ productId: string; qty: number }>): Promise<OrderRow> {
  if (deltas.length) {
    await tx.execute(sql`update purchase_order_lines l set received = greatest(0, l.received + d.qty)
      from unnest(${sql.param(deltas.map((d) => d.productId))}::uuid[], ${sql.param(deltas.map((d) => d.qty))}::int[]) as d(product_id, qty)
      where l.order_id = ${order.id} and l.product_id = d.product_id`);
  }
  const lines = await tx.select({ qty: purchaseOrderLines.qty, received: purchaseOrderLines.received }).from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
  const status = statusFromLines(order, lines);
  const [after] = await tx
    .update(purchaseOrders)
    .set({ status, receivedQty: lines.reduce((s, l) => s + l.received, 0), updatedAt: new Date() })
    .where(eq(purchaseOrders.id, order.id))
    .returning();
  return after;
}

/** A receipt made against an order was cancelled (stock service, before it reverses the receipt's movements). */
export async function receiptCancelled(tx: Tx, ctx: Ctx, receipt: { id: string; number: string; purchaseOrderId: string }, lines: ReadonlyArray<{ productId: string; qty: number }>): Promise<void> {
  const order = await lockOrder(tx, receipt.purchaseOrderId);
  if (!order) return;
  const after = await applyReceived(tx, order, lines.map((l) => ({ productId: l.productId, qty: -l.qty })));
  await recordChange(tx, ctx, {
    entity: 'purchase_order',
    id: order.id,
    action: 'update',
    diff: { status: { before: order.status, after: after.status }, receiptCancelled: { after: receipt.number } },
    locationId: order.locationId,
  });
}

/** A posted receipt with a supplier: its costs become the supplier's last prices of those products. */
export async function recordSupplierPrices(tx: Tx, receipt: { id: string; supplierId: string }, lines: ReadonlyArray<{ productId: string; cost: number | null }>, at = new Date()): Promise<void> {
  const priced = lines.filter((l) => l.cost !== null);
  if (priced.length === 0) return;
  await tx.execute(sql`insert into supplier_prices (supplier_id, product_id, price, at, document_id)
    select ${receipt.supplierId}::uuid, p.product_id, p.price, ${at.toISOString()}::timestamptz, ${receipt.id}::uuid
    from unnest(${sql.param(priced.map((l) => l.productId))}::uuid[], ${sql.param(priced.map((l) => String(l.cost)))}::bigint[]) as p(product_id, price)
    on conflict (supplier_id, product_id) do update set price = excluded.price, at = excluded.at, document_id = excluded.document_id
    where supplier_prices.at <= excluded.at`);
}

/** After a receipt is cancelled: each product's price from the supplier is its latest receipt still posted (or none). */
export async function recomputeSupplierPrices(tx: Tx, supplierId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql`${sql.param([...new Set(productIds)])}::uuid[]`;
  await tx.execute(sql`delete from supplier_prices where supplier_id = ${supplierId} and product_id = any(${ids})`);
  await tx.execute(sql`insert into supplier_prices (supplier_id, product_id, price, at, document_id)
    select distinct on (l.product_id) d.supplier_id, l.product_id, l.cost, d.posted_at, d.id
    from stock_document_lines l join stock_documents d on d.id = l.document_id
    where d.type = 'receipt' and d.status = 'posted' and d.supplier_id = ${supplierId} and l.product_id = any(${ids}) and l.cost is not null and d.posted_at is not null
    order by l.product_id, d.posted_at desc`);
}

/**
 * Every supplier's last price of every product, from the posted receipts: the migration's backfill, and
 * the demo seed's after it back-dates its receipts (a price's `at` is its receipt's posting time).
 */
export async function backfillSupplierPrices(db: Db | Tx): Promise<void> {
  await db.execute(sql`insert into supplier_prices (supplier_id, product_id, price, at, document_id)
    select distinct on (d.supplier_id, l.product_id) d.supplier_id, l.product_id, l.cost, d.posted_at, d.id
    from stock_document_lines l join stock_documents d on d.id = l.document_id
    where d.type = 'receipt' and d.status = 'posted' and d.supplier_id is not null and l.cost is not null and d.posted_at is not null
    order by d.supplier_id, l.product_id, d.posted_at desc
    on conflict (supplier_id, product_id) do update set price = excluded.price, at = excluded.at, document_id = excluded.document_id`);
}
