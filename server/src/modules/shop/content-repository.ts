import { normalizeSearchText } from '@repo/contracts';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  categories,
  locations,
  productImages,
  products,
  shopBrands,
  shopCatalogItems,
  shopCategories,
  shopCategoryLinks,
  shopDeviceTypes,
  shopImages,
  shopModelPrices,
  shopModels,
  shopSettings,
  shopSlides,
  stockBalances,
} from '../../db/schema';
import { searchPattern } from '../../lib/sql';

/**
 * The shop's content tables (server/docs/shop.md): the staff side's reads and writes, and the few reads the
 * public side shares (settings, image sizes, the catalogue categories a storefront category covers).
 */

export type Conn = Db | Tx;
export type CatalogItemRow = typeof shopCatalogItems.$inferSelect;
export type DeviceTypeRow = typeof shopDeviceTypes.$inferSelect;
export type BrandRow = typeof shopBrands.$inferSelect;
export type ModelRow = typeof shopModels.$inferSelect;
export type SlideRow = typeof shopSlides.$inferSelect;
export type CategoryRow = typeof shopCategories.$inferSelect;
export type SettingsRow = typeof shopSettings.$inferSelect;

/** Lower case, ё = е: the key of a unique name and the text a search matches. */
export const normalize = normalizeSearchText;
export const searchPatternOf = searchPattern;
export const catalogSearchTextOf = (title: string, productName: string, sku: string | null) => normalize(`${title} ${productName} ${sku ?? ''}`);

// ---------------------------------------------------------------------------------------------------
// Images

export interface ImageMeta {
  id: string;
  width: number;
  height: number;
}

