import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { employees, roles, sessions } from '../../db/schema';
import type { Db, Tx } from '../../db/client';

export type EmployeeRow = typeof employees.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findEmployeeByPhone(tx: Tx | Db, phone: string): Promise<EmployeeRow | null> {
  const [row] = await tx.select().from(employees).where(eq(employees.phone, phone)).limit(1);
  return row ?? null;
}

export async function findEmployeeWithRole(tx: Tx | Db, employeeId: string) {
  const [row] = await tx
    .select({ employee: employees, role: roles })
    .from(employees)
    .innerJoin(roles, eq(roles.id, employees.roleId))
    .where(eq(employees.id, employeeId))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  tx: Tx | Db,
  values: { employeeId: string; tokenHash: string; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row;
}

/** Sessions that still work: not revoked, not expired. */
export async function activeSessions(tx: Tx | Db, employeeId: string, now = new Date()): Promise<SessionRow[]> {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.employeeId, employeeId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Revokes the employee's live sessions, optionally one only or all but one; answers the revoked ids. */
export async function revokeSessions(
  tx: Tx | Db,
  employeeId: string,
  filter: { only?: string; except?: string } = {},
  now = new Date(),
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.employeeId, employeeId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        filter.only ? eq(sessions.id, filter.only) : undefined,
        filter.except ? ne(sessions.id, filter.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
