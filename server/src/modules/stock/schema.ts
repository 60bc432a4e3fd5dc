import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, check, index, integer, pgTable, pgView, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { categories, products } from '../catalog/schema';
import { counterparties } from '../clients/schema';
import { locations, warehouses } from '../location/schema';
import { purchaseOrders } from '../procurement/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Stock documents of every type in one table (server/docs/stock.md). A document belongs to a location
 * (`location_id`, the `Shop` it was made in); `warehouse_id` is its warehouse (a transfer's source),
 * `to_warehouse_id` a transfer's destination. `number` is «ПР-000123», unique per location and type.
 */
export const stockDocuments = pgTable(
  'stock_documents',
  {
    id: id(),
    type: text('type', { enum: ['receipt', 'write_off', 'transfer', 'stocktake', 'supplier_return'] }).notNull(),
    number: text('number').notNull(),
    status: text('status', { enum: ['draft', 'posted', 'in_transit', 'received', 'cancelled'] }).notNull().default('draft'),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    toWarehouseId: uuid('to_warehouse_id').references(() => warehouses.id),
    toLocationId: uuid('to_location_id').references(() => locations.id),
    supplierId: uuid('supplier_id').references(() => counterparties.id),
    receiptId: uuid('receipt_id').references((): AnyPgColumn => stockDocuments.id),
    /** A receipt posted by receiving against a purchase order (procurement). */
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    copiedFromId: uuid('copied_from_id').references((): AnyPgColumn => stockDocuments.id, { onDelete: 'set null' }),
    reason: text('reason'),
    comment: text('comment'),
    authorId: uuid('author_id').references(() => employees.id),
    postedAt: stamp('posted_at'),
    postedById: uuid('posted_by_id').references(() => employees.id),
    receivedAt: stamp('received_at'),
    receivedById: uuid('received_by_id').references(() => employees.id),
    cancelledAt: stamp('cancelled_at'),
    cancelledById: uuid('cancelled_by_id').references(() => employees.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('stock_documents_number_unique').on(t.locationId, t.type, t.number),
    index('stock_documents_list_idx').on(t.locationId, t.type, t.createdAt),
    index('stock_documents_to_location_idx').on(t.toLocationId, t.type),
    index('stock_documents_receipt_idx').on(t.receiptId),
    index('stock_documents_purchase_order_idx').on(t.purchaseOrderId),
  ],
);

/**
 * A document's lines. `qty` as typed (stocktake: the counted quantity goes in `counted`, `qty` is the
 * difference once posted); `cost` the unit cost typed on a receipt; `value` what the line moved when
 * posted (kopecks, ≥ 0); `expected` a stocktake's balance at posting; `received` a transfer's arrival.
 */
export const stockDocumentLines = pgTable(
  'stock_document_lines',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => stockDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull().default(0),
    cost: bigint('cost', { mode: 'number' }),
    value: bigint('value', { mode: 'number' }),
    serials: text('serials').array().notNull().default([]),
    expected: integer('expected'),
    counted: integer('counted'),
    received: integer('received'),
  },
  (t) => [
    unique('stock_document_lines_product_unique').on(t.documentId, t.productId),
    index('stock_document_lines_product_idx').on(t.productId),
    // Device history: the documents whose lines carry a serial (`serials && array[…]`).
    index('stock_document_lines_serials_idx').using('gin', t.serials),
  ],
);

/**
 * The stock ledger: immutable rows, `seq` is the posting order. `warehouse_id` null means «in transit»
 * inside the transfer `document_id`. Signed `qty` and `value` (kopecks). `cancellation` marks the
 * reversing rows of a cancelled document; a zero-quantity row is a revaluation (stock-valuation.md).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: stamp('at').notNull().defaultNow(),
    // The document whose posting wrote the row: a stock document, or a repair order / sale that moves
    // goods (`document_type` says which table; no foreign key, the ledger outlives the shape of documents).
    documentId: uuid('document_id').notNull(),
    documentType: text('document_type', { enum: ['receipt', 'write_off', 'transfer', 'stocktake', 'supplier_return', 'repair_order', 'sale'] }).notNull(),
    number: text('number').notNull(),
    cancellation: boolean('cancellation').notNull().default(false),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.seq),
    index('stock_movements_warehouse_idx').on(t.warehouseId, t.seq),
    index('stock_movements_document_idx').on(t.documentId),
    // The stock report at a past date: the rows after it.
    index('stock_movements_at_idx').on(t.at),
  ],
);

/** Balances per warehouse × product, written with the ledger in one transaction (never below zero). */
export const stockBalances = pgTable(
  'stock_balances',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId] }),
    index('stock_balances_product_idx').on(t.productId),
    check('stock_balances_qty_nonnegative', sql`${t.qty} >= 0`),
    check('stock_balances_reserved_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.qty}`),
  ],
);

/**
 * Running totals of each warehouse's stock for the balances page: rows with stock, units and value at
 * cost (`stock_balance_values`). The posting engine adds each
 * posting's difference to one of `STOCK_TOTAL_SHARDS` rows per warehouse chosen at random, so postings
 * in one warehouse do not queue on one row; a reader sums the shards. Always equal to a recount (tested).
 */
export const stockTotals = pgTable(
  'stock_totals',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    shard: integer('shard').notNull(),
    rows: integer('rows').notNull().default(0),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.shard] })],
);

/**
 * The value of each balance row, and of each product's units in transit (`warehouse_id` null): the pool's
 * value split by quantity with the largest remainder, as valuation.ts `warehouseValues`. A view written
 * in migration 0008 (`existing`: drizzle-kit leaves it alone); filter it by product id.
 */
export const stockBalanceValues = pgView('stock_balance_values', {
  productId: uuid('product_id').notNull(),
  warehouseId: uuid('warehouse_id'),
  qty: integer('qty').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
}).existing();

/**
 * The company-wide pool of a product (valuation.ts): quantity (in transit included) and value; the
 * row is locked (FOR UPDATE) by every posting that touches the product, which serialises them.
 */
export const stockPools = pgTable(
  'stock_pools',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id),
    qty: integer('qty').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /** The last average (kopecks) for display at Q = 0; null if never received. */
    lastAverage: bigint('last_average', { mode: 'number' }),
    /** The last time units went out to a sale or a repair order (slow movers, server/docs/reports.md); kept by the database with the ledger. */
    lastSaleAt: stamp('last_sale_at'),
  },
  (t) => [check('stock_pools_nonnegative', sql`${t.qty} >= 0 AND ${t.value} >= 0`)],
);

/** Where each serial number is: in a warehouse, in transit (inside a transfer), or gone. */
export const stockSerials = pgTable(
  'stock_serials',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    serial: text('serial').notNull(),
    status: text('status', { enum: ['in_stock', 'in_transit', 'gone'] }).notNull(),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id),
    /** The document that last moved it (a stock document, a repair order or a sale: no foreign key). */
    documentId: uuid('document_id'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.serial] }), index('stock_serials_serial_idx').on(t.serial), index('stock_serials_warehouse_idx').on(t.warehouseId)],
);

/** Document counters per location and kind (`receipt`, … and later cash documents): the last number given. */
export const documentCounters = pgTable(
  'document_counters',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    kind: text('kind').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.kind] })],
);
