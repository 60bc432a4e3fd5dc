import {
  shopLimits,
  shopMessages,
  slugify,
  type EntityName,
  type ShopBrand,
  type ShopCatalogItem,
  type ShopCatalogPage,
  type ShopCategory,
  type ShopDeviceType,
  type ShopImage,
  type ShopModel,
  type ShopModelPrice,
  type ShopSettings,
  type ShopSlide,
  type createShopCatalogItemSchema,
  type createShopCategorySchema,
  type createShopDeviceTypeSchema,
  type createShopModelSchema,
  type createShopSlideSchema,
  type putShopModelPricesSchema,
  type putShopSettingsSchema,
  type shopCatalogQuerySchema,
  type shopModelQuerySchema,
  type updateShopCatalogItemSchema,
  type updateShopCategorySchema,
  type updateShopDeviceTypeSchema,
  type updateShopModelSchema,
  type updateShopSlideSchema,
} from '@repo/contracts';
import { and, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { shopBrands, shopCatalogItems, shopCategories, shopDeviceTypes, shopModels, shopSlides } from '../../db/schema';
import { recordChange, recordChanges, type Change, type EventOverride } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import { processImage } from '../location/images';
import * as repo from './content-repository';

/**
 * The shop's content, staff side (server/docs/shop.md): catalogue items, device types, brands, models and
 * their repair prices, slides, storefront categories, settings and images. Content is company-wide: the
 * route's rule (any scope) is the whole check. Every change is one transaction with its audit row and its
 * realtime event (the record's own entity, no location).
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (v: number | string | null) => (v === null ? null : Number(v));

// ---------------------------------------------------------------------------------------------------
// Images

export const imageUrl = (id: string) => `/api/public/images/${id}`;
export const imageOut = (m: repo.ImageMeta): ShopImage => ({ id: m.id, url: imageUrl(m.id), thumbnailUrl: `${imageUrl(m.id)}/thumbnail`, width: m.width, height: m.height });
const imageOf = (images: Map<string, repo.ImageMeta>, id: string | null) => {
  const m = id ? images.get(id) : undefined;
  return m ? imageOut(m) : null;
};

/** `POST /api/shop/images`: decoded and re-encoded (the location images' pipeline) before the transaction. */
export async function uploadImage(ctx: Ctx, file: Buffer): Promise<ShopImage> {
  const image = await processImage(file, ctx.config.images);
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.insertImage(tx, image);
    const { mime, size, width, height } = image;
    await recordChange(tx, ctx, { entity: 'shop_image', id: saved.id, action: 'create', after: { mime, size, width, height }, locationId: null });
    return imageOut(saved);
  });
}

/** 400 on `field` unless every id is an image of the shop. */
async function checkImages(db: Db | Tx, ids: readonly string[], field: string) {
  if (!ids.length) return;
  const found = await repo.imageMetas(db, ids);
  if (ids.some((id) => !found.has(id))) throw invalidInput({ [field]: shopMessages.imageNotFound }, shopMessages.imageNotFound);
}

// ---------------------------------------------------------------------------------------------------
// Reorder

/**
 * `POST …/reorder`: every id must be of that list (`sameList` checks a model's type and brand), or a 400
 * changes nothing. The ids take the positions they occupy now, in the new order: a page of a longer list
 * is reordered within the places it holds.
 */
async function reorder(
  ctx: Ctx,
  table: Parameters<typeof repo.positionsOf>[1],
  entity: EntityName,
  ids: string[],
  sameList?: (tx: Tx, ids: string[]) => Promise<boolean>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.positionsOf(tx, table, ids);
    if (current.length !== ids.length || (sameList && !(await sameList(tx, ids)))) throw invalidInput({ ids: shopMessages.reorderForeign }, shopMessages.reorderForeign);
    const slots = current.map((c) => c.position).sort((a, b) => a - b);
    const before = new Map(current.map((c) => [c.id, c.position]));
    const moves = ids.map((id, i) => ({ id, position: slots[i] })).filter((m) => before.get(m.id) !== m.position);
    if (!moves.length) return;
    await repo.setPositions(tx, table, moves);
    const changes: Change[] = moves.map((m) => ({ entity, id: m.id, action: 'update', diff: { position: { before: before.get(m.id), after: m.position } }, locationId: null }));
    await recordChanges(tx, ctx, changes);
  });
}

