import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { cashOperations } from '../finance/schema';
import { cashboxes, locations } from '../location/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The commission ledger (server/docs/payroll.md): one row per document, employee and rule, written in the
 * transaction that issues a repair order or posts a sale, with the percent of the employee's scheme then
 * (`percent_bp`: hundredths of a percent) and the amount rounded half up to the kopeck. A take-back (a
 * return, a cancelled sale, a re-opened order) is a row of the opposite sign dated when it happens.
 */
export const payrollCommissions = pgTable(
  'payroll_commissions',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    kind: text('kind', { enum: ['services_percent', 'parts_margin_percent', 'sales_percent', 'sales_margin_percent'] }).notNull(),
    documentType: text('document_type', { enum: ['repair_order', 'sale', 'sale_return'] }).notNull(),
    documentId: uuid('document_id').notNull(),
    number: text('number').notNull(),
    at: stamp('at').notNull(),
    basis: bigint('basis', { mode: 'number' }).notNull(),
    percentBp: integer('percent_bp').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reversal: boolean('reversal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('payroll_commissions_employee_at_idx').on(t.employeeId, t.at), index('payroll_commissions_document_idx').on(t.documentId)],
);

/** Σ commission per employee and Moscow calendar month, kept with the ledger: a statement's opening balance reads months, not every row. */
export const payrollCommissionMonths = pgTable(
  'payroll_commission_months',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    month: date('month', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.month] })],
);

/** Bonuses and penalties added by hand (positive amounts; the kind gives the sign). */
export const payrollAdjustments = pgTable(
  'payroll_adjustments',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    kind: text('kind', { enum: ['bonus', 'penalty'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    comment: text('comment').notNull(),
    authorId: uuid('author_id').references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [index('payroll_adjustments_employee_date_idx').on(t.employeeId, t.date)],
);

/** Payouts: each one a finance expense («Зарплата») from a cashbox; a cancelled operation no longer counts. */
export const payrollPayouts = pgTable(
  'payroll_payouts',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    cashboxId: uuid('cashbox_id')
      .notNull()
      .references(() => cashboxes.id),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => cashOperations.id),
    /** Moscow calendar day of the payout. */
    date: date('date', { mode: 'string' }).notNull(),
    comment: text('comment'),
    authorId: uuid('author_id').references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [index('payroll_payouts_employee_date_idx').on(t.employeeId, t.date), index('payroll_payouts_operation_idx').on(t.operationId)],
);

