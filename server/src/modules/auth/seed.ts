import { normalizePhone } from '@repo/contracts';
import type { Tx } from '../../db/client';
import type { Config } from '../../config';
import { companies, employeeLocations, employees, roles } from '../../db/schema';
import { createLocationWithDefaults } from '../../db/location-defaults';
import { builtInRoles } from '../../db/seed/roles';
import { demoAccounts, demoCompanyName, demoLocations, demoPassword } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { hashPassword } from './password';

/** Thrown before anything is written when `SEED_DEMO=false` lacks a usable owner. */
export class SeedConfigError extends Error {}

/**
 * The company: built-in roles, then either the demo company (three locations, four accounts) or, with
 * `SEED_DEMO=false`, an empty company with the owner from `OWNER_PHONE` / `OWNER_PASSWORD`. It fills
 * an empty database only (no company row): a database that had a company before seeders were
 * recorded gets nothing. Runs under the seeders' advisory lock (db/seed.ts).
 */
export const companySeeder: Seeder = {
  name: 'auth.company',
  async run(tx, { config }) {
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length > 0) return;
    // Only an empty database needs the owner: a restart without OWNER_* must keep working.
    const owner = config.seedDemo ? null : ownerFromConfig(config);
    const roleIds = await insertRoles(tx);
    if (owner) await seedOwnerOnly(tx, roleIds, owner);
    else await seedDemo(tx, roleIds);
  },
};

function ownerFromConfig(config: Config): { phone: string; password: string } {
  const phone = config.ownerPhone ? normalizePhone(config.ownerPhone) : null;
  if (!phone) {
    throw new SeedConfigError(
      'SEED_DEMO=false requires OWNER_PHONE: a Russian phone number such as +79001234567 (the first owner account).',
    );
  }
  if (!config.ownerPassword || config.ownerPassword.length < 8) {
    throw new SeedConfigError('SEED_DEMO=false requires OWNER_PASSWORD of at least 8 characters (the first owner account).');
  }
  return { phone, password: config.ownerPassword };
}

async function insertRoles(tx: Tx): Promise<Record<string, string>> {
  const rows = await tx
    .insert(roles)
    .values(builtInRoles().map((r) => ({ name: r.name, title: r.title, rules: r.rules, maxDiscountPercent: r.maxDiscountPercent, builtIn: true })))
    .onConflictDoNothing({ target: roles.name })
    .returning({ id: roles.id, name: roles.name });
  // Roles may survive from an earlier, company-less state; read them back rather than trust `returning`.
  const all = rows.length === 4 ? rows : await tx.select({ id: roles.id, name: roles.name }).from(roles);
  return Object.fromEntries(all.map((r) => [r.name, r.id]));
}

async function seedOwnerOnly(tx: Tx, roleIds: Record<string, string>, owner: { phone: string; password: string }) {
  await tx.insert(companies).values({ name: 'Моя компания' });
  await tx.insert(employees).values({
    name: 'Владелец',
    phone: owner.phone,
    passwordHash: await hashPassword(owner.password),
    position: 'Владелец',
    roleId: roleIds.owner,
    allLocations: true,
  });
}

async function seedDemo(tx: Tx, roleIds: Record<string, string>) {
  const [company] = await tx.insert(companies).values({ name: demoCompanyName }).returning({ id: companies.id });
  const locationIds: string[] = [];
  for (const input of demoLocations) {
    const { location } = await createLocationWithDefaults(tx, company.id, input);
    locationIds.push(location.id);
  }
  // One hash for the four demo accounts keeps the first start fast; each still verifies on its own.
  const passwordHash = await hashPassword(demoPassword);
  for (const account of demoAccounts) {
    const [employee] = await tx
      .insert(employees)
      .values({
        name: account.name,
        phone: account.phone,
        passwordHash,
        position: account.position,
        roleId: roleIds[account.role],
        allLocations: account.allLocations,
      })
      .returning({ id: employees.id });
    if (account.locations.length > 0) {
      await tx.insert(employeeLocations).values(account.locations.map((i) => ({ employeeId: employee.id, locationId: locationIds[i] })));
    }
  }
}
