import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { LocationRef } from '@repo/contracts';
import { employeeLocations, employees, locations } from '../../db/schema';
import type { Db, Tx } from '../../db/client';

export interface LocationAccess {
  id: string;
  allLocations: boolean;
}

const collator = new Intl.Collator('ru');

/**
 * The locations an employee may work in, sorted by name the same way on PGlite and PostgreSQL
 * (their collations differ, so the order is settled here, not in SQL).
 */
export async function allowedLocations(tx: Tx | Db, employee: LocationAccess): Promise<LocationRef[]> {
  const rows = employee.allLocations
    ? await tx.select({ id: locations.id, name: locations.name }).from(locations).orderBy(asc(locations.name))
    : await tx
        .select({ id: locations.id, name: locations.name })
        .from(employeeLocations)
        .innerJoin(locations, eq(locations.id, employeeLocations.locationId))
        .where(eq(employeeLocations.employeeId, employee.id));
  return sortLocations(rows);
}

/** Locations in the order every list shows them (by name, Russian collation; ties by id). */
export const sortLocations = <T extends LocationRef>(rows: T[]): T[] => rows.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));

/**
 * The same locations as a column of a query over `employees` (a json array of `{ id, name }`), so the
 * session lookup of every request reads them in its own statement; sort with `sortLocations`.
 */
export const allowedLocationsColumn = (): SQL<LocationRef[]> => sql<LocationRef[]>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name)) from ${locations} l
  where ${employees.allLocations} or exists (select 1 from ${employeeLocations} el where el.employee_id = ${employees.id} and el.location_id = l.id)), '[]'::json)`;

/** Ids only: what the auth plugin puts into `request.auth.locationIds`. */
export async function allowedLocationIds(tx: Tx | Db, employee: LocationAccess): Promise<string[]> {
  return (await allowedLocations(tx, employee)).map((l) => l.id);
}
