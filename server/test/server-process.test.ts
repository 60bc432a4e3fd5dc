import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './helpers';

/**
 * The real server process, as ops run it: configuration from the environment, migrations at start,
 * and a clean close on SIGTERM/SIGINT so that nothing written to the embedded database is lost.
 */
const serverDir = path.resolve(__dirname, '..');
let dataDir: string;
let pg: TestDatabase | null = null;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase();
    // The child process migrates and seeds by itself; this handle only owns the throw-away database.
    await pg.database.close();
  }
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pg) await pg.dispose().catch(() => undefined);
});

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pg?.databaseUrl ?? '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function call(port: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

it('keeps what was written across SIGTERM and SIGINT restarts, without seeding twice', async () => {
  const port = 41000 + Math.floor(Math.random() * 5000);
  let child = await startServer(port);
  const login = await call(port, 'POST', '/api/auth/login', undefined, { phone: '+7 900 000-00-01', password: 'demo1234' });
  expect(login.status).toBe(200);
  const created = await call(port, 'POST', '/api/location', login.body.token, { name: 'Проверка сохранности' });
  expect(created.status).toBe(201);
  expect(await stop(child, 'SIGTERM')).toBe(0);

  child = await startServer(port);
  const again = await call(port, 'POST', '/api/auth/login', undefined, { phone: '89000000001', password: 'demo1234' });
  expect(again.status).toBe(200);
  const list = await call(port, 'GET', '/api/location', again.body.token);
  expect(list.body.map((l: { name: string }) => l.name)).toContain('Проверка сохранности');
  expect(list.body).toHaveLength(4);
  expect(await stop(child, 'SIGINT')).toBe(0);
}, 120_000);
