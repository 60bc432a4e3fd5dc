// What a bundle is built from, hashed without any absolute path, so the same sources give the same
// hash in any checkout. scripts/build.mjs uses it to skip unchanged bundles; scripts/build-bundle.mjs
// derives a remote's version id from it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The build recipe: files whose change changes what webpack emits. */
const recipe = [
  'scripts/webpack-config.cjs',
  'scripts/federation-shared.cjs',
  'scripts/antd-lending.cjs',
  'scripts/release-lib/stable-ids.cjs',
  'scripts/release-lib/area-meta.mjs',
  'pnpm-lock.yaml',
];
// Environment switches that change webpack's output (source maps, the measuring-only federation switches of
// scripts/webpack-config.cjs): they are part of the inputs, so a different output never shares a version id.
const buildEnv = ['SOURCE_MAPS', 'FEDERATION_ANTD', 'FEDERATION_RUNTIME', 'FEDERATION_EAGER'];
const ignored = new Set(['node_modules', 'dist', '__tests__', 'test', 'coverage', '.turbo', 'jest.config.js', 'tsconfig.json']);

function addInput(hash, abs) {
  if (!fs.existsSync(abs)) return;
  const st = fs.statSync(abs);
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) {
      if (ignored.has(name) || /\.test\.tsx?$/.test(name)) continue;
      addInput(hash, path.join(abs, name));
    }
    return;
  }
  hash.update(path.relative(repoRoot, abs).split(path.sep).join('/'));
  hash.update('\0');
  hash.update(fs.readFileSync(abs));
  hash.update('\0');
}

/** Every workspace package under packages/ (any of them may be compiled into a bundle). */
function workspacePackages() {
  const dir = path.join(repoRoot, 'packages');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .flatMap((name) => [`packages/${name}/src`, `packages/${name}/package.json`]);
}

/** Other webpack helpers the config may require (scripts/webpack-*.cjs|mjs). */
function webpackHelpers() {
  return fs
    .readdirSync(path.join(repoRoot, 'scripts'))
    .filter((n) => /^webpack-.*\.(c|m)?js$/.test(n))
    .sort()
    .map((n) => `scripts/${n}`);
}

/**
 * Hash of what a bundle's output depends on: its folder, every workspace package, the build recipe
 * and the lockfile, plus `extra` files (build.mjs adds the build scripts so a new build script rebuilds).
 * @param {{ dir: string }} bundle  folder relative to the repository root (`remotes/stock`, `host`)
 */
export function bundleInputHash(bundle, extra = []) {
  const hash = createHash('sha256');
  const files = [...new Set([bundle.dir, ...workspacePackages(), ...recipe, ...webpackHelpers(), ...extra])];
  for (const p of files) {
    hash.update(`${p}\n`);
    addInput(hash, path.join(repoRoot, p));
  }
  for (const name of buildEnv) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/** A remote's version id: package version + the first 10 hex digits of its input hash. */
export function versionId(bundle, pkgVersion) {
  return `${pkgVersion}-${bundleInputHash(bundle).slice(0, 10)}`;
}

/** The remote areas: folders under remotes/ with a webpack config. */
export const areas = () =>
  fs
    .readdirSync(path.join(repoRoot, 'remotes'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(repoRoot, 'remotes', e.name, 'webpack.config.js')))
    .map((e) => e.name)
    .sort();