// ---------------------------------------------------------------------------------------------------
// Catalogue items

/** The description's allow-list: p, br, b/strong, i/em, u, ul/ol/li, h3/h4, a[href http(s)]. Anything else is dropped. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    transformTags: { a: (tagName, attribs) => ({ tagName, attribs: (attribs.href ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {}) as sanitizeHtml.Attributes }) },
  }).trim();
}

export function itemOut(v: repo.CatalogItemView, images: Map<string, repo.ImageMeta>): ShopCatalogItem {
  const i = v.item;
  const retail = Number(v.retailPrice) > 0 ? Number(v.retailPrice) : null;
  const override = money(i.priceOverride);
  return {
    id: i.id,
    productId: i.productId,
    productName: v.productName,
    sku: v.sku,
    categoryId: v.categoryId,
    categoryName: v.categoryName,
    title: i.title,
    description: i.description,
    images: i.imageIds.map((id) => images.get(id)).filter((m) => m !== undefined).map(imageOut),
    price: override ?? retail,
    priceOverride: override,
    retailPrice: retail,
    published: i.published,
    position: i.position,
    archived: Boolean(v.archived),
    inStock: Boolean(v.inStock),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

async function itemViewOf(db: Db | Tx, id: string): Promise<ShopCatalogItem> {
  const v = await repo.itemView(db, id);
  if (!v) throw notFound(shopMessages.itemNotFound);
  return itemOut(v, await repo.imageMetas(db, v.item.imageIds));
}

const itemSnapshot = (r: repo.CatalogItemRow) => ({
  productId: r.productId,
  title: r.title,
  description: r.description,
  imageIds: r.imageIds,
  priceOverride: money(r.priceOverride),
  published: r.published,
  position: r.position,
});

export async function listItems(ctx: Ctx, q: z.output<typeof shopCatalogQuerySchema>): Promise<ShopCatalogPage> {
  const page = await repo.listItems(ctx.db, q, q.pageSize, (q.page - 1) * q.pageSize);
  const images = await repo.imageMetas(ctx.db, page.items.flatMap((v) => v.item.imageIds));
  return { items: page.items.map((v) => itemOut(v, images)), total: page.total, page: q.page, pageSize: q.pageSize };
}

export const getItem = (ctx: Ctx, id: string) => itemViewOf(ctx.db, id);

export async function createItem(ctx: Ctx, input: z.output<typeof createShopCatalogItemSchema>): Promise<ShopCatalogItem> {
  return ctx.db.transaction(async (tx) => {
    const product = await repo.findProduct(tx, input.productId, true);
    if (!product) throw invalidInput({ productId: shopMessages.productNotFound }, shopMessages.productNotFound);
    if (await repo.itemOfProduct(tx, product.id)) throw conflict(shopMessages.productAlreadyListed);
    if (input.published && product.archivedAt) throw conflict(shopMessages.archivedProduct);
    if (input.imageIds) await checkImages(tx, input.imageIds, 'imageIds');
    const title = input.title ?? product.name.slice(0, shopLimits.titleMax);
    const imageIds = input.imageIds ?? (await repo.copyProductImages(tx, product.id, shopLimits.imagesMax));
    const row = await repo.insertItem(tx, {
      productId: product.id,
      title,
      description: sanitizeDescription(input.description ?? ''),
      searchText: repo.catalogSearchTextOf(title, product.name, product.sku),
      imageIds,
      priceOverride: input.price,
      published: input.published,
      position: await repo.nextPosition(tx, shopCatalogItems),
    });
    await recordChange(tx, ctx, { entity: 'shop_catalog_item', id: row.id, action: 'create', after: itemSnapshot(row), locationId: null });
    return itemViewOf(tx, row.id);
  });
}

export async function updateItem(ctx: Ctx, id: string, input: z.output<typeof updateShopCatalogItemSchema>): Promise<ShopCatalogItem> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findItem(tx, id, true);
    if (!before) throw notFound(shopMessages.itemNotFound);
    const product = (await repo.findProduct(tx, before.productId))!;
    if (input.published === true && product.archivedAt) throw conflict(shopMessages.archivedProduct);
    if (input.imageIds) await checkImages(tx, input.imageIds, 'imageIds');
    const set: Partial<typeof shopCatalogItems.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = sanitizeDescription(input.description);
    if (input.imageIds !== undefined) set.imageIds = input.imageIds;
    if (input.price !== undefined) set.priceOverride = input.price;
    if (input.published !== undefined) set.published = input.published;
    if (!Object.keys(set).length) return itemViewOf(tx, id);
    if (set.title !== undefined) set.searchText = repo.catalogSearchTextOf(set.title, product.name, product.sku);
    set.updatedAt = new Date();
    const after = await repo.updateItem(tx, id, set);
    await recordChange(tx, ctx, { entity: 'shop_catalog_item', id, action: 'update', before: itemSnapshot(before), after: itemSnapshot(after), locationId: null });
    return itemViewOf(tx, id);
  });
}

export async function deleteItem(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findItem(tx, id, true);
    if (!before) throw notFound(shopMessages.itemNotFound);
    await repo.deleteItem(tx, id);
    await recordChange(tx, ctx, { entity: 'shop_catalog_item', id, action: 'delete', before: itemSnapshot(before), locationId: null });
  });
}

export const reorderItems = (ctx: Ctx, ids: string[]) => reorder(ctx, shopCatalogItems, 'shop_catalog_item', ids);

// ---------------------------------------------------------------------------------------------------
// Device types and brands (one shape: a named, ordered list)

type NamedKind = 'type' | 'brand';
const named = {
  type: { table: shopDeviceTypes, entity: 'shop_device_type' as const, notFound: shopMessages.typeNotFound, hasModels: shopMessages.typeHasModels, view: repo.typeView },
  brand: { table: shopBrands, entity: 'shop_brand' as const, notFound: shopMessages.brandNotFound, hasModels: shopMessages.brandHasModels, view: repo.brandView },
};

function namedOut(r: { row: repo.DeviceTypeRow; modelCount: number }, images: Map<string, repo.ImageMeta>): ShopDeviceType & ShopBrand {
  return { id: r.row.id, name: r.row.name, image: imageOf(images, r.row.imageId), position: r.row.position, published: r.row.published, modelCount: Number(r.modelCount) };
}

async function namedViewOf(db: Db | Tx, kind: NamedKind, id: string) {
  const r = await named[kind].view(db, id);
  if (!r) throw notFound(named[kind].notFound);
  return namedOut(r, await repo.imageMetas(db, r.row.imageId ? [r.row.imageId] : []));
}

const namedSnapshot = (r: repo.DeviceTypeRow) => ({ name: r.name, imageId: r.imageId, published: r.published, position: r.position });

export async function listNamed(ctx: Ctx, kind: NamedKind, typeId?: string): Promise<{ items: ShopDeviceType[] }> {
  const rows = kind === 'type' ? await repo.listTypes(ctx.db) : await repo.listBrands(ctx.db, typeId);
  const images = await repo.imageMetas(ctx.db, rows.flatMap((r) => (r.row.imageId ? [r.row.imageId] : [])));
  return { items: rows.map((r) => namedOut(r, images)) };
}

export async function createNamed(ctx: Ctx, kind: NamedKind, input: z.output<typeof createShopDeviceTypeSchema>): Promise<ShopDeviceType> {
  const { table, entity } = named[kind];
  return ctx.db.transaction(async (tx) => {
    const nameKey = repo.normalize(input.name);
    if (await repo.nameTaken(tx, table, nameKey)) throw conflict(shopMessages.nameTaken);
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    const row = await repo.insertNamed(tx, table, { name: input.name, nameKey, imageId: input.imageId, published: input.published, position: await repo.nextPosition(tx, table) });
    await recordChange(tx, ctx, { entity, id: row.id, action: 'create', after: namedSnapshot(row), locationId: null });
    return namedViewOf(tx, kind, row.id);
  });
}

export async function updateNamed(ctx: Ctx, kind: NamedKind, id: string, input: z.output<typeof updateShopDeviceTypeSchema>): Promise<ShopDeviceType> {
  const { table, entity, notFound: missing } = named[kind];
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findNamed(tx, table, id, true);
    if (!before) throw notFound(missing);
    const set: Partial<typeof shopDeviceTypes.$inferInsert> = {};
    if (input.name !== undefined && input.name !== before.name) {
      const nameKey = repo.normalize(input.name);
      if (await repo.nameTaken(tx, table, nameKey, id)) throw conflict(shopMessages.nameTaken);
      Object.assign(set, { name: input.name, nameKey });
    }
    if (input.imageId !== undefined) {
      if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
      set.imageId = input.imageId;
    }
    if (input.published !== undefined) set.published = input.published;
    if (!Object.keys(set).length) return namedViewOf(tx, kind, id);
    set.updatedAt = new Date();
    const after = await repo.updateNamed(tx, table, id, set);
    await recordChange(tx, ctx, { entity, id, action: 'update', before: namedSnapshot(before), after: namedSnapshot(after), locationId: null });
    return namedViewOf(tx, kind, id);
  });
}

/** A type or brand with models is refused (409): its models are deleted or moved first. */
export async function deleteNamed(ctx: Ctx, kind: NamedKind, id: string): Promise<void> {
  const { table, entity, notFound: missing, hasModels } = named[kind];
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findNamed(tx, table, id, true);
    if (!before) throw notFound(missing);
    if ((await repo.modelsUsing(tx, kind, id)) > 0) throw conflict(hasModels);
    await repo.deleteNamed(tx, table, id);
    await recordChange(tx, ctx, { entity, id, action: 'delete', before: namedSnapshot(before), locationId: null });
  });
}

