import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { products } from '../catalog/schema';
import { counterparties } from '../clients/schema';
import { cashOperations } from '../finance/schema';
import { cashboxes, locations, warehouses } from '../location/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Sales at the counter (server/docs/sales.md): draft → posted → cancelled. Posting writes the goods off
 * through the stock engine (the ledger names the sale), the payments in through the finance service
 * (cash operations linked to the sale) and the charge into the client's ledger. Returns are documents of
 * their own against a sale, at any location of the company.
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    number: text('number').notNull(),
    status: text('status', { enum: ['draft', 'posted', 'cancelled'] }).notNull().default('draft'),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    clientId: uuid('client_id').references(() => counterparties.id),
    /** Who sold it (the author). */
    employeeId: uuid('employee_id').references(() => employees.id),
    /** The whole-sale discount as asked: `{ percent }` or `{ amount }`, null for none. */
    saleDiscount: jsonb('sale_discount').$type<{ percent: number } | { amount: number }>(),
    /** Gross of the lines (qty × price), kopecks. */
    subtotal: money('subtotal').notNull().default(0),
    /** Every discount of the lines (their own and the whole-sale share), kopecks. */
    discount: money('discount').notNull().default(0),
    total: money('total').notNull().default(0),
    /** Money taken at the counter (the payments), kopecks. */
    paid: money('paid').notNull().default(0),
    creditOfferId: uuid('credit_offer_id'),
    creditMonths: integer('credit_months'),
    /** The partner's share (expected from them), kopecks. */
    creditAmount: money('credit_amount').notNull().default(0),
    /** When the partner's money arrived (a cash operation into a bank cashbox); null while it is expected. */
    creditConfirmedAt: stamp('credit_confirmed_at'),
    creditOperationId: uuid('credit_operation_id').references(() => cashOperations.id),
    /** Money back by the returns, kopecks. */
    returned: money('returned').notNull().default(0),
    /** The payment methods used (for the list's filter), kept with the payments. */
    methods: text('methods').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The sale's payments (`sale_payments` without `return_id`) by method, kopecks: kept by a trigger on
     * `sale_payments` (migration 0028), never written by the code. The journal's totals by method.
     */
    paidCash: money('paid_cash').notNull().default(0),
    paidCard: money('paid_card').notNull().default(0),
    paidTransfer: money('paid_transfer').notNull().default(0),
    approvedById: uuid('approved_by_id').references(() => employees.id),
    comment: text('comment'),
    postedAt: stamp('posted_at'),
    cancelledAt: stamp('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_number_unique').on(t.locationId, t.number),
    // The journal: a shop's sales by their day (posted, else created), as the list filters and sorts them;
    // a month's page and its totals read one range of it (server/bench/sales.ts).
    index('sales_location_day_idx').on(t.locationId, sql`coalesce(${t.postedAt}, ${t.createdAt})`, t.id),
    index('sales_location_created_idx').on(t.locationId, t.createdAt),
    index('sales_client_idx').on(t.clientId),
    index('sales_employee_idx').on(t.employeeId),
    // Partners' money still expected, by shop.
    index('sales_credit_pending_idx').on(t.locationId).where(sql`${t.creditAmount} > 0 and ${t.creditConfirmedAt} is null and ${t.status} = 'posted'`),
    // A number typed from its start («ПД-0001…»): a prefix range (the unique index cannot serve LIKE under a
    // non-C collation).
    index('sales_number_prefix_idx').on(t.locationId, t.number.op('text_pattern_ops')),
    index('sales_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * The journal's totals by shop and hour (server/docs/sales.md, «Scale»): the hour is
 * `date_bin('1 hour', coalesce(posted_at, created_at), '2000-01-01 00:00+00')`; `count` is the sales that
 * are not cancelled (drafts too), the sums are over the posted ones. Kept by a deferred trigger on `sales`
 * (migration 0028), never written by the code; the list reads it for the whole hours of a range filtered
 * by dates only.
 */
export const salesHourly = pgTable(
  'sales_hourly',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    hour: stamp('hour').notNull(),
    count: integer('count').notNull().default(0),
    total: money('total').notNull().default(0),
    discount: money('discount').notNull().default(0),
    returned: money('returned').notNull().default(0),
    paidCash: money('paid_cash').notNull().default(0),
    paidCard: money('paid_card').notNull().default(0),
    paidTransfer: money('paid_transfer').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.hour] })],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: id(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    isService: boolean('is_service').notNull().default(false),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    /** The line's own discount as asked. */
    lineDiscount: jsonb('line_discount').$type<{ percent: number } | { amount: number }>(),
    /** The whole discount of the line (own + share of the sale's), kopecks. */
    discount: money('discount').notNull().default(0),
    total: money('total').notNull(),
    serials: text('serials').array().notNull().default(sql`'{}'::text[]`),
    /** The cost the sale took at posting (the stock ledger's value), kopecks; a return brings it back by units. */
    cost: money('cost'),
    returnedQty: integer('returned_qty').notNull().default(0),
  },
  (t) => [index('sale_lines_sale_idx').on(t.saleId, t.position), index('sale_lines_product_idx').on(t.productId)],
);

export const salePayments = pgTable(
  'sale_payments',
  {
    id: id(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    /** Null for a return's refund row (`returnId` set). */
    returnId: uuid('return_id'),
    method: text('method', { enum: ['cash', 'card', 'transfer'] }).notNull(),
    cashboxId: uuid('cashbox_id')
      .notNull()
      .references(() => cashboxes.id),
    /** Positive: money in; a refund is negative. */
    amount: money('amount').notNull(),
    operationId: uuid('operation_id').references(() => cashOperations.id),
    createdAt: createdAt(),
  },
  (t) => [index('sale_payments_sale_idx').on(t.saleId), index('sale_payments_return_idx').on(t.returnId)],
);

/** A customer return against a posted sale: goods back into a warehouse of the location, money out. */
export const saleReturns = pgTable(
  'sale_returns',
  {
    id: id(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    number: text('number').notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** Money back, kopecks (the lines' share of what the client paid for them). */
    amount: money('amount').notNull(),
    authorId: uuid('author_id').references(() => employees.id),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sale_returns_number_unique').on(t.locationId, t.number), index('sale_returns_sale_idx').on(t.saleId)],
);

export const saleReturnLines = pgTable(
  'sale_return_lines',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => saleReturns.id, { onDelete: 'cascade' }),
    saleLineId: uuid('sale_line_id')
      .notNull()
      .references(() => saleLines.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    /** Money back for these units, kopecks. */
    amount: money('amount').notNull(),
    /** The cost they come back at (the sale's, by units), kopecks. */
    value: money('value').notNull(),
    serials: text('serials').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('sale_return_lines_return_idx').on(t.returnId), index('sale_return_lines_line_idx').on(t.saleLineId)],
);
