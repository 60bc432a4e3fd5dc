/**
 * The backup file (docs/operations.md, «Формат копии»): gzip'd NDJSON, the same on PGlite and PostgreSQL,
 * so a copy of one restores into the other.
 *
 *   {"$":"header","format":"servis-plus-backup","version":1,"createdAt":…,"source":"pglite","migrations":[{tag,when,hash}…],"tables":[…]}
 *   {"$":"table","name":"products"}
 *   {"r":<to_jsonb of a row>}            one line per row, the row's JSON exactly as PostgreSQL wrote it
 *   {"$":"table-end","name":"products","rows":312}
 *   …
 *   {"$":"sequences","values":[{"name":"public.stock_movements_seq_seq","value":"1834","isCalled":true}…]}
 *   {"$":"end","tables":44,"rows":123456}
 *
 * Written inside one `repeatable read, read only` transaction (a consistent snapshot while the server
 * works), read through a cursor in pages, so memory stays bounded. Rows are never parsed in JavaScript:
 * PostgreSQL turns each row into JSON (`to_jsonb`) and back (`jsonb_populate_recordset`), so bigint,
 * numeric, bytea, jsonb, arrays and timestamps keep their exact values.
 *
 * Restore: one transaction on an empty database (or emptied with `replace`): the backup's migrations are
 * applied (the same SQL the server runs, recorded the same way in drizzle.__drizzle_migrations), the
 * tables' own triggers are disabled and the foreign keys dropped while the rows are loaded as dumped (so
 * the summaries kept by triggers, e.g. sales_hourly, are not counted twice), then the foreign keys are
 * added back (which checks every reference), the triggers enabled and the sequences set. It needs only
 * the ownership of the tables it created, not a superuser. Newer migrations of the code run at the
 * server's next start, as on any older database.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db, Tx } from '../../db/client';
import { migrationsFolder, readJournal } from '../../db/migrate';

export const BACKUP_FORMAT = 'servis-plus-backup';
export const BACKUP_VERSION = 1;
/** The advisory lock the server takes to migrate (db/client.ts): a restore takes it too. */
const MIGRATION_LOCK = 7243001;
/** A page of rows read at once is cut to about this many characters. */
const PAGE_CHARS = 4 * 1024 * 1024;

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Executor = Db | Tx;
async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface BackupMigration {
  tag: string;
  when: number;
  hash: string;
}

