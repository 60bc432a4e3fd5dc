import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which named seeders (modules' `seeders`) have run on this database: each runs once (db/seed.ts). */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
