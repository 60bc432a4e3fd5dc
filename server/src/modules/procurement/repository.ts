import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { counterparties, employees, products, purchaseOrderLines, purchaseOrders, stockDocumentLines, stockDocuments, warehouses } from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import type { OrderLineRow, OrderRow } from './receipts';

type Conn = Db | Tx;
export type { OrderLineRow, OrderRow };
export type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'name' | 'sku' | 'unit' | 'kind' | 'serialTracked' | 'archivedAt'>;
export type SupplierRow = Pick<typeof counterparties.$inferSelect, 'id' | 'name' | 'isSupplier' | 'archivedAt'>;
export type LineValues = Pick<OrderLineRow, 'productId' | 'qty' | 'price'>;

export async function findOrder(db: Conn, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  return row ?? null;
}

export async function linesOf(db: Conn, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId)).orderBy(asc(purchaseOrderLines.position));
}

/** The order's cached sums, from its lines (kept on the row for the list). */
export const sumsOf = (lines: ReadonlyArray<Pick<OrderLineRow, 'qty' | 'price'>>) => ({
  total: lines.reduce((s, l) => s + l.qty * l.price, 0),
  totalQty: lines.reduce((s, l) => s + l.qty, 0),
  lineCount: lines.length,
});

/** Replaces a draft's lines (positions in the given order). */
export async function replaceLines(tx: Tx, orderId: string, lines: LineValues[]): Promise<void> {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
  if (lines.length) await tx.insert(purchaseOrderLines).values(lines.map((l, position) => ({ orderId, position, productId: l.productId, qty: l.qty, price: l.price })));
}

export async function productsByIds(db: Conn, ids: string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, unit: products.unit, kind: products.kind, serialTracked: products.serialTracked, archivedAt: products.archivedAt })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findSupplier(db: Conn, id: string): Promise<SupplierRow | null> {
  const [row] = await db
    .select({ id: counterparties.id, name: counterparties.name, isSupplier: counterparties.isSupplier, archivedAt: counterparties.archivedAt })
    .from(counterparties)
    .where(eq(counterparties.id, id));
  return row ?? null;
}

/** Suppliers whose normalised name matches a LIKE pattern (the list's search). */
export async function suppliersMatching(db: Conn, pattern: string): Promise<string[]> {
  const rows = await db
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.isSupplier, true), ilike(counterparties.searchName, pattern)))
    .limit(500);
  return rows.map((r) => r.id);
}

