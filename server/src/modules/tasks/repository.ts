import { normalizeSearchText } from '@repo/contracts';
import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { counterparties, employeeLocations, employees, repairOrders, sales, taskComments, tasks } from '../../db/schema';
import { realtimeChannel } from '../../lib/realtime';
import { rowsOf, searchPattern } from '../../lib/sql';

type Conn = Db | Tx;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskValues = typeof tasks.$inferInsert;

/** The normalised text a search matches: title and description, lower case, ё = е. */
export const searchTextOf = (title: string, description: string | null) => normalizeSearchText(`${title} ${description ?? ''}`);
export const searchPatternOf = searchPattern;

const assignee = alias(employees, 'assignee');
const author = alias(employees, 'author');

/** A task with what the screens show beside it: names and the link's label. */
export interface TaskView extends TaskRow {
  assigneeName: string;
  authorName: string;
  linkLabel: string | null;
}

const viewColumns = {
  task: tasks,
  assigneeName: assignee.name,
  authorName: author.name,
  linkLabel: sql<string | null>`case ${tasks.linkKind}
    when 'repair_order' then (select number from ${repairOrders} where id = ${tasks.linkId})
    when 'client' then (select name from ${counterparties} where id = ${tasks.linkId})
    when 'sale' then (select number from ${sales} where id = ${tasks.linkId})
  end`,
};

function viewQuery(db: Conn) {
  return db.select(viewColumns).from(tasks).innerJoin(assignee, eq(assignee.id, tasks.assigneeId)).innerJoin(author, eq(author.id, tasks.authorId));
}
const toView = (r: { task: TaskRow; assigneeName: string; authorName: string; linkLabel: string | null }): TaskView => ({
  ...r.task,
  assigneeName: r.assigneeName,
  authorName: r.authorName,
  linkLabel: r.linkLabel,
});

