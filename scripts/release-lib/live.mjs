// Reads and moves an area's live pointer, which lives in the server's database:
//   - through the API when a server answers at RELEASE_URL (default http://127.0.0.1:$PORT, PORT 3000):
//     POST /api/auth/login with RELEASE_PHONE / RELEASE_PASSWORD (default: the demo owner
//     +79000000001 / demo1234 — dev only; set both in production), then GET /api/releases and
//     POST /api/releases/:area/activate { version } with the Bearer token (rule manage_settings);
//   - otherwise through the server's CLI against the same database (DATA_DIR / DATABASE_URL):
//     `node --import tsx src/cli/releases.ts <list|activate> [area] [version] --by <os user>`, run in server/.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './inputs.mjs';

export const osUser = () => {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || process.env.USERNAME || 'unknown';
  }
};

export class LiveError extends Error {
  constructor(ru, en) {
    super(`${ru}\n  ${en}`);
    this.ru = ru;
    this.en = en;
  }
}

const explicitUrl = () => Boolean(process.env.RELEASE_URL);
export const releaseUrl = () => (process.env.RELEASE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/$/, '');

async function fetchJson(url, init = {}, timeoutMs = 10_000) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let body;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { message: text.slice(0, 300) };
  }
  return { status: res.status, ok: res.ok, body };
}

async function serverAnswers(url) {
  try {
    const r = await fetchJson(`${url}/api/health`, {}, 1500);
    return r.ok;
  } catch {
    return false;
  }
}

/** An API session: `{ mode: 'api', url, token, who }`. */
async function login(url) {
  const phone = process.env.RELEASE_PHONE || '+79000000001';
  const password = process.env.RELEASE_PASSWORD || 'demo1234';
  const r = await fetchJson(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  if (!r.ok || !r.body?.token)
    throw new LiveError(
      `Не удалось войти на сервер ${url} как ${phone}: ${r.body?.message ?? r.status}. Задайте RELEASE_PHONE и RELEASE_PASSWORD.`,
      `Cannot sign in to ${url} as ${phone}: ${r.body?.message ?? r.status}. Set RELEASE_PHONE and RELEASE_PASSWORD.`,
    );
  return { mode: 'api', url, token: r.body.token, who: r.body.profile?.name ?? phone };
}

/**
 * How to reach the live pointer: the API when a server answers, else the CLI.
 * @returns {Promise<{ mode: 'api', url: string, token: string, who: string } | { mode: 'cli', who: string }>}
 */
export async function connect() {
  const url = releaseUrl();
  if (await serverAnswers(url)) return login(url);
  if (explicitUrl())
    throw new LiveError(`Сервер ${url} (RELEASE_URL) не отвечает.`, `The server at ${url} (RELEASE_URL) does not answer.`);
  return { mode: 'cli', who: osUser() };
}

function cliEnv() {
  return {
    ...process.env,
    // The same defaults as `pnpm start` (scripts/start.mjs), not the server folder's own ./data.
    DATA_DIR: path.resolve(process.env.DATA_DIR || path.join(repoRoot, 'data')),
    DIST_DIR: process.env.DIST_DIR === '' ? '' : path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist')),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  };
}

// RELEASE_CLI replaces the command file (tests use a stand-in).
const cliFile = () => path.resolve(process.env.RELEASE_CLI || path.join(repoRoot, 'server/src/cli/releases.ts'));

function runCli(args) {
  if (!fs.existsSync(cliFile()))
    return Promise.reject(
      new LiveError(
        `Сервер не отвечает на ${releaseUrl()}, а команды сервера ${path.relative(repoRoot, cliFile())} нет. Запустите сервер (pnpm start) или задайте RELEASE_URL.`,
        `No server answers at ${releaseUrl()} and ${path.relative(repoRoot, cliFile())} is missing. Start the server (pnpm start) or set RELEASE_URL.`,
      ),
    );
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cliFile(), ...args],
      { cwd: path.join(repoRoot, 'server'), env: cliEnv(), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err) {
          const why = (stderr || stdout || err.message).trim().split('\n').slice(-5).join('\n  ');
          reject(new LiveError(`Команда сервера releases ${args.join(' ')} не удалась:\n  ${why}`, `The server's releases CLI (${args.join(' ')}) failed (its output is above).`));
        } else resolve({ stdout, stderr });
      },
    );
  });
}

