#!/usr/bin/env node
// `pnpm start`: build the host and the four remotes (skipping what is up to date), then serve
// everything from the API server on one port with the embedded database and demo data.
// Env: PORT (3000), DATA_DIR (<repo>/data), DIST_DIR (<repo>/dist), DATABASE_URL, SEED_DEMO,
// START_SKIP_BUILD=1 to serve the existing build as is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';
import { onShutdown, printBanner, run, waitForHttp } from './proc.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
// DIST_DIR set but empty: the API only (nothing is built or served), as for the server itself.
const apiOnly = process.env.DIST_DIR === '';
const distDir = apiOnly ? '' : path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));
const dataDir = path.resolve(process.env.DATA_DIR || path.join(repoRoot, 'data'));

if (process.env.START_SKIP_BUILD !== '1' && !apiOnly) {
  console.log('Сборка интерфейса (хост и четыре раздела)…');
  const t0 = Date.now();
  try {
    const { built } = await buildAll({ log: (m) => console.log(m) });
    console.log(built.length ? `Собрано за ${((Date.now() - t0) / 1000).toFixed(0)} с: ${built.join(', ')}` : 'Сборка актуальна.');
  } catch (e) {
    console.error(`Сборка не удалась: ${e.message}`);
    process.exit(1);
  }
}

const env = {
  ...process.env,
  PORT: String(port),
  DIST_DIR: distDir,
  DATA_DIR: dataDir,
  SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  NODE_ENV: process.env.NODE_ENV ?? 'production',
};
// tsx is the server's own dependency, so the server starts from its folder.
const server = run('server', process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: path.join(repoRoot, 'server'), env });
let alive = true;
server.on('exit', (code) => {
  alive = false;
  console.error(`Сервер остановился (код ${code ?? 'сигнал'}).`);
  process.exit(code ?? 1);
});
onShutdown();

const url = `http://localhost:${port}`;
if (await waitForHttp(`${url}/api/health`, { isAlive: () => alive })) printBanner(url);
else if (alive) console.error(`Сервер не ответил на ${url}/api/health за 2 минуты.`);