export async function find(db: Conn, id: string, lock = false): Promise<TaskRow | null> {
  const q = db.select().from(tasks).where(eq(tasks.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function view(db: Conn, id: string): Promise<TaskView | null> {
  const [row] = await viewQuery(db).where(eq(tasks.id, id));
  return row ? toView(row) : null;
}

const priorityRank = sql`case ${tasks.priority} when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;

export function orderOf(sort: string): SQL[] {
  const desc_ = sort.startsWith('-');
  const key = desc_ ? sort.slice(1) : sort;
  const dir = (column: SQL | AnyColumn) => (desc_ ? desc(column) : asc(column));
  switch (key) {
    case 'createdAt':
      return [dir(tasks.createdAt), asc(tasks.id)];
    case 'updatedAt':
      return [dir(tasks.updatedAt), asc(tasks.id)];
    case 'priority':
      return [dir(priorityRank), sql`${tasks.dueAt} asc nulls last`, asc(tasks.id)];
    default:
      return [desc_ ? sql`${tasks.dueAt} desc nulls last` : sql`${tasks.dueAt} asc nulls last`, desc(tasks.createdAt), asc(tasks.id)];
  }
}

export async function list(db: Conn, where: SQL, order: SQL[], limit: number, offset: number): Promise<{ items: TaskView[]; total: number }> {
  const [rows, [{ total }]] = [
    await viewQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    await db.select({ total: count() }).from(tasks).where(where),
  ];
  return { items: rows.map(toView), total: Number(total) };
}

export async function insert(tx: Tx, values: TaskValues): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row;
}

export async function update(tx: Tx, id: string, values: Partial<TaskValues>): Promise<TaskRow> {
  const [row] = await tx.update(tasks).set(values).where(eq(tasks.id, id)).returning();
  return row;
}

export async function remove(tx: Tx, id: string): Promise<void> {
  await tx.delete(tasks).where(eq(tasks.id, id));
}

/** Who a task of this location can be assigned to: its active employees and those of every location, by name. */
export async function assigneesAt(db: Conn, locationId: string): Promise<Array<{ id: string; name: string; position: string | null }>> {
  return db
    .select({ id: employees.id, name: employees.name, position: employees.position })
    .from(employees)
    .where(
      sql`${employees.active} and (${employees.allLocations} or exists (select 1 from ${employeeLocations} el where el.employee_id = ${employees.id} and el.location_id = ${locationId}))`,
    )
    .orderBy(employees.name);
}

/** Whether an employee exists, is active, and works at a location (every location, or this one). */
export async function assigneeAt(db: Conn, employeeId: string, locationId: string): Promise<{ active: boolean; works: boolean } | null> {
  const [row] = await db
    .select({
      active: employees.active,
      works: sql<boolean>`(${employees.allLocations} or exists (select 1 from ${employeeLocations} el where el.employee_id = ${employees.id} and el.location_id = ${locationId}))`,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ?? null;
}

/** The location of a linked record (null for a client: company-wide), or undefined when there is no such record. */
export async function linkTarget(db: Conn, kind: 'repair_order' | 'client' | 'sale', id: string): Promise<{ locationId: string | null } | undefined> {
  if (kind === 'repair_order') {
    const [row] = await db.select({ locationId: repairOrders.locationId }).from(repairOrders).where(eq(repairOrders.id, id));
    return row;
  }
  if (kind === 'sale') {
    const [row] = await db.select({ locationId: sales.locationId }).from(sales).where(eq(sales.id, id));
    return row;
  }
  const [row] = await db
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, id), sql`${counterparties.mergedIntoId} is null`));
  return row ? { locationId: null } : undefined;
}

export async function comments(db: Conn, taskId: string) {
  return db
    .select({ id: taskComments.id, taskId: taskComments.taskId, authorId: taskComments.authorId, authorName: employees.name, text: taskComments.text, createdAt: taskComments.createdAt })
    .from(taskComments)
    .leftJoin(employees, eq(employees.id, taskComments.authorId))
    .where(eq(taskComments.taskId, taskId))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
}

export async function insertComment(tx: Tx, values: typeof taskComments.$inferInsert) {
  const [row] = await tx.insert(taskComments).values(values).returning();
  await tx
    .update(tasks)
    .set({ commentCount: sql`${tasks.commentCount} + 1`, updatedAt: sql`now()` })
    .where(eq(tasks.id, values.taskId));
  return row;
}

/** The employee's open tasks (new, in progress) at these locations, and how many are past due (index `tasks_assignee_idx`). */
export async function counts(db: Conn, employeeId: string, locationIds: string[]): Promise<{ open: number; overdue: number }> {
  if (!locationIds.length) return { open: 0, overdue: 0 };
  const [row] = await db
    .select({ open: count(), overdue: sql<number>`count(*) filter (where ${tasks.dueAt} < now())` })
    .from(tasks)
    .where(and(eq(tasks.assigneeId, employeeId), inArray(tasks.status, ['new', 'in_progress']), inArray(tasks.locationId, locationIds)));
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** Where a task's notification leads: the list with the task open (`taskHrefPrefix` + id). */
export const taskHrefPrefix = '/tasks?task=';

/**
 * Claims the open tasks fallen due and not yet reminded, and tells each assignee, in one statement:
 * the rows are locked (`skip locked`: another process's claim is not waited for) and re-checked, so
 * two processes never both claim a task; the notification is part of the same transaction.
 */
export async function claimDue(db: Conn, batch: number): Promise<Array<{ id: string; assigneeId: string }>> {
  const result = await db.execute(sql`with due as (
      select id from ${tasks}
      where reminded_at is null and due_at <= now() and status in ('new', 'in_progress')
      order by due_at limit ${batch}
      for update skip locked
    ), claimed as (
      update ${tasks} t set reminded_at = now() from due
      where t.id = due.id and t.reminded_at is null
      returning t.id, t.location_id, t.assignee_id, t.title
    )
    select id, assignee_id as "assigneeId",
      pg_notify(${realtimeChannel}, json_build_object('type', 'updated', 'entity', 'task', 'id', id, 'locationId', location_id, 'employeeId', assignee_id, 'notice', 'due',
        'text', left('Срок задачи: ' || title, 300), 'href', ${taskHrefPrefix} || id)::text) as sent
    from claimed`);
  return rowsOf<{ id: string; assigneeId: string }>(result).map((r) => ({ id: r.id, assigneeId: r.assigneeId }));
}

