import { and, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, employees } from '../../db/schema';

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  employeeId?: string;
  from?: Date;
  /** Inclusive upper bound, or exclusive when `toExclusive` (a whole day was asked for). */
  to?: Date;
  toExclusive?: boolean;
  /** Row scope: only these locations (null = no narrowing). */
  locationIds?: string[] | null;
  /** Row scope 'own': only what this employee did. */
  ownEmployeeId?: string | null;
}

function where(f: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.employeeId ? eq(auditLog.employeeId, f.employeeId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? (f.toExclusive ? lt(auditLog.createdAt, f.to) : lte(auditLog.createdAt, f.to)) : undefined,
    f.locationIds ? (f.locationIds.length ? inArray(auditLog.locationId, f.locationIds) : eq(auditLog.id, '00000000-0000-0000-0000-000000000000')) : undefined,
    f.ownEmployeeId ? eq(auditLog.employeeId, f.ownEmployeeId) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

export async function findAuditPage(db: Db, filter: AuditFilter, page: number, pageSize: number) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        employeeId: auditLog.employeeId,
        employeeName: employees.name,
        locationId: auditLog.locationId,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        action: auditLog.action,
        diff: auditLog.diff,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(employees, eq(employees.id, auditLog.employeeId))
      .where(condition)
      // id breaks ties between rows written in the same transaction (same now()).
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: Number(total.n) };
}