export const reorderNamed = (ctx: Ctx, kind: NamedKind, ids: string[]) => reorder(ctx, named[kind].table, named[kind].entity, ids);

// ---------------------------------------------------------------------------------------------------
// Models and their repair prices

function modelOut(v: repo.ModelView, images: Map<string, repo.ImageMeta>): ShopModel {
  return {
    id: v.row.id,
    typeId: v.row.typeId,
    typeName: v.typeName,
    brandId: v.row.brandId,
    brandName: v.brandName,
    name: v.row.name,
    image: imageOf(images, v.row.imageId),
    position: v.row.position,
    published: v.row.published,
    priceCount: Number(v.priceCount),
    minPrice: money(v.minPrice),
  };
}

async function modelViewOf(db: Db | Tx, id: string): Promise<ShopModel> {
  const v = await repo.modelView(db, id);
  if (!v) throw notFound(shopMessages.modelNotFound);
  return modelOut(v, await repo.imageMetas(db, v.row.imageId ? [v.row.imageId] : []));
}

const modelSnapshot = (r: repo.ModelRow) => ({ typeId: r.typeId, brandId: r.brandId, name: r.name, imageId: r.imageId, published: r.published, position: r.position });

export async function listModels(ctx: Ctx, q: z.output<typeof shopModelQuerySchema>): Promise<{ items: ShopModel[] }> {
  const rows = await repo.listModels(ctx.db, q);
  const images = await repo.imageMetas(ctx.db, rows.flatMap((r) => (r.row.imageId ? [r.row.imageId] : [])));
  return { items: rows.map((r) => modelOut(r, images)) };
}

