import { and, asc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { counterparties, counterpartyPhones, employeeLocations, employees, plannerEvents, repairOrders, tasks } from '../../db/schema';

type Conn = Db | Tx;
export type EventRow = typeof plannerEvents.$inferSelect;
export type EventValues = typeof plannerEvents.$inferInsert;

/** The longest event (ms): a range query looks back this far for events started before `from` (keeps the index scan short). */
export const maxEventMs = 31 * 86_400_000;

/** An event with what the calendar shows beside it: the employee's, the client's names and the order's number. */
export interface EventView extends EventRow {
  employeeName: string;
  clientName: string | null;
  clientPhone: string | null;
  orderNumber: string | null;
}

const viewColumns = {
  event: plannerEvents,
  employeeName: employees.name,
  clientName: counterparties.name,
  clientPhone: sql<string | null>`(select p.phone from ${counterpartyPhones} p where p.counterparty_id = ${plannerEvents.clientId} order by p.position, p.phone limit 1)`,
  orderNumber: repairOrders.number,
};

function viewQuery(db: Conn) {
  return db
    .select(viewColumns)
    .from(plannerEvents)
    .innerJoin(employees, eq(employees.id, plannerEvents.employeeId))
    .leftJoin(counterparties, eq(counterparties.id, plannerEvents.clientId))
    .leftJoin(repairOrders, eq(repairOrders.id, plannerEvents.orderId));
}
type ViewRow = { event: EventRow; employeeName: string; clientName: string | null; clientPhone: string | null; orderNumber: string | null };
const toView = (r: ViewRow): EventView => ({ ...r.event, employeeName: r.employeeName, clientName: r.clientName, clientPhone: r.clientPhone, orderNumber: r.orderNumber });

export async function find(db: Conn, id: string, lock = false): Promise<EventRow | null> {
  const q = db.select().from(plannerEvents).where(eq(plannerEvents.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function view(db: Conn, id: string): Promise<EventView | null> {
  const [row] = await viewQuery(db).where(eq(plannerEvents.id, id));
  return row ? toView(row) : null;
}

/** Events overlapping [from, to): started before `to`, ending after `from` (and started at most 31 days before `from`: index range). */
export function overlapping(from: Date, to: Date): SQL {
  return and(lt(plannerEvents.startsAt, to), gt(plannerEvents.endsAt, from), gt(plannerEvents.startsAt, new Date(from.getTime() - maxEventMs)))!;
}

export async function list(db: Conn, where: SQL): Promise<EventView[]> {
  const rows = await viewQuery(db).where(where).orderBy(asc(plannerEvents.startsAt), asc(plannerEvents.id));
  return rows.map(toView);
}

/** Tasks due in [from, to) (not cancelled), as the calendar shows them. */
export async function dueTasks(db: Conn, where: SQL) {
  return db
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, assigneeId: tasks.assigneeId, assigneeName: employees.name, locationId: tasks.locationId, createdAt: tasks.createdAt, linkKind: tasks.linkKind, linkId: tasks.linkId })
    .from(tasks)
    .innerJoin(employees, eq(employees.id, tasks.assigneeId))
    .where(where)
    .orderBy(asc(tasks.dueAt), asc(tasks.id));
}

/**
 * Serialises the changes of one employee's events (two parallel requests cannot both pass the overlap
 * check): a transaction-scoped advisory lock keyed by the employee, on PostgreSQL and PGlite alike.
 */
export async function lockEmployee(tx: Tx, employeeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(24, hashtext(${employeeId}))`);
}

/** Another event of this kind of the employee overlapping [start, end) (`exceptId` left out). */
export async function overlap(db: Conn, employeeId: string, kind: 'appointment' | 'shift', start: Date, end: Date, exceptId: string | null): Promise<EventRow | null> {
  const where = [eq(plannerEvents.employeeId, employeeId), eq(plannerEvents.kind, kind), overlapping(start, end)];
  if (exceptId) where.push(ne(plannerEvents.id, exceptId));
  const [row] = await db
    .select()
    .from(plannerEvents)
    .where(and(...where))
    .limit(1);
  return row ?? null;
}

export async function insert(tx: Tx, values: EventValues): Promise<EventRow> {
  const [row] = await tx.insert(plannerEvents).values(values).returning();
  return row;
}

export async function update(tx: Tx, id: string, values: Partial<EventValues>): Promise<EventRow> {
  const [row] = await tx.update(plannerEvents).set(values).where(eq(plannerEvents.id, id)).returning();
  return row;
}

export async function remove(tx: Tx, id: string): Promise<void> {
  await tx.delete(plannerEvents).where(eq(plannerEvents.id, id));
}

/** Whether an employee exists, is active, and works at a location (every location, or this one). */
export async function employeeAt(db: Conn, employeeId: string, locationId: string): Promise<{ active: boolean; works: boolean } | null> {
  const [row] = await db
    .select({
      active: employees.active,
      works: sql<boolean>`(${employees.allLocations} or exists (select 1 from ${employeeLocations} el where el.employee_id = ${employees.id} and el.location_id = ${locationId}))`,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ?? null;
}

/** The active employees of a location (and those of every location), by name. */
export async function employeesAt(db: Conn, locationId: string): Promise<Array<{ id: string; name: string; position: string | null }>> {
  return db
    .select({ id: employees.id, name: employees.name, position: employees.position })
    .from(employees)
    .where(
      sql`${employees.active} and (${employees.allLocations} or exists (select 1 from ${employeeLocations} el where el.employee_id = ${employees.id} and el.location_id = ${locationId}))`,
    )
    .orderBy(employees.name, employees.id);
}

/** A client that exists and is not archived (merged away). */
export async function clientExists(db: Conn, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, id), sql`${counterparties.archivedAt} is null`));
  return !!row;
}

