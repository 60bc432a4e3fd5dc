import {
  barcodeTakenMessage,
  catalogMessages,
  categoryExistsMessage,
  categoryNotEmptyMessage,
  normalizeSearchText,
  productImageLimits,
  productRuleErrors,
  skuTakenMessage,
  type Category,
  type CreateCategoryRequest,
  type CreateProductInput,
  type Product,
  type ProductListFilter,
  type ProductPage,
  type UpdateCategoryRequest,
  type UpdateProductInput,
} from '@repo/contracts';
import type { Db, Tx } from '../../db/client';
import { diffOf } from '../../lib/audit';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import * as repo from './repository';
import { processImage } from '../location/images';
import { searchTerms } from './search';

/**
 * The catalogue is company-wide: its audit rows and realtime events carry no location
 * (`locationId: null`), so every signed-in tab hears about a change. Rules are checked on the routes.
 */
const CATEGORY = 'category';
const PRODUCT = 'product';

// ---------------------------------------------------------------------------------------------------
// Categories

const categorySnapshot = (row: repo.CategoryRow) => ({ name: row.name, parentId: row.parentId });

function toCategory(row: repo.CategoryRow, productCount: number, totalProductCount: number): Category {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    productCount,
    totalProductCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ru');

/** Top-level categories by name, each followed by its sub-categories by name, with their counts. */
export async function listCategories({ db }: Ctx): Promise<Category[]> {
  const rows = await repo.categoriesWithCounts(db);
  const out: Category[] = [];
  for (const top of rows.filter((r) => r.parentId === null).sort(byName)) {
    const children = rows.filter((r) => r.parentId === top.id).sort(byName);
    out.push(toCategory(top, top.productCount, top.productCount + children.reduce((n, c) => n + c.productCount, 0)));
    for (const child of children) out.push(toCategory(child, child.productCount, child.productCount));
  }
  return out;
}

async function categoryOut(tx: Tx, row: repo.CategoryRow): Promise<Category> {
  const children = row.parentId === null ? await repo.categoriesAt(tx, row.id) : [];
  const counts = await repo.countProductsIn(tx, [row.id, ...children.map((c) => c.id)]);
  const own = counts.byCategory.get(row.id) ?? 0;
  return toCategory(row, own, counts.goods + counts.services);
}

/** The parent a category may have: null, or an existing top-level category other than itself. */
async function checkParent(tx: Tx, parentId: string | null, selfId: string | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === selfId) throw invalidInput({ parentId: catalogMessages.parentIsSelf });
  const parent = await repo.findCategory(tx, parentId);
  if (!parent) throw invalidInput({ parentId: catalogMessages.parentNotFound });
  if (parent.parentId !== null) throw invalidInput({ parentId: catalogMessages.parentNotTopLevel });
}

/** No two categories with the same name (any case, ё = е) at one level. */
async function checkNameFree(tx: Tx, name: string, parentId: string | null, selfId: string | null): Promise<void> {
  const key = normalizeSearchText(name);
  const siblings = await repo.categoriesAt(tx, parentId);
  if (siblings.some((s) => s.id !== selfId && normalizeSearchText(s.name) === key)) throw conflict(categoryExistsMessage(name));
}

export async function createCategory(ctx: Ctx, input: CreateCategoryRequest): Promise<Category> {
  const parentId = input.parentId ?? null;
  return ctx.db.transaction(async (tx) => {
    await repo.lockCategoryTree(tx);
    await checkParent(tx, parentId, null);
    await checkNameFree(tx, input.name, parentId, null);
    const row = await repo.insertCategory(tx, { name: input.name, parentId });
    await recordChange(tx, ctx, { entity: CATEGORY, id: row.id, action: 'create', after: categorySnapshot(row), locationId: null });
    return toCategory(row, 0, 0);
  });
}

/** Renames and/or moves a category (two levels: a category with sub-categories stays at the top). */
export async function updateCategory(ctx: Ctx, id: string, input: UpdateCategoryRequest): Promise<Category> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCategoryTree(tx);
    const before = await repo.findCategory(tx, id, { lock: 'update' });
    if (!before) throw notFound(catalogMessages.categoryNotFound);
    const name = input.name ?? before.name;
    const parentId = input.parentId !== undefined ? input.parentId : before.parentId;
    if (parentId !== before.parentId) {
      await checkParent(tx, parentId, id);
      if (parentId !== null && (await repo.categoriesAt(tx, id)).length > 0) throw invalidInput({ parentId: catalogMessages.hasSubcategories });
    }
    if (name !== before.name || parentId !== before.parentId) await checkNameFree(tx, name, parentId, id);
    const diff = diffOf(categorySnapshot(before), { name, parentId });
    if (Object.keys(diff).length === 0) return categoryOut(tx, before);
    const after = await repo.updateCategory(tx, id, { name, parentId });
    await recordChange(tx, ctx, { entity: CATEGORY, id, action: 'update', diff, locationId: null });
    return categoryOut(tx, after);
  });
}

