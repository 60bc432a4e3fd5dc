/**
 * Backups made by the server (docs/operations.md): the daily one, «Создать копию сейчас» in Settings, and
 * the copy `pnpm backup` asks a running server for. Each one's outcome is a row of `backup_runs`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { BackupRun, BackupStatus } from '@repo/contracts';
import { backupDir, type Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { Transform, type Readable } from 'node:stream';
import { backupStream, backupToFile, type BackupSummary } from './format';
import { backupRuns } from './schema';

export type BackupKind = 'daily' | 'manual' | 'cli';
const FILE_PREFIX = 'servis-plus-';
const FILE_SUFFIX = '.ndjson.gz';
const host = () => `${os.hostname()}:${process.pid}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** Local date `YYYY-MM-DD`. */
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** `servis-plus-2025-05-01-030000.ndjson.gz` (local time): sorts by time. */
export function backupFileName(d = new Date()): string {
  return `${FILE_PREFIX}${localDate(d)}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}${FILE_SUFFIX}`;
}

/** Records the start of a backup; null when the daily slot is already taken (by this or another process). */
async function startRun(db: Db, kind: BackupKind, file: string | null, slot: string | null = null): Promise<string | null> {
  const [row] = await db
    .insert(backupRuns)
    .values({ kind, slot, status: 'running', file, host: host() })
    .onConflictDoNothing()
    .returning({ id: backupRuns.id });
  return row?.id ?? null;
}

async function finishRun(
  db: Db,
  id: string,
  started: number,
  outcome: { ok: true; size: number; rows: number; file?: string | null } | { ok: false; error: string },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      status: outcome.ok ? 'ok' : 'failed',
      size: outcome.ok ? outcome.size : null,
      rows: outcome.ok ? outcome.rows : null,
      ...(outcome.ok && outcome.file !== undefined ? { file: outcome.file } : {}),
      error: outcome.ok ? null : outcome.error.slice(0, 2000),
      durationMs: Date.now() - started,
      finishedAt: new Date(),
    })
    .where(eq(backupRuns.id, id));
}

/** Whether the database has the table yet (a CLI may run against a database of an older version). */
export async function hasRunsTable(db: Db): Promise<boolean> {
  const r = (await db.execute(sql`select to_regclass('public.backup_runs')::text as t`)) as unknown as { rows: Array<{ t: string | null }> };
  return Boolean(r.rows[0]?.t);
}

type Made = BackupSummary & { size: number };

/**
 * Runs `make` as one recorded backup: a `backup_runs` row from its start to its outcome (a failure is
 * recorded, then rethrown). Null when `slot` (the daily claim) is already taken, by this or another
 * process: nothing is made then. The row is written before `make` starts: on PGlite a backup's snapshot
 * holds the only connection until it is read.
 */
async function recorded(database: Database, kind: BackupKind, file: string | null, slot: string | null, make: () => Promise<Made>): Promise<(Made & { id: string | null }) | null> {
  const id = (await hasRunsTable(database.db)) ? await startRun(database.db, kind, file, slot) : null;
  if (slot && !id) return null;
  const started = Date.now();
  try {
    const result = await make();
    if (id) await finishRun(database.db, id, started, { ok: true, size: result.size, rows: result.rows });
    return { ...result, id };
  } catch (err) {
    if (id) await finishRun(database.db, id, started, { ok: false, error: (err as Error).message || String(err) }).catch(() => undefined);
    throw err;
  }
}

/** Makes a backup into `file` and records it; null when its daily `slot` is taken. Rethrows a failure after recording it. */
export function runBackupToFile(database: Database, kind: BackupKind, file: string, slot: string | null = null): Promise<(Made & { id: string | null }) | null> {
  return recorded(database, kind, file, slot, () => backupToFile(database.db, database.kind, file));
}

/**
 * The copy `pnpm backup` asks a running PGlite server for: the gzip stream the route sends, recorded like any
 * other backup once it has all gone out (a reader that hangs up makes it a failed run).
 */
export function streamRecordedBackup(database: Database, file: string | null, onUnrecorded: (err: unknown) => void): Promise<Readable> {
  return new Promise<Readable>((resolve, reject) => {
    recorded(database, 'cli', file, null, async () => {
      const { stream, done } = backupStream(database.db, database.kind);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          cb(null, chunk);
        },
      });
      stream.on('error', (err) => counter.destroy(err));
      stream.pipe(counter);
      const sent = new Promise<void>((ok, fail) => {
        counter.once('end', ok);
        counter.once('close', () => (counter.readableEnded ? ok() : fail(new Error('Копия не передана целиком'))));
      });
      resolve(counter);
      const [summary] = await Promise.all([done, sent]);
      return { ...summary, size };
    }).catch((err: unknown) => {
      reject(err); // before the stream existed: the route answers the error; after it, nothing changes here
      onUnrecorded(err);
    });
  });
}

