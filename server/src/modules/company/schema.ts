import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns';

/**
 * Document numbering per kind (contracts `numberingKinds`): the prefix, whether each location counts on
 * its own (`document_counters`, the default) or the company has one counter (`last` here). A kind without
 * a row numbers with its default prefix per location. Numbers only go up: a counter is never set below
 * a number it has given (server/docs/company.md).
 */
export const documentNumbering = pgTable('document_numbering', {
  kind: text('kind').primaryKey(),
  prefix: text('prefix').notNull(),
  perLocation: boolean('per_location').notNull().default(true),
  /** The company-wide counter (used when `per_location` is false): the last number given. */
  last: integer('last').notNull().default(0),
  updatedAt: updatedAt(),
});
