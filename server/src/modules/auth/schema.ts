import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { locations } from '../location/schema';

export const roles = pgTable('roles', {
  id: id(),
  /** Stable code name: owner, manager, engineer, cashier, or a custom one. */
  name: text('name').notNull().unique(),
  /** Russian title shown in the UI. */
  title: text('title').notNull(),
  rules: jsonb('rules').$type<string[]>().notNull().default([]),
  /** The largest discount (% of a line) this role gives at the counter without a manager's confirmation. */
  maxDiscountPercent: integer('max_discount_percent').notNull().default(0),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const employees = pgTable('employees', {
  id: id(),
  name: text('name').notNull(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  position: text('position'),
  roleId: uuid('role_id').notNull().references(() => roles.id),
  /** Works in every location, present and future (owner, area managers). */
  allLocations: boolean('all_locations').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** When the employee was blocked (null while active): the monthly base stops accruing from that day. */
  blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
  /** Signed in with a temporary password (new employee, reset): every route but the password change answers 403 until it is changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** The salary scheme (contracts `salarySchemeSchema`): monthly base in kopecks and commission rules. */
  salary: jsonb('salary').$type<{ monthlyBase: number; rules: Array<{ kind: string; percent: number; categoryId: string | null }> }>().notNull().default({ monthlyBase: 0, rules: [] }),
  notes: text('notes'),
  currentLocationId: uuid('current_location_id').references(() => locations.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const employeeLocations = pgTable(
  'employee_locations',
  {
    employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').notNull().references(() => locations.id),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.locationId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_employee_idx').on(t.employeeId)],
);

/**
 * Failed sign-ins, for the login throttle (`throttle.ts`): per phone+address pair, per address, per
 * phone. A `pending` row is an attempt whose password is being checked right now: it is settled as a
 * failure (pending false, `created_at` = the failure's time) or deleted when the password is right.
 * Rows older than the window are deleted (`cleanupFailures`).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    pending: boolean('pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_phone_idx').on(t.phone, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);
