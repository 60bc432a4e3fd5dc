import {
  shopMessages,
  type PublicCatalogItem,
  type PublicCatalogPage,
  type PublicDeviceTree,
  type PublicModelPrices,
  type PublicShopInfo,
  type publicCatalogQuerySchema,
} from '@repo/contracts';
import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, products, shopBrands, shopCatalogItems, shopCategories, shopCategoryLinks, shopDeviceTypes, shopModelPrices, shopModels, shopSlides } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import * as repo from './content-repository';
import { cachedSettings, imageUrl, slideActive, todayIn } from './content-service';

/**
 * The public storefront API's reads (server/docs/shop.md): published content only, and only the fields a
 * visitor may see — never cost, quantities, staff data, internal notes, or anything unpublished.
 */

type PublicImage = { url: string; thumbnailUrl: string; width: number; height: number };
const publicImage = (images: Map<string, repo.ImageMeta>, id: string | null): PublicImage | null => {
  const m = id ? images.get(id) : undefined;
  return m ? { url: imageUrl(m.id), thumbnailUrl: `${imageUrl(m.id)}/thumbnail`, width: m.width, height: m.height } : null;
};

/** What a visitor may see of a catalogue item: published, of a product not archived. */
const visibleItem = and(eq(shopCatalogItems.published, true), sql`${products.archivedAt} is null`)!;

/**
 * Published storefront categories with the catalogue categories each covers (linked ones and those under
 * them), in their order: one small query per answer.
 */
async function storefrontCategories(db: Db): Promise<Array<{ slug: string; categoryIds: Set<string> }>> {
  const rows = rowsOf<{ slug: string; category_id: string | null }>(
    await db.execute(sql`with recursive tree(shop_category_id, id) as (
        select l.shop_category_id, l.category_id from ${shopCategoryLinks} l
        union select tree.shop_category_id, c.id from ${categories} c join tree on c.parent_id = tree.id
      )
      select s.slug, tree.id as category_id from ${shopCategories} s left join tree on tree.shop_category_id = s.id
      where s.published order by s.position, s.id`),
  );
  const bySlug = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!bySlug.has(r.slug)) bySlug.set(r.slug, new Set());
    if (r.category_id) bySlug.get(r.slug)!.add(r.category_id);
  }
  return [...bySlug].map(([slug, categoryIds]) => ({ slug, categoryIds }));
}

const itemColumns = {
  id: shopCatalogItems.id,
  title: shopCatalogItems.title,
  description: shopCatalogItems.description,
  imageIds: shopCatalogItems.imageIds,
  priceOverride: shopCatalogItems.priceOverride,
  retailPrice: products.price,
  categoryId: products.categoryId,
  inStock: repo.inStockSql,
};
type ItemRow = { id: string; title: string; description: string; imageIds: string[]; priceOverride: number | null; retailPrice: number; categoryId: string | null; inStock: boolean };

async function itemsOut(db: Db, rows: ItemRow[], cats: Array<{ slug: string; categoryIds: Set<string> }>): Promise<PublicCatalogItem[]> {
  const images = await repo.imageMetas(db, rows.flatMap((r) => r.imageIds));
  return rows.map((r) => {
    const retail = Number(r.retailPrice) > 0 ? Number(r.retailPrice) : null;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      images: r.imageIds.map((id) => publicImage(images, id)).filter((i) => i !== null),
      price: r.priceOverride !== null ? Number(r.priceOverride) : retail,
      inStock: Boolean(r.inStock),
      categories: r.categoryId ? cats.filter((c) => c.categoryIds.has(r.categoryId!)).map((c) => c.slug) : [],
    };
  });
}

/**
 * `GET /api/public/catalog`: published items in their order; an unknown or unpublished category is an
 * empty page. Paged on the items alone (the partial index on published items, by position): the few
 * published items of archived products are looked up first and left out by id, so neither the page nor
 * the count joins 20k products; the details (and the stock subquery) are read for the page's rows only.
 */
export async function catalog(db: Db, q: z.output<typeof publicCatalogQuerySchema>): Promise<PublicCatalogPage> {
  const cats = await storefrontCategories(db);
  const hidden = (
    await db
      .select({ id: shopCatalogItems.id })
      .from(shopCatalogItems)
      .innerJoin(products, eq(products.id, shopCatalogItems.productId))
      .where(and(eq(shopCatalogItems.published, true), sql`${products.archivedAt} is not null`))
  ).map((r) => r.id);
  const where: SQL[] = [eq(shopCatalogItems.published, true)];
  if (hidden.length) where.push(notInArray(shopCatalogItems.id, hidden));
  if (q.category !== undefined) {
    const cat = cats.find((c) => c.slug === q.category);
    if (!cat || !cat.categoryIds.size) return { items: [], total: 0 };
    where.push(inArray(shopCatalogItems.productId, db.select({ id: products.id }).from(products).where(inArray(products.categoryId, [...cat.categoryIds]))));
  }
  if (q.search) where.push(sql`${shopCatalogItems.searchText} like ${repo.searchPatternOf(q.search)}`);
  const cond = and(...where);
  const [page, [{ total }]] = await Promise.all([
    db
      .select({ id: shopCatalogItems.id })
      .from(shopCatalogItems)
      .where(cond)
      .orderBy(asc(shopCatalogItems.position), asc(shopCatalogItems.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(shopCatalogItems).where(cond),
  ]);
  const ids = page.map((r) => r.id);
  const details = ids.length
    ? ((await db.select(itemColumns).from(shopCatalogItems).innerJoin(products, eq(products.id, shopCatalogItems.productId)).where(inArray(shopCatalogItems.id, ids))) as ItemRow[])
    : [];
  const byId = new Map(details.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  return { items: await itemsOut(db, rows, cats), total: Number(total) };
}

/** One published item; unpublished, archived and unknown are the same 404. */
export async function catalogItem(db: Db, id: string): Promise<PublicCatalogItem> {
  const rows = await db
    .select(itemColumns)
    .from(shopCatalogItems)
    .innerJoin(products, eq(products.id, shopCatalogItems.productId))
    .where(and(eq(shopCatalogItems.id, id), visibleItem));
  if (!rows.length) throw notFound(shopMessages.productNotFound);
  const [item] = await itemsOut(db, rows as ItemRow[], await storefrontCategories(db));
  return item;
}

export async function categoryList(db: Db) {
  const rows = await db
    .select({ id: shopCategories.id, name: shopCategories.name, slug: shopCategories.slug, imageId: shopCategories.imageId })
    .from(shopCategories)
    .where(eq(shopCategories.published, true))
    .orderBy(asc(shopCategories.position), asc(shopCategories.id));
  const images = await repo.imageMetas(db, rows.flatMap((r) => (r.imageId ? [r.imageId] : [])));
  return { items: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, image: publicImage(images, r.imageId) })) };
}

