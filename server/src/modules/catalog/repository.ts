import { and, asc, count, eq, getTableColumns, max, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { categories, productBarcodes, productImages, productMinStock, products, warehouses } from '../../db/schema';
import { productCodeIs, productMatches, type SearchTerms } from './search';

type Conn = Db | Tx;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Every change of the category tree runs under this transaction lock: the tree rules (two levels,
 * unique names per level, no products left in a deleted category) read several rows, and two moves
 * at once must not build a third level between them.
 */
export async function lockCategoryTree(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog-category-tree'))`);
}

/** A transaction lock on a name (a SKU or barcode being claimed): requests claiming the same one queue up. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog-${key}`}))`);
}

// ---------------------------------------------------------------------------------------------------
// Categories

/** Every category with the number of products (not archived) directly in it. */
export async function categoriesWithCounts(db: Conn): Promise<Array<CategoryRow & { productCount: number }>> {
  return db
    .select({ ...getTableColumns(categories), productCount: sql<number>`count(${products.id})`.mapWith(Number) })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), isNull(products.archivedAt)))
    .groupBy(categories.id);
}

export async function findCategory(db: Conn, id: string, opts: { lock?: 'update' | 'key share' } = {}): Promise<CategoryRow | null> {
  const query = db.select().from(categories).where(eq(categories.id, id));
  const [row] = opts.lock ? await query.for(opts.lock === 'update' ? 'update' : 'key share') : await query;
  return row ?? null;
}

/** The categories at one level: the top level (parentId null) or a category's sub-categories. */
export async function categoriesAt(db: Conn, parentId: string | null): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId));
}

export async function insertCategory(db: Conn, values: { name: string; parentId: string | null }): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

export async function updateCategory(db: Conn, id: string, patch: { name?: string; parentId?: string | null }): Promise<CategoryRow> {
  const [row] = await db
    .update(categories)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

/** Products (not archived) in these categories, by kind. */
export async function countProductsIn(db: Conn, categoryIds: string[]): Promise<{ goods: number; services: number; byCategory: Map<string, number> }> {
  const out = { goods: 0, services: 0, byCategory: new Map<string, number>() };
  if (categoryIds.length === 0) return out;
  const rows = await db
    .select({ categoryId: products.categoryId, kind: products.kind, n: count() })
    .from(products)
    .where(and(inArray(products.categoryId, categoryIds), isNull(products.archivedAt)))
    .groupBy(products.categoryId, products.kind);
  for (const r of rows) {
    const n = Number(r.n);
    if (r.kind === 'service') out.services += n;
    else out.goods += n;
    out.byCategory.set(r.categoryId!, (out.byCategory.get(r.categoryId!) ?? 0) + n);
  }
  return out;
}

/** Deletes categories; products in the archive that were in them keep no category (`on delete set null`). */
export async function deleteCategories(db: Conn, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(categories).where(inArray(categories.id, ids));
}

// ---------------------------------------------------------------------------------------------------
// Products

export async function findProduct(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<ProductRow | null> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertProduct(db: Conn, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row;
}

export async function updateProduct(db: Conn, id: string, patch: Partial<ProductValues>): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

/** The product that holds a SKU (normalised), other than `exceptId`. */
export async function productWithSku(db: Conn, skuKey: string, exceptId: string | null): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.skuKey, skuKey), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Which of these barcodes other products hold, with those products' names. */
export async function barcodeOwners(db: Conn, barcodes: string[], exceptId: string | null) {
  if (barcodes.length === 0) return [];
  return db
    .select({ barcode: productBarcodes.barcode, productId: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(productBarcodes)
    .innerJoin(products, eq(products.id, productBarcodes.productId))
    .where(and(inArray(productBarcodes.barcode, barcodes), exceptId ? ne(productBarcodes.productId, exceptId) : undefined));
}

export async function barcodesOf(db: Conn, productIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select()
    .from(productBarcodes)
    .where(inArray(productBarcodes.productId, productIds))
    .orderBy(asc(productBarcodes.position), asc(productBarcodes.barcode));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.barcode]);
  return out;
}

export async function replaceBarcodes(db: Conn, productId: string, barcodes: string[]): Promise<void> {
  await db.delete(productBarcodes).where(eq(productBarcodes.productId, productId));
  if (barcodes.length) await db.insert(productBarcodes).values(barcodes.map((barcode, position) => ({ barcode, productId, position })));
}

/** Minimums of these products, only in these warehouses (null: every warehouse). */
export async function minStockOf(db: Conn, productIds: string[], warehouseIds: string[] | null): Promise<Map<string, Array<{ warehouseId: string; qty: number }>>> {
  const out = new Map<string, Array<{ warehouseId: string; qty: number }>>();
  if (productIds.length === 0 || (warehouseIds && warehouseIds.length === 0)) return out;
  const rows = await db
    .select()
    .from(productMinStock)
    .where(and(inArray(productMinStock.productId, productIds), warehouseIds ? inArray(productMinStock.warehouseId, warehouseIds) : undefined))
    .orderBy(asc(productMinStock.warehouseId));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), { warehouseId: r.warehouseId, qty: r.qty }]);
  return out;
}

