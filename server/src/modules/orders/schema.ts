import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { products } from '../catalog/schema';
import { counterparties } from '../clients/schema';
import { cashOperations } from '../finance/schema';
import { locations, warehouses } from '../location/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Repair orders (server/docs/orders.md). Statuses are the company's (settings); an order belongs to a
 * location. Parts reserve stock (`stock_balances.reserved`) while the order is open and are written
 * off through the stock engine when it is issued; payments are cash operations linked to the order.
 */

/** The company's order statuses: a group each, the statuses allowed next, a time limit in hours. */
export const orderStatuses = pgTable(
  'order_statuses',
  {
    id: id(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    group: text('group', { enum: ['new', 'in_progress', 'waiting', 'ready', 'closed', 'cancelled'] }).notNull(),
    limitHours: integer('limit_hours'),
    next: uuid('next').array().notNull().default([]),
    position: integer('position').notNull().default(0),
    archivedAt: stamp('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('order_statuses_name_unique').on(sql`lower(${t.name})`).where(sql`${t.archivedAt} is null`)],
);

/** The device dictionary of the intake: type → brand → model, grown by what is typed. */
export const deviceModels = pgTable(
  'device_models',
  {
    id: id(),
    type: text('type').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('device_models_unique').on(sql`lower(${t.type})`, sql`lower(${t.brand})`, sql`lower(${t.model})`)],
);

export const repairOrders = pgTable(
  'repair_orders',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    number: text('number').notNull(),
    statusId: uuid('status_id')
      .notNull()
      .references(() => orderStatuses.id),
    statusChangedAt: stamp('status_changed_at').notNull().defaultNow(),
    /** Finished (closed or cancelled group): never overdue, off the working lists. */
    finished: boolean('finished').notNull().default(false),
    /**
     * When the order becomes overdue: the earlier of its status's time limit and its due date; null when
     * finished or neither applies. Kept on every status change, due-date edit and status-limit edit.
     */
    overdueAt: stamp('overdue_at'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => counterparties.id),
    deviceType: text('device_type').notNull(),
    deviceBrand: text('device_brand').notNull(),
    deviceModel: text('device_model').notNull(),
    /** IMEI digits. */
    imei: text('imei'),
    /** Serial in upper case without spaces (what device history matches). */
    serial: text('serial'),
    appearance: text('appearance'),
    kit: text('kit'),
    malfunction: text('malfunction').notNull(),
    estimate: bigint('estimate', { mode: 'number' }),
    dueAt: stamp('due_at'),
    urgent: boolean('urgent').notNull().default(false),
    managerId: uuid('manager_id').references(() => employees.id),
    engineerId: uuid('engineer_id').references(() => employees.id),
    authorId: uuid('author_id').references(() => employees.id),
    warrantyOfId: uuid('warranty_of_id').references((): AnyPgColumn => repairOrders.id),
    /** Works + parts, kopecks (kept with the lines). */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /** Payments minus refunds, kopecks (kept with the payments). */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    issuedAt: stamp('issued_at'),
    // The repairs report (server/docs/reports.md), kept by the order's own transactions:
    /** When the order first entered a status of the «ready» group; null until then. */
    readyAt: stamp('ready_at'),
    /** The works' part of `total`, kopecks (kept with the lines). */
    worksTotal: bigint('works_total', { mode: 'number' }).notNull().default(0),
    /** The parts' cost in the stock ledger when issued, kopecks; null while not issued. */
    partsCost: bigint('parts_cost', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('repair_orders_number_unique').on(t.locationId, t.number),
    // Lists: a location's working orders, newest first; every order of a location by date; by status.
    index('repair_orders_location_created_idx').on(t.locationId, t.createdAt),
    // The repairs report: a shop's orders issued in a period.
    index('repair_orders_location_issued_idx').on(t.locationId, t.issuedAt).where(sql`${t.issuedAt} is not null`),
    index('repair_orders_working_created_idx').on(t.locationId, t.createdAt).where(sql`not ${t.finished}`),
    index('repair_orders_location_status_idx').on(t.locationId, t.statusId, t.createdAt),
    // The board: a location's working orders by status, last changed first.
    index('repair_orders_working_idx').on(t.locationId, t.statusId, t.statusChangedAt).where(sql`not ${t.finished}`),
    index('repair_orders_status_idx').on(t.statusId),
    // Search by any part of a number or an IMEI (trigram indexes, no pending list, like the catalogue's).
    index('repair_orders_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('repair_orders_imei_trgm_idx').using('gin', t.imei.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('repair_orders_engineer_idx').on(t.engineerId),
    index('repair_orders_client_idx').on(t.clientId),
    index('repair_orders_overdue_idx').on(t.locationId, t.overdueAt).where(sql`${t.overdueAt} is not null`),
    index('repair_orders_imei_idx').on(t.imei),
    index('repair_orders_serial_idx').on(t.serial),
    index('repair_orders_warranty_idx').on(t.warrantyOfId),
  ],
);

export const repairOrderWorks = pgTable(
  'repair_order_works',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    engineerId: uuid('engineer_id').references(() => employees.id),
    warrantyDays: integer('warranty_days').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('repair_order_works_order_idx').on(t.orderId)],
);

export const repairOrderParts = pgTable(
  'repair_order_parts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    qty: integer('qty').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    serial: text('serial'),
    warrantyDays: integer('warranty_days').notNull().default(0),
    /** Reserved until the order is issued; then written off (the stock ledger holds its cost). */
    writtenOff: boolean('written_off').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('repair_order_parts_order_idx').on(t.orderId),
    index('repair_order_parts_serial_idx').on(t.serial),
    // A serial is in one open order at a time.
    uniqueIndex('repair_order_parts_serial_open').on(t.productId, t.serial).where(sql`${t.serial} is not null and not ${t.writtenOff}`),
  ],
);

/** Payments and refunds of an order: each a cash operation (income / expense) with its method. */
export const repairOrderPayments = pgTable(
  'repair_order_payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => cashOperations.id),
    method: text('method', { enum: ['cash', 'card', 'transfer'] }).notNull(),
    /** Kopecks; negative = a refund. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('repair_order_payments_order_idx').on(t.orderId), index('repair_order_payments_operation_idx').on(t.operationId)],
);

/** The order's timeline: status changes, comments, payments, lines, prints, in order. */
export const repairOrderEvents = pgTable(
  'repair_order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    at: stamp('at').notNull().defaultNow(),
    kind: text('kind', {
      enum: ['created', 'status', 'comment', 'payment', 'work_added', 'work_removed', 'part_added', 'part_removed', 'edited', 'issued', 'printed', 'warranty'],
    }).notNull(),
    authorId: uuid('author_id').references(() => employees.id),
    text: text('text'),
    forClient: boolean('for_client').notNull().default(false),
    fromStatusId: uuid('from_status_id').references(() => orderStatuses.id),
    toStatusId: uuid('to_status_id').references(() => orderStatuses.id),
    amount: bigint('amount', { mode: 'number' }),
  },
  (t) => [index('repair_order_events_order_idx').on(t.orderId, t.at)],
);
