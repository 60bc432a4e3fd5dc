import path from 'node:path';
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/chromium';
import { shareFromEnv, shareProjects } from './support/database-share';
import { distDir } from './support/dist-dir';

/**
 * The product as staff get it: the built host and remotes served by the API server on one port,
 * with demo data. E2E_DATABASE_URL runs it on PostgreSQL; otherwise on a fresh embedded database.
 */
const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `e2e-data-${process.pid}-${Date.now()}`);
const root = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  projects: shareProjects(shareFromEnv(process.env.E2E_SHARE)),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1440, height: 900 },
    // The browser asks for reduced motion, so antd shows popups at once (the host honours the setting
    // for everyone who turns it on). Under CPU load a click could otherwise land on a dropdown still
    // playing its opening animation and be lost, which made menu and switcher steps flaky.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `node --import tsx ${path.join(root, 'server/src/server.ts')}`,
    cwd: path.join(root, 'server'),
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The default on PGlite; set so that on PostgreSQL too «Создать копию сейчас» has a folder (backups.spec.ts).
      BACKUP_DIR: path.join(dataDir, 'backups'),
      DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