/**
 * Deletes a category with its (empty) sub-categories. Refused with 409 naming how many goods and
 * services are still in it or in its sub-categories. Archived products in it are left without a category.
 */
export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockCategoryTree(tx);
    const row = await repo.findCategory(tx, id, { lock: 'update' });
    if (!row) throw notFound(catalogMessages.categoryNotFound);
    const children = await repo.categoriesAt(tx, id);
    for (const child of children) await repo.findCategory(tx, child.id, { lock: 'update' });
    const counts = await repo.countProductsIn(tx, [id, ...children.map((c) => c.id)]);
    if (counts.goods + counts.services > 0) {
      const inSubcategories = children.some((c) => (counts.byCategory.get(c.id) ?? 0) > 0);
      throw conflict(categoryNotEmptyMessage(row.name, { goods: counts.goods, services: counts.services, inSubcategories }));
    }
    await repo.deleteCategories(tx, children.map((c) => c.id));
    await repo.deleteCategories(tx, [id]);
    for (const child of children) {
      await recordChange(tx, ctx, { entity: CATEGORY, id: child.id, action: 'delete', before: categorySnapshot(child), locationId: null });
    }
    await recordChange(tx, ctx, { entity: CATEGORY, id, action: 'delete', before: categorySnapshot(row), locationId: null });
  });
}

// ---------------------------------------------------------------------------------------------------
// Products

type MinStock = Array<{ warehouseId: string; qty: number }>;
/** By warehouse id, compared as plain strings (the database's uuid order), so equal lists diff as equal. */
const sortMin = (list: MinStock) => [...list].sort((a, b) => (a.warehouseId < b.warehouseId ? -1 : a.warehouseId > b.warehouseId ? 1 : 0));

/** Warehouses whose minimums this employee sees and sets: those of the locations they may work in. */
const usableWarehouses = (ctx: Ctx, db: Db | Tx = ctx.db) => repo.warehouseIdsOf(db, ctx.auth.locationIds);

function toProduct(row: repo.ProductRow, barcodes: string[], minStock: MinStock, images: repo.ProductImageMeta[]): Product {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    sku: row.sku,
    barcodes,
    unit: row.unit,
    price: row.price,
    categoryId: row.categoryId,
    serialTracked: row.serialTracked,
    warrantyDays: row.warrantyDays,
    minStock,
    description: row.description,
    images: images.map(({ id, width, height }) => ({ id, width, height })),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function productOut(ctx: Ctx, db: Db | Tx, row: repo.ProductRow): Promise<Product> {
  const barcodes = (await repo.barcodesOf(db, [row.id])).get(row.id) ?? [];
  const minStock = (await repo.minStockOf(db, [row.id], await usableWarehouses(ctx, db))).get(row.id) ?? [];
  const images = (await repo.imagesOf(db, [row.id])).get(row.id) ?? [];
  return toProduct(row, barcodes, minStock, images);
}

/** What an audit diff shows of a product (its barcodes and every minimum included). */
const productSnapshot = (row: repo.ProductRow, barcodes: string[], minStock: MinStock) => ({
  kind: row.kind,
  name: row.name,
  sku: row.sku,
  barcodes,
  unit: row.unit,
  price: row.price,
  categoryId: row.categoryId,
  serialTracked: row.serialTracked,
  warrantyDays: row.warrantyDays,
  minStock: sortMin(minStock.filter((m) => m.qty > 0)),
  description: row.description,
});

/** A category a product may be put in: it must exist; held (key share) until commit so it cannot be deleted meanwhile. */
async function checkCategory(tx: Tx, categoryId: string | null): Promise<void> {
  if (categoryId && !(await repo.findCategory(tx, categoryId, { lock: 'key share' }))) throw invalidInput({ categoryId: catalogMessages.categoryNotFound });
}

async function checkCodesFree(tx: Tx, sku: string | null, barcodes: string[], selfId: string | null): Promise<void> {
  if (sku) {
    const holder = await repo.productWithSku(tx, normalizeSearchText(sku), selfId);
    if (holder) throw conflict(skuTakenMessage(sku, holder.name, holder.archivedAt !== null));
  }
  const [taken] = await repo.barcodeOwners(tx, barcodes, selfId);
  if (taken) throw conflict(barcodeTakenMessage(taken.barcode, taken.name, taken.archivedAt !== null));
}

/** Minimum-stock entries may name only warehouses of the employee's locations (others read as unknown). */
function checkWarehouses(entries: MinStock, usable: string[]): void {
  const errors: Record<string, string> = {};
  entries.forEach((e, i) => {
    if (!usable.includes(e.warehouseId)) errors[`minStock.${i}.warehouseId`] = catalogMessages.warehouseNotFound;
  });
  if (Object.keys(errors).length) throw invalidInput(errors);
}

/** Codes are locked by name so two requests claiming one SKU or barcode queue up instead of racing to a unique violation. */
async function lockCodes(tx: Tx, sku: string | null, barcodes: string[]): Promise<void> {
  const keys = [...(sku ? [`sku:${normalizeSearchText(sku)}`] : []), ...barcodes.map((b) => `barcode:${b}`)].sort();
  for (const key of keys) await repo.lockKey(tx, key);
}

export async function createProduct(ctx: Ctx, input: CreateProductInput): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const usable = await usableWarehouses(ctx, tx);
    checkWarehouses(input.minStock, usable);
    await lockCodes(tx, input.sku, input.barcodes);
    await checkCategory(tx, input.categoryId);
    await checkCodesFree(tx, input.sku, input.barcodes, null);
    const row = await repo.insertProduct(tx, {
      kind: input.kind,
      name: input.name,
      searchName: normalizeSearchText(input.name),
      sku: input.sku,
      skuKey: input.sku ? normalizeSearchText(input.sku) : null,
      unit: input.unit,
      price: input.price,
      categoryId: input.categoryId,
      serialTracked: input.serialTracked,
      warrantyDays: input.warrantyDays,
      description: input.description ?? null,
    });
    await repo.replaceBarcodes(tx, row.id, input.barcodes);
    await repo.replaceMinStock(tx, row.id, [], input.minStock);
    await recordChange(tx, ctx, { entity: PRODUCT, id: row.id, action: 'create', after: productSnapshot(row, input.barcodes, input.minStock), locationId: null });
    return productOut(ctx, tx, row);
  });
}

