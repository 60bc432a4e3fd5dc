import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { BackupError, backupToFile, restoreFromFile } from '../src/modules/backup/format';
import { dailySlotDue, pruneBackups } from '../src/modules/backup/service';
import { fingerprint, ledgers, rows } from './backup-compare';
import { authHeaders, buildTestApp, createPostgresDatabase, createTestDatabase, demoPhones, dropPostgresDatabase, login, testConfig, type TestDatabase } from './helpers';

/**
 * Backup and restore (docs/operations.md): the seeded demo database → a backup file → an empty database,
 * on PGlite and (TEST_DATABASE_URL) PostgreSQL; every table equal to its source, the ledgers agree, the
 * product signs in. Restore refuses a database that is not empty unless told to replace it.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
let tmp: string;
let source: TestDatabase;
const created: string[] = [];

/** An empty database (no migrations applied), as `pnpm restore` finds a fresh folder or database. */
async function emptyDatabase(): Promise<{ database: Database; databaseUrl: string | null }> {
  if (!pgUrl) return { database: await openDatabase({ databaseUrl: null, dataDir: 'memory://', migrate: false }), databaseUrl: null };
  const name = `bk_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  created.push(name);
  const databaseUrl = await createPostgresDatabase(pgUrl, name);
  return { database: await openDatabase({ databaseUrl, dataDir: '', migrate: false }), databaseUrl };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  source = await createTestDatabase({ seeded: true });
});
afterAll(async () => {
  await source?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const name of created) await dropPostgresDatabase(pgUrl!, name).catch(() => undefined);
});

it('restores the demo database into an empty one exactly: every table, the ledgers, sign-in', async () => {
  const file = path.join(tmp, 'demo.ndjson.gz');
  const summary = await backupToFile(source.database.db, source.database.kind, file);
  expect(summary.rows).toBeGreaterThan(1000);
  expect(fs.statSync(file).size).toBe(summary.size);

  const target = await emptyDatabase();
  try {
    const restored = await restoreFromFile(target.database.db, target.database.kind, file);
    expect(restored.rows).toBe(summary.rows);
    const [before, after] = [await fingerprint(source.database), await fingerprint(target.database)];
    expect(Object.keys(after).length).toBeGreaterThan(40);
    expect(after).toEqual(before);
    const sums = await ledgers(target.database);
    expect(sums).toEqual(await ledgers(source.database));
    expect(sums.stockDisagree).toBe(0);
    expect(Number(sums.cash)).not.toBe(0);
    expect(sums.sales_hourly).not.toBe('0/0/0');
    // Sequences go on after the restored rows.
    const [seq] = await rows<{ next: string; max: string }>(target.database, sql`select nextval('stock_movements_seq_seq')::text as next, (select max(seq)::text from stock_movements) as max`);
    expect(BigInt(seq.next)).toBeGreaterThan(BigInt(seq.max));

    // The restored product starts (migrations up to date, nothing seeded twice) and signs in.
    const app = await buildApp({ config: testConfig({ databaseUrl: target.databaseUrl, dataDir: 'memory://' }), database: target.database, logger: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+7 900 000-00-01', password: 'demo1234' } });
      expect(res.statusCode).toBe(200);
      const me = await app.inject({ method: 'GET', url: '/api/location', headers: authHeaders(res.json().token) });
      expect(me.json()).toHaveLength(3);
    } finally {
      await app.close();
    }
  } finally {
    await target.database.close();
  }
}, 180_000);

it('refuses a database that is not empty unless told to replace it, and a file that is not a backup', async () => {
  const file = path.join(tmp, 'again.ndjson.gz');
  await backupToFile(source.database.db, source.database.kind, file);
  const target = await emptyDatabase();
  try {
    await restoreFromFile(target.database.db, target.database.kind, file);
    // A second restore into the now filled database is refused and changes nothing.
    await target.database.db.execute(sql`update locations set name = 'Изменено после восстановления' where id = (select id from locations order by created_at limit 1)`);
    await expect(restoreFromFile(target.database.db, target.database.kind, file)).rejects.toThrow(/База не пуста.*--replace/);
    const [changed] = await rows<{ n: number }>(target.database, sql`select count(*)::int as n from locations where name = 'Изменено после восстановления'`);
    expect(changed.n).toBe(1);
    // With replace the copy's data wins.
    await restoreFromFile(target.database.db, target.database.kind, file, { replace: true });
    const [after] = await rows<{ n: number }>(target.database, sql`select count(*)::int as n from locations where name = 'Изменено после восстановления'`);
    expect(after.n).toBe(0);
    expect(await fingerprint(target.database)).toEqual(await fingerprint(source.database));

    // Not a backup, or one cut short: refused, the database untouched.
    const bogus = path.join(tmp, 'bogus.gz');
    fs.writeFileSync(bogus, 'not gzip');
    await expect(restoreFromFile(target.database.db, target.database.kind, bogus, { replace: true })).rejects.toThrow(BackupError);
    const zlib = await import('node:zlib');
    const full = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const cut = path.join(tmp, 'cut.ndjson.gz');
    fs.writeFileSync(cut, zlib.gzipSync(full.slice(0, Math.floor(full.length / 2)).join('\n') + '\n'));
    await expect(restoreFromFile(target.database.db, target.database.kind, cut, { replace: true })).rejects.toThrow(/обрезан|строк/);
    expect(await fingerprint(target.database)).toEqual(await fingerprint(source.database));
  } finally {
    await target.database.close();
  }
}, 180_000);

describe('the settings API', () => {
  it('records a failed backup and shows it; «Создать копию сейчас» writes one; only for manage_settings', async () => {
    const blocker = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(blocker, 'a file where the backup folder should be');
    const app = await buildTestApp({ backup: { dir: path.join(blocker, 'backups'), keepDays: 14, daily: false, time: '03:00' } });
    try {
      const owner = await login(app, demoPhones.owner);
      const cashier = await login(app, demoPhones.cashier);
      expect((await app.inject({ method: 'GET', url: '/api/backup', headers: authHeaders(cashier.token) })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/backup', headers: authHeaders(cashier.token) })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/backup' })).statusCode).toBe(403);

      const empty = await app.inject({ method: 'GET', url: '/api/backup', headers: authHeaders(owner.token) });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ lastSuccess: null, recent: [] });

      const failed = await app.inject({ method: 'POST', url: '/api/backup', headers: authHeaders(owner.token) });
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({ kind: 'manual', status: 'failed' });
      expect(failed.json().error).toMatch(/ENOTDIR|not a directory/);
      const status = (await app.inject({ method: 'GET', url: '/api/backup', headers: authHeaders(owner.token) })).json();
      expect(status.recent[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/ENOTDIR|not a directory/) });
      expect(status.lastSuccess).toBeNull();
    } finally {
      await app.close();
    }

    const dir = path.join(tmp, 'manual');
    const ok = await buildTestApp({ backup: { dir, keepDays: 14, daily: false, time: '03:00' } });
    try {
      const owner = await login(ok, demoPhones.owner);
      const made = await ok.inject({ method: 'POST', url: '/api/backup', headers: authHeaders(owner.token) });
      expect(made.json()).toMatchObject({ status: 'ok', kind: 'manual' });
      expect(made.json().size).toBe(fs.statSync(made.json().file).size);
      expect(path.dirname(made.json().file)).toBe(dir);
      const status = (await ok.inject({ method: 'GET', url: '/api/backup', headers: authHeaders(owner.token) })).json();
      expect(status.lastSuccess).toMatchObject({ id: made.json().id, fileName: path.basename(made.json().file) });
      // The stream endpoint: no secret (this app has no data folder), so nobody gets it.
      const stream = await ok.inject({ method: 'POST', url: '/api/backup/stream', headers: { 'x-backup-secret': 'guess' }, payload: {} });
      expect(stream.statusCode).toBe(403);
    } finally {
      await ok.close();
    }
  }, 120_000);
});

it('schedules the daily backup once a day and deletes only its own old files', () => {
  const at = (s: string) => new Date(s);
  expect(dailySlotDue(at('2025-05-02T04:00:00'), '03:00', at('2025-05-01T03:01:00'))).toBe('daily:2025-05-02');
  expect(dailySlotDue(at('2025-05-02T02:00:00'), '03:00', at('2025-05-01T03:01:00'))).toBeNull();
  // Off at 03:00 for days: caught up at the next check.
  expect(dailySlotDue(at('2025-05-05T02:00:00'), '03:00', at('2025-05-01T03:01:00'))).toBe('daily:2025-05-04');
  expect(dailySlotDue(at('2025-05-05T02:00:00'), '03:00', null)).toBe('daily:2025-05-04');

  const dir = path.join(tmp, 'prune');
  fs.mkdirSync(dir);
  const old = Date.now() - 20 * 86_400_000;
  for (const name of ['servis-plus-2025-01-01-030000.ndjson.gz', 'servis-plus-new.ndjson.gz', 'keep-me.txt']) fs.writeFileSync(path.join(dir, name), 'x');
  fs.utimesSync(path.join(dir, 'servis-plus-2025-01-01-030000.ndjson.gz'), old / 1000, old / 1000);
  fs.utimesSync(path.join(dir, 'keep-me.txt'), old / 1000, old / 1000);
  expect(pruneBackups(dir, 14)).toEqual(['servis-plus-2025-01-01-030000.ndjson.gz']);
  expect(fs.readdirSync(dir).sort()).toEqual(['keep-me.txt', 'servis-plus-new.ndjson.gz']);
});
