#!/usr/bin/env node
// `pnpm dev`: the API on 3000 (tsx watch, API only) and webpack dev servers with live reload:
// host on 3100 (serves a dev /remotes.json and proxies /api and /ws to 3000), remotes on 3101-3104.
// Open http://localhost:3100.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onShutdown, printBanner, run, waitForHttp } from './proc.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.API_PORT || 3000);
const bundles = [
  ['stock', 'remotes/stock'],
  ['sales-orders', 'remotes/sales-orders'],
  ['crm-finance', 'remotes/crm-finance'],
  ['shop-content', 'remotes/shop-content'],
  ['host', 'host'],
];

onShutdown();

run('server', process.execPath, ['--import', 'tsx', '--watch', 'src/server.ts'], {
  cwd: path.join(repoRoot, 'server'),
  env: { ...process.env, PORT: String(apiPort), DIST_DIR: '', DATA_DIR: process.env.DATA_DIR || path.join(repoRoot, 'data'), SEED_DEMO: process.env.SEED_DEMO ?? 'true' },
});

for (const [name, dir] of bundles) {
  const cwd = path.join(repoRoot, dir);
  const cli = createRequire(path.join(cwd, 'package.json')).resolve('webpack-cli/bin/cli.js');
  run(name, process.execPath, [cli, 'serve', '--mode', 'development'], {
    cwd,
    env: { ...process.env, API_URL: `http://localhost:${apiPort}`, NODE_ENV: 'development' },
  });
}

const ok = await Promise.all([
  waitForHttp(`http://localhost:${apiPort}/api/health`, { timeoutMs: 180_000 }),
  waitForHttp('http://localhost:3100/', { timeoutMs: 180_000 }),
]);
if (ok.every(Boolean)) printBanner('http://localhost:3100', { title: 'Режим разработки', storefront: false });
