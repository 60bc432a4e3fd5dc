#!/usr/bin/env node
// Builds the four remotes and the host, two at a time (the machines have 2 cores).
//   node scripts/build.mjs            build what changed since the last build
//   node scripts/build.mjs --force    build everything
//   node scripts/build.mjs stock host build only these (area folder names or "host")
// A bundle is skipped when its inputs (its sources, the workspace packages it compiles in,
// the shared webpack setup and the lockfile) hash the same as at its last successful build
// and its output is still there.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));
export const bundles = [
  { id: 'stock', dir: 'remotes/stock' },
  { id: 'sales-orders', dir: 'remotes/sales-orders' },
  { id: 'crm-finance', dir: 'remotes/crm-finance' },
  { id: 'shop-content', dir: 'remotes/shop-content' },
  { id: 'host', dir: 'host' },
];
const commonInputs = [
  'packages/shared-core/src',
  'packages/shared-core/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'scripts/webpack-config.cjs',
  'scripts/federation-shared.cjs',
  'scripts/build-bundle.mjs',
  'pnpm-lock.yaml',
];
const ignored = new Set(['node_modules', 'dist', '__tests__', 'test', 'coverage', '.turbo', 'jest.config.js', 'tsconfig.json']);

function addInput(hash, abs) {
  if (!fs.existsSync(abs)) return;
  const st = fs.statSync(abs);
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) {
      if (ignored.has(name) || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      addInput(hash, path.join(abs, name));
    }
    return;
  }
  hash.update(path.relative(repoRoot, abs));
  hash.update('\0');
  hash.update(fs.readFileSync(abs));
}

export function inputHash(bundle) {
  const hash = createHash('sha256');
  for (const p of [bundle.dir, ...commonInputs]) addInput(hash, path.join(repoRoot, p));
  return hash.digest('hex');
}

const statePath = path.join(distDir, '.build-state.json');
function readState() {
  try {
    return JSON.parse(fs.readFileSync(statePath, 'utf8'));
  } catch {
    return {};
  }
}

function outputPresent(bundle) {
  if (bundle.id === 'host') return fs.existsSync(path.join(distDir, 'host', 'index.html'));
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'remotes.json'), 'utf8'));
    const entry = manifest[bundle.id]?.entry;
    return typeof entry === 'string' && fs.existsSync(path.join(distDir, entry.replace(/^\//, '')));
  } catch {
    return false;
  }
}

function run(bundle) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/build-bundle.mjs')], {
      cwd: path.join(repoRoot, bundle.dir),
      env: { ...process.env, DIST_DIR: distDir },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${bundle.id} failed (exit ${code})`))));
  });
}

export async function buildAll({ force = false, only = [], concurrency = 2, log = console.log } = {}) {
  fs.mkdirSync(distDir, { recursive: true });
  const selected = bundles.filter((b) => only.length === 0 || only.includes(b.id));
  const state = readState();
  const todo = [];
  for (const b of selected) {
    const hash = inputHash(b);
    if (!force && state[b.id] === hash && outputPresent(b)) log(`[${b.id}] up to date, skipped`);
    else todo.push({ ...b, hash });
  }
  const queue = [...todo];
  const failures = [];
  const worker = async () => {
    for (let b = queue.shift(); b; b = queue.shift()) {
      try {
        await run(b);
        const fresh = readState();
        fresh[b.id] = b.hash;
        fs.writeFileSync(statePath, JSON.stringify(fresh, null, 2));
      } catch (e) {
        failures.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  if (failures.length) throw new Error(failures.map((e) => e.message).join('; '));
  return { built: todo.map((b) => b.id), distDir };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const t0 = Date.now();
  buildAll({ force: args.includes('--force'), only: args.filter((a) => !a.startsWith('--')) })
    .then(({ built }) => console.log(`Built ${built.length ? built.join(', ') : 'nothing'} in ${((Date.now() - t0) / 1000).toFixed(0)} s -> ${distDir}`))
    .catch((e) => {
      console.error(e.message);
      process.exit(1);
    });
}
