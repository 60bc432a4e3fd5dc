import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { cashboxes, companies, employeeLocations, employees, locations, roles, warehouses } from '../src/db/schema';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { buildTestApp, createTestDatabase, demoPhones, login, testConfig, type TestDatabase } from './helpers';

// This file seeds whole demo databases itself (no copy of the run's seeded one): minutes on a busy machine.
jest.setTimeout(180_000);

async function counts(db: Db) {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
  return {
    companies: await n(companies),
    locations: await n(locations),
    warehouses: await n(warehouses),
    cashboxes: await n(cashboxes),
    roles: await n(roles),
    employees: await n(employees),
    employeeLocations: await n(employeeLocations),
  };
}

describe('demo seed', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase();
    app = await buildTestApp({}, { database: test.database });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('creates a company, three locations each with a default warehouse and cashbox, four built-in roles and «Старший кассир», twelve employees (auth.staff)', async () => {
    // Cashboxes: each shop's «Основная касса» and «Эквайринг», and the company's «Расчётный счёт» (finance demo).
    expect(await counts(app.db)).toEqual({ companies: 1, locations: 3, warehouses: 3, cashboxes: 7, roles: 5, employees: 12, employeeLocations: 12 });
    const locs = await app.db.select().from(locations);
    for (const loc of locs) {
      expect(loc.address).toMatch(/^г\. Москва/);
      expect(loc.phone).toMatch(/^\+7 \(495\)/);
      expect(loc.workingHours).toBeTruthy();
      const wh = await app.db.select().from(warehouses).where(eq(warehouses.locationId, loc.id));
      expect(wh).toEqual([expect.objectContaining({ name: 'Основной склад', isDefault: true })]);
      const cb = await app.db.select().from(cashboxes).where(eq(cashboxes.locationId, loc.id));
      expect(cb.filter((c) => c.isDefault)).toEqual([expect.objectContaining({ name: 'Основная касса', kind: 'cash', isDefault: true })]);
      expect(cb.filter((c) => !c.isDefault).map((c) => [c.name, c.kind]).sort()).toEqual(
        [['Эквайринг', 'card'], ...(loc.name === 'Сервис+ на Арбате' ? [['Расчётный счёт', 'bank']] : [])].sort(),
      );
    }
    const [company] = await app.db.select().from(companies);
    expect(locs.every((l) => l.companyId === company.id)).toBe(true);
    expect((await app.db.select({ name: roles.name, title: roles.title }).from(roles)).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'cashier', title: 'Кассир' },
      { name: 'engineer', title: 'Инженер' },
      { name: 'manager', title: 'Управляющий' },
      { name: 'owner', title: 'Владелец' },
      { name: 'role_5c0a55e1', title: 'Старший кассир' },
    ]);
  });

  it('hashes the demo password with Argon2id and every account signs in with it', async () => {
    const rows = await app.db.select({ hash: employees.passwordHash }).from(employees);
    for (const r of rows) expect(r.hash).toMatch(/^\$argon2id\$/);
    for (const phone of Object.values(demoPhones)) expect((await login(app, phone)).token).toBeTruthy();
  });

  it('gives the manager every location, change_location and the audit, but not deleting locations or editing roles', async () => {
    const { profile } = await login(app, demoPhones.manager);
    expect(profile.locations).toHaveLength(3);
    expect(profile.role.rules).toEqual(expect.arrayContaining(['change_location', 'see_cost', 'see_client_contacts', 'view:audit:all', 'create:location:all', 'edit:location:all']));
    for (const rule of ['delete:location:all', 'edit:role:all', 'edit:settings:all', 'manage_settings']) expect(profile.role.rules).not.toContain(rule);
  });

  it('gives the engineer repair orders but no sales', async () => {
    const { profile } = await login(app, demoPhones.engineer);
    expect(profile.role.rules).toEqual(expect.arrayContaining(['view:repair_order:location', 'create:repair_order:location', 'edit:repair_order:own', 'change_location']));
    expect(profile.role.rules.some((r) => r.includes(':sale:'))).toBe(false);
  });

  it('does nothing on a database that already has a company (building again duplicates nothing)', async () => {
    const before = await counts(app.db);
    const again = await buildTestApp({}, { database: test.database });
    await again.ready();
    await again.close();
    // Not even SEED_DEMO=false without an owner complains once the company exists.
    await seedDatabase(app.db, testConfig({ seedDemo: false, ownerPhone: null, ownerPassword: null }));
    expect(await counts(app.db)).toEqual(before);
  });
});

describe('SEED_DEMO=false', () => {
  it('starts with an empty company and the configured owner only', async () => {
    const app = await buildTestApp({ seedDemo: false, ownerPhone: '8 (912) 345-67-89', ownerPassword: 'owner-secret-1' });
    try {
      expect(await counts(app.db)).toEqual({ companies: 1, locations: 0, warehouses: 0, cashboxes: 0, roles: 4, employees: 1, employeeLocations: 0 });
      const { profile } = await login(app, '+79123456789', 'owner-secret-1');
      expect(profile).toMatchObject({ phone: '+79123456789', location: null, locations: [], role: { name: 'owner' } });
      const demo = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: demoPhones.owner, password: 'demo1234' } });
      expect(demo.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['no OWNER_PHONE', { ownerPhone: null, ownerPassword: 'owner-secret-1' }, /OWNER_PHONE/],
    ['a malformed OWNER_PHONE', { ownerPhone: '123', ownerPassword: 'owner-secret-1' }, /OWNER_PHONE/],
    ['no OWNER_PASSWORD', { ownerPhone: '+79123456789', ownerPassword: null }, /OWNER_PASSWORD/],
    ['a short OWNER_PASSWORD', { ownerPhone: '+79123456789', ownerPassword: 'short' }, /OWNER_PASSWORD/],
  ])('refuses to start with %s', async (_label, overrides, message) => {
    await expect(buildTestApp({ seedDemo: false, ...overrides })).rejects.toThrow(message);
  });
});
