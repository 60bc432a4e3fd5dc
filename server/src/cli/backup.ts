/**
 * `pnpm backup [file]` and `pnpm restore <file> [--replace]` (scripts/backup.mjs, scripts/restore.mjs;
 * docs/operations.md). The same database as the server's config: DATA_DIR (PGlite) or DATABASE_URL.
 *
 *   node --import tsx src/cli/backup.ts backup [file]
 *   node --import tsx src/cli/backup.ts restore <file> [--replace]
 *
 * backup: PostgreSQL — connects itself; PGlite — opens the folder itself when no server holds it, else
 * asks that server (POST /api/backup/stream with the secret of DATA_DIR/backup-access.json) and writes
 * what it streams. Without a file: `<BACKUP_DIR>/servis-plus-<date>-<time>.ndjson.gz`.
 * restore: into an empty database or data folder; a non-empty one only with --replace. Exit code 1 with
 * a Russian message on any refusal or error.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { backupDir, loadConfig, type Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase, type Database } from '../db/client';
import { readJournal } from '../db/migrate';
import { readBackupAccess } from '../modules/backup/access';
import { BackupError, restoreFromFile } from '../modules/backup/format';
import { backupFileName, runBackupToFile } from '../modules/backup/service';

class CliError extends Error {}

// Figures as a Russian reader writes them: a decimal comma, thousands apart, local time.
const number = (n: number) => n.toLocaleString('ru-RU');
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${number(Math.max(1, Math.round(bytes / 1024)))} КБ` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} с`;
const localTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('ru-RU');
};
const where = (config: Config) => (config.databaseUrl ? 'базу PostgreSQL (DATABASE_URL)' : `папку данных ${config.dataDir}`);

/** The lock's message with its holder's start in local time (it is stored as ISO). */

function hasPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Opens the configured database without migrating it; PGlite: takes the folder's lock for `purpose`. */
async function open(config: Config, purpose: string): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false, lockPurpose: purpose });
}

/** Reads a finished backup through to its last line: a copy cut short is not kept. */
async function verifyBackupFile(file: string): Promise<number> {
  const reader = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  let last = '';
  for await (const line of reader) if (line) last = line;
  const end = JSON.parse(last || '{}') as { $?: string; rows?: number };
  if (end.$ !== 'end') throw new CliError('Копия пришла не целиком (нет последней строки): файл удалён, повторите.');
  return end.rows ?? 0;
}

async function backupThroughServer(config: Config, file: string): Promise<void> {
  const access = readBackupAccess(config.dataDir);
  if (!access)
    throw new CliError(
      `Папку ${config.dataDir} держит работающий сервер, но файла доступа к копированию (backup-access.json) в ней нет: обновите и перезапустите сервер или остановите его и повторите.`,
    );
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(`${access.url}/api/backup/stream`, {
      method: 'POST',
      headers: { 'x-backup-secret': access.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ file }),
    });
  } catch (err) {
    throw new CliError(`Сервер, который держит папку ${config.dataDir}, не отвечает на ${access.url}: ${(err as Error).message}.`);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new CliError(`Сервер отказал в копии (${res.status}): ${body?.message ?? res.statusText}`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(part, { mode: 0o600 }));
    const rows = await verifyBackupFile(part);
    fs.renameSync(part, file);
    console.log(`Копия записана сервером: ${file} (${size(fs.statSync(file).size)}, строк: ${number(rows)}, за ${seconds(Date.now() - started)}).`);
  } catch (err) {
    fs.rmSync(part, { force: true });
    throw err;
  }
}

async function backup(config: Config, fileArg: string | undefined): Promise<void> {
  const dir = backupDir(config);
  const file = fileArg ? path.resolve(fileArg) : dir ? path.join(dir, backupFileName()) : null;
  if (!file) throw new CliError('Укажите файл копии (pnpm backup <файл>) или папку для копий BACKUP_DIR.');
  if (!config.databaseUrl && !hasPgliteDatabase(config.dataDir)) throw new CliError(`В папке ${config.dataDir} нет базы данных (DATA_DIR): копировать нечего.`);
  let database: Database;
  try {
    database = await open(config, 'backup');
  } catch (err) {
    if (err instanceof DataDirLockedError && err.owner?.purpose === 'server') return backupThroughServer(config, file);
    throw err;
  }
  try {
    const started = Date.now();
    const result = (await runBackupToFile(database, 'cli', file))!; // no daily slot: never null
    console.log(`Копия записана: ${file} (${size(result.size)}, таблиц: ${result.tables}, строк: ${number(result.rows)}, за ${seconds(Date.now() - started)}).`);
  } finally {
    await database.close();
  }
}

async function restore(config: Config, fileArg: string | undefined, replace: boolean): Promise<void> {
  if (!fileArg) throw new CliError('Укажите файл копии: pnpm restore <файл> [--replace].');
  const file = path.resolve(fileArg);
  if (!fs.existsSync(file)) throw new CliError(`Файл копии ${file} не найден.`);
  let database: Database;
  try {
    database = await open(config, 'restore');
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new CliError(
        `${err.message.replace(/ Остановите его или задайте другой DATA_DIR\.$/, '')} ` +
          'Восстанавливать можно только в остановленную базу: остановите сервер (или укажите другой DATA_DIR) и повторите.',
      );
    throw err;
  }
  try {
    const started = Date.now();
    console.log(`Восстановление ${file} в ${where(config)}${replace ? ' с заменой её данных' : ''}…`);
    const r = await restoreFromFile(database.db, database.kind, file, { replace });
    const newer = readJournal().length - r.migrations;
    console.log(
      `Восстановлено за ${seconds(Date.now() - started)}: таблиц ${r.tables}, строк ${number(r.rows)}, миграций ${r.migrations} ` +
        `(копия от ${localTime(r.createdAt)}, источник ${r.source === 'pglite' ? 'PGlite' : 'PostgreSQL'}).`,
    );
    console.log(
      (newer > 0 ? `Копия сделана более ранней версией программы: недостающие миграции (${newer}) применятся при запуске сервера. ` : '') +
        `Запустите сервер на ${config.databaseUrl ? 'этой базе' : 'этой папке'} (с тем же ${config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'}): pnpm start.`,
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const command = args[0];
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const positional = args.slice(1).filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => f !== '--replace');
  if (unknown.length) throw new CliError(`Неизвестный ключ ${unknown.join(', ')}. Использование: backup [файл] | restore <файл> [--replace]`);
  const config = loadConfig();
  if (command === 'backup') await backup(config, positional[0]);
  else if (command === 'restore') await restore(config, positional[0], flags.has('--replace'));
  else throw new CliError('Использование: backup [файл] | restore <файл> [--replace]');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof DataDirLockedError) console.error(err.message);
    else console.error(err instanceof CliError || err instanceof BackupError ? err.message : err);
    process.exit(1);
  },
);
