import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Seeder } from '../lib/module';
import { modules } from '../modules';
import type { Db } from './client';
import { seedRuns } from './schema';

export { SeedConfigError } from '../modules/auth/seed';

/** Every module's seeders, in the modules' order. */
export function allSeeders(list = modules): Seeder[] {
  return list.flatMap((m) => m.seeders ?? []);
}

/**
 * Runs each seeder that `seed_runs` has not recorded, once: in its own transaction, under one
 * transaction-scoped advisory lock, re-checking the record after the lock is taken. So a seeder added
 * later (a new area's demo data) reaches an existing database on its next start, never twice, and
 * several processes starting at once wait for each other instead of doubling the data. A seeder that
 * throws rolls back and stays unrecorded (the start fails with its error).
 */
export async function runSeeders(db: Db, config: Config, seeders: Seeder[]): Promise<string[]> {
  const done = new Set((await db.select({ name: seedRuns.name }).from(seedRuns)).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.name)) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7243002)`);
      const [recorded] = await tx.select({ name: seedRuns.name }).from(seedRuns).where(sql`${seedRuns.name} = ${seeder.name}`);
      if (recorded) return;
      await seeder.run(tx, { config });
      await tx.insert(seedRuns).values({ name: seeder.name });
      ran.push(seeder.name);
    });
  }
  return ran;
}

/** What the app runs at start: every module's seeders (the first one fills an empty company). */
export async function seedDatabase(db: Db, config: Config, seeders: Seeder[] = allSeeders()): Promise<string[]> {
  return runSeeders(db, config, seeders);
}
