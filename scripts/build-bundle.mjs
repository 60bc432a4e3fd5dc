#!/usr/bin/env node
// Builds ONE bundle: the package in the current directory (host or a remote).
//   host   -> <dist>/host/
//   remote -> <dist>/mfe/<area>/<version>/ (immutable), then <dist>/remotes.json is pointed at it.
//             Older versions stay for rollback (see docs/releases.md).
// <dist> is $DIST_DIR or <repo>/dist.
//
// A remote's version is `<package version>-<hash of its inputs>` (scripts/release-lib/inputs.mjs):
// the same sources give the same id in any checkout, and the output is byte-for-byte the same too
// (scripts/release-lib/stable-ids.cjs). A version folder that already exists is not built again
// (BUILD_FORCE=1 rebuilds and reports if the new output differs). Each version folder also holds
// area.json (the area's route and menu metadata, from src/expose/area.ts) and release.json
// (version, commit, builtAt, builtBy, contentHash).
//
// Also used as a module by scripts/release.mjs: buildRemote({ ..., updateManifest: false }).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './precompress.mjs';
import { readAreaMeta } from './release-lib/area-meta.mjs';
import { repoRoot, versionId } from './release-lib/inputs.mjs';

const require = createRequire(import.meta.url);
const { withStableIds } = require('./release-lib/stable-ids.cjs');

export const defaultDistDir = () => path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));
/** Files a build adds to a version folder besides webpack's output (not part of its content hash). */
export const releaseFiles = new Set(['area.json', 'release.json']);

function listFiles(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]))
    .sort();
}

