/**
 * Real server processes for the tests and the crash check (`src/server.ts` under tsx, as ops run it):
 * start one with its environment, wait for `/api/health`, call it over HTTP, stop it with a signal.
 * Used by `multi-process.test.ts` and `crash/run.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const serverDir = path.resolve(__dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
}

/** A free-looking port in `[from, from + 5000)`; the tests of one run use distinct ranges. */
export const randomPort = (from: number) => from + Math.floor(Math.random() * 5000);

/**
 * Spawns the server on `port` with `env` over the current environment (NODE_OPTIONS cleared: jest's
 * `--experimental-vm-modules` is not for the child). Resolves once `/api/health` answers 200.
 */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}): ${stderr}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, port, base, stderr: () => stderr, startMs: Date.now() - started };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` and resolves with the exit code (null when killed by a signal). */
export function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

export interface Answer {
  status: number;
  body: any;
}

/** One JSON call; `shop` goes into the `Shop` header, `headers` are added as they are. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; shop?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { token, body, shop, headers } = opts;
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(shop ? { shop } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** Signs in through the real route; throws unless it succeeds. */
export async function signIn(base: string, phone: string, password = 'demo1234'): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { phone, password } });
  if (res.status !== 200) throw new Error(`login ${phone}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
