import type { Profile } from '@repo/contracts';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findEmployeeWithRole } from './repository';
import { allowedLocations } from './locations';
import { effectiveRules } from './sessions';

/**
 * The profile the client keeps in its store. `location` is the employee's remembered location while it
 * is still allowed, else the one the client sent in `Shop` (already checked), else the first by name.
 */
export async function buildProfile(tx: Tx | Db, employeeId: string, shopLocationId: string | null = null): Promise<Profile> {
  const row = await findEmployeeWithRole(tx, employeeId);
  if (!row) throw notFound();
  const { employee, role } = row;
  const locations = await allowedLocations(tx, employee);
  const location =
    locations.find((l) => l.id === employee.currentLocationId) ??
    locations.find((l) => l.id === shopLocationId) ??
    locations[0] ??
    null;
  return {
    id: employee.id,
    name: employee.name,
    phone: employee.phone,
    position: employee.position,
    location,
    locations,
    role: { id: role.id, name: role.name, title: role.title, rules: effectiveRules(role.name, role.rules), maxDiscountPercent: role.maxDiscountPercent },
    mustChangePassword: employee.mustChangePassword,
  };
}