/** Replaces the minimums of a product in these warehouses (the others stay). */
export async function replaceMinStock(db: Conn, productId: string, inWarehouses: string[], entries: Array<{ warehouseId: string; qty: number }>): Promise<void> {
  if (inWarehouses.length) {
    await db.delete(productMinStock).where(and(eq(productMinStock.productId, productId), inArray(productMinStock.warehouseId, inWarehouses)));
  }
  const kept = entries.filter((e) => e.qty > 0);
  if (kept.length) await db.insert(productMinStock).values(kept.map((e) => ({ productId, ...e })));
}

export async function deleteMinStock(db: Conn, productId: string): Promise<void> {
  await db.delete(productMinStock).where(eq(productMinStock.productId, productId));
}

/** Warehouses of these locations. */
export async function warehouseIdsOf(db: Conn, locationIds: string[]): Promise<string[]> {
  if (locationIds.length === 0) return [];
  const rows = await db.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.locationId, locationIds));
  return rows.map((r) => r.id);
}

export interface ProductFilter {
  search?: SearchTerms;
  categoryId?: string;
  kind?: 'good' | 'service';
  archived: boolean;
}

const productsTable = sql`${products}`;

function productWhere(f: ProductFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [f.archived ? isNotNull(products.archivedAt) : isNull(products.archivedAt)];
  if (f.kind) parts.push(eq(products.kind, f.kind));
  if (f.categoryId) {
    // A top-level category lists its sub-categories' products too.
    const children = sql`(select ${categories.id} from ${categories} where ${categories.parentId} = ${f.categoryId})`;
    parts.push(or(eq(products.categoryId, f.categoryId), sql`${products.categoryId} in ${children}`));
  }
  if (f.search) parts.push(productMatches(productsTable, f.search));
  return and(...parts);
}

/** A page of products: exact SKU or barcode matches first, then by name. */
export async function findProductPage(db: Conn, filter: ProductFilter, page: number, pageSize: number): Promise<{ rows: ProductRow[]; total: number }> {
  const where = productWhere(filter);
  const order: SQL[] = filter.search ? [sql`case when ${productCodeIs(productsTable, filter.search)} then 0 else 1 end`] : [];
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...order, asc(products.searchName), asc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { rows, total: Number(total.n) };
}

// ---------------------------------------------------------------------------------------------------
// Photos

export type ProductImageMeta = { id: string; productId: string; width: number; height: number };

export async function imagesOf(db: Conn, productIds: string[]): Promise<Map<string, ProductImageMeta[]>> {
  const out = new Map<string, ProductImageMeta[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ id: productImages.id, productId: productImages.productId, width: productImages.width, height: productImages.height })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r]);
  return out;
}

export async function countImages(db: Conn, productId: string): Promise<{ count: number; nextPosition: number }> {
  const [row] = await db.select({ n: count(), last: max(productImages.position) }).from(productImages).where(eq(productImages.productId, productId));
  return { count: Number(row.n), nextPosition: row.last === null ? 0 : Number(row.last) + 1 };
}

export async function insertImage(db: Conn, values: typeof productImages.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(productImages).values(values).returning({ id: productImages.id });
  return row;
}

export async function deleteImage(db: Conn, productId: string, imageId: string): Promise<boolean> {
  const rows = await db.delete(productImages).where(and(eq(productImages.id, imageId), eq(productImages.productId, productId))).returning({ id: productImages.id });
  return rows.length > 0;
}

export async function imageBytes(db: Conn, imageId: string, thumbnail: boolean): Promise<{ mime: string; data: Buffer } | null> {
  const [row] = await db
    .select({ mime: productImages.mime, data: thumbnail ? productImages.thumbnail : productImages.data })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  return row ?? null;
}
