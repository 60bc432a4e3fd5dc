import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderPartsCost } from '../payroll/commissions';
import {
  cashboxes,
  cashOperations,
  counterparties,
  employees,
  locations,
  orderStatuses,
  products,
  repairOrderEvents,
  repairOrderParts,
  repairOrderPayments,
  repairOrders,
  repairOrderWorks,
  warehouses,
} from '../../db/schema';

type Conn = Db | Tx;
export type OrderRow = typeof repairOrders.$inferSelect;
export type StatusRow = typeof orderStatuses.$inferSelect;
export type WorkRow = typeof repairOrderWorks.$inferSelect;
export type PartRow = typeof repairOrderParts.$inferSelect;
export type EventInsert = typeof repairOrderEvents.$inferInsert;

export async function statuses(db: Conn, includeArchived = false): Promise<StatusRow[]> {
  return db
    .select()
    .from(orderStatuses)
    .where(includeArchived ? undefined : isNull(orderStatuses.archivedAt))
    .orderBy(asc(orderStatuses.position), asc(orderStatuses.createdAt));
}

export async function findStatus(db: Conn, id: string): Promise<StatusRow | null> {
  const [row] = await db.select().from(orderStatuses).where(eq(orderStatuses.id, id));
  return row ?? null;
}

export async function findOrder(db: Conn, id: string, lock = false): Promise<OrderRow | null> {
  const q = db.select().from(repairOrders).where(eq(repairOrders.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function worksOf(db: Conn, orderId: string): Promise<WorkRow[]> {
  return db.select().from(repairOrderWorks).where(eq(repairOrderWorks.orderId, orderId)).orderBy(asc(repairOrderWorks.position), asc(repairOrderWorks.createdAt));
}

export async function partsOf(db: Conn, orderId: string): Promise<PartRow[]> {
  return db.select().from(repairOrderParts).where(eq(repairOrderParts.orderId, orderId)).orderBy(asc(repairOrderParts.position), asc(repairOrderParts.createdAt));
}

export async function paymentsOf(db: Conn, orderId: string) {
  return db
    .select({
      id: repairOrderPayments.id,
      operationId: repairOrderPayments.operationId,
      method: repairOrderPayments.method,
      amount: repairOrderPayments.amount,
      number: cashOperations.number,
      at: cashOperations.at,
      status: cashOperations.status,
      cashboxId: cashOperations.cashboxId,
      cashboxName: cashboxes.name,
    })
    .from(repairOrderPayments)
    .innerJoin(cashOperations, eq(cashOperations.id, repairOrderPayments.operationId))
    .innerJoin(cashboxes, eq(cashboxes.id, cashOperations.cashboxId))
    .where(eq(repairOrderPayments.orderId, orderId))
    .orderBy(asc(cashOperations.at));
}

export async function addEvent(tx: Tx, event: EventInsert): Promise<void> {
  await tx.insert(repairOrderEvents).values(event);
}

export async function eventsOf(db: Conn, orderId: string) {
  return db.select().from(repairOrderEvents).where(eq(repairOrderEvents.orderId, orderId)).orderBy(asc(repairOrderEvents.at), asc(repairOrderEvents.id));
}

/** Names for a page of orders: statuses, clients (name, first phone, balance), employees, locations. */
export async function labelsFor(db: Conn, ids: { clients: string[]; employees: Array<string | null>; locations: string[]; orders?: Array<string | null> }) {
  const uniq = <T>(xs: Array<T | null>) => [...new Set(xs.filter((x): x is T => x !== null))];
  const clientIds = uniq(ids.clients);
  const employeeIds = uniq(ids.employees);
  const locationIds = uniq(ids.locations);
  const orderIds = uniq(ids.orders ?? []);
  const [clientRows, employeeRows, locationRows, orderRows] = await Promise.all([
    clientIds.length
      ? db.execute<{ id: string; name: string; balance: string; phone: string | null }>(sql`select c.id, c.name, c.balance::text as balance,
          (select p.phone from counterparty_phones p where p.counterparty_id = c.id order by p.position limit 1) as phone
          from counterparties c where c.id = any(${sql.param(clientIds)}::uuid[])`)
      : Promise.resolve([]),
    employeeIds.length ? db.select({ id: employees.id, name: employees.name }).from(employees).where(inArray(employees.id, employeeIds)) : Promise.resolve([]),
    locationIds.length ? db.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.id, locationIds)) : Promise.resolve([]),
    orderIds.length ? db.select({ id: repairOrders.id, number: repairOrders.number }).from(repairOrders).where(inArray(repairOrders.id, orderIds)) : Promise.resolve([]),
  ]);
  const rowsOfResult = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
  return {
    clients: new Map(rowsOfResult<{ id: string; name: string; balance: string; phone: string | null }>(clientRows).map((r) => [r.id, { name: r.name, phone: r.phone, balance: Number(r.balance) }])),
    employees: new Map(employeeRows.map((r) => [r.id, r.name])),
    locations: new Map(locationRows.map((r) => [r.id, r.name])),
    orders: new Map(orderRows.map((r) => [r.id, r.number])),
  };
}

export async function productsByIds(db: Conn, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof products.$inferSelect>();
  const rows = await db.select().from(products).where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function warehouseNames(db: Conn, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; locationId: string }>();
  const rows = await db.select({ id: warehouses.id, name: warehouses.name, locationId: warehouses.locationId }).from(warehouses).where(inArray(warehouses.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, locationId: r.locationId }]));
}