export async function getProduct(ctx: Ctx, id: string): Promise<Product> {
  const row = await repo.findProduct(ctx.db, id);
  if (!row) throw notFound(catalogMessages.productNotFound);
  return productOut(ctx, ctx.db, row);
}

export async function listProducts(ctx: Ctx, query: ProductListFilter): Promise<ProductPage> {
  const { page, pageSize } = query;
  const filter: repo.ProductFilter = {
    search: query.search ? searchTerms(query.search) : undefined,
    categoryId: query.categoryId,
    kind: query.kind,
    archived: query.archived ?? false,
  };
  const { rows, total } = await repo.findProductPage(ctx.db, filter, page, pageSize);
  const ids = rows.map((r) => r.id);
  const barcodes = await repo.barcodesOf(ctx.db, ids);
  const minStock = await repo.minStockOf(ctx.db, ids, await usableWarehouses(ctx));
  const images = await repo.imagesOf(ctx.db, ids);
  return { items: rows.map((r) => toProduct(r, barcodes.get(r.id) ?? [], minStock.get(r.id) ?? [], images.get(r.id) ?? [])), total, page, pageSize };
}

/** Changes a product; `barcodes` replace the list, `minStock` replaces the minimums of the employee's warehouses. */
export async function updateProduct(ctx: Ctx, id: string, input: UpdateProductInput): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const usable = await usableWarehouses(ctx, tx);
    if (input.minStock) checkWarehouses(input.minStock, usable);
    await lockCodes(tx, input.sku ?? null, input.barcodes ?? []);
    const before = await repo.findProduct(tx, id, { lock: true });
    if (!before) throw notFound(catalogMessages.productNotFound);
    if (before.archivedAt) throw conflict(catalogMessages.productArchived);
    const barcodesBefore = (await repo.barcodesOf(tx, [id])).get(id) ?? [];
    const minStockBefore = (await repo.minStockOf(tx, [id], null)).get(id) ?? [];

    const patch: Partial<repo.ProductValues> = {};
    for (const key of ['kind', 'name', 'sku', 'unit', 'price', 'categoryId', 'serialTracked', 'warrantyDays', 'description'] as const) {
      if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
    }
    if (patch.name !== undefined) patch.searchName = normalizeSearchText(patch.name);
    if (patch.sku !== undefined) patch.skuKey = patch.sku ? normalizeSearchText(patch.sku) : null;
    const merged = { ...before, ...patch } as repo.ProductRow;
    const barcodes = input.barcodes ?? barcodesBefore;
    // The minimums after the change: the employee's warehouses as sent, the others as they were.
    const minStock = input.minStock
      ? [...minStockBefore.filter((m) => !usable.includes(m.warehouseId)), ...input.minStock.filter((m) => m.qty > 0)]
      : minStockBefore;
    const ruleErrors = productRuleErrors({ kind: merged.kind, serialTracked: merged.serialTracked, minStock });
    if (Object.keys(ruleErrors).length) throw invalidInput(ruleErrors);
    if (patch.categoryId !== undefined && patch.categoryId !== before.categoryId) await checkCategory(tx, patch.categoryId);
    await checkCodesFree(tx, patch.sku !== undefined && merged.skuKey !== before.skuKey ? merged.sku : null, input.barcodes ? barcodes.filter((b) => !barcodesBefore.includes(b)) : [], id);

    const diff = diffOf(productSnapshot(before, barcodesBefore, minStockBefore), productSnapshot(merged, barcodes, minStock));
    if (Object.keys(diff).length === 0) return productOut(ctx, tx, before);
    const after = await repo.updateProduct(tx, id, patch);
    if (input.barcodes && JSON.stringify(barcodes) !== JSON.stringify(barcodesBefore)) await repo.replaceBarcodes(tx, id, barcodes);
    if (input.minStock) await repo.replaceMinStock(tx, id, usable, input.minStock);
    await recordChange(tx, ctx, { entity: PRODUCT, id, action: 'update', diff, locationId: null });
    return productOut(ctx, tx, after);
  });
}

