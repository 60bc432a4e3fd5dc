import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { products } from '../catalog/schema';
import { counterparties } from '../clients/schema';
import { locations, warehouses } from '../location/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Purchase orders (server/docs/procurement.md). `number` is «ЗП-000123», unique per location. `status`
 * is draft → ordered → partial → received, or cancelled; it follows the lines' `received` (written
 * by receiving and by the cancellation of one of the order's receipts). `closed_at` marks a partly
 * received order closed by hand: nothing more is expected. `total` is Σ qty × price (kopecks).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    number: text('number').notNull(),
    status: text('status', { enum: ['draft', 'ordered', 'partial', 'received', 'cancelled'] }).notNull().default('draft'),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    supplierId: uuid('supplier_id').references(() => counterparties.id),
    expectedAt: date('expected_at', { mode: 'string' }),
    comment: text('comment'),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    totalQty: integer('total_qty').notNull().default(0),
    receivedQty: integer('received_qty').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    authorId: uuid('author_id').references(() => employees.id),
    orderedAt: stamp('ordered_at'),
    orderedById: uuid('ordered_by_id').references(() => employees.id),
    closedAt: stamp('closed_at'),
    closedById: uuid('closed_by_id').references(() => employees.id),
    cancelledAt: stamp('cancelled_at'),
    cancelledById: uuid('cancelled_by_id').references(() => employees.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('purchase_orders_number_unique').on(t.locationId, t.number),
    index('purchase_orders_list_idx').on(t.locationId, t.createdAt),
    index('purchase_orders_status_idx').on(t.locationId, t.status, t.createdAt),
    index('purchase_orders_supplier_idx').on(t.supplierId),
    index('purchase_orders_open_idx').on(t.warehouseId).where(sql`${t.status} in ('ordered', 'partial')`),
    // The list's search anywhere in the number or the comment (`ilike '%…%'`): trigram indexes, no pending list (see catalog).
    index('purchase_orders_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('purchase_orders_comment_trgm_idx').using('gin', t.comment.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** An order's lines: one per product; `received` is what the order's posted receipts brought in. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    unique('purchase_order_lines_product_unique').on(t.orderId, t.productId),
    index('purchase_order_lines_product_idx').on(t.productId),
    check('purchase_order_lines_qty_positive', sql`${t.qty} > 0`),
    check('purchase_order_lines_received_nonnegative', sql`${t.received} >= 0`),
  ],
);

/**
 * The last purchase price of each product from each supplier: written when a receipt with a supplier is
 * posted, and recomputed from the remaining posted receipts when one is cancelled.
 */
export const supplierPrices = pgTable(
  'supplier_prices',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => counterparties.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    at: stamp('at').notNull(),
    /** The receipt the price comes from (a stock document; no foreign key, like the ledger). */
    documentId: uuid('document_id'),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.productId] }), index('supplier_prices_product_idx').on(t.productId, t.at)],
);
