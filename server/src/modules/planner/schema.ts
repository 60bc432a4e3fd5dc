import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { counterparties } from '../clients/schema';
import { locations } from '../location/schema';
import { repairOrders } from '../orders/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The planner's events (server/docs/planner.md): appointments and shifts, each of one employee at one
 * location, a half-open interval [starts_at, ends_at). Tasks' due moments are not stored here (read from
 * `tasks`). An appointment turned into a repair order keeps `order_id` (one order per appointment).
 * Overlaps of an employee's shifts are refused by the service under a per-employee advisory lock (PGlite
 * has no btree_gist for an exclusion constraint).
 */
export const plannerEvents = pgTable(
  'planner_events',
  {
    id: id(),
    kind: text('kind', { enum: ['appointment', 'shift'] }).notNull(),
    title: text('title').notNull(),
    startsAt: stamp('starts_at').notNull(),
    endsAt: stamp('ends_at').notNull(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    clientId: uuid('client_id').references(() => counterparties.id),
    deviceType: text('device_type'),
    deviceBrand: text('device_brand'),
    deviceModel: text('device_model'),
    comment: text('comment'),
    orderId: uuid('order_id').references(() => repairOrders.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => employees.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A location's calendar range (events starting before `to`, ending after `from`): `ends_at` in the key
    // is checked on the index, so only the events in range are read from the table.
    index('planner_events_location_idx').on(t.locationId, t.startsAt, t.endsAt),
    // An employee's overlaps (shifts, appointments) and an employee's own calendar.
    index('planner_events_employee_idx').on(t.employeeId, t.kind, t.startsAt),
    uniqueIndex('planner_events_order_uq').on(t.orderId).where(sql`${t.orderId} is not null`),
    check('planner_events_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
