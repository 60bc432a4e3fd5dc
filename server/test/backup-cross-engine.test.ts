import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { backupToFile, restoreFromFile } from '../src/modules/backup/format';
import { fingerprint, ledgers, rows } from './backup-compare';
import { authHeaders, createPostgresDatabase, createTestDatabase, dropPostgresDatabase, testConfig, type TestDatabase } from './helpers';

/**
 * Moving between the engines (docs/operations.md, «Moving from PGlite to PostgreSQL (and back)»): the
 * seeded demo database on PGlite → a backup → a fresh PostgreSQL database, and PostgreSQL → a fresh
 * PGlite; every table's rows, the ledgers' sums, the sequences and the sign-in as on the source.
 * Needs PostgreSQL: runs only with TEST_DATABASE_URL.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = pgUrl ? describe : describe.skip;

describeWithPostgres('a backup moves between PGlite and PostgreSQL', () => {
  let tmp: string;
  const created: string[] = [];

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cross-'));
  });
  afterAll(async () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const name of created) await dropPostgresDatabase(pgUrl!, name).catch(() => undefined);
  });

  /** The demo database on PGlite, seeded the way the server seeds an empty one at its first start. */
  async function seededPglite(): Promise<Database> {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    const app = await buildApp({ config: testConfig({ databaseUrl: null, dataDir: 'memory://' }), database, logger: false });
    await app.close();
    return database;
  }

  /** An empty PostgreSQL database, nothing migrated: what `pnpm restore` finds in a new one. */
  async function emptyPostgres(): Promise<{ database: Database; databaseUrl: string }> {
    const name = `bkx_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    created.push(name);
    const databaseUrl = await createPostgresDatabase(pgUrl!, name);
    return { database: await openDatabase({ databaseUrl, dataDir: '', migrate: false }), databaseUrl };
  }

  /** Backs `source` up, restores it into `target`, and checks the copy; then the restored product signs in. */
  async function moveAndCompare(source: Database, target: Database, targetUrl: string | null): Promise<void> {
    const file = path.join(tmp, `${source.kind}-to-${target.kind}.ndjson.gz`);
    const summary = await backupToFile(source.db, source.kind, file);
    expect(summary.rows).toBeGreaterThan(1000);

    const restored = await restoreFromFile(target.db, target.kind, file);
    expect(restored).toMatchObject({ rows: summary.rows, tables: summary.tables, source: source.kind });

    const [before, after] = [await fingerprint(source), await fingerprint(target)];
    expect(Object.keys(after).length).toBeGreaterThan(40);
    // Row counts first (a clearer failure), then every row.
    const counts = (f: typeof before) => Object.fromEntries(Object.entries(f).map(([t, v]) => [t, v.n]));
    expect(counts(after)).toEqual(counts(before));
    expect(after).toEqual(before);

    const sums = await ledgers(target);
    expect(sums).toEqual(await ledgers(source));
    expect(sums.stockDisagree).toBe(0);
    expect(Number(sums.cash)).not.toBe(0);
    expect(Number(sums.stock_value)).not.toBe(0);
    expect(sums.sales_hourly).not.toBe('0/0/0');

    // Sequences go on after the restored rows.
    const [seq] = await rows<{ next: string; max: string }>(target, sql`select nextval('stock_movements_seq_seq')::text as next, (select max(seq)::text from stock_movements) as max`);
    expect(BigInt(seq.next)).toBeGreaterThan(BigInt(seq.max));

    // The restored product starts on the other engine (nothing seeded twice) and the owner signs in.
    const app = await buildApp({ config: testConfig({ databaseUrl: targetUrl, dataDir: 'memory://' }), database: target, logger: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+7 900 000-00-01', password: 'demo1234' } });
      expect(res.statusCode).toBe(200);
      const locations = await app.inject({ method: 'GET', url: '/api/location', headers: authHeaders(res.json().token) });
      expect(locations.json()).toHaveLength(3);
      const [users] = await rows<{ n: number }>(target, sql`select count(*)::int as n from employees`);
      expect(users.n).toBe(before.employees.n);
    } finally {
      await app.close();
    }
  }

  it('PGlite → PostgreSQL: every table, the ledgers, the sequences, sign-in', async () => {
    const source = await seededPglite();
    const target = await emptyPostgres();
    try {
      await moveAndCompare(source, target.database, target.databaseUrl);
    } finally {
      await target.database.close();
      await source.close();
    }
  }, 240_000);

  it('PostgreSQL → PGlite: the same way back', async () => {
    const source: TestDatabase = await createTestDatabase({ seeded: true });
    expect(source.database.kind).toBe('postgres');
    const target = await openDatabase({ databaseUrl: null, dataDir: 'memory://', migrate: false });
    try {
      await moveAndCompare(source.database, target, null);
    } finally {
      await target.close();
      await source.dispose();
    }
  }, 240_000);
});

