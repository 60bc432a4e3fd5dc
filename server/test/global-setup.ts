/**
 * Once per jest run: a database migrated and seeded with the demo data the default way, which
 * `buildTestApp()` then copies for each test file (a PGlite dump loaded in memory, or a PostgreSQL
 * `create database … template …`) instead of seeding it again — the demo seeders take seconds, and
 * every file would pay them. Files that test the seeding itself build their own databases.
 * TEST_SEED_CACHE=0 turns it off.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createPostgresDatabase, testConfig } from './helpers';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_SEED_CACHE === '0') return;
  const url = process.env.TEST_DATABASE_URL;
  const started = Date.now();
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    const app = await buildApp({ config: testConfig({ databaseUrl: null, dataDir: 'memory://' }), database, logger: false });
    await app.close();
    const file = path.join(os.tmpdir(), `server-test-seed-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    process.env.TEST_SEED_DUMP = file;
  } else {
    const name = `tpl_${Date.now().toString(36)}_${process.pid}`;
    const target = await createPostgresDatabase(url, name);
    const database = await openDatabase({ databaseUrl: target, dataDir: '' });
    const app = await buildApp({ config: testConfig({ databaseUrl: target, dataDir: 'memory://' }), database, logger: false });
    await app.close();
    // A template must have no connections when it is copied.
    await database.close();
    process.env.TEST_SEED_TEMPLATE = name;
  }
  process.stdout.write(`\nseeded database for this run in ${Date.now() - started} ms\n`);
}