async function checkTypeBrand(tx: Tx, typeId: string, brandId: string) {
  const errors: Record<string, string> = {};
  if (!(await repo.findNamed(tx, shopDeviceTypes, typeId))) errors.typeId = shopMessages.typeNotFound;
  if (!(await repo.findNamed(tx, shopBrands, brandId))) errors.brandId = shopMessages.brandNotFound;
  const first = Object.values(errors)[0];
  if (first) throw invalidInput(errors, first);
}

/**
 * A model's change also changes the model counts of its type and brand (and of the ones it left): their
 * lists are told too, so a colleague's open columns recount.
 */
function modelEvents(...pairs: Array<{ typeId: string; brandId: string }>): EventOverride[] {
  const types = [...new Set(pairs.map((p) => p.typeId))];
  const brands = [...new Set(pairs.map((p) => p.brandId))];
  return [
    {},
    ...types.map((id): EventOverride => ({ type: 'updated', entity: 'shop_device_type', id })),
    ...brands.map((id): EventOverride => ({ type: 'updated', entity: 'shop_brand', id })),
  ];
}

export async function createModel(ctx: Ctx, input: z.output<typeof createShopModelSchema>): Promise<ShopModel> {
  return ctx.db.transaction(async (tx) => {
    await checkTypeBrand(tx, input.typeId, input.brandId);
    const nameKey = repo.normalize(input.name);
    if (await repo.modelNameTaken(tx, input.typeId, input.brandId, nameKey)) throw conflict(shopMessages.nameTaken);
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    const position = await repo.nextPosition(tx, shopModels, and(eq(shopModels.typeId, input.typeId), eq(shopModels.brandId, input.brandId)));
    const row = await repo.insertModel(tx, { typeId: input.typeId, brandId: input.brandId, name: input.name, nameKey, imageId: input.imageId, published: input.published, position });
    await recordChange(tx, ctx, { entity: 'shop_model', id: row.id, action: 'create', after: modelSnapshot(row), locationId: null, event: modelEvents(row) });
    return modelViewOf(tx, row.id);
  });
}

