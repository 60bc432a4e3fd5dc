#!/usr/bin/env node
// Checks the server's Drizzle migrations (CI runs it; exit 1 with the reasons when something is wrong):
//   1. the journal (meta/_journal.json) is in order: idx 0, 1, 2, ...; `when` strictly increasing;
//      each tag has its <tag>.sql and meta/<NNNN>_snapshot.json, and every .sql file is in the journal;
//   2. no committed migration was edited or deleted: each file's SHA-256 must match checksums.json;
//      a new migration is accepted into checksums.json with --accept (db:generate does it);
//   3. the schema has no change without a migration: `drizzle-kit generate` is run into a temporary
//      copy of the migrations folder (never the real one) and must produce nothing.
//
// node scripts/check-migrations.mjs [--accept] [--skip-generate] [--migrations <dir>]
// node scripts/check-migrations.mjs --generate [drizzle-kit generate options, e.g. --name add_sales]
//   (what `pnpm --filter server db:generate` runs: generates into the real folder, then accepts it)
import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(repoRoot, 'server');

const argv = process.argv.slice(2);
const generateMode = argv[0] === '--generate';
const args = generateMode ? [] : argv;
const accept = generateMode || args.includes('--accept');
const skipGenerate = generateMode || args.includes('--skip-generate');
const dirArg = args.indexOf('--migrations');
const migrationsDir = path.resolve(dirArg >= 0 ? args[dirArg + 1] : path.join(serverDir, 'migrations'));
const checksumsFile = path.join(migrationsDir, 'checksums.json');

const problems = [];
const rel = (p) => path.relative(repoRoot, p) || p;
const sha256 = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const sqlFiles = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();

function checkJournal() {
  const file = path.join(migrationsDir, 'meta', '_journal.json');
  let entries;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8')).entries;
  } catch (err) {
    problems.push(`${rel(file)} cannot be read: ${err.message}`);
    return [];
  }
  if (!Array.isArray(entries)) {
    problems.push(`${rel(file)} has no "entries" list`);
    return [];
  }
  entries.forEach((e, i) => {
    const name = e.tag ?? `entry ${i}`;
    if (e.idx !== i) problems.push(`journal out of order: ${name} has idx ${e.idx}, expected ${i} (entries must be 0, 1, 2, ... in file order)`);
    if (i > 0 && !(Number(e.when) > Number(entries[i - 1].when))) {
      problems.push(
        `journal out of order: ${name} has when ${e.when}, not after ${entries[i - 1].tag} (${entries[i - 1].when}); ` +
          `drizzle's migrator would skip it on a database that applied the newer one — regenerate it after the newest migration`,
      );
    }
    const prefix = String(i).padStart(4, '0');
    if (typeof e.tag !== 'string' || !e.tag.startsWith(`${prefix}_`)) problems.push(`journal entry ${i} has tag "${e.tag}", expected "${prefix}_<name>"`);
    if (typeof e.tag === 'string' && !fs.existsSync(path.join(migrationsDir, `${e.tag}.sql`))) problems.push(`journal names ${e.tag} but ${e.tag}.sql is missing`);
    if (!fs.existsSync(path.join(migrationsDir, 'meta', `${prefix}_snapshot.json`))) problems.push(`meta/${prefix}_snapshot.json is missing (for ${name})`);
  });
  const tags = new Set(entries.map((e) => `${e.tag}.sql`));
  for (const f of sqlFiles(migrationsDir)) if (!tags.has(f)) problems.push(`${f} is not in the journal (a migration must be generated with drizzle-kit, never added by hand)`);
  return entries;
}

function checkChecksums(entries) {
  let sums = {};
  if (fs.existsSync(checksumsFile)) sums = JSON.parse(fs.readFileSync(checksumsFile, 'utf8'));
  for (const [file, expected] of Object.entries(sums)) {
    const abs = path.join(migrationsDir, file);
    if (!fs.existsSync(abs)) problems.push(`${file} was committed and is now deleted: never remove an applied migration`);
    else if (sha256(abs) !== expected)
      problems.push(`${file} was edited after it was committed (checksum differs): never edit an old migration, generate a new one (pnpm --filter server db:generate)`);
  }
  const missing = entries.map((e) => `${e.tag}.sql`).filter((f) => !(f in sums) && fs.existsSync(path.join(migrationsDir, f)));
  if (missing.length === 0) return;
  if (accept) {
    for (const f of missing) sums[f] = sha256(path.join(migrationsDir, f));
    fs.writeFileSync(checksumsFile, `${JSON.stringify(sums, null, 2)}\n`);
    console.log(`accepted ${missing.join(', ')} into ${rel(checksumsFile)}`);
  } else {
    problems.push(`${missing.join(', ')} not in ${rel(checksumsFile)}: run \`node scripts/check-migrations.mjs --accept\` after generating a migration (db:generate does it)`);
  }
}

function drizzleKit() {
  const bin = path.join(serverDir, 'node_modules', '.bin', process.platform === 'win32' ? 'drizzle-kit.cmd' : 'drizzle-kit');
  if (!fs.existsSync(bin)) throw new Error(`${rel(bin)} is missing: install the dependencies first`);
  return bin;
}

async function checkGenerate() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'check-migrations-'));
  const copy = path.join(tmp, 'migrations');
  try {
    fs.cpSync(migrationsDir, copy, { recursive: true });
    const before = new Set(sqlFiles(copy));
    // drizzle-kit resolves `out` against the working directory (it prefixes './'), so pass it relative.
    const out = path.relative(serverDir, copy);
    const result = await new Promise((resolve) => {
      const child = execFile(
        drizzleKit(),
        ['generate', '--name', 'uncommitted_schema_change'],
        { cwd: serverDir, env: { ...process.env, DRIZZLE_MIGRATIONS_DIR: out }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
        (err, stdout, stderr) => resolve({ err, output: `${stdout}${stderr}` }),
      );
      child.stdin?.end(); // a rename prompt would otherwise wait forever
    });
    const created = sqlFiles(copy).filter((f) => !before.has(f));
    if (created.length > 0) {
      const body = fs.readFileSync(path.join(copy, created[0]), 'utf8').split('\n').slice(0, 12).join('\n    ');
      problems.push(
        `the schema has changes with no committed migration; drizzle-kit generate would write ${created.join(', ')}:\n    ${body}\n` +
          `  run \`pnpm --filter server db:generate --name <what>\` and commit the result`,
      );
    } else if (result.err) {
      const tail = result.output.trim().split('\n').slice(-8).join('\n    ');
      problems.push(`drizzle-kit generate failed (an interactive rename question counts too — generate the migration by hand first):\n    ${tail}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (generateMode) {
  const r = spawnSync(drizzleKit(), ['generate', ...argv.slice(1)], { cwd: serverDir, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const entries = checkJournal();
checkChecksums(entries);
if (!skipGenerate) await checkGenerate();
if (problems.length > 0) {
  console.error(`✗ migrations check failed (${rel(migrationsDir)}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`✓ migrations OK: ${entries.length} in order, none edited${skipGenerate ? '' : ', schema and migrations agree'} (${rel(migrationsDir)})`);