/** Hash of a folder's files (names and bytes), skipping the release files and precompressed copies. */
export function hashDir(dir) {
  const h = createHash('sha256');
  for (const f of listFiles(dir)) {
    if (releaseFiles.has(f) || /\.(br|gz)$/.test(f)) continue;
    h.update(f.split(path.sep).join('/'));
    h.update('\0');
    h.update(fs.readFileSync(path.join(dir, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

async function runWebpack(pkgDir, outDir, label) {
  process.env.BUNDLE_OUT_DIR = outDir;
  process.env.NODE_ENV = 'production';
  const req = createRequire(path.join(pkgDir, 'package.json'));
  const webpack = req('webpack');
  const factory = req(path.join(pkgDir, 'webpack.config.js'));
  const config = withStableIds(typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory, repoRoot);
  const compiler = webpack(config);
  const stats = await new Promise((resolve, reject) =>
    compiler.run((err, s) => (err ? reject(err) : compiler.close((e2) => (e2 ? reject(e2) : resolve(s))))),
  );
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const w of info.warnings ?? []) {
    // publicPath 'auto' is intended (versioned folders); the manifest plugin warns about it on every build.
    if (/publicPath='auto'/.test(w.message)) continue;
    console.warn(`[${label}] warning: ${w.message.split('\n')[0]}`);
  }
  if (stats.hasErrors()) {
    for (const e of info.errors ?? []) console.error(`[${label}] ${e.message}`);
    throw new Error(`webpack build of ${label} failed`);
  }
}

/** A crude cross-process lock (two remotes may finish at the same time). */
export async function withLock(lockDir, fn) {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lockDir, { recursive: false });
      break;
    } catch (e) {
      if (e.code === 'ENOENT') {
        fs.mkdirSync(path.dirname(lockDir), { recursive: true });
        continue;
      }
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

export function readFederationName(pkgDir) {
  const src = fs.readFileSync(path.join(pkgDir, 'webpack.config.js'), 'utf8');
  const m = src.match(/name:\s*'([^']+)'/);
  if (!m) throw new Error('cannot find the federation name in webpack.config.js');
  return m[1];
}

/** A path for messages: relative to the repository when inside it. */
const shown = (p) => (p.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, p) : p);

function git(args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The commit the sources came from (null outside git), and whether `paths` had uncommitted changes. */
export function gitInfo(paths = []) {
  const commit = git(['rev-parse', 'HEAD']);
  const status = commit ? git(['status', '--porcelain', '--untracked-files=normal', '--', ...paths]) : null;
  return { commit, dirty: status === null ? null : status.length > 0 };
}

function osUser() {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || process.env.USERNAME || null;
  }
}

/** The `/remotes.json` entry of a version folder (meta from its area.json when present). */
export function manifestEntry(distDir, area, version) {
  const dir = path.join(distDir, 'mfe', area, version);
  const entry = { name: readFederationName(path.join(repoRoot, 'remotes', area)), version, entry: `/mfe/${area}/${version}/remoteEntry.js` };
  try {
    entry.meta = JSON.parse(fs.readFileSync(path.join(dir, 'area.json'), 'utf8'));
  } catch {
    // No area.json: an area without src/expose/area.ts yet, or an older build.
  }
  return entry;
}

/** Points `<dist>/remotes.json` at a version (the file `pnpm build` leaves; the server adopts it at start). */
export async function writeManifestEntry(distDir, area, version) {
  const manifestPath = path.join(distDir, 'remotes.json');
  await withLock(path.join(distDir, '.remotes.json.lock'), () => {
    let manifest = {};
    try {
      manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    } catch {
      // No manifest yet (first build) or a broken one: start a new one.
    }
    manifest[area] = manifestEntry(distDir, area, version);
    const tmp = `${manifestPath}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(tmp, manifestPath);
  });
}

/**
 * Moves a finished build into its version folder without ever leaving a live folder missing.
 * Returns false when another build placed the same version first (its folder is kept).
 */
function placeVersion(staging, target) {
  try {
    fs.renameSync(staging, target);
    return true;
  } catch (e) {
    if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
  }
  if (fs.existsSync(path.join(target, 'release.json'))) {
    fs.rmSync(staging, { recursive: true, force: true });
    return false;
  }
  // An incomplete folder (no release.json: an interrupted or older build): swap it out.
  const old = `${target}.old-${process.pid}`;
  fs.renameSync(target, old);
  fs.renameSync(staging, target);
  fs.rmSync(old, { recursive: true, force: true });
  return true;
}

/**
 * Builds one remote into <dist>/mfe/<area>/<version>/ unless that folder exists already.
 * @returns {Promise<{ version: string, dir: string, built: boolean, meta: object | null }>}
 */
export async function buildRemote({ area, distDir = defaultDistDir(), updateManifest = true, force = process.env.BUILD_FORCE === '1', log = console.log }) {
  const pkgDir = path.join(repoRoot, 'remotes', area);
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const version = versionId({ dir: `remotes/${area}` }, pkg.version);
  const target = path.join(distDir, 'mfe', area, version);
  const present = fs.existsSync(path.join(target, 'remoteEntry.js')) && fs.existsSync(path.join(target, 'release.json'));
  // Read the metadata first: a broken area.ts fails the build before webpack runs.
  const meta = readAreaMeta(area);
  let built = false;
  if (present && !force) {
    log(`[${area}] unchanged: ${version} is already built`);
  } else {
    const staging = path.join(distDir, '.staging', `${area}-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    await runWebpack(pkgDir, staging, area);
    const contentHash = hashDir(staging);
    if (present) {
      let old = null;
      try {
        old = JSON.parse(fs.readFileSync(path.join(target, 'release.json'), 'utf8')).contentHash ?? null;
      } catch {
        // An unreadable release.json: report as different.
      }
      if (old === contentHash) log(`[${area}] rebuilt ${version}: same output, the version folder is kept`);
      else console.warn(`[${area}] rebuilt ${version}: the output differs from the folder built before (kept as is: versions are immutable)`);
      fs.rmSync(staging, { recursive: true, force: true });
    } else {
      if (meta) fs.writeFileSync(path.join(staging, 'area.json'), `${JSON.stringify(meta, null, 2)}\n`);
      const { commit, dirty } = gitInfo([`remotes/${area}`, 'packages', 'scripts', 'pnpm-lock.yaml']);
      const release = { version, commit, dirty, builtAt: new Date().toISOString(), builtBy: osUser(), contentHash };
      fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
      await precompressDir(staging); // after hashDir: the .br/.gz copies are not part of the content hash
      fs.mkdirSync(path.dirname(target), { recursive: true });
      built = placeVersion(staging, target);
      log(built ? `[${area}] built ${shown(target)}` : `[${area}] ${version} was finished by another build meanwhile: kept that one`);
    }
  }
  if (!meta) log(`[${area}] no src/expose/area.ts yet: built without area.json (no meta in remotes.json)`);
  if (updateManifest) await writeManifestEntry(distDir, area, version);
  return { version, dir: target, built, meta };
}

async function buildHost(distDir) {
  const target = path.join(distDir, 'host');
  await runWebpack(path.join(repoRoot, 'host'), target, 'host');
  await precompressDir(target);
  console.log(`[host] built ${shown(target)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pkgDir = process.cwd();
  const rel = path.relative(repoRoot, pkgDir).split(path.sep);
  const t0 = Date.now();
  const label = rel[0] === 'remotes' && rel.length === 2 ? rel[1] : 'host';
  try {
    if (rel[0] === 'remotes' && rel.length === 2) await buildRemote({ area: rel[1] });
    else if (rel.length === 1 && rel[0] === 'host') await buildHost(defaultDistDir());
    else throw new Error(`build-bundle.mjs must run in host/ or remotes/<area>/ (cwd: ${pkgDir})`);
    console.log(`[${label}] done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`[${label}] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
