import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, check, index, jsonb, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { counterparties } from '../clients/schema';
import { cashboxes, locations } from '../location/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Money (server/docs/finance.md). Cashboxes are the location's (`cashboxes`, location/schema.ts). Money
 * moves only through operations; each writes immutable rows into `cash_movements` and updates
 * `cash_balances` in the same transaction (ledger = balances, like the stock ledger).
 */

/**
 * Income and expense categories: a company-wide tree per kind. `code` marks the categories the system
 * itself posts to (shift shortage / surplus, opening difference); they cannot be renamed away or deleted.
 */
export const financeCategories = pgTable(
  'finance_categories',
  {
    id: id(),
    kind: text('kind', { enum: ['income', 'expense'] }).notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => financeCategories.id),
    code: text('code'),
    position: integer('position').notNull().default(0),
    archivedAt: stamp('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('finance_categories_parent_idx').on(t.parentId), uniqueIndex('finance_categories_code_unique').on(t.code).where(sql`${t.code} is not null`)],
);

/**
 * A cashbox's balance in kopecks: never below zero (the CHECK is the last line; the service refuses first).
 * `rows`, `total_in`, `total_out` are the running count and turnover of its ledger rows (red storno: a
 * reversal row reduces the side it reverses), kept by the engine with the balance, so the unfiltered
 * ledger's total and turnover are O(cashboxes).
 */
export const cashBalances = pgTable(
  'cash_balances',
  {
    cashboxId: uuid('cashbox_id')
      .primaryKey()
      .references(() => cashboxes.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    totalIn: bigint('total_in', { mode: 'number' }).notNull().default(0),
    totalOut: bigint('total_out', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('cash_balances_non_negative', sql`${t.balance} >= 0`)],
);

/**
 * Cash shifts of a cash cashbox: opened with the counted float, closed with the counted amount. Only one
 * open shift per cashbox (the partial unique index). `expected`, `counted`, `difference` are set on close;
 * `difference_operation_id` is the shortage / surplus operation it posted (none when the count matched).
 */
export const cashShifts = pgTable(
  'cash_shifts',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    cashboxId: uuid('cashbox_id')
      .notNull()
      .references(() => cashboxes.id),
    number: text('number').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    float: bigint('float', { mode: 'number' }).notNull(),
    openedAt: stamp('opened_at').notNull().defaultNow(),
    openedById: uuid('opened_by_id').references(() => employees.id),
    closedAt: stamp('closed_at'),
    closedById: uuid('closed_by_id').references(() => employees.id),
    expected: bigint('expected', { mode: 'number' }),
    counted: bigint('counted', { mode: 'number' }),
    difference: bigint('difference', { mode: 'number' }),
    differenceOperationId: uuid('difference_operation_id'),
  },
  (t) => [
    uniqueIndex('cash_shifts_one_open').on(t.cashboxId).where(sql`${t.status} = 'open'`),
    index('cash_shifts_cashbox_idx').on(t.cashboxId, t.openedAt),
    index('cash_shifts_location_idx').on(t.locationId, t.openedAt),
  ],
);

/**
 * A money operation (the document): income («ПКО-000042»), expense («РКО-000042») or a transfer between
 * cashboxes («ПМ-000042», also between locations), numbered per location and kind. Never edited:
 * cancelling writes the reversal rows and sets `status` = cancelled. `document_*` links the document
 * it pays for (a repair order, a sale, a stock receipt), when there is one.
 */
export const cashOperations = pgTable(
  'cash_operations',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    kind: text('kind', { enum: ['income', 'expense', 'transfer'] }).notNull(),
    number: text('number').notNull(),
    status: text('status', { enum: ['posted', 'cancelled'] }).notNull().default('posted'),
    cashboxId: uuid('cashbox_id')
      .notNull()
      .references(() => cashboxes.id),
    toCashboxId: uuid('to_cashbox_id').references(() => cashboxes.id),
    toLocationId: uuid('to_location_id').references(() => locations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    categoryId: uuid('category_id').references(() => financeCategories.id),
    clientId: uuid('client_id').references(() => counterparties.id),
    comment: text('comment'),
    documentType: text('document_type'),
    documentId: uuid('document_id'),
    documentNumber: text('document_number'),
    shiftId: uuid('shift_id').references(() => cashShifts.id),
    toShiftId: uuid('to_shift_id').references(() => cashShifts.id),
    copiedFromId: uuid('copied_from_id').references((): AnyPgColumn => cashOperations.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => employees.id),
    at: stamp('at').notNull().defaultNow(),
    cancelledAt: stamp('cancelled_at'),
    cancelledById: uuid('cancelled_by_id').references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('cash_operations_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('cash_operations_number_unique').on(t.locationId, t.kind, t.number),
    index('cash_operations_location_idx').on(t.locationId, t.at),
    index('cash_operations_client_idx').on(t.clientId, t.at),
    index('cash_operations_shift_idx').on(t.shiftId),
    index('cash_operations_document_idx').on(t.documentId),
    index('cash_operations_to_location_idx').on(t.toLocationId, t.at).where(sql`${t.toLocationId} is not null`),
  ],
);

/**
 * The cash ledger: immutable rows, `seq` is the posting order. `amount` is signed (+ in, − out) and
 * `balance_after` is the cashbox's balance right after the row (rows of one cashbox are written under its
 * balance row's lock, so the running balance is exact and a ledger page reads it, not sums it).
 * `cancellation` marks a reversal's rows.
 */
export const cashMovements = pgTable(
  'cash_movements',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: stamp('at').notNull().defaultNow(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => cashOperations.id),
    cashboxId: uuid('cashbox_id')
      .notNull()
      .references(() => cashboxes.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    cancellation: boolean('cancellation').notNull().default(false),
    /** Copied from the operation, so the ledger filters without a join. */
    categoryId: uuid('category_id'),
    clientId: uuid('client_id'),
  },
  (t) => [
    index('cash_movements_cashbox_idx').on(t.cashboxId, t.seq),
    index('cash_movements_operation_idx').on(t.operationId),
    index('cash_movements_category_idx').on(t.categoryId, t.seq),
    index('cash_movements_client_idx').on(t.clientId, t.seq),
    index('cash_movements_at_idx').on(t.cashboxId, t.at),
  ],
);

/**
 * `Idempotency-Key` of money-moving calls: the key is inserted in the call's own transaction, so a second
 * call with the same key waits for the first to commit and then answers the stored result (or, when the
 * first rolled back, runs itself). Keys are per employee; `request_hash` refuses the same key reused for a
 * different request (422-style 409).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