/** The supplier's last purchase price of each product (absent: never bought from them). */
export async function lastPrices(db: Conn, supplierId: string, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = rowsOf<{ product_id: string; price: string }>(
    await db.execute(sql`select product_id, price::text from supplier_prices where supplier_id = ${supplierId} and product_id = any(${sql.param([...new Set(productIds)])}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.product_id, Number(r.price)]));
}

export async function defaultWarehouse(db: Conn, locationId: string): Promise<string | null> {
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.locationId, locationId), eq(warehouses.isDefault, true)));
  return row?.id ?? null;
}

/** Names an order's view shows, in one round trip: suppliers, warehouses, the employees who wrote, ordered and closed orders. */
export async function namesFor(db: Conn, orders: OrderRow[]) {
  const ids = (...picks: Array<(o: OrderRow) => string | null>) => sql.param([...new Set(orders.flatMap((o) => picks.map((p) => p(o))).filter((x): x is string => !!x))]);
  const rows = rowsOf<{ kind: 's' | 'w' | 'e'; id: string; name: string }>(
    await db.execute(sql`select 's' as kind, id, name from counterparties where id = any(${ids((o) => o.supplierId)}::uuid[])
      union all select 'w', id, name from warehouses where id = any(${ids((o) => o.warehouseId)}::uuid[])
      union all select 'e', id, name from employees where id = any(${ids((o) => o.authorId, (o) => o.orderedById, (o) => o.closedById, (o) => o.cancelledById)}::uuid[])`),
  );
  const of = (kind: string) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.id, r.name]));
  return { suppliers: of('s'), warehouses: of('w'), employees: of('e') };
}

/** An order's lines with what the view shows of their products. */
export async function lineViews(db: Conn, orderId: string) {
  return db
    .select({ line: purchaseOrderLines, name: products.name, sku: products.sku, unit: products.unit, serialTracked: products.serialTracked })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(eq(purchaseOrderLines.orderId, orderId))
    .orderBy(asc(purchaseOrderLines.position));
}

/** The receipts posted against an order (cancelled ones too), oldest first, with their quantities and sums. */
export async function receiptsOf(db: Conn, orderId: string) {
  return db
    .select({
      id: stockDocuments.id,
      number: stockDocuments.number,
      status: stockDocuments.status,
      postedAt: stockDocuments.postedAt,
      authorName: employees.name,
      totalQty: sql<number>`coalesce(sum(${stockDocumentLines.qty}), 0)`.mapWith(Number),
      total: sql<number>`coalesce(sum(coalesce(${stockDocumentLines.value}, ${stockDocumentLines.qty} * ${stockDocumentLines.cost})), 0)`.mapWith(Number),
    })
    .from(stockDocuments)
    .leftJoin(stockDocumentLines, eq(stockDocumentLines.documentId, stockDocuments.id))
    .leftJoin(employees, eq(employees.id, stockDocuments.authorId))
    .where(eq(stockDocuments.purchaseOrderId, orderId))
    .groupBy(stockDocuments.id, employees.name)
    .orderBy(asc(stockDocuments.createdAt), asc(stockDocuments.number));
}

/** A page of orders matching `where`, newest first, and how many match. */
export async function listOrders(db: Conn, where: SQL | undefined, page: number, pageSize: number) {
  const [{ total }] = await db.select({ total: count() }).from(purchaseOrders).where(where);
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(where)
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.number))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total };
}

export interface SuggestionRow {
  product_id: string;
  product_name: string;
  sku: string | null;
  unit: string;
  min_stock: number;
  on_hand: number;
  expected: number;
  supplier_id: string | null;
  supplier_name: string | null;
  price: string | null;
}

/**
 * Reorder suggestions of a warehouse: each active good whose minimum is above its stock plus what open
 * orders for this warehouse still expect; with the supplier and price of its latest purchase (any
 * supplier). `productIds`: only these goods. Two statements: the goods under their minimum first, read
 * from the partial index `product_min_stock_short_idx` (`qty > on_hand`, kept by triggers: migration
 * 0032), then the details of those few by id, with their real balance checked again — in one statement the
 * planner misjudges how many are short and reads whole tables for a few hundred rows.
 */
export async function suggestionRows(db: Conn, warehouseId: string, productIds?: string[], limit = 5000): Promise<SuggestionRow[]> {
  const only = productIds ? sql`and m.product_id = any(${sql.param(productIds)}::uuid[])` : sql``;
  const low = rowsOf<{ product_id: string; min_stock: number }>(
    await db.execute(sql`select m.product_id, m.qty as min_stock from product_min_stock m where m.warehouse_id = ${warehouseId} and m.qty > m.on_hand ${only}`),
  );
  if (low.length === 0) return [];
  const ids = sql`${sql.param(low.map((r) => r.product_id))}::uuid[]`;
  return rowsOf<SuggestionRow>(
    await db.execute(sql`
      with low as (select * from unnest(${ids}, ${sql.param(low.map((r) => r.min_stock))}::int[]) as t(product_id, min_stock)),
      expected as (
        select l.product_id, sum(greatest(0, l.qty - l.received))::int as qty
        from purchase_orders o join purchase_order_lines l on l.order_id = o.id
        where o.warehouse_id = ${warehouseId} and o.status in ('ordered', 'partial') and l.product_id = any(${ids})
        group by l.product_id)
      select low.product_id, p.name as product_name, p.sku, p.unit, low.min_stock, coalesce(b.qty, 0)::int as on_hand, coalesce(e.qty, 0)::int as expected,
        sp.supplier_id, c.name as supplier_name, sp.price::text as price
      from low
      -- Lookups by key for the few goods found (lateral with limit: the planner would hash whole tables).
      join lateral (select p.name, p.sku, p.unit, p.search_name from products p where p.id = low.product_id and p.kind = 'good' and p.archived_at is null limit 1) p on true
      left join lateral (select b.qty from stock_balances b where b.warehouse_id = ${warehouseId} and b.product_id = low.product_id limit 1) b on true
      left join expected e on e.product_id = low.product_id
      left join lateral (select s.supplier_id, s.price from supplier_prices s where s.product_id = low.product_id order by s.at desc limit 1) sp on true
      left join counterparties c on c.id = sp.supplier_id
      where low.min_stock > coalesce(b.qty, 0) + coalesce(e.qty, 0)
      order by p.search_name, low.product_id
      limit ${limit}`),
  );
}

export interface PriceRow {
  product_id: string;
  product_name: string;
  supplier_id: string;
  supplier_name: string;
  price: string;
  at: Date | string;
  document_id: string | null;
  document_number: string | null;
}

/** Last purchase prices of a product (from each supplier) or of a supplier (for each product), newest first. */
export async function priceRows(db: Conn, q: { productId?: string; supplierId?: string }, limit: number): Promise<PriceRow[]> {
  const conds: SQL[] = [];
  if (q.productId) conds.push(sql`s.product_id = ${q.productId}`);
  if (q.supplierId) conds.push(sql`s.supplier_id = ${q.supplierId}`);
  return rowsOf<PriceRow>(
    await db.execute(sql`
      select s.product_id, p.name as product_name, s.supplier_id, c.name as supplier_name, s.price::text as price, s.at, s.document_id, d.number as document_number
      from supplier_prices s
      join products p on p.id = s.product_id
      join counterparties c on c.id = s.supplier_id
      left join stock_documents d on d.id = s.document_id
      where ${sql.join(conds, sql` and `)}
      order by s.at desc, s.product_id, s.supplier_id
      limit ${limit}`),
  );
}
