import { asc, eq } from 'drizzle-orm';
import type { LocationRef } from '@repo/contracts';
import { employeeLocations, locations } from '../../db/schema';
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
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** Ids only: what the auth plugin puts into `request.auth.locationIds`. */
export async function allowedLocationIds(tx: Tx | Db, employee: LocationAccess): Promise<string[]> {
  return (await allowedLocations(tx, employee)).map((l) => l.id);
}
