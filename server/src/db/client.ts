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

/** `loadDataDir`: PGlite in memory starts from this dump (see `dump`) instead of an empty cluster. */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  // pg_trgm: the catalogue search's trigram indexes (migration 0006 creates the extension).
  const extensions = { pg_trgm };
  const client = dataDir.startsWith('memory://') ? new PGlite({ extensions, loadDataDir }) : new PGlite(dataDir, { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await assertMigrationOrder(db);
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection can be ended by the server (restart, failover, a dropped database). pg emits
  // that on the pool; unhandled it would crash the process. The pool replaces the connection itself.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several processes may start at once against one database: migrate under an advisory lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7243001)');
    await assertMigrationOrder(db);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
    lockClient.release();
  }
  const listeners: Client[] = [];
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own that lives as long as the subscription.
      const client = new Client({ connectionString: url });
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      });
      client.on('error', () => undefined);
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
