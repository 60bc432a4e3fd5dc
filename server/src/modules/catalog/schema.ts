import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, imageColumns, updatedAt } from '../../db/schema/columns';
import { warehouses } from '../location/schema';

/**
 * The catalogue's tree: two levels. A sub-category's parent is a top-level category (the service
 * checks it under a lock, see service.ts); the catalogue is company-wide, so no location column.
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

/**
 * Goods and services. `DELETE` archives (`archived_at`): the stock ledger will refer to products, so a
 * product row is never removed. `sku_key` (normalised SKU) is unique across the whole catalogue,
 * archive included; `search_name` is the normalised name the search matches (lower case, ё = е),
 * computed in code so both PostgreSQL and PGlite compare Russian text the same whatever their locale.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    kind: text('kind', { enum: ['good', 'service'] }).notNull().default('good'),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    sku: text('sku'),
    skuKey: text('sku_key').unique('products_sku_key_unique'),
    unit: text('unit').notNull().default('шт'),
    /** Retail price, kopecks. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    serialTracked: boolean('serial_tracked').notNull().default(false),
    warrantyDays: integer('warranty_days').notNull().default(0),
    description: text('description'),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    // Lists walk the catalogue in name order (ties by id) and stop at the page: no sort of the whole table.
    index('products_search_order_idx').on(t.searchName, t.id),
    // Search matches anywhere in the name or SKU (`like '%…%'`): trigram indexes (pg_trgm, migration 0006),
    // without GIN's pending list (fastupdate): after a bulk import, search stays fast before any vacuum.
    index('products_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('products_sku_key_trgm_idx').using('gin', t.skuKey.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** A product's barcodes: a barcode belongs to one product at most (its primary key). */
export const productBarcodes = pgTable(
  'product_barcodes',
  {
    barcode: text('barcode').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_barcodes_product_idx').on(t.productId),
    index('product_barcodes_trgm_idx').using('gin', sql`lower(${t.barcode}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/**
 * Minimum stock of a good per warehouse (only minimums above zero are stored); goes with its warehouse.
 * `on_hand` is the warehouse's balance of the good, kept by database triggers (migration 0032: a
 * statement trigger on `stock_balances`, a row trigger here), so the goods under their minimum are one
 * partial index away (`product_min_stock_short_idx`: the reorder suggestions of a 100k-goods warehouse).
 */
export const productMinStock = pgTable(
  'product_min_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    onHand: integer('on_hand').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.warehouseId] }),
    index('product_min_stock_warehouse_idx').on(t.warehouseId),
    index('product_min_stock_short_idx').on(t.warehouseId).where(sql`${t.qty} > ${t.onHand}`),
  ],
);

/** A product's photos: re-encoded bytes and a WebP thumbnail (location/images.ts), in `position` order. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ...imageColumns(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);
