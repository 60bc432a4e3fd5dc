/** Removes the run's seeded database (see `global-setup.ts`). */
import { rm } from 'node:fs/promises';
import { dropPostgresDatabase } from './helpers';

export default async function globalTeardown(): Promise<void> {
  const dump = process.env.TEST_SEED_DUMP;
  if (dump) await rm(dump, { force: true });
  const template = process.env.TEST_SEED_TEMPLATE;
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) await dropPostgresDatabase(url, template);
}
