import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export const migrationsFolder = path.resolve(__dirname, '../../migrations');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export class MigrationOrderError extends Error {}

export function readJournal(folder: string = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/**
 * Drizzle's migrator applies only the migrations whose journal timestamp (`when`) is newer than the
 * newest one the database has applied; an older one that was never applied (a branch merged after a
 * newer migration ran) is skipped silently (drizzle-orm issues 5769, 5316). Before migrating we refuse
 * to start in that case, naming the migration, instead of running with a half-applied schema.
 */
export async function assertMigrationOrder(db: Db, folder: string = migrationsFolder): Promise<void> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const exists = await rows<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return;
  const applied = await rows<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations`);
  const appliedAt = new Set(applied.map((r) => Number(r.created_at)));
  if (appliedAt.size === 0) return;
  const newest = Math.max(...appliedAt);
  const skipped = readJournal(folder).filter((e) => e.when <= newest && !appliedAt.has(e.when));
  if (skipped.length > 0) {
    const names = skipped.map((e) => e.tag).join(', ');
    throw new MigrationOrderError(
      `Migrations ${names} were never applied to this database, but a newer migration already was ` +
        `(journal time ${newest}); drizzle would skip them silently. Regenerate them after the newest one ` +
        `(delete the unapplied files and their journal entries, then \`pnpm --filter server db:generate\`), or apply them by hand.`,
    );
  }
}