/** Width and height of these images (unknown ids are left out). */
export async function imageMetas(db: Conn, ids: readonly string[]): Promise<Map<string, ImageMeta>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: shopImages.id, width: shopImages.width, height: shopImages.height }).from(shopImages).where(inArray(shopImages.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertImage(db: Conn, values: typeof shopImages.$inferInsert): Promise<ImageMeta> {
  const [row] = await db.insert(shopImages).values(values).returning({ id: shopImages.id, width: shopImages.width, height: shopImages.height });
  return row;
}

/** The bytes of an image or of its thumbnail. */
export async function imageBytes(db: Conn, id: string, thumbnail: boolean): Promise<{ mime: string; data: Buffer } | null> {
  const [row] = await db
    .select({ mime: shopImages.mime, data: thumbnail ? shopImages.thumbnail : shopImages.data })
    .from(shopImages)
    .where(eq(shopImages.id, id));
  return row ? { mime: thumbnail ? 'image/webp' : row.mime, data: row.data } : null;
}

/** Copies a product's photos into the shop's images (an item starts with them); answers the new ids in order. */
export async function copyProductImages(tx: Tx, productId: string, limit: number): Promise<string[]> {
  const photos = await tx.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id)).limit(limit);
  const ids: string[] = [];
  for (const p of photos) {
    const saved = await insertImage(tx, { mime: p.mime, size: p.size, width: p.width, height: p.height, data: p.data, thumbnail: p.thumbnail });
    ids.push(saved.id);
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------------
// Positions

type Ordered = typeof shopCatalogItems | typeof shopDeviceTypes | typeof shopBrands | typeof shopModels | typeof shopSlides | typeof shopCategories;

/** The next position at the end of a list (of `where`'s rows). */
export async function nextPosition(db: Conn, table: Ordered, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${table.position}), 0) + 1` })
    .from(table)
    .where(where);
  return Number(row?.n ?? 1);
}

/** Id and position of these rows of a table, locked (the reorder's check and its before). */
export async function positionsOf(tx: Tx, table: Ordered, ids: readonly string[]): Promise<Array<{ id: string; position: number }>> {
  return tx.select({ id: table.id, position: table.position }).from(table).where(inArray(table.id, [...ids])).for('update');
}

/** Sets each id's position in one statement. */
export async function setPositions(tx: Tx, table: Ordered, moves: Array<{ id: string; position: number }>): Promise<void> {
  if (!moves.length) return;
  await tx.execute(sql`update ${table} set position = v.pos, updated_at = now()
    from unnest(${sql.param(moves.map((m) => m.id))}::uuid[], ${sql.param(moves.map((m) => m.position))}::int[]) as v(id, pos)
    where ${table}.id = v.id`);
}

// ---------------------------------------------------------------------------------------------------
// Catalogue items

/** `in_stock`: any stock of the product in any warehouse (stock_balances, index on product_id). */
export const inStockSql = sql<boolean>`exists (select 1 from ${stockBalances} b where b.product_id = ${shopCatalogItems.productId} and b.qty > 0)`;

const itemColumns = {
  item: shopCatalogItems,
  productName: products.name,
  sku: products.sku,
  categoryId: products.categoryId,
  categoryName: categories.name,
  retailPrice: products.price,
  archived: sql<boolean>`(${products.archivedAt} is not null)`,
  inStock: inStockSql,
};
export interface CatalogItemView {
  item: CatalogItemRow;
  productName: string;
  sku: string | null;
  categoryId: string | null;
  categoryName: string | null;
  retailPrice: number;
  archived: boolean;
  inStock: boolean;
}

const itemQuery = (db: Conn) =>
  db.select(itemColumns).from(shopCatalogItems).innerJoin(products, eq(products.id, shopCatalogItems.productId)).leftJoin(categories, eq(categories.id, products.categoryId));

/** A category and every category under it. */
export const categoryTreeSql = (rootIds: SQL) => sql`(with recursive tree(id) as (
    select id from ${categories} where id = any(${rootIds})
    union select c.id from ${categories} c join tree on c.parent_id = tree.id
  ) select id from tree)`;

export async function listItems(db: Conn, q: { search?: string | null; published?: boolean; categoryId?: string }, limit: number, offset: number) {
  const where: SQL[] = [];
  if (q.search) where.push(sql`${shopCatalogItems.searchText} like ${searchPatternOf(q.search)}`);
  if (q.published !== undefined) where.push(eq(shopCatalogItems.published, q.published));
  if (q.categoryId) where.push(sql`${products.categoryId} in ${categoryTreeSql(sql`array[${q.categoryId}]::uuid[]`)}`);
  const cond = where.length ? and(...where) : undefined;
  // The page's ids first, then their details: the stock subquery runs for the page's rows only.
  const page = await db
    .select({ id: shopCatalogItems.id })
    .from(shopCatalogItems)
    .innerJoin(products, eq(products.id, shopCatalogItems.productId))
    .where(cond)
    .orderBy(asc(shopCatalogItems.position), asc(shopCatalogItems.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(shopCatalogItems).innerJoin(products, eq(products.id, shopCatalogItems.productId)).where(cond);
  const ids = page.map((r) => r.id);
  const rows = ids.length ? ((await itemQuery(db).where(inArray(shopCatalogItems.id, ids))) as CatalogItemView[]) : [];
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  return { items: ids.map((id) => byId.get(id)!).filter(Boolean), total: Number(total) };
}

export async function itemView(db: Conn, id: string): Promise<CatalogItemView | null> {
  const [row] = await itemQuery(db).where(eq(shopCatalogItems.id, id));
  return (row as CatalogItemView | undefined) ?? null;
}

export async function findItem(db: Conn, id: string, lock = false): Promise<CatalogItemRow | null> {
  const q = db.select().from(shopCatalogItems).where(eq(shopCatalogItems.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function itemOfProduct(db: Conn, productId: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: shopCatalogItems.id }).from(shopCatalogItems).where(eq(shopCatalogItems.productId, productId));
  return row ?? null;
}

export async function findProduct(db: Conn, id: string, lock = false) {
  const q = db.select({ id: products.id, name: products.name, sku: products.sku, archivedAt: products.archivedAt }).from(products).where(eq(products.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertItem(tx: Tx, values: typeof shopCatalogItems.$inferInsert): Promise<CatalogItemRow> {
  const [row] = await tx.insert(shopCatalogItems).values(values).returning();
  return row;
}

export async function updateItem(tx: Tx, id: string, values: Partial<typeof shopCatalogItems.$inferInsert>): Promise<CatalogItemRow> {
  const [row] = await tx.update(shopCatalogItems).set(values).where(eq(shopCatalogItems.id, id)).returning();
  return row;
}

export async function deleteItem(tx: Tx, id: string): Promise<void> {
  await tx.delete(shopCatalogItems).where(eq(shopCatalogItems.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Device types and brands

export async function listTypes(db: Conn) {
  return db
    .select({ row: shopDeviceTypes, modelCount: sql<number>`(select count(*)::int from ${shopModels} m where m.type_id = shop_device_types.id)` })
    .from(shopDeviceTypes)
    .orderBy(asc(shopDeviceTypes.position), asc(shopDeviceTypes.id));
}

/** Every brand; with `typeId`, the brands with models of that type (their counts of that type). */
export async function listBrands(db: Conn, typeId?: string) {
  const modelCount = sql<number>`(select count(*)::int from ${shopModels} m where m.brand_id = shop_brands.id${typeId ? sql` and m.type_id = ${typeId}` : sql``})`;
  return db
    .select({ row: shopBrands, modelCount })
    .from(shopBrands)
    .where(typeId ? sql`exists (select 1 from ${shopModels} m where m.brand_id = shop_brands.id and m.type_id = ${typeId})` : undefined)
    .orderBy(asc(shopBrands.position), asc(shopBrands.id));
}

export async function typeView(db: Conn, id: string) {
  const [row] = await db
    .select({ row: shopDeviceTypes, modelCount: sql<number>`(select count(*)::int from ${shopModels} m where m.type_id = shop_device_types.id)` })
    .from(shopDeviceTypes)
    .where(eq(shopDeviceTypes.id, id));
  return row ?? null;
}

export async function brandView(db: Conn, id: string) {
  const [row] = await db
    .select({ row: shopBrands, modelCount: sql<number>`(select count(*)::int from ${shopModels} m where m.brand_id = shop_brands.id)` })
    .from(shopBrands)
    .where(eq(shopBrands.id, id));
  return row ?? null;
}

type Named = typeof shopDeviceTypes | typeof shopBrands;

export async function findNamed(db: Conn, table: Named, id: string, lock = false): Promise<DeviceTypeRow | null> {
  const q = db.select().from(table).where(eq(table.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Whether another row of the table has this name key. */
export async function nameTaken(db: Conn, table: Named, nameKey: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.nameKey, nameKey), exceptId ? ne(table.id, exceptId) : undefined));
  return !!row;
}

export async function insertNamed(tx: Tx, table: Named, values: typeof shopDeviceTypes.$inferInsert): Promise<DeviceTypeRow> {
  const [row] = await tx.insert(table).values(values).returning();
  return row;
}

export async function updateNamed(tx: Tx, table: Named, id: string, values: Partial<typeof shopDeviceTypes.$inferInsert>): Promise<DeviceTypeRow> {
  const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning();
  return row;
}

export async function deleteNamed(tx: Tx, table: Named, id: string): Promise<void> {
  await tx.delete(table).where(eq(table.id, id));
}

export async function modelsUsing(db: Conn, column: 'type' | 'brand', id: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(shopModels)
    .where(eq(column === 'type' ? shopModels.typeId : shopModels.brandId, id));
  return Number(n);
}

// ---------------------------------------------------------------------------------------------------
// Models and their prices

const modelColumns = {
  row: shopModels,
  typeName: shopDeviceTypes.name,
  brandName: shopBrands.name,
  priceCount: sql<number>`(select count(*)::int from ${shopModelPrices} p where p.model_id = ${shopModels.id})`,
  minPrice: sql<number | null>`(select min(p.price) filter (where p.price > 0)::bigint from ${shopModelPrices} p where p.model_id = ${shopModels.id})`,
};
export interface ModelView {
  row: ModelRow;
  typeName: string;
  brandName: string;
  priceCount: number;
  minPrice: number | string | null;
}

const modelQuery = (db: Conn) =>
  db.select(modelColumns).from(shopModels).innerJoin(shopDeviceTypes, eq(shopDeviceTypes.id, shopModels.typeId)).innerJoin(shopBrands, eq(shopBrands.id, shopModels.brandId));

export async function listModels(db: Conn, q: { typeId?: string; brandId?: string; search?: string | null }): Promise<ModelView[]> {
  const where: SQL[] = [];
  if (q.typeId) where.push(eq(shopModels.typeId, q.typeId));
  if (q.brandId) where.push(eq(shopModels.brandId, q.brandId));
  if (q.search) where.push(sql`${shopModels.nameKey} like ${searchPatternOf(q.search)}`);
  return modelQuery(db)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(shopDeviceTypes.position), asc(shopBrands.position), asc(shopModels.position), asc(shopModels.id))
    .limit(2000);
}

export async function modelView(db: Conn, id: string): Promise<ModelView | null> {
  const [row] = await modelQuery(db).where(eq(shopModels.id, id));
  return row ?? null;
}

export async function findModel(db: Conn, id: string, lock = false): Promise<ModelRow | null> {
  const q = db.select().from(shopModels).where(eq(shopModels.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function modelNameTaken(db: Conn, typeId: string, brandId: string, nameKey: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopModels.id })
    .from(shopModels)
    .where(and(eq(shopModels.typeId, typeId), eq(shopModels.brandId, brandId), eq(shopModels.nameKey, nameKey), exceptId ? ne(shopModels.id, exceptId) : undefined));
  return !!row;
}

export async function insertModel(tx: Tx, values: typeof shopModels.$inferInsert): Promise<ModelRow> {
  const [row] = await tx.insert(shopModels).values(values).returning();
  return row;
}

export async function updateModel(tx: Tx, id: string, values: Partial<typeof shopModels.$inferInsert>): Promise<ModelRow> {
  const [row] = await tx.update(shopModels).set(values).where(eq(shopModels.id, id)).returning();
  return row;
}

export async function deleteModel(tx: Tx, id: string): Promise<void> {
  await tx.delete(shopModels).where(eq(shopModels.id, id));
}

export async function prices(db: Conn, modelId: string) {
  return db
    .select({ service: shopModelPrices.service, price: shopModelPrices.price, priceFrom: shopModelPrices.priceFrom, minutes: shopModelPrices.minutes })
    .from(shopModelPrices)
    .where(eq(shopModelPrices.modelId, modelId))
    .orderBy(asc(shopModelPrices.position), asc(shopModelPrices.id));
}

export async function replacePrices(tx: Tx, modelId: string, rows: Array<{ service: string; price: number; priceFrom: boolean; minutes: number | null }>): Promise<void> {
  await tx.delete(shopModelPrices).where(eq(shopModelPrices.modelId, modelId));
  if (rows.length) await tx.insert(shopModelPrices).values(rows.map((r, position) => ({ modelId, position, ...r })));
}

// ---------------------------------------------------------------------------------------------------
// Slides

export async function listSlides(db: Conn): Promise<SlideRow[]> {
  return db.select().from(shopSlides).orderBy(asc(shopSlides.position), asc(shopSlides.id));
}

export async function findSlide(db: Conn, id: string, lock = false): Promise<SlideRow | null> {
  const q = db.select().from(shopSlides).where(eq(shopSlides.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertSlide(tx: Tx, values: typeof shopSlides.$inferInsert): Promise<SlideRow> {
  const [row] = await tx.insert(shopSlides).values(values).returning();
  return row;
}

export async function updateSlide(tx: Tx, id: string, values: Partial<typeof shopSlides.$inferInsert>): Promise<SlideRow> {
  const [row] = await tx.update(shopSlides).set(values).where(eq(shopSlides.id, id)).returning();
  return row;
}

export async function deleteSlide(tx: Tx, id: string): Promise<void> {
  await tx.delete(shopSlides).where(eq(shopSlides.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Storefront categories

/**
 * How many published items of non-archived products a storefront category shows now: those whose
 * product's catalogue category is a linked one or under one.
 */
export const categoryItemCountSql = (shopCategoryId: SQL | typeof shopCategories.id) => sql<number>`(select count(*)::int from ${shopCatalogItems} i
    join ${products} p on p.id = i.product_id
    where i.published and p.archived_at is null and p.category_id in ${categoryTreeSql(sql`array(select l.category_id from ${shopCategoryLinks} l where l.shop_category_id = ${shopCategoryId})`)})`;

export async function listCategories(db: Conn, id?: string) {
  const rows = await db
    .select({ row: shopCategories, itemCount: categoryItemCountSql(shopCategories.id) })
    .from(shopCategories)
    .where(id ? eq(shopCategories.id, id) : undefined)
    .orderBy(asc(shopCategories.position), asc(shopCategories.id));
  const links = rows.length
    ? await db
        .select({ shopCategoryId: shopCategoryLinks.shopCategoryId, id: categories.id, name: categories.name })
        .from(shopCategoryLinks)
        .innerJoin(categories, eq(categories.id, shopCategoryLinks.categoryId))
        .where(inArray(shopCategoryLinks.shopCategoryId, rows.map((r) => r.row.id)))
        .orderBy(asc(categories.name), asc(categories.id))
    : [];
  return rows.map((r) => ({ ...r, links: links.filter((l) => l.shopCategoryId === r.row.id).map((l) => ({ id: l.id, name: l.name })) }));
}

export async function findCategory(db: Conn, id: string, lock = false): Promise<CategoryRow | null> {
  const q = db.select().from(shopCategories).where(eq(shopCategories.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function slugTaken(db: Conn, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(and(eq(shopCategories.slug, slug), exceptId ? ne(shopCategories.id, exceptId) : undefined));
  return !!row;
}

/** The slugs starting with `base` (the generated slug's `-2`, `-3`… are chosen among them). */
export async function slugsLike(db: Conn, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: shopCategories.slug })
    .from(shopCategories)
    .where(sql`${shopCategories.slug} = ${base} or ${shopCategories.slug} like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`}`);
  return new Set(rows.map((r) => r.slug));
}