/** A model moved to another type or brand goes to the end of that list. */
export async function updateModel(ctx: Ctx, id: string, input: z.output<typeof updateShopModelSchema>): Promise<ShopModel> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findModel(tx, id, true);
    if (!before) throw notFound(shopMessages.modelNotFound);
    const typeId = input.typeId ?? before.typeId;
    const brandId = input.brandId ?? before.brandId;
    const moved = typeId !== before.typeId || brandId !== before.brandId;
    if (moved) await checkTypeBrand(tx, typeId, brandId);
    const name = input.name ?? before.name;
    const nameKey = repo.normalize(name);
    if ((moved || nameKey !== before.nameKey) && (await repo.modelNameTaken(tx, typeId, brandId, nameKey, id))) throw conflict(shopMessages.nameTaken);
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    const set: Partial<typeof shopModels.$inferInsert> = {};
    if (moved) Object.assign(set, { typeId, brandId, position: await repo.nextPosition(tx, shopModels, and(eq(shopModels.typeId, typeId), eq(shopModels.brandId, brandId))) });
    if (name !== before.name) Object.assign(set, { name, nameKey });
    if (input.imageId !== undefined) set.imageId = input.imageId;
    if (input.published !== undefined) set.published = input.published;
    if (!Object.keys(set).length) return modelViewOf(tx, id);
    set.updatedAt = new Date();
    const after = await repo.updateModel(tx, id, set);
    await recordChange(tx, ctx, { entity: 'shop_model', id, action: 'update', before: modelSnapshot(before), after: modelSnapshot(after), locationId: null, ...(moved ? { event: modelEvents(before, after) } : {}) });
    return modelViewOf(tx, id);
  });
}

export async function deleteModel(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findModel(tx, id, true);
    if (!before) throw notFound(shopMessages.modelNotFound);
    await repo.deleteModel(tx, id);
    await recordChange(tx, ctx, { entity: 'shop_model', id, action: 'delete', before: modelSnapshot(before), locationId: null, event: modelEvents(before) });
  });
}

/** Models are ordered within their type and brand: ids of two pairs are «another list». */
export const reorderModels = (ctx: Ctx, ids: string[]) =>
  reorder(ctx, shopModels, 'shop_model', ids, async (tx, list) => {
    const rows = await Promise.all(list.map((id) => repo.findModel(tx, id)));
    return new Set(rows.map((r) => `${r?.typeId}/${r?.brandId}`)).size === 1;
  });

const priceOut = (r: Awaited<ReturnType<typeof repo.prices>>[number]): ShopModelPrice => ({ service: r.service, price: Number(r.price), priceFrom: r.priceFrom, minutes: r.minutes });

export async function getPrices(ctx: Ctx, id: string): Promise<ShopModelPrice[]> {
  if (!(await repo.findModel(ctx.db, id))) throw notFound(shopMessages.modelNotFound);
  return (await repo.prices(ctx.db, id)).map(priceOut);
}

