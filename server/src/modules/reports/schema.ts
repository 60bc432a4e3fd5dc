import { bigint, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cashboxes, locations } from '../location/schema';

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * The sales report's summary (server/docs/reports.md): per shop, Moscow day, seller and product category,
 * the posted sales' lines and the customer returns, kept by the database in the transactions that post,
 * cancel and return (migration 0035), never written by the code. `employee_key` / `category_key` are the
 * all-zero uuid for «no seller» / «no category». A sale counts once in `checks` (on the row of its first
 * line) and once per category it touches in `category_checks`.
 */
export const reportSalesDays = pgTable(
  'report_sales_days',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    employeeKey: uuid('employee_key').notNull(),
    categoryKey: uuid('category_key').notNull(),
    /** Σ line totals of the posted sales, kopecks. */
    sales: money('sales'),
    /** Σ their cost in the stock ledger, kopecks. */
    cost: money('cost'),
    /** Σ money back by the returns of the day, kopecks. */
    returns: money('returns'),
    /** Σ the cost the returns brought back to stock, kopecks. */
    returnCost: money('return_cost'),
    checks: integer('checks').notNull().default(0),
    categoryChecks: integer('category_checks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.day, t.employeeKey, t.categoryKey] })],
);

/**
 * The cash-flow report's summary: per cashbox, Moscow day and category (`-`: none, `transfer`: between
 * cashboxes, else the category's id), the cash ledger's income and expense (red storno: a reversal
 * reduces the side it reverses), kept by the database with `cash_movements` (migration 0036).
 */
export const reportCashDays = pgTable(
  'report_cash_days',
  {
    cashboxId: uuid('cashbox_id')
      .notNull()
      .references(() => cashboxes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    categoryKey: text('category_key').notNull(),
    income: money('income'),
    expense: money('expense'),
  },
  (t) => [primaryKey({ columns: [t.cashboxId, t.day, t.categoryKey] })],
);

/**
 * The stock report's totals at the end of a past Moscow day for one set of filters (`scope`: the
 * warehouses, category, search and slow movers' days), kept once computed: the ledger before a past day
 * does not change (its rows are written at the moment of posting), so the comparison with a month before
 * is replayed from the ledger once, not at every view. A ledger row written with an earlier moment (a
 * data load) drops every kept day from its own on (trigger in migration 0039). server/docs/reports.md «Stock».
 */
export const reportStockPast = pgTable(
  'report_stock_past',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope').notNull(),
    qty: money('qty'),
    value: money('value'),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope] })],
);

/**
 * Snapshots of the whole stock at the end of some past Moscow days (server/docs/reports.md «Stock»,
 * stock-past.ts): a past day is read from the nearest snapshot plus the few ledger rows between, never
 * replayed from today or the ledger's start. Written on first use, only where no snapshot (nor the
 * ledger's start) is within `snapshotSpacing` ledger rows, so they stay that many rows apart; dropped with
 * their pools and totals by the same trigger as `report_stock_past` when a row is written with an earlier
 * moment (migration 0041).
 */
export const reportStockSnapshots = pgTable('report_stock_snapshots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  /** Goods with stock or a sale (its `report_stock_snapshot_pools` rows). */
  goods: integer('goods').notNull(),
});

/**
 * Each product's pool at a snapshot's day: units (in transit too) and value, the units in warehouses and
 * their value (the pool less the transit's share), the last sale up to then, and its buckets: the
 * warehouses with its units (by id), their units and their shares of the pool (valuation.ts's split).
 * Goods with stock, or sold once.
 */
export const reportStockSnapshotPools = pgTable(
  'report_stock_snapshot_pools',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => reportStockSnapshots.day, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    qty: integer('qty').notNull(),
    value: money('value'),
    whQty: integer('wh_qty').notNull(),
    whValue: money('wh_value'),
    lastSaleAt: timestamp('last_sale_at', { withTimezone: true, mode: 'string' }),
    whIds: uuid('wh_ids').array().notNull(),
    whQtys: integer('wh_qtys').array().notNull(),
    whValues: bigint('wh_values', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** Σ of a snapshot's buckets per warehouse (its slices by warehouse with nothing filtered). */
export const reportStockSnapshotTotals = pgTable(
  'report_stock_snapshot_totals',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => reportStockSnapshots.day, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id').notNull(),
    qty: money('qty'),
    value: money('value'),
  },
  (t) => [primaryKey({ columns: [t.day, t.warehouseId] })],
);
