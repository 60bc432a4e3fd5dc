#!/usr/bin/env node
// Builds the four remotes and the host, two at a time (the machines have 2 cores).
//   node scripts/build.mjs            build what changed since the last build
//   node scripts/build.mjs --force    build everything
//   node scripts/build.mjs stock host build only these (area folder names or "host")
// A bundle is skipped when its inputs (its sources, the workspace packages it compiles in,
// the shared webpack setup and the lockfile) hash the same as at its last successful build
// and its output is still there. A remote's version id is derived from the same inputs, so
// the same sources give the same version in any checkout (docs/releases.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleInputHash } from './release-lib/inputs.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));
export const bundles = [
  { id: 'stock', dir: 'remotes/stock' },
  { id: 'sales-orders', dir: 'remotes/sales-orders' },
  { id: 'crm-finance', dir: 'remotes/crm-finance' },
  { id: 'shop-content', dir: 'remotes/shop-content' },
  { id: 'host', dir: 'host' },
];
// The skip check also covers the build scripts themselves (a change to them rebuilds everything);
// the version id of a remote depends only on what changes webpack's output (release-lib/inputs.mjs).
const buildScripts = ['scripts/build-bundle.mjs', 'scripts/build.mjs', 'scripts/release-lib/inputs.mjs'];

export function inputHash(bundle) {
  return bundleInputHash(bundle, buildScripts);
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
