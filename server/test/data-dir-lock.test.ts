import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock';

/**
 * One process per embedded data folder (docs/operations.md): a second server on the same DATA_DIR stops
 * with a clear message before it touches the database, the first keeps serving; a server killed with
 * SIGKILL does not block the next start; `pnpm backup` gets the copy from the running server, and the
 * server's backup stream answers nobody without the secret of its data folder. Always on PGlite.
 */
const serverDir = path.resolve(__dirname, '..');
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function spawnServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: '', LOG_LEVEL: 'warn', DATABASE_URL: '', BACKUP_DAILY: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  return { child, output: () => output };
}

async function startServer(port: number): Promise<ChildProcess> {
  const { child, output } = spawnServer(port);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

async function call(port: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

it('refuses a second server on the same folder, streams a backup to pnpm backup, and restarts at once after SIGKILL', async () => {
  const port = 41000 + Math.floor(Math.random() * 5000);
  let first = await startServer(port);
  const token = (await call(port, 'POST', '/api/auth/login', undefined, { phone: '+7 900 000-00-01', password: 'demo1234' })).body.token as string;
  expect((await call(port, 'POST', '/api/location', token, { name: 'До второго сервера' })).status).toBe(201);

  // The second server: a clear Russian message, a non-zero exit, and nothing touched.
  const second = spawnServer(port + 1);
  expect(await exited(second.child)).not.toBe(0);
  expect(second.output()).toContain(`Папка данных ${dataDir} уже открыта`);
  expect(second.output()).toContain(`процесс ${first.pid}`);
  expect(second.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack
  const names = (await call(port, 'GET', '/api/location', token)).body.map((l: { name: string }) => l.name);
  expect(names).toContain('До второго сервера');
  expect((await call(port, 'POST', '/api/location', token, { name: 'После второго сервера' })).status).toBe(201);

  // The backup stream: only with the data folder's secret.
  const access = JSON.parse(fs.readFileSync(path.join(dataDir, 'backup-access.json'), 'utf8')) as { url: string; secret: string };
  expect(fs.statSync(path.join(dataDir, 'backup-access.json')).mode & 0o777).toBe(0o600);
  for (const headers of [{} as Record<string, string>, { 'x-backup-secret': 'wrong' }, { 'x-backup-secret': access.secret.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }]) {
    const res = await fetch(`${access.url}/api/backup/stream`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/секрет/);
  }
  // `pnpm backup` while the server holds the folder: the server makes it, the command writes it.
  const file = path.join(dataDir, 'copies', 'while-running.ndjson.gz');
  const backup = await runCli(['backup', file]);
  expect(backup.output).toContain('Копия записана сервером');
  expect(backup.code).toBe(0);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
  const status = await call(port, 'GET', '/api/backup', token);
  expect(status.body.lastSuccess).toMatchObject({ kind: 'cli', file, size: fs.statSync(file).size });
  // Restore into a running server's folder is refused.
  const refused = await runCli(['restore', file, '--replace']);
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/уже открыта.*остановите сервер/s);

  // kill -9: the lock stays behind, names a dead process, and does not block the next start.
  first.kill('SIGKILL');
  await exited(first);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
  first = await startServer(port);
  const again = (await call(port, 'POST', '/api/auth/login', undefined, { phone: '+79000000001', password: 'demo1234' })).body.token as string;
  const after = (await call(port, 'GET', '/api/location', again)).body.map((l: { name: string }) => l.name);
  expect(after).toEqual(expect.arrayContaining(['До второго сервера', 'После второго сервера']));

  // A clean stop releases the folder.
  first.kill('SIGTERM');
  expect(await exited(first)).toBe(0);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'backup-access.json'))).toBe(false);
}, 300_000);

describe('the lock file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-unit-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (owner: object) => fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(owner));

  it('is refused while held, even inside the same process, and free once released', () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a dead process’s lock and one of an older boot at once; keeps a live one', () => {
    const base = { hostname: os.hostname(), bootId: null, procStart: null, startedAt: new Date().toISOString(), purpose: 'server', token: 'x' };
    // A pid that is not alive.
    const dead = spawn(process.execPath, ['-e', '0']);
    return exited(dead).then(() => {
      write({ ...base, pid: dead.pid });
      lockDataDir(dir).release();
      // This very process, from a lock it never took (a restarted container reuses pid 1).
      write({ ...base, pid: process.pid, token: 'old' });
      lockDataDir(dir).release();
      // A live process that is someone else (our parent): refused.
      write({ ...base, pid: process.ppid });
      expect(() => lockDataDir(dir)).toThrow(/уже открыта/);
      // Another host, touched just now: refused with the way out.
      write({ ...base, pid: 1, hostname: 'other-host' });
      expect(() => lockDataDir(dir)).toThrow(/other-host.*удалите файл/);
      // Another host, untouched for minutes: stale.
      const old = (Date.now() - 5 * 60_000) / 1000;
      fs.utimesSync(path.join(dir, LOCK_FILE), old, old);
      lockDataDir(dir).release();
    });
  });
});
