/**
 * Backup and restore figures (docs/operations.md): medians of 3 of `backupToFile` and `restoreFromFile` on the
 * demo database, PGlite (BENCH_DATA_DIR, a folder a server made; default ./data) and, with BENCH_DATABASE_URL,
 * PostgreSQL (fresh databases are created beside it for the restores).
 *   npx tsx bench/backup.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { backupToFile, restoreFromFile } from '../src/modules/backup/format';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));

async function admin(url: string, statement: string) {
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query(statement).finally(() => c.end());
}

async function run(label: string, source: { databaseUrl: string | null; dataDir: string }, target: (i: number) => Promise<{ databaseUrl: string | null; dataDir: string; drop?: () => Promise<void> }>) {
  const db = await openDatabase({ ...source, migrate: false, lockPurpose: 'backup' });
  const backups: number[] = [];
  let size = 0;
  let rows = 0;
  const file = path.join(tmp, `${label}.ndjson.gz`);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = await backupToFile(db.db, db.kind, file);
    backups.push(performance.now() - t);
    size = r.size;
    rows = r.rows;
  }
  await db.close();
  const restores: number[] = [];
  for (let i = 0; i < 3; i++) {
    const where = await target(i);
    const t0 = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, migrate: false, lockPurpose: 'restore' });
    const t = performance.now();
    await restoreFromFile(t0.db, t0.kind, file);
    restores.push(performance.now() - t);
    await t0.close();
    await where.drop?.();
  }
  console.log(`${label}: ${rows} rows, file ${(size / 1024).toFixed(0)} KB; backup median ${median(backups).toFixed(0)} ms (${backups.map((x) => x.toFixed(0)).join(', ')}); restore median ${median(restores).toFixed(0)} ms (${restores.map((x) => x.toFixed(0)).join(', ')})`);
}

async function main() {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? './data');
  await run('pglite', { databaseUrl: null, dataDir }, async (i) => ({ databaseUrl: null, dataDir: path.join(tmp, `restore-${i}`) }));
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await run('postgres', { databaseUrl: url, dataDir: '' }, async (i) => {
      const name = `bench_restore_${process.pid}_${i}`;
      await admin(url, `drop database if exists ${name}`);
      await admin(url, `create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      return { databaseUrl: u.toString(), dataDir: '', drop: () => admin(url, `drop database if exists ${name} with (force)`) };
    });
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
