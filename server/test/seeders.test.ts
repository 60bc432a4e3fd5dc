import { count, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { assertMigrationOrder, MigrationOrderError, migrationsFolder, readJournal } from '../src/db/migrate';
import { auditLog, companies, employees, seedRuns } from '../src/db/schema';
import { runSeeders, seedDatabase } from '../src/db/seed';
import { defineModule, type Seeder } from '../src/lib/module';
import { modules } from '../src/modules';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, createTestDatabase, testConfig, type TestDatabase } from './helpers';

// This file seeds whole demo databases itself (no copy of the run's seeded one): minutes on a busy machine.
jest.setTimeout(180_000);

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());

const db = () => test.database.db;
/** A later area's demo data: one marker row in the audit log per run, so a second run would show. */
const marker = (name: string, delayMs = 0): Seeder => ({
  name,
  async run(tx) {
    if (delayMs) await tx.execute(sql`select pg_sleep(${delayMs / 1000})`);
    await tx.insert(auditLog).values({ entity: 'settings', entityId: name, action: 'create' });
  },
});
const markers = async (name: string) => Number((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, name)))[0].n);

describe('named seeders', () => {
  it('records the company seeder and every module’s demo seeder on the first start', async () => {
    const app = await buildTestApp({}, { database: test.database });
    await app.close();
    expect((await db().select().from(seedRuns)).map((r) => r.name).sort()).toEqual(['auth.company', 'auth.staff', 'catalog.demo', 'clients.demo', 'clients.demo-base', 'company.details', 'company.numbering', 'credits.cashier-rule', 'credits.demo', 'finance.categories', 'finance.demo', 'orders.demo', 'orders.statuses', 'payroll.demo', 'people.salary', 'planner.demo', 'procurement.demo', 'sales.demo', 'shop.content-demo', 'shop.requests-demo', 'stock.demo', 'tasks.demo', 'templates.builtins', 'templates.builtins.purchase-order']);
    expect(Number((await db().select({ n: count() }).from(employees))[0].n)).toBe(12);
  });

  it('runs a seeder added later once on the existing database, never again on later starts', async () => {
    const later = defineModule({ name: 'later', prefix: '/later', routes: async () => undefined, seeders: [marker('later.demo')] });
    for (let i = 0; i < 3; i++) {
      const app = await buildTestApp({}, { database: test.database, modules: [...modules, later] });
      await app.close();
    }
    expect(await markers('later.demo')).toBe(1);
    expect((await db().select().from(seedRuns).where(eq(seedRuns.name, 'later.demo')))).toHaveLength(1);
  });

  it('never doubles a seeder when several processes start at once', async () => {
    // Two connections to the same PostgreSQL database (or the one embedded database), racing.
    const others: Database[] = test.databaseUrl
      ? [await openDatabase({ databaseUrl: test.databaseUrl, dataDir: '' }), await openDatabase({ databaseUrl: test.databaseUrl, dataDir: '' })]
      : [test.database, test.database];
    try {
      const seeders = [marker('race.one', 200), marker('race.two')];
      const results = await Promise.all([test.database, ...others].map((d) => runSeeders(d.db, testConfig(), seeders)));
      expect(results.flat().sort()).toEqual(['race.one', 'race.two']);
      expect(await markers('race.one')).toBe(1);
      expect(await markers('race.two')).toBe(1);
    } finally {
      if (test.databaseUrl) for (const o of others) await o.close();
    }
  });

  it('leaves a failing seeder unrecorded and its writes rolled back', async () => {
    const failing: Seeder = {
      name: 'broken.demo',
      async run(tx) {
        await tx.insert(auditLog).values({ entity: 'settings', entityId: 'broken.demo', action: 'create' });
        throw new Error('demo data broken');
      },
    };
    await expect(runSeeders(db(), testConfig(), [failing])).rejects.toThrow('demo data broken');
    expect(await markers('broken.demo')).toBe(0);
    expect(await db().select().from(seedRuns).where(eq(seedRuns.name, 'broken.demo'))).toHaveLength(0);
  });

  it('fills only an empty company: a database from before seed_runs gets nothing new', async () => {
    await db().delete(seedRuns);
    await seedDatabase(db(), testConfig({ seedDemo: false, ownerPhone: null, ownerPassword: null }));
    expect(Number((await db().select({ n: count() }).from(companies))[0].n)).toBe(1);
    expect(Number((await db().select({ n: count() }).from(employees))[0].n)).toBe(12);
    expect((await db().select().from(seedRuns)).map((r) => r.name)).toContain('auth.company');
  });
});

describe('migration order guard', () => {
  function journalCopy(mutate: (entries: { idx: number; when: number; tag: string }[]) => void): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
    fs.mkdirSync(path.join(dir, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    mutate(journal.entries);
    fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
    return dir;
  }

  it('accepts the committed journal and a newer pending migration', async () => {
    await expect(assertMigrationOrder(db())).resolves.toBeUndefined();
    const newest = readJournal().at(-1)!;
    const dir = journalCopy((e) => e.push({ ...newest, idx: e.length, when: newest.when + 1000, tag: '9999_pending' }));
    await expect(assertMigrationOrder(db(), dir)).resolves.toBeUndefined();
  });

  it('refuses to start when a migration older than the newest applied one was never applied', async () => {
    const first = readJournal()[0];
    const dir = journalCopy((e) => e.splice(1, 0, { ...first, idx: 1, when: first.when + 1, tag: '0001_merged_late' }));
    await expect(assertMigrationOrder(db(), dir)).rejects.toThrow(MigrationOrderError);
    await expect(assertMigrationOrder(db(), dir)).rejects.toThrow(/0001_merged_late were never applied/);
  });
});
