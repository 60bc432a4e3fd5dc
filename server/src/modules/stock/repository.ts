import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { counterparties, employees, locations, products, purchaseOrders, stockDocumentLines, stockDocuments, stockSerials, warehouses } from '../../db/schema';

type Conn = Db | Tx;
export type DocumentRow = typeof stockDocuments.$inferSelect;
export type LineRow = typeof stockDocumentLines.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** The next number of a kind at a location (shared with finance: lib/counters.ts). */
export { nextNumber } from '../../lib/counters';

export async function findWarehouse(db: Conn, id: string): Promise<WarehouseRow | null> {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id));
  return row ?? null;
}

export async function warehousesWithLocation(db: Conn, locationIds: string[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({ id: warehouses.id, name: warehouses.name, locationId: warehouses.locationId, locationName: locations.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .innerJoin(locations, eq(locations.id, warehouses.locationId))
    .where(inArray(warehouses.locationId, locationIds))
    .orderBy(asc(locations.name), sql`${warehouses.isDefault} desc`, asc(warehouses.name));
}

export async function findDocument(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<DocumentRow | null> {
  const q = db.select().from(stockDocuments).where(eq(stockDocuments.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function linesOf(db: Conn, documentIds: string[]): Promise<LineRow[]> {
  if (documentIds.length === 0) return [];
  return db.select().from(stockDocumentLines).where(inArray(stockDocumentLines.documentId, documentIds)).orderBy(asc(stockDocumentLines.position));
}

export async function replaceLines(tx: Tx, documentId: string, lines: Array<Omit<typeof stockDocumentLines.$inferInsert, 'id' | 'documentId' | 'position'>>): Promise<void> {
  await tx.delete(stockDocumentLines).where(eq(stockDocumentLines.documentId, documentId));
  if (lines.length) await tx.insert(stockDocumentLines).values(lines.map((l, position) => ({ ...l, documentId, position })));
}

export async function updateLine(tx: Tx, id: string, set: Partial<typeof stockDocumentLines.$inferInsert>): Promise<void> {
  await tx.update(stockDocumentLines).set(set).where(eq(stockDocumentLines.id, id));
}

/** The posted value of many lines in one statement. */
export async function setLineValues(tx: Tx, values: Array<{ id: string; value: number }>): Promise<void> {
  if (values.length === 0) return;
  await tx.execute(sql`update stock_document_lines l set value = v.value
    from unnest(${sql.param(values.map((v) => v.id))}::uuid[], ${sql.param(values.map((v) => String(v.value)))}::bigint[]) as v(id, value) where l.id = v.id`);
}

export async function productsByIds(db: Conn, ids: string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(products).where(sql`${products.id} = any(${sql.param([...new Set(ids)])}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names for a document's view: warehouses, supplier, receipt number, author, purchase order number. */
export async function labelsFor(db: Conn, docs: DocumentRow[]) {
  const warehouseIds = [...new Set(docs.flatMap((d) => [d.warehouseId, d.toWarehouseId].filter((x): x is string => !!x)))];
  const supplierIds = [...new Set(docs.map((d) => d.supplierId).filter((x): x is string => !!x))];
  const receiptIds = [...new Set(docs.map((d) => d.receiptId).filter((x): x is string => !!x))];
  const authorIds = [...new Set(docs.map((d) => d.authorId).filter((x): x is string => !!x))];
  const orderIds = [...new Set(docs.map((d) => d.purchaseOrderId).filter((x): x is string => !!x))];
  const [w, s, r, a, o] = await Promise.all([
    warehouseIds.length ? db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(inArray(warehouses.id, warehouseIds)) : [],
    supplierIds.length ? db.select({ id: counterparties.id, name: counterparties.name }).from(counterparties).where(inArray(counterparties.id, supplierIds)) : [],
    receiptIds.length ? db.select({ id: stockDocuments.id, name: stockDocuments.number }).from(stockDocuments).where(inArray(stockDocuments.id, receiptIds)) : [],
    authorIds.length ? db.select({ id: employees.id, name: employees.name }).from(employees).where(inArray(employees.id, authorIds)) : [],
    orderIds.length ? db.select({ id: purchaseOrders.id, name: purchaseOrders.number }).from(purchaseOrders).where(inArray(purchaseOrders.id, orderIds)) : [],
  ]);
  const map = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((x) => [x.id, x.name]));
  return { warehouses: map(w), suppliers: map(s), receipts: map(r), authors: map(a), purchaseOrders: map(o) };
}

export async function findSupplier(db: Conn, id: string) {
  const [row] = await db.select({ id: counterparties.id, name: counterparties.name }).from(counterparties).where(eq(counterparties.id, id));
  return row ?? null;
}

export async function serialsOf(db: Conn, productId: string, serials: string[]) {
  if (serials.length === 0) return [];
  return db
    .select()
    .from(stockSerials)
    .where(and(eq(stockSerials.productId, productId), inArray(stockSerials.serial, serials)));
}

export async function setSerials(tx: Tx, productId: string, serials: string[], state: { status: 'in_stock' | 'in_transit' | 'gone'; warehouseId: string | null; documentId: string }): Promise<void> {
  if (serials.length === 0) return;
  await tx
    .insert(stockSerials)
    .values(serials.map((serial) => ({ productId, serial, ...state })))
    .onConflictDoUpdate({
      target: [stockSerials.productId, stockSerials.serial],
      set: { status: state.status, warehouseId: state.warehouseId, documentId: state.documentId, updatedAt: new Date() },
    });
}

/** Serials of a product now in a warehouse. */
export async function serialsInWarehouse(db: Conn, productId: string, warehouseId: string): Promise<string[]> {
  const rows = await db
    .select({ serial: stockSerials.serial })
    .from(stockSerials)
    .where(and(eq(stockSerials.productId, productId), eq(stockSerials.warehouseId, warehouseId), eq(stockSerials.status, 'in_stock')));
  return rows.map((r) => r.serial);
}