/** «Создать копию сейчас»: a backup into the backup folder. */
export async function backupNow(database: Database, config: Config): Promise<BackupRun> {
  const dir = backupDir(config);
  if (!dir) throw conflict('Папка для копий не задана: укажите BACKUP_DIR в настройках сервера.');
  const file = path.join(dir, backupFileName());
  let id: string | null = null;
  try {
    id = (await runBackupToFile(database, 'manual', file))?.id ?? null;
  } catch {
    /* recorded: the answer is the failed run */
  }
  const [row] = id
    ? await database.db.select().from(backupRuns).where(eq(backupRuns.id, id))
    : await database.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return toRun(row);
}

function toRun(r: typeof backupRuns.$inferSelect): BackupRun {
  return {
    id: r.id,
    kind: r.kind as BackupRun['kind'],
    status: r.status as BackupRun['status'],
    file: r.file,
    fileName: r.file ? path.basename(r.file) : null,
    size: r.size,
    rows: r.rows,
    durationMs: r.durationMs,
    error: r.error,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

export async function backupStatus(db: Db, config: Config): Promise<BackupStatus> {
  const recent = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(10);
  const [lastOk] = await db.select().from(backupRuns).where(eq(backupRuns.status, 'ok')).orderBy(desc(backupRuns.startedAt)).limit(1);
  const dir = backupDir(config);
  return {
    dir,
    daily: Boolean(dir) && config.backup.daily,
    time: config.backup.time,
    keepDays: config.backup.keepDays,
    lastSuccess: lastOk ? toRun(lastOk) : null,
    recent: recent.map(toRun),
  };
}

/** Deletes this product's backup files in `dir` older than `keepDays` (other files are left alone). */
export function pruneBackups(dir: string, keepDays: number, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(FILE_PREFIX) || !(name.endsWith(FILE_SUFFIX) || name.endsWith(`${FILE_SUFFIX}.part`))) continue;
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > keepDays * 86_400_000) {
        fs.rmSync(file, { force: true });
        removed.push(name);
      }
    } catch {
      /* gone meanwhile */
    }
  }
  return removed;
}

/** Whether the day's backup is due: after BACKUP_TIME today, or none in the last day (the server was off then). */
export function dailySlotDue(now: Date, time: string, lastDailyAt: Date | null): string | null {
  const [h, m] = time.split(':').map(Number);
  const today = localDate(now);
  const at = new Date(now);
  at.setHours(h, m, 0, 0);
  if (now >= at) return `daily:${today}`;
  // Before today's time: catch up only when the last daily backup is more than a day old.
  if (!lastDailyAt || now.getTime() - lastDailyAt.getTime() > 86_400_000) {
    const y = new Date(now);
    y.setDate(y.getDate() - 1);
    return `daily:${localDate(y)}`;
  }
  return null;
}

/**
 * The daily backup: checked every `checkMs` (first after `firstMs`, so a start is not slowed). The day's
 * row (`slot` unique) is the claim: of several processes on one PostgreSQL only one inserts it.
 */
export function startDailyBackups(
  database: Database,
  config: Config,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  opts: { firstMs?: number; checkMs?: number; now?: () => Date } = {},
): () => void {
  const dir = backupDir(config);
  if (!dir || !config.backup.daily) return () => undefined;
  const now = opts.now ?? (() => new Date());
  let running = false;
  let stopped = false;
  const check = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const [last] = await database.db
        .select({ startedAt: backupRuns.startedAt, slot: backupRuns.slot })
        .from(backupRuns)
        .where(sql`${backupRuns.slot} is not null`)
        .orderBy(desc(backupRuns.startedAt))
        .limit(1);
      const slot = dailySlotDue(now(), config.backup.time, last?.startedAt ?? null);
      if (!slot || slot === last?.slot) return;
      const file = path.join(dir, backupFileName(now()));
      try {
        const result = await runBackupToFile(database, 'daily', file, slot);
        if (!result) return; // another process took the day
        log.info({ file, size: result.size, rows: result.rows }, 'backup: daily backup written');
        const removed = pruneBackups(dir, config.backup.keepDays);
        if (removed.length) log.info({ removed }, 'backup: old backups deleted');
      } catch (err) {
        log.error({ err, file }, 'backup: daily backup failed');
      }
    } catch (err) {
      if (!stopped) log.error({ err }, 'backup: daily check failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void check(), opts.firstMs ?? 15 * 60_000);
  const every = setInterval(() => void check(), opts.checkMs ?? 5 * 60_000);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
