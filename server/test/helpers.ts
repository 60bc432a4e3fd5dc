import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Profile } from '@repo/contracts';
import { buildApp } from '../src/app';
import type { ModuleDefinition } from '../src/lib/module';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { readFile } from 'node:fs/promises';

export interface TestDatabase {
  database: Database;
  /** What the app's config should say about this database. */
  databaseUrl: string | null;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/**
 * The seeded database of this jest run, made once by `test/global-setup.ts`: a PGlite dump file
 * (TEST_SEED_DUMP) or a PostgreSQL template database (TEST_SEED_TEMPLATE). Unset: each file seeds its own.
 */
const seedDump = () => process.env.TEST_SEED_DUMP || null;
const seedTemplate = () => process.env.TEST_SEED_TEMPLATE || null;

/**
 * A fresh database: in-memory PGlite by default, a throw-away PostgreSQL database when TEST_DATABASE_URL
 * is set. `seeded`: a copy of the run's migrated and demo-seeded database (when global setup made one),
 * so that a test file does not spend seconds seeding what every file seeds the same way.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = opts.seeded ? seedDump() : null;
    const loadDataDir = dump ? new Blob([await readFile(dump)]) : undefined;
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://', loadDataDir });
    return { database, databaseUrl: null, dispose: () => database.close() };
  }
  const dbName = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = opts.seeded ? seedTemplate() : null;
  const testUrl = await createPostgresDatabase(url, dbName, template);
  const database = await openDatabase({ databaseUrl: testUrl, dataDir: '' });
  return {
    database,
    databaseUrl: testUrl,
    async dispose() {
      await database.close();
      await dropPostgresDatabase(url, dbName);
    },
  };
}

/** One statement on the server of `url` (its own connection): creating and dropping databases. */
async function adminQuery(url: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates database `name` (a copy of `template`, if given) on the server of `url`; answers its URL. */
export async function createPostgresDatabase(url: string, name: string, template: string | null = null): Promise<string> {
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ''}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  await adminQuery(url, `drop database if exists ${name} with (force)`);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ ...process.env, DIST_DIR: '' }), logLevel: 'warn', ...overrides };
}

/** Config that changes what the seeders write: an app with any of these seeds its own database. */
const seedingConfig = new Set<string>(['seedDemo', 'ownerPhone', 'ownerPassword', 'databaseUrl', 'dataDir']);

/**
 * A fresh app on a fresh database (each test file gets its own), seeded with the demo data unless
 * the overrides say otherwise. With `database`, the app uses it and leaves it open on close; `modules`
 * replaces the module list (e.g. to add a seeder). `TEST_LOG=1` (with `LOG_LEVEL=error`) prints the apps' logs, a 500's cause.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: { database?: Database; modules?: ModuleDefinition[] } = {},
): Promise<FastifyInstance> {
  if (opts.database) return buildApp({ config: testConfig(overrides), database: opts.database, logger: false, modules: opts.modules });
  // The run's seeded copy serves every app seeded the default way (same modules, same seeding config).
  const seeded = !opts.modules && !Object.keys(overrides).some((k) => seedingConfig.has(k));
  const test = await createTestDatabase({ seeded });
  try {
    const config = testConfig({ databaseUrl: test.databaseUrl, dataDir: 'memory://', ...overrides });
    const app = await buildApp({ config, database: test.database, logger: process.env.TEST_LOG ? undefined : false, modules: opts.modules });
    app.addHook('onClose', async () => test.dispose());
    return app;
  } catch (err) {
    await test.dispose();
    throw err;
  }
}

export const demoPhones = {
  owner: '+79000000001',
  manager: '+79000000002',
  engineer: '+79000000003',
  cashier: '+79000000004',
} as const;

/** Signs in through the real route; fails the test loudly when the login does not succeed. */
export async function login(app: FastifyInstance, phone: string, password = 'demo1234'): Promise<{ token: string; profile: Profile }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
  if (res.statusCode !== 200) throw new Error(`login ${phone} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Headers of a signed-in request; `locationId` goes into the `Shop` header. */
export function authHeaders(token: string, locationId?: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...(locationId ? { shop: locationId } : {}) };
}

/** The JSON of an answer with this status; else throws with the status and the body (a test's failure says why). */
export function ok(res: LightMyRequestResponse, status = 200) {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A refusal: this status, a Russian message (exactly `message` when given), and `state()` (what the
 * refused request must leave as it was: counts, a checksum of rows) equal to `before`. Returns the body.
 */
export async function expectRefused<S>(res: LightMyRequestResponse, status: number, state: () => Promise<S>, before: S, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  expect(body.message).toMatch(/[а-яё]/i);
  if (message) expect(body.message).toBe(message);
  expect(await state()).toEqual(before);
  return body;
}
