#!/usr/bin/env node
// Test-only: builds a variant of one area with the `__E2E_EXTRA_ROUTE__` switch on (extra screens and a
// menu item, see remotes/sales-orders/src/expose/area.ts) into <dist>/mfe/<area>/<version>/, with its
// area.json, the way scripts/build-bundle.mjs lays out a release — without touching the live pointer.
//   node e2e/support/build-area-variant.mjs <area> <version> <distDir>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [area, version, distDir] = process.argv.slice(2);
if (!area || !version || !distDir) throw new Error('usage: build-area-variant.mjs <area> <version> <distDir>');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkgDir = path.join(repoRoot, 'remotes', area);
const out = path.join(distDir, 'mfe', area, version);
const req = createRequire(path.join(pkgDir, 'package.json'));
const webpack = req('webpack');

fs.rmSync(out, { recursive: true, force: true });
process.env.BUNDLE_OUT_DIR = out;
process.env.NODE_ENV = 'production';
const factory = req(path.join(pkgDir, 'webpack.config.js'));
const config = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
config.plugins.push(new webpack.DefinePlugin({ __E2E_EXTRA_ROUTE__: 'true' }));
const stats = await new Promise((resolve, reject) =>
  webpack(config).run((err, s) => (err ? reject(err) : resolve(s))),
);
if (stats.hasErrors()) {
  console.error(stats.toString({ all: false, errors: true }));
  process.exit(1);
}

process.env.E2E_EXTRA_ROUTE = '1';
const { readAreaMeta } = await import(pathToFileURL(path.join(repoRoot, 'scripts/release-lib/area-meta.mjs')).href);
fs.writeFileSync(path.join(out, 'area.json'), `${JSON.stringify(readAreaMeta(area), null, 2)}\n`);
fs.writeFileSync(
  path.join(out, 'release.json'),
  `${JSON.stringify({ version, commit: null, dirty: true, builtAt: new Date().toISOString(), builtBy: 'e2e', contentHash: null }, null, 2)}\n`,
);
console.log(out);
