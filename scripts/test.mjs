#!/usr/bin/env node
// The README's test command: lint, type checks and every jest suite, then the product is built and driven in Chromium.
// With TEST_DATABASE_URL the server tests and the e2e run use fresh PostgreSQL databases.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['npx', '-y', 'pnpm@10.34.8'];

const startedAt = Date.now();
/** Each step's title, time and outcome, printed as a table when the command ends (also when a step fails). */
const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
function printTimings() {
  if (!timings.length) return;
  const width = Math.max(...timings.map((t) => t.title.length));
  console.log('\nStep times:');
  for (const t of timings) console.log(`  ${t.ok ? '✔' : '✖'} ${t.title.padEnd(width)}  ${seconds(t.ms).padStart(8)}`);
  console.log(`  ${'total'.padEnd(width + 2)}  ${seconds(Date.now() - startedAt).padStart(8)}`);
}
process.on('exit', printTimings);

/** Runs one step; returns its exit status after saying how it went. */
function step(title, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const res = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const status = res.status ?? 1;
  timings.push({ title, ms: Date.now() - started, ok: status === 0 });
  // `.ci/run` collects both passes' steps and prints them together at its end.
  if (process.env.TEST_TIMINGS_FILE) fs.appendFileSync(process.env.TEST_TIMINGS_FILE, `${JSON.stringify({ pass: process.env.TEST_PASS ?? '', ...timings.at(-1) })}\n`);
  if (status !== 0) console.error(`✖ ${title} failed (exit ${status})`);
  else console.log(`✔ ${title} (${seconds(Date.now() - started)})`);
  return status;
}

function run(title, args, env = {}) {
  const status = step(title, args, env);
  if (status !== 0) process.exit(status);
}

function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  if (candidates.some((p) => fs.existsSync(p))) return;
  console.log('Chromium не найден, пробую установить из пакетов Debian (apt-get install chromium)…');
  try {
    const sudo = process.getuid?.() === 0 ? '' : 'sudo -n ';
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });
  } catch {
    /* reported below */
  }
  if (!candidates.concat('/usr/bin/chromium').some((p) => fs.existsSync(p))) {
    console.error('✖ Для e2e-тестов нужен Chromium: установите пакет chromium (apt-get install -y chromium) или укажите путь в CHROMIUM_PATH.');
    process.exit(1);
  }
}

async function admin(baseUrl, sql) {
  const require = createRequire(path.join(root, 'server/package.json'));
  const { Client } = require('pg');
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throw-away database beside TEST_DATABASE_URL's, and the way to drop it again. */
async function freshDatabase(baseUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await admin(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(baseUrl, `drop database if exists ${name} with (force)`).catch(() => undefined) };
}

const db = process.env.TEST_DATABASE_URL;
console.log(db ? `Database: PostgreSQL (${db.replace(/\/\/[^@]*@/, '//')})` : 'Database: embedded PGlite');

// `TEST_SCOPE=database` (CI's second pass, on PostgreSQL, after a full pass on PGlite) runs only what
// depends on the database: the server's tests and the end-to-end suite. Everything else is the same code
// already checked by the first pass.
const databaseOnly = process.env.TEST_SCOPE === 'database';
if (databaseOnly) console.log('Scope: the database-dependent tests only (server jest + e2e)');
else {
  run('lint (eslint)', [...pnpm, 'run', 'lint']);
  run('migrations match the schema, journal in order, none edited', [process.execPath, 'scripts/check-migrations.mjs']);
  run('type checks (tsc, every package)', [...pnpm, '-r', '--workspace-concurrency=2', 'run', 'typecheck']);
  run('build and release scripts (node --test)', [process.execPath, '--test', '--test-concurrency=1', 'scripts/__tests__/']);
}
run('unit and API tests (jest)', [...pnpm, '-r', '--workspace-concurrency=1', '--filter', databaseOnly ? 'server' : '!e2e', 'test']);
// The real server killed with SIGKILL amid postings, restarted on the same data, every ledger checked
// (server/docs/stock.md «Crash safety»). On PGlite here; PostgreSQL's kill -9 is in the server's jest.
if (!databaseOnly) run('crash safety: SIGKILL amid postings, restart, ledgers (pnpm test:crash, PGlite)', [...pnpm, '--filter', 'server', 'run', 'test:crash']);
run('build host and remotes', [process.execPath, 'scripts/build.mjs']);
ensureChromium();
const e2eDb = db ? await freshDatabase(db, 'e2e') : null;
const share = process.env.E2E_SHARE ? ` (${process.env.E2E_SHARE} share + smoke set)` : '';
const e2eStatus = step(`end-to-end tests (Playwright, Chromium)${share}`, [...pnpm, '--filter', 'e2e', 'test'], e2eDb ? { E2E_DATABASE_URL: e2eDb.url } : {});
await e2eDb?.drop();
if (e2eStatus !== 0) process.exit(e2eStatus);
console.log('\nAll tests passed.');
