import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Client, Pool } from 'pg';
import * as schema from './schema';
import { assertMigrationOrder, migrationsFolder } from './migrate';
import { lockDataDir } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services take `Tx` so they can be composed inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the tests' seeded database, loaded per test file). */
  dump?(): Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite in memory starts from this dump (see `dump`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** false: open as is, without applying migrations (backup and restore of a folder or database). */
  migrate?: boolean;
  /** Who holds a PGlite folder's lock (data-dir-lock.ts); shown to a second opener. Default `server`. */
  lockPurpose?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.migrate !== false);
  return openPglite(opts.dataDir, opts.loadDataDir, opts.migrate !== false, opts.lockPurpose ?? 'server');
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined, migrate: boolean, lockPurpose: string): Promise<Database> {
  // pg_trgm: the catalogue search's trigram indexes (migration 0006 creates the extension).
  const extensions = { pg_trgm };
  const inMemory = dataDir.startsWith('memory://');
  // One process per data folder: refused here, before PGlite touches a file (DataDirLockedError).
  const lock = inMemory ? null : lockDataDir(dataDir, lockPurpose);
  let client: PGlite;
  let db: Db;
  try {
    client = inMemory ? new PGlite({ extensions, loadDataDir }) : new PGlite(dataDir, { extensions });
    await client.waitReady;
    db = drizzlePglite(client, { schema }) as unknown as Db;
    if (migrate) {
      await assertMigrationOrder(db);
      await migratePglite(db as never, { migrationsFolder });
    }
  } catch (err) {
    lock?.release();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, migrate: boolean): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection can be ended by the server (restart, failover, a dropped database). pg emits
  // that on the pool; unhandled it would crash the process. The pool replaces the connection itself.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several processes may start at once against one database: migrate under an advisory lock.
  if (migrate) {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock(7243001)');
      await assertMigrationOrder(db);
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
      lockClient.release();
    }
  }
  const subscriptions = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const unsubscribe = await listenWithReconnect(url, channel, onPayload);
      const stop = async () => {
        subscriptions.delete(stop);
        await unsubscribe();
      };
      subscriptions.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...subscriptions].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Back-off of the LISTEN connection's reconnects: 0.5 s, 1 s, 2 s … at most 30 s. */
const listenBackoffMs = (failures: number) => Math.min(30_000, 500 * 2 ** failures);

/**
 * LISTEN on a connection of its own that lives as long as the subscription. When that connection is
 * lost (a PostgreSQL restart or failover, an idle connection cut by a firewall or a pooler,
 * `pg_terminate_backend`), it is opened again with back-off and LISTENs again; without that, this
 * process would keep its sockets open and silently stop delivering events while the other processes
 * go on. Notifications sent while it was away are not replayed (NOTIFY keeps none); the open sockets
 * catch up with their next fetch. The first connection must succeed (the start-up fails otherwise).
 */
async function listenWithReconnect(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const statement = `LISTEN "${channel.replace(/"/g, '')}"`;
  let current: Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (client: Client, reason: string) => {
    if (stopped || current !== client) return;
    current = null;
    client.end().catch(() => undefined);
    const delay = listenBackoffMs(failures++);
    console.warn(`PostgreSQL: realtime listener lost (${reason}), reconnecting in ${delay} ms`);
    timer = setTimeout(() => {
      timer = undefined;
      void open(false);
    }, delay);
  };

  const open = async (first: boolean) => {
    if (stopped) return;
    const client = new Client({ connectionString: url });
    current = client;
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    client.on('error', (err) => lost(client, err.message));
    client.on('end', () => lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(statement);
      if (failures > 0) console.warn(`PostgreSQL: realtime listener reconnected after ${failures} attempt(s)`);
      failures = 0;
    } catch (err) {
      if (!first) return lost(client, (err as Error).message);
      current = null;
      await client.end().catch(() => undefined);
      throw err;
    }
  };

  await open(true);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