/** The whole list replaced, in the order given (audited as an update of the model). */
export async function putPrices(ctx: Ctx, id: string, rows: z.output<typeof putShopModelPricesSchema>): Promise<ShopModelPrice[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findModel(tx, id, true))) throw notFound(shopMessages.modelNotFound);
    const before = (await repo.prices(tx, id)).map(priceOut);
    await repo.replacePrices(tx, id, rows);
    const after = (await repo.prices(tx, id)).map(priceOut);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await tx.update(shopModels).set({ updatedAt: new Date() }).where(eq(shopModels.id, id));
      await recordChange(tx, ctx, { entity: 'shop_model', id, action: 'update', diff: { prices: { before, after } }, locationId: null });
    }
    return after;
  });
}

// ---------------------------------------------------------------------------------------------------
// Slides

/** Today (`YYYY-MM-DD`) in an IANA time zone. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const slideActive = (s: Pick<repo.SlideRow, 'published' | 'activeFrom' | 'activeTo'>, today: string) =>
  s.published && (!s.activeFrom || s.activeFrom <= today) && (!s.activeTo || today <= s.activeTo);

function slideOut(s: repo.SlideRow, images: Map<string, repo.ImageMeta>, today: string): ShopSlide {
  return {
    id: s.id,
    title: s.title,
    text: s.text,
    buttonText: s.buttonText,
    link: s.link,
    imageId: s.imageId,
    image: imageOf(images, s.imageId),
    activeFrom: s.activeFrom,
    activeTo: s.activeTo,
    position: s.position,
    published: s.published,
    active: slideActive(s, today),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

async function slideViewOf(db: Db | Tx, s: repo.SlideRow): Promise<ShopSlide> {
  const settings = await settingsOf(db);
  return slideOut(s, await repo.imageMetas(db, s.imageId ? [s.imageId] : []), todayIn(settings.timezone));
}

const slideSnapshot = (s: repo.SlideRow) => ({
  title: s.title,
  text: s.text,
  buttonText: s.buttonText,
  link: s.link,
  imageId: s.imageId,
  activeFrom: s.activeFrom,
  activeTo: s.activeTo,
  published: s.published,
  position: s.position,
});

export async function listSlides(ctx: Ctx): Promise<{ items: ShopSlide[] }> {
  const rows = await repo.listSlides(ctx.db);
  const images = await repo.imageMetas(ctx.db, rows.flatMap((r) => (r.imageId ? [r.imageId] : [])));
  const today = todayIn((await settingsOf(ctx.db)).timezone);
  return { items: rows.map((r) => slideOut(r, images, today)) };
}

export async function createSlide(ctx: Ctx, input: z.output<typeof createShopSlideSchema>): Promise<ShopSlide> {
  return ctx.db.transaction(async (tx) => {
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    const row = await repo.insertSlide(tx, { ...input, text: input.text ?? null, buttonText: input.buttonText ?? null, position: await repo.nextPosition(tx, shopSlides) });
    await recordChange(tx, ctx, { entity: 'shop_slide', id: row.id, action: 'create', after: slideSnapshot(row), locationId: null });
    return slideViewOf(tx, row);
  });
}

/** The dates are checked against the stored ones too: changing only one of them may not cross the other (400 `activeTo`). */
export async function updateSlide(ctx: Ctx, id: string, input: z.output<typeof updateShopSlideSchema>): Promise<ShopSlide> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findSlide(tx, id, true);
    if (!before) throw notFound(shopMessages.slideNotFound);
    const from = input.activeFrom !== undefined ? input.activeFrom : before.activeFrom;
    const to = input.activeTo !== undefined ? input.activeTo : before.activeTo;
    if (from && to && from > to) throw invalidInput({ activeTo: shopMessages.slideDates }, shopMessages.slideDates);
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    const set: Partial<typeof shopSlides.$inferInsert> = {};
    for (const key of ['title', 'text', 'buttonText', 'link', 'imageId', 'activeFrom', 'activeTo', 'published'] as const) {
      if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
    }
    if (!Object.keys(set).length) return slideViewOf(tx, before);
    set.updatedAt = new Date();
    const after = await repo.updateSlide(tx, id, set);
    await recordChange(tx, ctx, { entity: 'shop_slide', id, action: 'update', before: slideSnapshot(before), after: slideSnapshot(after), locationId: null });
    return slideViewOf(tx, after);
  });
}