export async function existingCatalogCategories(db: Conn, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertCategory(tx: Tx, values: typeof shopCategories.$inferInsert): Promise<CategoryRow> {
  const [row] = await tx.insert(shopCategories).values(values).returning();
  return row;
}

export async function updateCategory(tx: Tx, id: string, values: Partial<typeof shopCategories.$inferInsert>): Promise<CategoryRow> {
  const [row] = await tx.update(shopCategories).set(values).where(eq(shopCategories.id, id)).returning();
  return row;
}

export async function setCategoryLinks(tx: Tx, shopCategoryId: string, categoryIds: readonly string[]): Promise<void> {
  await tx.delete(shopCategoryLinks).where(eq(shopCategoryLinks.shopCategoryId, shopCategoryId));
  if (categoryIds.length) await tx.insert(shopCategoryLinks).values([...new Set(categoryIds)].map((categoryId) => ({ shopCategoryId, categoryId })));
}

export async function linksOf(db: Conn, shopCategoryId: string): Promise<string[]> {
  const rows = await db.select({ id: shopCategoryLinks.categoryId }).from(shopCategoryLinks).where(eq(shopCategoryLinks.shopCategoryId, shopCategoryId));
  return rows.map((r) => r.id).sort();
}

export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx.delete(shopCategories).where(eq(shopCategories.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Settings

/** The one settings row, or null before anyone saved them. */
export async function readSettings(db: Conn, lock = false): Promise<SettingsRow | null> {
  const q = db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function upsertSettings(tx: Tx, values: Omit<typeof shopSettings.$inferInsert, 'id'>): Promise<SettingsRow> {
  const [row] = await tx
    .insert(shopSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function existingLocations(db: Conn, ids: readonly string[]): Promise<Array<{ id: string; name: string; address: string | null }>> {
  if (!ids.length) return [];
  return db.select({ id: locations.id, name: locations.name, address: locations.address }).from(locations).where(inArray(locations.id, [...ids]));
}

