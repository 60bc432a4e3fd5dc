#!/usr/bin/env node
// Builds ONE bundle: the package in the current directory (host or a remote).
//   host   -> <dist>/host/
//   remote -> <dist>/mfe/<area>/<version>/ (immutable: version = package version + content hash),
//             then <dist>/remotes.json is pointed at the new version. Older versions stay for rollback.
// <dist> is $DIST_DIR or <repo>/dist.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = process.cwd();
const distDir = path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const rel = path.relative(repoRoot, pkgDir).split(path.sep);
const isRemote = rel[0] === 'remotes' && rel.length === 2;
const area = isRemote ? rel[1] : 'host';

function listFiles(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]))
    .sort();
}

export function hashDir(dir) {
  const h = createHash('sha256');
  for (const f of listFiles(dir)) {
    h.update(f.split(path.sep).join('/'));
    h.update('\0');
    h.update(fs.readFileSync(path.join(dir, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

async function runWebpack(outDir) {
  process.env.BUNDLE_OUT_DIR = outDir;
  process.env.NODE_ENV = 'production';
  const req = createRequire(path.join(pkgDir, 'package.json'));
  const webpack = req('webpack');
  const factory = req(path.join(pkgDir, 'webpack.config.js'));
  const config = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
  const compiler = webpack(config);
  const stats = await new Promise((resolve, reject) =>
    compiler.run((err, s) => (err ? reject(err) : compiler.close((e2) => (e2 ? reject(e2) : resolve(s))))),
  );
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const w of info.warnings ?? []) console.warn(`[${area}] warning: ${w.message.split('\n')[0]}`);
  if (stats.hasErrors()) {
    for (const e of info.errors ?? []) console.error(`[${area}] ${e.message}`);
    throw new Error(`webpack build of ${area} failed`);
  }
}

/** A crude cross-process lock (two remotes may finish at the same time). */
async function withLock(lockDir, fn) {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      // A lock left by a killed build is considered stale after 30 s.
      try {
        if (Date.now() - fs.statSync(lockDir).mtimeMs > 30_000) fs.rmSync(lockDir, { recursive: true, force: true });
      } catch {
        // The holder released the lock between our mkdir and stat: try again.
      }
      if (Date.now() - started > 60_000) throw new Error(`lock ${lockDir} held too long`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

export function readFederationName() {
  const src = fs.readFileSync(path.join(pkgDir, 'webpack.config.js'), 'utf8');
  const m = src.match(/name:\s*'([^']+)'/);
  if (!m) throw new Error('cannot find the federation name in webpack.config.js');
  return m[1];
}

async function buildRemote() {
  const staging = path.join(distDir, '.staging', `${area}-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  await runWebpack(staging);
  const version = `${pkg.version}-${hashDir(staging).slice(0, 10)}`;
  const target = path.join(distDir, 'mfe', area, version);
  if (fs.existsSync(path.join(target, 'remoteEntry.js'))) {
    fs.rmSync(staging, { recursive: true, force: true });
    console.log(`[${area}] unchanged: ${path.relative(repoRoot, target)}`);
  } else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
    console.log(`[${area}] built ${path.relative(repoRoot, target)}`);
  }
  const manifestPath = path.join(distDir, 'remotes.json');
  await withLock(path.join(distDir, '.remotes.json.lock'), () => {
    let manifest = {};
    try {
      manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    } catch {
      // No manifest yet (first build) or a broken one: start a new one.
    }
    manifest[area] = { name: readFederationName(), version, entry: `/mfe/${area}/${version}/remoteEntry.js` };
    const tmp = `${manifestPath}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(tmp, manifestPath);
  });
  return version;
}

async function buildHost() {
  const target = path.join(distDir, 'host');
  await runWebpack(target);
  console.log(`[host] built ${path.relative(repoRoot, target) || target}`);
}

const t0 = Date.now();
try {
  if (isRemote) await buildRemote();
  else if (area === 'host' && rel[0] === 'host') await buildHost();
  else throw new Error(`build-bundle.mjs must run in host/ or remotes/<area>/ (cwd: ${pkgDir})`);
  console.log(`[${area}] done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