export async function deleteSlide(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findSlide(tx, id, true);
    if (!before) throw notFound(shopMessages.slideNotFound);
    await repo.deleteSlide(tx, id);
    await recordChange(tx, ctx, { entity: 'shop_slide', id, action: 'delete', before: slideSnapshot(before), locationId: null });
  });
}

export const reorderSlides = (ctx: Ctx, ids: string[]) => reorder(ctx, shopSlides, 'shop_slide', ids);

// ---------------------------------------------------------------------------------------------------
// Storefront categories

type CategoryView = Awaited<ReturnType<typeof repo.listCategories>>[number];

function categoryOut(c: CategoryView, images: Map<string, repo.ImageMeta>): ShopCategory {
  return {
    id: c.row.id,
    name: c.row.name,
    slug: c.row.slug,
    imageId: c.row.imageId,
    image: imageOf(images, c.row.imageId),
    position: c.row.position,
    published: c.row.published,
    catalogCategoryIds: c.links.map((l) => l.id),
    catalogCategories: c.links,
    itemCount: Number(c.itemCount),
  };
}

async function categoryViewOf(db: Db | Tx, id: string): Promise<ShopCategory> {
  const [c] = await repo.listCategories(db, id);
  if (!c) throw notFound(shopMessages.categoryNotFound);
  return categoryOut(c, await repo.imageMetas(db, c.row.imageId ? [c.row.imageId] : []));
}

const categorySnapshot = (c: repo.CategoryRow, links: string[]) => ({ name: c.name, slug: c.slug, imageId: c.imageId, published: c.published, position: c.position, catalogCategoryIds: links });

export async function listCategories(ctx: Ctx): Promise<{ items: ShopCategory[] }> {
  const rows = await repo.listCategories(ctx.db);
  const images = await repo.imageMetas(ctx.db, rows.flatMap((r) => (r.row.imageId ? [r.row.imageId] : [])));
  return { items: rows.map((r) => categoryOut(r, images)) };
}

async function checkCatalogCategories(tx: Tx, ids: readonly string[]) {
  const found = await repo.existingCatalogCategories(tx, ids);
  if (ids.some((id) => !found.has(id))) throw invalidInput({ catalogCategoryIds: shopMessages.catalogCategoryNotFound }, shopMessages.catalogCategoryNotFound);
}

/** `slugify(name)` made unique with `-2`, `-3`…; a name with nothing to transliterate gives `kategoriya`. */
async function generatedSlug(tx: Tx, name: string): Promise<string> {
  const base = (slugify(name) || 'kategoriya').slice(0, shopLimits.slugMax - 6).replace(/-+$/g, '');
  const taken = await repo.slugsLike(tx, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createCategory(ctx: Ctx, input: z.output<typeof createShopCategorySchema>): Promise<ShopCategory> {
  return ctx.db.transaction(async (tx) => {
    if (input.slug !== undefined && (await repo.slugTaken(tx, input.slug))) throw conflict(shopMessages.slugTaken);
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    await checkCatalogCategories(tx, input.catalogCategoryIds);
    const slug = input.slug ?? (await generatedSlug(tx, input.name));
    const row = await repo.insertCategory(tx, { name: input.name, slug, imageId: input.imageId, published: input.published, position: await repo.nextPosition(tx, shopCategories) });
    await repo.setCategoryLinks(tx, row.id, input.catalogCategoryIds);
    await recordChange(tx, ctx, { entity: 'shop_category', id: row.id, action: 'create', after: categorySnapshot(row, [...new Set(input.catalogCategoryIds)].sort()), locationId: null });
    return categoryViewOf(tx, row.id);
  });
}

/** The slug changes only when sent (a renamed category keeps its address). */
export async function updateCategory(ctx: Ctx, id: string, input: z.output<typeof updateShopCategorySchema>): Promise<ShopCategory> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, id, true);
    if (!before) throw notFound(shopMessages.categoryNotFound);
    if (input.slug !== undefined && input.slug !== before.slug && (await repo.slugTaken(tx, input.slug, id))) throw conflict(shopMessages.slugTaken);
    if (input.imageId) await checkImages(tx, [input.imageId], 'imageId');
    if (input.catalogCategoryIds) await checkCatalogCategories(tx, input.catalogCategoryIds);
    const linksBefore = await repo.linksOf(tx, id);
    const set: Partial<typeof shopCategories.$inferInsert> = {};
    for (const key of ['name', 'slug', 'imageId', 'published'] as const) if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
    const linksAfter = input.catalogCategoryIds ? [...new Set(input.catalogCategoryIds)].sort() : linksBefore;
    const linksChanged = linksAfter.join() !== linksBefore.join();
    if (!Object.keys(set).length && !linksChanged) return categoryViewOf(tx, id);
    set.updatedAt = new Date();
    const after = await repo.updateCategory(tx, id, set);
    if (linksChanged) await repo.setCategoryLinks(tx, id, linksAfter);
    await recordChange(tx, ctx, { entity: 'shop_category', id, action: 'update', before: categorySnapshot(before, linksBefore), after: categorySnapshot(after, linksAfter), locationId: null });
    return categoryViewOf(tx, id);
  });
}