/** Published slides whose dates hold today in the settings' time zone, in their order. */
export async function slideList(db: Db) {
  const today = todayIn((await cachedSettings(db)).timezone);
  const rows = (await db.select().from(shopSlides).where(eq(shopSlides.published, true)).orderBy(asc(shopSlides.position), asc(shopSlides.id))).filter((s) => slideActive(s, today));
  const images = await repo.imageMetas(db, rows.flatMap((r) => (r.imageId ? [r.imageId] : [])));
  return { items: rows.map((s) => ({ id: s.id, title: s.title, text: s.text, buttonText: s.buttonText, link: s.link, image: publicImage(images, s.imageId) })) };
}

/** The published tree: published types → published brands with published models of that type → those models. */
export async function deviceTree(db: Db): Promise<PublicDeviceTree> {
  const rows = await db
    .select({
      typeId: shopDeviceTypes.id,
      typeName: shopDeviceTypes.name,
      typeImage: shopDeviceTypes.imageId,
      brandId: shopBrands.id,
      brandName: shopBrands.name,
      brandImage: shopBrands.imageId,
      modelId: shopModels.id,
      modelName: shopModels.name,
      modelImage: shopModels.imageId,
      minPrice: sql<number | null>`(select min(p.price) filter (where p.price > 0)::bigint from ${shopModelPrices} p where p.model_id = ${shopModels.id})`,
    })
    .from(shopModels)
    .innerJoin(shopDeviceTypes, eq(shopDeviceTypes.id, shopModels.typeId))
    .innerJoin(shopBrands, eq(shopBrands.id, shopModels.brandId))
    .where(and(eq(shopModels.published, true), eq(shopDeviceTypes.published, true), eq(shopBrands.published, true)))
    .orderBy(asc(shopDeviceTypes.position), asc(shopDeviceTypes.id), asc(shopBrands.position), asc(shopBrands.id), asc(shopModels.position), asc(shopModels.id));
  const images = await repo.imageMetas(db, rows.flatMap((r) => [r.typeImage, r.brandImage, r.modelImage].filter((x) => x !== null)));
  const types: PublicDeviceTree['types'] = [];
  for (const r of rows) {
    let type = types.at(-1);
    if (type?.id !== r.typeId) types.push((type = { id: r.typeId, name: r.typeName, image: publicImage(images, r.typeImage), brands: [] }));
    let brand = type.brands.at(-1);
    if (brand?.id !== r.brandId) type.brands.push((brand = { id: r.brandId, name: r.brandName, image: publicImage(images, r.brandImage), models: [] }));
    brand.models.push({ id: r.modelId, name: r.modelName, image: publicImage(images, r.modelImage), minPrice: r.minPrice === null ? null : Number(r.minPrice) });
  }
  return { types };
}

/** A published model (of a published type and brand) with its price list; anything else is 404. */
export async function modelPrices(db: Db, id: string): Promise<PublicModelPrices> {
  const [m] = await db
    .select({ id: shopModels.id, name: shopModels.name, imageId: shopModels.imageId, typeName: shopDeviceTypes.name, brandName: shopBrands.name })
    .from(shopModels)
    .innerJoin(shopDeviceTypes, eq(shopDeviceTypes.id, shopModels.typeId))
    .innerJoin(shopBrands, eq(shopBrands.id, shopModels.brandId))
    .where(and(eq(shopModels.id, id), eq(shopModels.published, true), eq(shopDeviceTypes.published, true), eq(shopBrands.published, true)));
  if (!m) throw notFound(shopMessages.modelNotFound);
  const images = await repo.imageMetas(db, m.imageId ? [m.imageId] : []);
  const prices = (await repo.prices(db, id)).map((p) => ({ service: p.service, price: Number(p.price), priceFrom: p.priceFrom, minutes: p.minutes }));
  return { model: { id: m.id, name: m.name, typeName: m.typeName, brandName: m.brandName, image: publicImage(images, m.imageId) }, prices };
}

/** The header and the forms: the site's name and phone, whether requests are open, the locations that take them. */
export async function info(db: Db): Promise<PublicShopInfo> {
  const s = await cachedSettings(db);
  const found = await repo.existingLocations(db, s.requestLocationIds);
  const order = new Map(s.requestLocationIds.map((id, i) => [id, i]));
  const locations = found.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((l) => ({ id: l.id, name: l.name, address: l.address }));
  return { siteName: s.siteName, phone: s.phone, requestsOpen: s.requestsOpen, locations };
}

export async function image(db: Db, id: string, thumbnail: boolean) {
  const found = await repo.imageBytes(db, id, thumbnail);
  if (!found) throw notFound(shopMessages.imageNotFound);
  return found;
}
