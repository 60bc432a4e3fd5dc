import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/schema/columns';

/**
 * Every backup's outcome (docs/operations.md): the daily one, «Создать копию сейчас», `pnpm backup`.
 * `slot` is set for the daily backup (`daily:<local date>`): its unique index lets only one of several
 * server processes on one PostgreSQL claim the day's backup.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    /** `daily`, `manual` (settings), `cli` (`pnpm backup`). */
    kind: text('kind').notNull(),
    slot: text('slot'),
    /** `running`, `ok`, `failed`. */
    status: text('status').notNull(),
    file: text('file'),
    size: bigint('size', { mode: 'number' }),
    rows: bigint('rows', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** The process that made it: `<host>:<pid>`. */
    host: text('host'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('backup_runs_slot_unique').on(t.slot), index('backup_runs_started_idx').on(t.startedAt)],
);
