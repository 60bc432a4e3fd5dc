import { and, asc, count, eq, inArray, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { categories, employeeLocations, employees, locations, roles, sessions } from '../../db/schema';

type Conn = Db | Tx;
export type EmployeeRow = typeof employees.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** An employee with what the API answers beside the row: the role, the locations, the last session use. */
export interface EmployeeRecord {
  employee: EmployeeRow;
  role: Pick<RoleRow, 'id' | 'name' | 'title' | 'rules' | 'maxDiscountPercent'>;
  locationIds: string[];
  lastSeenAt: Date | null;
}

/** What the list filters on in SQL; the text search runs over the few columns it needs in the service. */
export interface EmployeeFilter {
  roleId?: string;
  locationId?: string;
  active?: boolean;
  /** Scope `own`: only this employee. */
  onlyId?: string;
  /** Scope `location`: only employees who may work there (their own locations or every location). */
  worksAt?: string;
}

const worksAtSql = (locationId: string): SQL =>
  or(
    eq(employees.allLocations, true),
    sql`exists (select 1 from ${employeeLocations} where ${employeeLocations.employeeId} = ${employees.id} and ${employeeLocations.locationId} = ${locationId})`,
  )!;

/** Id, name and phone of the employees passing the filter (the service searches, sorts and pages them). */
export async function employeeKeys(db: Conn, f: EmployeeFilter): Promise<Array<{ id: string; name: string; phone: string }>> {
  return db
    .select({ id: employees.id, name: employees.name, phone: employees.phone })
    .from(employees)
    .where(
      and(
        f.roleId ? eq(employees.roleId, f.roleId) : undefined,
        f.active !== undefined ? eq(employees.active, f.active) : undefined,
        f.onlyId ? eq(employees.id, f.onlyId) : undefined,
        f.locationId ? worksAtSql(f.locationId) : undefined,
        f.worksAt ? worksAtSql(f.worksAt) : undefined,
      ),
    );
}

/** Full records of these employees (any order; the caller orders them). */
export async function employeeRecords(db: Conn, ids: string[]): Promise<EmployeeRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      employee: employees,
      role: { id: roles.id, name: roles.name, title: roles.title, rules: roles.rules, maxDiscountPercent: roles.maxDiscountPercent },
    })
    .from(employees)
    .innerJoin(roles, eq(roles.id, employees.roleId))
    .where(inArray(employees.id, ids));
  const links = await db.select().from(employeeLocations).where(inArray(employeeLocations.employeeId, ids));
  const seen = await db
    .select({ employeeId: sessions.employeeId, at: max(sessions.lastUsedAt) })
    .from(sessions)
    .where(inArray(sessions.employeeId, ids))
    .groupBy(sessions.employeeId);
  return rows.map((r) => ({
    ...r,
    locationIds: links.filter((l) => l.employeeId === r.employee.id).map((l) => l.locationId).sort(),
    lastSeenAt: seen.find((s) => s.employeeId === r.employee.id)?.at ?? null,
  }));
}

export async function employeeRecord(db: Conn, id: string): Promise<EmployeeRecord | null> {
  return (await employeeRecords(db, [id]))[0] ?? null;
}

/** The row locked for the rest of the transaction (edits of one employee queue up). */
export async function lockEmployee(tx: Tx, id: string): Promise<EmployeeRow | null> {
  const [row] = await tx.select().from(employees).where(eq(employees.id, id)).for('update');
  return row ?? null;
}

export async function phoneTaken(db: Conn, phone: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.phone, phone), exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertEmployee(tx: Tx, values: typeof employees.$inferInsert): Promise<EmployeeRow> {
  const [row] = await tx.insert(employees).values(values).returning();
  return row;
}

export async function updateEmployee(tx: Tx, id: string, values: Partial<typeof employees.$inferInsert>): Promise<void> {
  await tx.update(employees).set({ ...values, updatedAt: new Date() }).where(eq(employees.id, id));
}

export async function replaceLocations(tx: Tx, employeeId: string, locationIds: string[]): Promise<void> {
  await tx.delete(employeeLocations).where(eq(employeeLocations.employeeId, employeeId));
  if (locationIds.length) await tx.insert(employeeLocations).values(locationIds.map((locationId) => ({ employeeId, locationId })));
}

/** The given locations that exist, locked against a concurrent delete until the transaction ends. */
export async function existingLocations(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids)).for('share');
  return rows.map((r) => r.id);
}

export async function existingCategories(db: Conn, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return rows.map((r) => r.id);
}

/**
 * The active owners other than `exceptId`, their rows locked: two transactions blocking or demoting
 * the last two owners at once queue here, and the second sees the first one's change.
 */
export async function otherActiveOwners(tx: Tx, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(roles, eq(roles.id, employees.roleId))
    .where(and(eq(roles.name, 'owner'), eq(employees.active, true)))
    .for('update', { of: employees });
  return rows.filter((r) => r.id !== exceptId).length;
}

// --- Roles

/** Role changes queue up company-wide (the name check has no unique index: titles compare case-insensitively). */
export async function lockRoles(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('people-roles'))`);
}

export async function findRole(db: Conn, id: string): Promise<RoleRow | null> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

/** The role, kept from being deleted until the transaction ends (it is being given to someone). */
export async function shareRole(tx: Tx, id: string): Promise<RoleRow | null> {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('share');
  return row ?? null;
}

export async function lockRole(tx: Tx, id: string): Promise<RoleRow | null> {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  return row ?? null;
}

/** Every role with how many employees hold it (blocked ones included). */
export async function rolesWithCounts(db: Conn): Promise<Array<RoleRow & { employeeCount: number }>> {
  const rows = await db
    .select({ role: roles, n: count(employees.id) })
    .from(roles)
    .leftJoin(employees, eq(employees.roleId, roles.id))
    .groupBy(roles.id)
    .orderBy(asc(roles.createdAt), asc(roles.id));
  return rows.map((r) => ({ ...r.role, employeeCount: Number(r.n) }));
}

export async function employeesWithRole(db: Conn, roleId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employees).where(eq(employees.roleId, roleId));
  return Number(row.n);
}

/** Another role already shows this name (titles compare case-insensitively in the service too). */
export async function roleTitles(db: Conn, exceptId?: string): Promise<Array<{ id: string; title: string }>> {
  return db
    .select({ id: roles.id, title: roles.title })
    .from(roles)
    .where(exceptId ? ne(roles.id, exceptId) : undefined);
}

export async function insertRole(tx: Tx, values: typeof roles.$inferInsert): Promise<RoleRow> {
  const [row] = await tx.insert(roles).values(values).returning();
  return row;
}

export async function updateRole(tx: Tx, id: string, values: Partial<typeof roles.$inferInsert>): Promise<void> {
  await tx.update(roles).set({ ...values, updatedAt: new Date() }).where(eq(roles.id, id));
}

export async function deleteRole(tx: Tx, id: string): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

/** Revokes every live session of the employee; answers the revoked ids (for the `session deleted` events). */
export async function revokeAllSessions(tx: Tx, employeeId: string, now = new Date()): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.employeeId, employeeId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