export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, id, true);
    if (!before) throw notFound(shopMessages.categoryNotFound);
    const links = await repo.linksOf(tx, id);
    await repo.deleteCategory(tx, id);
    await recordChange(tx, ctx, { entity: 'shop_category', id, action: 'delete', before: categorySnapshot(before, links), locationId: null });
  });
}

export const reorderCategories = (ctx: Ctx, ids: string[]) => reorder(ctx, shopCategories, 'shop_category', ids);

// ---------------------------------------------------------------------------------------------------
// Settings

/** Before anyone saved them: no origins, no locations taking requests, requests open, Moscow time. */
export const defaultSettings = { siteName: 'Интернет-магазин', phone: null, requestLocationIds: [], allowedOrigins: [], requestsOpen: true, timezone: 'Europe/Moscow' } as const;

export function settingsOut(row: repo.SettingsRow | null): ShopSettings {
  if (!row) return { ...defaultSettings, requestLocationIds: [], allowedOrigins: [], updatedAt: null };
  return {
    siteName: row.siteName,
    phone: row.phone,
    requestLocationIds: row.requestLocationIds,
    allowedOrigins: row.allowedOrigins,
    requestsOpen: row.requestsOpen,
    timezone: row.timezone,
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * The settings as the public side reads them: per request, kept in this process for `SETTINGS_TTL_MS` at
 * most (several processes serve the API; a save here forgets this process's copy at once).
 */
const SETTINGS_TTL_MS = 2000;
const cached = new WeakMap<object, { at: number; value: ShopSettings }>();

export async function settingsOf(db: Db | Tx): Promise<ShopSettings> {
  return settingsOut(await repo.readSettings(db));
}

export async function cachedSettings(db: Db): Promise<ShopSettings> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.value;
  const value = await settingsOf(db);
  cached.set(db, { at: Date.now(), value });
  return value;
}

export const getSettings = (ctx: Ctx) => settingsOf(ctx.db);

export async function putSettings(ctx: Ctx, input: z.output<typeof putShopSettingsSchema>): Promise<ShopSettings> {
  const result = await ctx.db.transaction(async (tx) => {
    const before = settingsOut(await repo.readSettings(tx, true));
    const locationIds = [...new Set(input.requestLocationIds)];
    const found = new Set((await repo.existingLocations(tx, locationIds)).map((l) => l.id));
    if (locationIds.some((id) => !found.has(id))) throw invalidInput({ requestLocationIds: 'Магазин не найден' }, 'Магазин не найден');
    const row = await repo.upsertSettings(tx, { ...input, requestLocationIds: locationIds, allowedOrigins: [...new Set(input.allowedOrigins)] });
    const after = settingsOut(row);
    const strip = ({ updatedAt: _u, ...rest }: ShopSettings) => rest;
    await recordChange(tx, ctx, { entity: 'shop_settings', id: '1', action: 'update', before: strip(before), after: strip(after), locationId: null });
    return after;
  });
  cached.delete(ctx.db);
  return result;
}
