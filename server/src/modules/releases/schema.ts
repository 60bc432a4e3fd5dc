import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/schema/columns';
import { employees } from '../auth/schema';

/** Every version of an area that was made live at least once; `activatedAt` is its latest activation. */
export const areaReleases = pgTable(
  'area_releases',
  {
    id: id(),
    area: text('area').notNull(),
    version: text('version').notNull(),
    commit: text('commit'),
    builtAt: timestamp('built_at', { withTimezone: true, mode: 'date' }),
    releasedBy: text('released_by'),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [unique('area_releases_area_version_unique').on(t.area, t.version)],
);

/** The live pointer: one row per area, in the database so every server process serves the same version. */
export const areaLiveVersions = pgTable('area_live_versions', {
  area: text('area').primaryKey(),
  version: text('version').notNull(),
  activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Load failures browsers reported (the newest 50 per area are kept). */
export const areaReleaseFailures = pgTable(
  'area_release_failures',
  {
    id: id(),
    area: text('area').notNull(),
    version: text('version').notNull(),
    message: text('message').notNull(),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('area_release_failures_area_idx').on(t.area, t.createdAt)],
);