/** `DELETE` archives: the product disappears from lists and pickers, its history stays (the stock ledger will refer to it). */
export async function archiveProduct(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findProduct(tx, id, { lock: true });
    if (!row) throw notFound(catalogMessages.productNotFound);
    if (row.archivedAt) throw conflict(catalogMessages.productAlreadyArchived);
    const after = await repo.updateProduct(tx, id, { archivedAt: new Date() });
    await recordChange(tx, ctx, {
      entity: PRODUCT,
      id,
      action: 'delete',
      diff: { archivedAt: { before: null, after: after.archivedAt!.toISOString() } },
      locationId: null,
    });
  });
}

/** Takes a product back from the archive (audited as an update of `archivedAt`). */
export async function restoreProduct(ctx: Ctx, id: string): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findProduct(tx, id, { lock: true });
    if (!row) throw notFound(catalogMessages.productNotFound);
    if (!row.archivedAt) throw conflict(catalogMessages.productNotArchived);
    if (row.categoryId) await checkCategory(tx, row.categoryId);
    const after = await repo.updateProduct(tx, id, { archivedAt: null });
    await recordChange(tx, ctx, { entity: PRODUCT, id, action: 'update', diff: { archivedAt: { before: row.archivedAt.toISOString(), after: null } }, locationId: null });
    return productOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Photos

const IMAGE_ENTITY = 'product_image';

/** Adds a photo (decoded and re-encoded before the transaction; at most `productImageLimits.maxPerProduct`). */
export async function addProductImage(ctx: Ctx, productId: string, file: Buffer): Promise<Product> {
  if (!(await repo.findProduct(ctx.db, productId))) throw notFound(catalogMessages.productNotFound);
  const image = await processImage(file, ctx.config.images);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findProduct(tx, productId, { lock: true });
    if (!row) throw notFound(catalogMessages.productNotFound);
    const { count: n, nextPosition } = await repo.countImages(tx, productId);
    if (n >= productImageLimits.maxPerProduct) throw conflict(catalogMessages.tooManyImages);
    const saved = await repo.insertImage(tx, { productId, position: nextPosition, ...image });
    const after = await repo.updateProduct(tx, productId, {});
    const { mime, size, width, height } = image;
    await recordChange(tx, ctx, {
      entity: IMAGE_ENTITY,
      id: saved.id,
      action: 'create',
      after: { productId, mime, size, width, height },
      locationId: null,
      event: { type: 'updated', entity: PRODUCT, id: productId },
    });
    return productOut(ctx, tx, after);
  });
}

export async function removeProductImage(ctx: Ctx, productId: string, imageId: string): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findProduct(tx, productId, { lock: true });
    if (!row) throw notFound(catalogMessages.productNotFound);
    if (!(await repo.deleteImage(tx, productId, imageId))) throw notFound(catalogMessages.imageNotFound);
    const after = await repo.updateProduct(tx, productId, {});
    await recordChange(tx, ctx, { entity: IMAGE_ENTITY, id: imageId, action: 'delete', before: { productId }, locationId: null, event: { type: 'updated', entity: PRODUCT, id: productId } });
    return productOut(ctx, tx, after);
  });
}

/** The bytes of a photo or its thumbnail: the catalogue is company-wide, any signed-in employee sees it. */
export async function productImageContent(ctx: Ctx, imageId: string, thumbnail: boolean) {
  const found = await repo.imageBytes(ctx.db, imageId, thumbnail);
  if (!found) throw notFound(catalogMessages.imageNotFound);
  return { mime: thumbnail ? 'image/webp' : found.mime, data: found.data };
}
