/** Removes the run's seeded database (see `global-setup.ts`). */
import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const dump = process.env.TEST_SEED_DUMP;
  if (dump) await rm(dump, { force: true });
  const template = process.env.TEST_SEED_TEMPLATE;
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  }
}