/** Finds the JSON document in the CLI's output (it may log lines before it). */
function parseJsonOutput(stdout) {
  const t = stdout.trim();
  for (const start of [0, t.indexOf('{'), t.indexOf('[')].filter((i) => i >= 0)) {
    try {
      return JSON.parse(t.slice(start));
    } catch {
      // Try the next candidate.
    }
  }
  return null;
}

/** `AreaReleases` (packages/contracts/src/releases.ts) of one area from whatever shape the source gave. */
function pickArea(doc, area) {
  if (!doc) return null;
  if (Array.isArray(doc.areas)) return doc.areas.find((a) => a.area === area) ?? null;
  if (doc.area === area) return doc;
  if (Array.isArray(doc)) {
    const hit = doc.find((a) => a && a.area === area && ('live' in a || 'history' in a));
    if (hit) return hit;
    const history = doc.filter((r) => r && r.area === area && r.version);
    return history.length ? { area, live: null, history } : null;
  }
  return null;
}

/**
 * The area's releases: `{ area, live, lastGood, history (newest first), available, failures }`.
 * From the API, or the CLI's `list <area> --json`.
 */
export async function getAreaReleases(conn, area) {
  if (conn.mode === 'api') {
    const r = await fetchJson(`${conn.url}/api/releases`, { headers: { authorization: `Bearer ${conn.token}` } });
    if (!r.ok)
      throw new LiveError(`GET /api/releases ответил ${r.status}: ${r.body?.message ?? ''}`, `GET /api/releases answered ${r.status}: ${r.body?.message ?? ''}`);
    return pickArea(r.body, area) ?? { area, live: null, history: [], available: [], failures: [] };
  }
  const { stdout } = await runCli(['list', area, '--json']);
  const doc = pickArea(parseJsonOutput(stdout), area);
  if (!doc)
    throw new LiveError(
      `Не удалось прочитать историю раздела ${area} из вывода команды сервера; укажите версию явно.`,
      `Cannot read the history of ${area} from the server CLI's output; name the version explicitly.`,
    );
  return doc;
}

/** Makes `version` the live version of `area`. Returns the server's answer (API) or the CLI's output. */
export async function activate(conn, area, version) {
  if (conn.mode === 'api') {
    const r = await fetchJson(`${conn.url}/api/releases/${encodeURIComponent(area)}/activate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${conn.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    });
    if (!r.ok) {
      let hint = ['', ''];
      if (r.status === 404) {
        const list = await fetchJson(`${conn.url}/api/releases`, { headers: { authorization: `Bearer ${conn.token}` } }).catch(() => null);
        hint =
          list?.status === 404
            ? [' (у этого сервера нет /api/releases: обновите сервер)', ' (this server has no /api/releases: update the server)']
            : [' (сервер раздаёт тот же DIST_DIR, куда собрана версия?)', ' (does the server serve the DIST_DIR the version was built into?)'];
      }
      throw new LiveError(
        `Сервер не сделал версию ${version} раздела ${area} рабочей: ${r.status} ${r.body?.message ?? ''}${hint[0]}`,
        `The server did not make ${area} ${version} live: ${r.status} ${r.body?.code ?? ''} ${r.body?.message ?? ''}${hint[1]}`,
      );
    }
    return r.body;
  }
  const { stdout } = await runCli(['activate', area, version, '--by', conn.who]);
  return stdout.trim();
}

/** The version to roll back to: the newest release in the history that is not the live one. */
export function previousVersion(releases) {
  const live = releases.live ?? releases.history?.[0]?.version ?? null;
  return (releases.history ?? []).find((r) => r.version !== live)?.version ?? null;
}
