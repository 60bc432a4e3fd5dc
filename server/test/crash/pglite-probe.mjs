/**
 * PGlite on a NodeFS data folder against SIGKILL, without the server in between (server/docs/stock.md,
 * «Crash safety»): a child process commits small transactions one after another and prints each id
 * once its commit has returned; the parent kills it with SIGKILL at a random moment, opens the folder
 * again and looks for every printed id. Repeated `--kills` times (default 20).
 *
 *   node test/crash/pglite-probe.mjs [--kills 20] [--fsync]     (from server/)
 *   node test/crash/pglite-probe.mjs --bench [--fsync]          commit latency only
 *
 * `--fsync` runs PGlite with fsync on (its start parameters without `-F`, `wal_sync_method=fsync`) and
 * NodeFS's missing `fsync` filled in with `fs.fsyncSync` — the experiment of what a flush to the disk
 * would cost; the server does not do this. Exits 1 when an acknowledged commit is missing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const args = process.argv.slice(2);
const fsync = args.includes('--fsync');
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);

/** NodeFS whose `fsync` reaches the disk (Emscripten's NODEFS has none, so PostgreSQL's fsync is a no-op). */
class SyncedNodeFS extends NodeFS {
  async init(pg, opts) {
    const out = await super.init(pg, opts);
    const patch = (mod) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    out.emscriptenOpts.preRun = [patch, ...(out.emscriptenOpts.preRun ?? [])];
    return out;
  }
}

async function open(dir) {
  if (!fsync) return PGlite.create(dir);
  const params = PGlite.defaultStartParams.filter((p) => p !== '-F');
  return PGlite.create({ fs: new SyncedNodeFS(dir), startParams: [...params, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'] });
}

async function child(dir) {
  const db = await open(dir);
  await db.exec('create table if not exists acks (id serial primary key, at timestamptz default now(), payload text)');
  process.stdout.write('ready\n');
  for (;;) {
    // A transaction of a few statements, as a posting is; its id is printed only after COMMIT returned.
    const id = await db.transaction(async (tx) => {
      const row = (await tx.query('insert into acks (payload) values ($1) returning id', ['x'.repeat(300)])).rows[0].id;
      await tx.query('update acks set payload = payload || $1 where id = $2', ['y', row]);
      return row;
    });
    process.stdout.write(`${id}\n`);
  }
}

async function bench() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-bench-'));
  try {
    const db = await open(dir);
    await db.exec('create table acks (id serial primary key, payload text)');
    const n = 500;
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      await db.transaction(async (tx) => {
        const row = (await tx.query('insert into acks (payload) values ($1) returning id', ['x'.repeat(300)])).rows[0].id;
        await tx.query('update acks set payload = payload || $1 where id = $2', ['y', row]);
      });
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${fsync ? 'fsync on ' : 'default  '}: ${n} commits in ${ms.toFixed(0)} ms, ${(ms / n).toFixed(2)} ms per commit`);
    await db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function parent() {
  const kills = option('--kills', 20);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-probe-'));
  const self = fileURLToPath(import.meta.url);
  let acked = 0;
  let lost = 0;
  try {
    for (let k = 1; k <= kills; k++) {
      const proc = spawn(process.execPath, [self, '--child', dir, ...(fsync ? ['--fsync'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
      const ids = [];
      let buffer = '';
      let ready = false;
      const target = 1 + Math.floor(Math.random() * 400); // commits to let through before the kill
      await new Promise((resolve) => {
        proc.stdout.on('data', (chunk) => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop();
          for (const line of lines) {
            if (line === 'ready') ready = true;
            else if (line) ids.push(Number(line));
          }
          if (ready && ids.length >= target && proc.exitCode === null && !proc.killed) proc.kill('SIGKILL');
        });
        proc.on('exit', resolve);
      });
      const db = await PGlite.create(dir);
      const present = new Set((await db.query('select id from acks where id = any($1::int[])', [ids])).rows.map((r) => r.id));
      const [{ max }] = (await db.query('select coalesce(max(id), 0) as max from acks')).rows;
      await db.close();
      const missing = ids.filter((id) => !present.has(id));
      acked += ids.length;
      lost += missing.length;
      console.log(`kill ${k}: ${ids.length} commits acknowledged, last ${ids.at(-1)}, newest on disk ${max}, missing ${missing.length}${missing.length ? ` (${missing.slice(0, 10).join(', ')})` : ''}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${kills} × SIGKILL${fsync ? ' (fsync on)' : ''}: ${acked} acknowledged commits, ${lost} lost`);
  process.exit(lost ? 1 : 0);
}

if (args[0] === '--child') await child(args[1]);
else if (args.includes('--bench')) await bench();
else await parent();
