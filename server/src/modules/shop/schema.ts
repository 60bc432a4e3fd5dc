import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, imageColumns, updatedAt } from '../../db/schema/columns';
import { categories, products } from '../catalog/schema';
import { locations } from '../location/schema';
import { repairOrders } from '../orders/schema';
import { sales } from '../sales/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * The online shop (server/docs/shop.md). Everything here is company-wide except requests, which belong
 * to a location or to none. Images of the site's content are one table, served publicly
 * (`/api/public/images/:id`); a record refers to them by id (an item's images as an ordered array).
 */
export const shopImages = pgTable('shop_images', { id: id(), ...imageColumns() });

/**
 * What the site shows of a product. `image_ids` in display order; `price_override` null = the product's
 * retail price; `search_text` = title, product name and SKU in lower case (ё = е).
 */
export const shopCatalogItems = pgTable(
  'shop_catalog_items',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id)
      .unique('shop_catalog_items_product_unique'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    searchText: text('search_text').notNull(),
    imageIds: uuid('image_ids').array().notNull().default(sql`'{}'::uuid[]`),
    priceOverride: money('price_override'),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_catalog_items_position_idx').on(t.position, t.id),
    // The public catalogue pages: published items in their order.
    index('shop_catalog_items_published_idx').on(t.position, t.id).where(sql`${t.published}`),
    index('shop_catalog_items_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** Device types (phones, tablets…) and brands: one ordered list each; `name_key` = lower(name) is unique. */
export const shopDeviceTypes = pgTable('shop_device_types', {
  id: id(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().unique('shop_device_types_name_unique'),
  imageId: uuid('image_id').references(() => shopImages.id, { onDelete: 'set null' }),
  position: integer('position').notNull(),
  published: boolean('published').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const shopBrands = pgTable('shop_brands', {
  id: id(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().unique('shop_brands_name_unique'),
  imageId: uuid('image_id').references(() => shopImages.id, { onDelete: 'set null' }),
  position: integer('position').notNull(),
  published: boolean('published').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A model of a type and a brand; ordered within that pair; the name is unique within it. */
export const shopModels = pgTable(
  'shop_models',
  {
    id: id(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => shopDeviceTypes.id),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => shopBrands.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    imageId: uuid('image_id').references(() => shopImages.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shop_models_name_unique').on(t.typeId, t.brandId, t.nameKey), index('shop_models_brand_idx').on(t.brandId, t.typeId, t.position)],
);

/** A model's repair price list, in display order. */
export const shopModelPrices = pgTable(
  'shop_model_prices',
  {
    id: id(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => shopModels.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    price: money('price').notNull(),
    priceFrom: boolean('price_from').notNull().default(false),
    minutes: integer('minutes'),
    position: integer('position').notNull(),
  },
  (t) => [index('shop_model_prices_model_idx').on(t.modelId, t.position)],
);

/**
 * Requests from the site. `items` is a snapshot of what the visitor ordered ([{ catalogItemId, productId,
 * title, price, qty }]); `model_name` of the model. Spam (a filled honeypot, a form sent too fast) is kept
 * with `spam = true` and never listed. `ip` is the sender's address (the rate limit and abuse review).
 */
export const shopRequests = pgTable(
  'shop_requests',
  {
    id: id(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['callback', 'repair', 'order'] }).notNull(),
    status: text('status', { enum: ['new', 'in_work', 'done', 'rejected'] }).notNull().default('new'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    modelId: uuid('model_id').references(() => shopModels.id, { onDelete: 'set null' }),
    modelName: text('model_name'),
    problem: text('problem'),
    items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
    total: money('total').notNull().default(0),
    locationId: uuid('location_id').references(() => locations.id),
    rejectReason: text('reject_reason'),
    comment: text('comment'),
    orderId: uuid('order_id').references(() => repairOrders.id),
    saleId: uuid('sale_id').references(() => sales.id),
    repeats: integer('repeats').notNull().default(0),
    lastRepeatAt: stamp('last_repeat_at'),
    spam: boolean('spam').notNull().default(false),
    ip: text('ip'),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shop_requests_number_unique').on(t.number),
    index('shop_requests_list_idx').on(t.createdAt, t.id).where(sql`not ${t.spam}`),
    index('shop_requests_location_idx').on(t.locationId, t.status, t.createdAt).where(sql`not ${t.spam}`),
    index('shop_requests_status_idx').on(t.status, t.createdAt).where(sql`not ${t.spam}`),
    // The merge of a repeat: the same phone and kind within minutes.
    index('shop_requests_phone_idx').on(t.phone, t.kind, t.createdAt),
    index('shop_requests_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** One row per public request attempt (spam and merged ones included): the per-address rate limit, shared by every process. Old rows are pruned. */
export const shopRequestHits = pgTable(
  'shop_request_hits',
  {
    id: id(),
    ip: text('ip').notNull(),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [index('shop_request_hits_ip_idx').on(t.ip, t.at), index('shop_request_hits_at_idx').on(t.at)],
);

/** The main slider. `active_from`/`active_to`: inclusive days in the settings' time zone, null = no bound. */
export const shopSlides = pgTable(
  'shop_slides',
  {
    id: id(),
    title: text('title').notNull(),
    text: text('text'),
    buttonText: text('button_text'),
    link: text('link'),
    imageId: uuid('image_id').references(() => shopImages.id, { onDelete: 'set null' }),
    activeFrom: date('active_from', { mode: 'string' }),
    activeTo: date('active_to', { mode: 'string' }),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_slides_dates_check', sql`${t.activeFrom} is null or ${t.activeTo} is null or ${t.activeFrom} <= ${t.activeTo}`)],
);

/** Storefront categories: a catalogue item appears in one through the catalogue categories linked to it. */
export const shopCategories = pgTable('shop_categories', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique('shop_categories_slug_unique'),
  imageId: uuid('image_id').references(() => shopImages.id, { onDelete: 'set null' }),
  position: integer('position').notNull(),
  published: boolean('published').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const shopCategoryLinks = pgTable(
  'shop_category_links',
  {
    shopCategoryId: uuid('shop_category_id')
      .notNull()
      .references(() => shopCategories.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shopCategoryId, t.categoryId] }), index('shop_category_links_category_idx').on(t.categoryId)],
);

/** The one row of the shop's settings (id = 1). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    siteName: text('site_name').notNull(),
    phone: text('phone'),
    requestLocationIds: uuid('request_location_ids').array().notNull().default(sql`'{}'::uuid[]`),
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    requestsOpen: boolean('requests_open').notNull().default(true),
    timezone: text('timezone').notNull().default('Europe/Moscow'),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);
