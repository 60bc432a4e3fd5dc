import { and, count, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { RemoteArea } from '@repo/contracts';
import type { Db, Tx } from '../../db/client';
import { employees } from '../auth/schema';
import { areaLiveVersions, areaReleaseFailures, areaReleases } from './schema';

type Conn = Db | Tx;
export type ReleaseRow = typeof areaReleases.$inferSelect;

/** Serialises activations and adoption (one area at a time across every process). */
export async function lockArea(tx: Tx, area: RemoteArea): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`area-release:${area}`}))`);
}

export async function findRelease(db: Conn, area: RemoteArea, version: string): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(areaReleases).where(and(eq(areaReleases.area, area), eq(areaReleases.version, version)));
  return row ?? null;
}

/** Records the version if it is new, else marks its new activation; returns the row. */
export async function upsertRelease(
  tx: Conn,
  values: { area: RemoteArea; version: string; commit: string | null; builtAt: Date | null; releasedBy: string | null; activatedAt: Date },
): Promise<ReleaseRow> {
  const [row] = await tx
    .insert(areaReleases)
    .values(values)
    .onConflictDoUpdate({
      target: [areaReleases.area, areaReleases.version],
      set: { activatedAt: values.activatedAt, releasedBy: values.releasedBy },
    })
    .returning();
  return row;
}

export async function liveVersion(db: Conn, area: RemoteArea): Promise<string | null> {
  const [row] = await db.select({ version: areaLiveVersions.version }).from(areaLiveVersions).where(eq(areaLiveVersions.area, area));
  return row?.version ?? null;
}

export async function setLive(tx: Conn, area: RemoteArea, version: string, at: Date): Promise<void> {
  await tx
    .insert(areaLiveVersions)
    .values({ area, version, activatedAt: at })
    .onConflictDoUpdate({ target: areaLiveVersions.area, set: { version, activatedAt: at } });
}

export async function allLive(db: Conn): Promise<Map<string, string>> {
  const rows = await db.select().from(areaLiveVersions);
  return new Map(rows.map((r) => [r.area, r.version]));
}

/** Every release, newest activation first. */
export async function allReleases(db: Conn): Promise<ReleaseRow[]> {
  return db.select().from(areaReleases).orderBy(desc(areaReleases.activatedAt), desc(areaReleases.createdAt));
}

/** `area/version` → number of reported load failures. */
export async function failureCounts(db: Conn): Promise<Map<string, number>> {
  const rows = await db
    .select({ area: areaReleaseFailures.area, version: areaReleaseFailures.version, n: count() })
    .from(areaReleaseFailures)
    .groupBy(areaReleaseFailures.area, areaReleaseFailures.version);
  return new Map(rows.map((r) => [`${r.area}/${r.version}`, Number(r.n)]));
}

export async function recentFailures(db: Conn) {
  return db
    .select({
      area: areaReleaseFailures.area,
      version: areaReleaseFailures.version,
      message: areaReleaseFailures.message,
      at: areaReleaseFailures.createdAt,
      employeeName: employees.name,
    })
    .from(areaReleaseFailures)
    .leftJoin(employees, eq(employees.id, areaReleaseFailures.employeeId))
    .orderBy(desc(areaReleaseFailures.createdAt), desc(areaReleaseFailures.id));
}

/** A report from the same employee for the same version within the window (a reload loop, many tabs). */
export async function recentReportExists(db: Conn, area: RemoteArea, version: string, employeeId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(areaReleaseFailures)
    .where(
      and(
        eq(areaReleaseFailures.area, area),
        eq(areaReleaseFailures.version, version),
        eq(areaReleaseFailures.employeeId, employeeId),
        gt(areaReleaseFailures.createdAt, since),
      ),
    );
  return Number(row.n) > 0;
}

/** Inserts a failure and keeps only the newest `keep` of the area. */
export async function insertFailure(
  tx: Tx,
  values: { area: RemoteArea; version: string; message: string; employeeId: string | null },
  keep: number,
): Promise<void> {
  await tx.insert(areaReleaseFailures).values(values);
  const newest = await tx
    .select({ id: areaReleaseFailures.id })
    .from(areaReleaseFailures)
    .where(eq(areaReleaseFailures.area, values.area))
    .orderBy(desc(areaReleaseFailures.createdAt), desc(areaReleaseFailures.id))
    .limit(keep);
  await tx
    .delete(areaReleaseFailures)
    .where(and(eq(areaReleaseFailures.area, values.area), notInArray(areaReleaseFailures.id, newest.map((r) => r.id))));
}