/** Keeps the device dictionary: the type/brand/model typed at the intake joins it (case-insensitive). */
export async function rememberDevice(tx: Tx, d: { type: string; brand: string; model: string }): Promise<void> {
  await tx.execute(sql`insert into device_models (type, brand, model) values (${d.type}, ${d.brand}, ${d.model}) on conflict do nothing`);
}

/**
 * The device dictionary of the intake form: the devices typed at intakes (`device_models`) and the online
 * shop's models (type, brand and model names, server/docs/shop.md), one list.
 */
const dictionarySql = sql`(select type, brand, model from device_models
  union select t.name, b.name, m.name from shop_models m join shop_device_types t on t.id = m.type_id join shop_brands b on b.id = m.brand_id) d`;

export async function deviceDictionary(db: Conn, q: { type?: string | null; brand?: string | null; search?: string | null }) {
  const like = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const types = await db.execute<{ v: string }>(sql`select distinct type as v from ${dictionarySql} ${like ? sql`where lower(type) like ${like}` : sql``} order by 1 limit 50`);
  const brands = await db.execute<{ v: string }>(
    sql`select distinct brand as v from ${dictionarySql} where true ${q.type ? sql`and lower(type) = lower(${q.type})` : sql``} ${like && !q.brand ? sql`and lower(brand) like ${like}` : sql``} order by 1 limit 100`,
  );
  const models = await db.execute<{ v: string }>(
    sql`select distinct model as v from ${dictionarySql} where true ${q.type ? sql`and lower(type) = lower(${q.type})` : sql``} ${q.brand ? sql`and lower(brand) = lower(${q.brand})` : sql``}
      ${like && q.brand ? sql`and lower(model) like ${like}` : sql``} order by 1 limit 200`,
  );
  const list = (r: unknown) => ((Array.isArray(r) ? r : (r as { rows: Array<{ v: string }> }).rows) as Array<{ v: string }>).map((x) => x.v);
  return { types: list(types), brands: list(brands), models: list(models) };
}

/** Other orders of the same device (IMEI or serial), newest first. */
export async function sameDevice(db: Conn, order: OrderRow, limit = 20) {
  const conds = [order.imei ? eq(repairOrders.imei, order.imei) : null, order.serial ? eq(repairOrders.serial, order.serial) : null].filter((c) => c !== null);
  if (conds.length === 0) return [];
  return db
    .select({ id: repairOrders.id, number: repairOrders.number, createdAt: repairOrders.createdAt, statusId: repairOrders.statusId, malfunction: repairOrders.malfunction })
    .from(repairOrders)
    .where(and(sql`(${sql.join(conds, sql` or `)})`, sql`${repairOrders.id} <> ${order.id}`))
    .orderBy(desc(repairOrders.createdAt))
    .limit(limit);
}

export async function warrantyClaimsOf(db: Conn, orderId: string) {
  return db.select({ id: repairOrders.id, number: repairOrders.number, createdAt: repairOrders.createdAt }).from(repairOrders).where(eq(repairOrders.warrantyOfId, orderId)).orderBy(asc(repairOrders.createdAt));
}

export async function clientExists(db: Conn, id: string) {
  const [row] = await db.select({ id: counterparties.id }).from(counterparties).where(and(eq(counterparties.id, id), isNull(counterparties.archivedAt)));
  return !!row;
}

/**
 * The repairs report's columns of the orders `where` (on `x`) recounted from their timeline, works and
 * stock ledger, as the service keeps them (server/docs/reports.md «Repairs»): `ready_at` = the first status
 * event into a «ready» status, `works_total` = Σ works, `parts_cost` = the parts' cost in the ledger for an
 * issued order (null otherwise). For writers that insert orders directly: the demo seeder, the benches
 * (migration 0036 ran the same over the orders that existed).
 */
export async function fillReportColumns(tx: Conn, where: SQL): Promise<void> {
  // Set-based (one aggregate per source, not a sub-select per order): the demo seed fills a few hundred orders at once.
  await tx.execute(sql`with x as (select x.id, x.issued_at from repair_orders x where ${where}),
    ready as (select e.order_id, min(e.at) as ready_at from repair_order_events e join order_statuses s on s.id = e.to_status_id
      where e.order_id in (select id from x) and e.kind = 'status' and s."group" = 'ready' group by 1),
    works as (select order_id, sum(price * qty)::bigint as total from repair_order_works where order_id in (select id from x) group by 1),
    parts as (select c.order_id, sum(c.cost)::bigint as cost from (${orderPartsCost(sql`select id from x where issued_at is not null`)}) c group by 1),
    v as (select x.id, r.ready_at, coalesce(w.total, 0)::bigint as works_total,
        case when x.issued_at is not null then coalesce(p.cost, 0)::bigint end as parts_cost
      from x left join ready r on r.order_id = x.id left join works w on w.order_id = x.id left join parts p on p.order_id = x.id)
    update repair_orders o set ready_at = v.ready_at, works_total = v.works_total, parts_cost = v.parts_cost
    from v where o.id = v.id and (o.ready_at, o.works_total, o.parts_cost) is distinct from (v.ready_at, v.works_total, v.parts_cost)`);
}

/** An issued order's `parts_cost`: what the stock ledger now holds for its parts (set at the issue). */
export async function setPartsCost(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`update repair_orders set parts_cost = coalesce((select sum(c.cost) from (${orderPartsCost(sql`${orderId}::uuid`)}) c), 0)::bigint where id = ${orderId}`);
}
