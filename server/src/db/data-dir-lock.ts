/**
 * One process per embedded data folder (docs/operations.md, «Одна папка — один процесс»).
 *
 * PGlite is a single-process database: two processes opening the same DATA_DIR corrupt it. Every opener
 * (the server, `pnpm backup` / `pnpm restore`, the releases CLI) takes `DATA_DIR/server.lock` before it
 * touches the folder. The file is created with O_EXCL and names its holder: pid, host, boot id, the
 * process's start tick (Linux) and start time. A lock is stale, and is taken over at once, when on this
 * host its pid is not alive, or is alive but is another process (a different start tick or boot, or it is
 * this very process after a container restart gave it the old pid). There is no waiting period after
 * `kill -9`. A lock of another host cannot be checked that way: its holder touches the file every
 * `HEARTBEAT_MS`, and a foreign lock untouched for `FOREIGN_STALE_MS` is stale (a recreated container
 * gets a new hostname). Released on close and, as a fallback, on process exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export const LOCK_FILE = 'server.lock';
const HEARTBEAT_MS = 10_000;
const FOREIGN_STALE_MS = 60_000;

export interface LockOwner {
  pid: number;
  hostname: string;
  bootId: string | null;
  /** /proc/<pid>/stat field 22 (start time in clock ticks since boot), Linux only. */
  procStart: string | null;
  startedAt: string;
  /** What holds it: `server`, `backup`, `restore`, … */
  purpose: string;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(lockedMessage(dataDir, owner));
    this.name = 'DataDirLockedError';
  }
}

/** The holder's start in this machine's local time («28.11.2026, 07:18:26»), as staff read it. */
function localTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('ru-RU');
}

function lockedMessage(dataDir: string, owner: LockOwner | null): string {
  const who = owner
    ? `процесс ${owner.pid} на ${owner.hostname === os.hostname() ? 'этом компьютере' : `компьютере «${owner.hostname}»`}` +
      ` (${owner.purpose === 'server' ? 'сервер' : `pnpm ${owner.purpose}`}, запущен ${localTime(owner.startedAt)})`
    : 'другой процесс';
  return (
    `Папка данных ${dataDir} уже открыта: её использует ${who}. ` +
    'Встроенную базу (PGlite) может открывать только один процесс. Остановите его или задайте другой DATA_DIR' +
    (owner && owner.hostname !== os.hostname()
      ? `; если тот компьютер точно не работает с папкой, удалите файл ${path.join(dataDir, LOCK_FILE)}.`
      : '.')
  );
}

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** The start tick of a live pid (Linux); null when /proc is not there or the pid is gone. */
function readProcStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process holds (a second open of the same folder inside one process is refused too). */
const held = new Map<string, { token: string }>();

function isStale(owner: LockOwner | null, file: string): boolean {
  if (!owner) {
    // Unreadable or half-written (killed between create and write): stale when nobody touched it for a while.
    try {
      return Date.now() - fs.statSync(file).mtimeMs > 5_000;
    } catch {
      return true;
    }
  }
  if (owner.hostname !== os.hostname()) {
    try {
      return Date.now() - fs.statSync(file).mtimeMs > FOREIGN_STALE_MS;
    } catch {
      return true;
    }
  }
  const bootId = readBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return true;
  if (owner.pid === process.pid) return ![...held.values()].some((h) => h.token === owner.token);
  if (!pidAlive(owner.pid)) return true;
  if (owner.procStart) {
    const now = readProcStart(owner.pid);
    if (now !== null && now !== owner.procStart) return true;
  }
  return false;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    return typeof parsed?.pid === 'number' && typeof parsed.hostname === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  file: string;
  owner: LockOwner;
  release(): void;
}

/** Takes the folder's lock or throws DataDirLockedError; creates the folder when missing. */
export function lockDataDir(dataDir: string, purpose = 'server'): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    bootId: readBootId(),
    procStart: readProcStart(process.pid),
    startedAt: new Date().toISOString(),
    purpose,
    token: randomUUID(),
  };
  const body = JSON.stringify(owner, null, 2) + '\n';
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o644);
      try {
        fs.writeSync(fd, body);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readOwner(file);
    if (attempt >= 5 || !isStale(current, file)) throw new DataDirLockedError(dir, current);
    // Take the stale lock over: move it aside atomically (only one taker can move a given file), check
    // that what was moved is the lock judged stale (not a fresh one another taker made meanwhile), drop it.
    const aside = `${file}.stale-${process.pid}-${randomUUID().slice(0, 8)}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readOwner(aside);
    if (current && moved && moved.token !== current.token) {
      // A fresh lock: put it back (fails only if yet another one appeared) and report the folder as busy.
      try {
        fs.linkSync(aside, file);
      } catch {
        /* another lock is in place */
      }
      fs.rmSync(aside, { force: true });
      throw new DataDirLockedError(dir, moved);
    }
    fs.rmSync(aside, { force: true });
  }
  held.set(file, { token: owner.token });
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      fs.utimesSync(file, now, now);
    } catch {
      /* the folder went away: nothing to keep */
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.removeListener('exit', release);
    held.delete(file);
    // Only our own lock is removed (never one a later holder wrote after a takeover).
    if (readOwner(file)?.token === owner.token) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, owner, release };
}