export interface BackupHeader {
  $: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  migrations: BackupMigration[];
  tables: string[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
}

async function appliedMigrations(db: Executor): Promise<BackupMigration[]> {
  const exists = await rows<{ t: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return [];
  const applied = await rows<{ hash: string; created_at: string | number }>(db, sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`);
  const tags = new Map(readJournal().map((e) => [Number(e.when), e.tag]));
  return applied.map((r) => ({ tag: tags.get(Number(r.created_at)) ?? `unknown-${r.created_at}`, when: Number(r.created_at), hash: r.hash }));
}

async function publicTables(db: Executor): Promise<string[]> {
  const list = await rows<{ name: string }>(db, sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`);
  return list.map((r) => r.name);
}

async function sequenceValues(db: Executor): Promise<Array<{ name: string; value: string; isCalled: boolean }>> {
  const seqs = await rows<{ schema: string; name: string }>(db, sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname in ('public', 'drizzle') order by 1, 2`);
  const out: Array<{ name: string; value: string; isCalled: boolean }> = [];
  for (const s of seqs) {
    const [v] = await rows<{ last_value: string; is_called: boolean }>(db, sql.raw(`select last_value::text as last_value, is_called from ${q(s.schema)}.${q(s.name)}`));
    out.push({ name: `${s.schema}.${s.name}`, value: v.last_value, isCalled: v.is_called });
  }
  return out;
}

/** Writes `text` to `out`, waiting for it to drain (the reader sets the pace; memory stays bounded). */
async function put(out: Writable, text: string): Promise<void> {
  if (out.destroyed) throw new BackupError('Запись копии прервана');
  if (!out.write(text)) {
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        out.off('drain', ok);
        out.off('close', closed);
        out.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      const ok = () => done();
      const closed = () => done(new BackupError('Запись копии прервана'));
      out.once('drain', ok);
      out.once('close', closed);
      out.once('error', done);
    });
  }
}

/** Writes the database's NDJSON lines (not compressed) to `out` inside one read-only snapshot. */
export async function writeBackupLines(db: Db, source: 'pglite' | 'postgres', out: Writable): Promise<BackupSummary> {
  return db.transaction(
    async (tx) => {
      const tables = await publicTables(tx);
      const header: BackupHeader = {
        $: 'header',
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        source,
        migrations: await appliedMigrations(tx),
        tables,
      };
      await put(out, JSON.stringify(header) + '\n');
      let total = 0;
      for (const table of tables) {
        await put(out, JSON.stringify({ $: 'table', name: table }) + '\n');
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select to_jsonb(t)::text as j from public.${q(table)} t`));
        let page = 1000;
        let count = 0;
        for (;;) {
          const batch = await rows<{ j: string }>(tx, sql.raw(`fetch ${page} from backup_rows`));
          if (batch.length === 0) break;
          let chars = 0;
          let chunk = '';
          for (const r of batch) {
            chunk += `{"r":${r.j}}\n`;
            chars += r.j.length;
            if (chunk.length > 256 * 1024) {
              await put(out, chunk);
              chunk = '';
            }
          }
          if (chunk) await put(out, chunk);
          count += batch.length;
          // Wide rows (images) get smaller pages.
          page = Math.max(1, Math.min(1000, Math.floor((page * PAGE_CHARS) / Math.max(chars, 1))));
        }
        await tx.execute(sql.raw('close backup_rows'));
        total += count;
        await put(out, JSON.stringify({ $: 'table-end', name: table, rows: count }) + '\n');
      }
      // Read last: a sequence is never behind the rows of the snapshot.
      await put(out, JSON.stringify({ $: 'sequences', values: await sequenceValues(tx) }) + '\n');
      await put(out, JSON.stringify({ $: 'end', tables: tables.length, rows: total }) + '\n');
      return { tables: tables.length, rows: total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A gzip'd backup as a stream (the HTTP route streams it); `done` settles when it was all produced. */
export function backupStream(db: Db, source: 'pglite' | 'postgres'): { stream: Readable; done: Promise<BackupSummary> } {
  const lines = new PassThrough({ highWaterMark: 1024 * 1024 });
  const gzip = zlib.createGzip({ level: 6 });
  lines.pipe(gzip);
  let produced = false;
  // The reader went away (a client hung up): stop reading at once, so the snapshot is not held open.
  gzip.once('close', () => {
    if (!produced) lines.destroy(new BackupError('Получатель копии отключился'));
  });
  const done = writeBackupLines(db, source, lines).then(
    (summary) => {
      produced = true;
      lines.end();
      return summary;
    },
    (err: unknown) => {
      gzip.destroy(err instanceof Error ? err : new Error(String(err)));
      lines.destroy();
      throw err;
    },
  );
  done.catch(() => undefined);
  return { stream: gzip, done };
}

/** Writes a backup to `file` (through `file.part`, renamed when complete); answers its size. */
export async function backupToFile(db: Db, source: 'pglite' | 'postgres', file: string): Promise<BackupSummary & { size: number }> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.part`;
  const { stream, done } = backupStream(db, source);
  try {
    await Promise.all([pipeline(stream, fs.createWriteStream(part, { mode: 0o600 })), done]);
    fs.renameSync(part, file);
  } catch (err) {
    fs.rmSync(part, { force: true });
    throw err;
  }
  return { ...(await done), size: fs.statSync(file).size };
}

/** Whether the database has any of the product's tables (or migrations): a restore refuses it then. */
export async function isEmptyDatabase(db: Executor): Promise<boolean> {
  const [r] = await rows<{ tables: number; drizzle: string | null }>(db, sql`select
    (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')) as tables,
    to_regclass('drizzle.__drizzle_migrations')::text as drizzle`);
  return r.tables === 0 && !r.drizzle;
}

/** Drops what the migrations created: tables, views, sequences, functions and types of `public` (not extensions' own), and drizzle's schema. */
async function emptyDatabase(tx: Tx): Promise<void> {
  const statements = await rows<{ s: string }>(tx, sql`
    select format('drop view if exists public.%I cascade', c.relname) as s from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'v' and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    union all
    select format('drop materialized view if exists public.%I cascade', c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'm'
    union all
    select format('drop table if exists public.%I cascade', c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`);
  for (const { s } of statements) await tx.execute(sql.raw(s));
  const rest = await rows<{ s: string }>(tx, sql`
    select format('drop sequence if exists public.%I cascade', c.relname) as s from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    union all
    select format('drop function if exists %s cascade', p.oid::regprocedure) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select format('drop type if exists public.%I cascade', t.typname) from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
        and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`);
  for (const { s } of rest) await tx.execute(sql.raw(s));
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

/** Applies the backup's migrations (exactly those, recorded as drizzle's migrator records them). */
async function applyMigrations(tx: Tx, wanted: BackupMigration[]): Promise<void> {
  const files = readMigrationFiles({ migrationsFolder });
  const byWhen = new Map(files.map((m) => [m.folderMillis, m]));
  const journal = new Map(readJournal().map((e) => [Number(e.when), e.tag]));
  for (const m of wanted) {
    const file = byWhen.get(m.when);
    if (!file)
      throw new BackupError(
        `Копия сделана более новой версией Сервис+: миграции ${m.tag} в этой версии нет. Обновите программу и повторите восстановление.`,
      );
    if (file.hash !== m.hash) throw new BackupError(`Миграция ${journal.get(m.when) ?? m.tag} в копии отличается от миграции этой версии программы (другая сборка?).`);
  }
  // The backup's migrations must be a prefix of the journal: drizzle applies only newer ones later.
  const ordered = [...files].sort((a, b) => a.folderMillis - b.folderMillis);
  const wantedSet = new Set(wanted.map((m) => m.when));
  const firstMissing = ordered.findIndex((m) => !wantedSet.has(m.folderMillis));
  if (firstMissing >= 0 && ordered.slice(firstMissing).some((m) => wantedSet.has(m.folderMillis)))
    throw new BackupError(`В копии пропущена миграция ${journal.get(ordered[firstMissing].folderMillis)}: такую базу не восстановить этой версией.`);
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of ordered) {
    if (!wantedSet.has(m.folderMillis)) break;
    for (const statement of m.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
  }
}

/** Reads a backup file line by line (gunzipped); a file that is not one is refused with a clear message. */
async function* backupLines(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new BackupError(`Файл копии ${file} не найден.`);
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of reader) if (line) yield line;
  } catch (err) {
    throw new BackupError(`Файл ${file} повреждён или не является копией Сервис+ (${(err as Error).message}).`);
  } finally {
    reader.close();
    input.destroy();
  }
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  migrations: number;
  createdAt: string;
  source: string;
}

/**
 * Restores `file` into `db` in one transaction. Refuses a database that is not empty unless `replace`.
 * `kind` only picks the lock: PostgreSQL takes the servers' migration lock, so no server migrates meanwhile.
 */
export async function restoreFromFile(db: Db, kind: 'pglite' | 'postgres', file: string, opts: { replace?: boolean } = {}): Promise<RestoreSummary> {
  const lines = backupLines(file);
  try {
    return await restoreLines(db, kind, file, lines, opts);
  } finally {
    await lines.return(undefined);
  }
}

async function restoreLines(db: Db, kind: 'pglite' | 'postgres', file: string, lines: AsyncGenerator<string>, opts: { replace?: boolean }): Promise<RestoreSummary> {
  const first = await lines.next();
  let header: BackupHeader;
  try {
    header = JSON.parse(first.done ? '' : first.value) as BackupHeader;
  } catch {
    throw new BackupError(`Файл ${file} не является копией Сервис+.`);
  }
  if (header?.$ !== 'header' || header.format !== BACKUP_FORMAT) throw new BackupError(`Файл ${file} не является копией Сервис+.`);
  if (header.version > BACKUP_VERSION) throw new BackupError(`Копия в формате версии ${header.version}: обновите Сервис+, эта версия читает формат ${BACKUP_VERSION}.`);

  return db.transaction(async (tx) => {
    if (kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    if (!(await isEmptyDatabase(tx))) {
      if (!opts.replace)
        throw new BackupError('База не пуста: восстановление заменило бы её данные. Чтобы заменить их копией, повторите с --replace (сначала сделайте копию текущих данных: pnpm backup).');
      await emptyDatabase(tx);
    }
    await applyMigrations(tx, header.migrations);
    const tables = await publicTables(tx);
    const missing = header.tables.filter((t) => !tables.includes(t));
    if (missing.length) throw new BackupError(`После миграций нет таблиц копии: ${missing.join(', ')}.`);
    // Rows go in as they were dumped: no user trigger fires, no foreign key is checked until all are in.
    const fks = await rows<{ tbl: string; name: string; def: string }>(tx, sql`select c.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace where k.contype = 'f' and n.nspname = 'public' order by 1, 2`);
    for (const fk of fks) await tx.execute(sql.raw(`alter table public.${q(fk.tbl)} drop constraint ${q(fk.name)}`));
    for (const t of tables) await tx.execute(sql.raw(`alter table public.${q(t)} disable trigger user`));
    // Migrations may have written rows (backfills, reference data): the backup's rows replace them.
    if (tables.length) await tx.execute(sql.raw(`truncate table ${tables.map((t) => `public.${q(t)}`).join(', ')}`));

    let table: string | null = null;
    let insert = '';
    let batch: string[] = [];
    let batchChars = 0;
    let total = 0;
    let loaded = 0;
    let sequences: Array<{ name: string; value: string; isCalled: boolean }> = [];
    let end: { tables: number; rows: number } | null = null;
    const flush = async () => {
      if (!batch.length) return;
      await tx.execute(sql`${sql.raw(insert)}${'[' + batch.join(',') + ']'}::jsonb)`);
      batch = [];
      batchChars = 0;
    };
    for await (const line of lines) {
      if (line.startsWith('{"r":')) {
        if (!table) throw new BackupError('Файл копии повреждён: строка данных вне таблицы.');
        const row = line.slice(5, -1);
        batch.push(row);
        batchChars += row.length;
        total++;
        if (batch.length >= 1000 || batchChars > PAGE_CHARS) await flush();
        continue;
      }
      const control = JSON.parse(line) as { $: string; name?: string; rows?: number; values?: typeof sequences; tables?: number };
      if (control.$ === 'table') {
        table = control.name!;
        if (!tables.includes(table)) throw new BackupError(`Таблицы ${table} из копии нет в базе.`);
        const cols = await rows<{ name: string }>(tx, sql`select attname as name from pg_attribute
          where attrelid = ${`public.${q(table)}`}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`);
        const list = cols.map((c) => q(c.name)).join(', ');
        insert = `insert into public.${q(table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::public.${q(table)}, `;
      } else if (control.$ === 'table-end') {
        await flush();
        const [{ n }] = await rows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from public.${q(control.name!)}`));
        if (n !== control.rows) throw new BackupError(`Таблица ${control.name}: в копии ${control.rows} строк, загружено ${n}.`);
        loaded++;
        table = null;
      } else if (control.$ === 'sequences') sequences = control.values ?? [];
      else if (control.$ === 'end') end = { tables: control.tables ?? 0, rows: control.rows ?? 0 };
    }
    if (!end || end.rows !== total || end.tables !== loaded) throw new BackupError('Файл копии обрезан (нет его последней строки): восстановление отменено, база не изменена.');

    for (const s of sequences) {
      const [schemaName, seq] = s.name.split('.');
      const exists = await rows<{ t: string | null }>(tx, sql`select to_regclass(${`${q(schemaName)}.${q(seq)}`})::text as t`);
      if (exists[0]?.t) await tx.execute(sql`select setval(${`${q(schemaName)}.${q(seq)}`}::regclass, ${s.value}::bigint, ${s.isCalled})`);
    }
    for (const t of tables) await tx.execute(sql.raw(`alter table public.${q(t)} enable trigger user`));
    // Adding the foreign keys back checks every reference of the loaded rows.
    for (const fk of fks) await tx.execute(sql.raw(`alter table public.${q(fk.tbl)} add constraint ${q(fk.name)} ${fk.def}`));
    // A backup that was being made when this one was taken did not finish in the restored database.
    if (tables.includes('backup_runs')) await tx.execute(sql`delete from backup_runs where status = 'running'`);
    return { tables: loaded, rows: total, migrations: header.migrations.length, createdAt: header.createdAt, source: header.source };
  });
}
