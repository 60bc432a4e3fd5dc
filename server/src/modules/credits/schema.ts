import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';

/**
 * Partners' instalment and credit offers (server/docs/credits.md): company-wide, not per location.
 * Amounts are kopecks; an offer accepts purchases from `min_amount` to `max_amount`. Editing archives
 * nothing: `archived_at` hides an offer from the calculator (PATCH `archived: true`), a restore clears it.
 * Partner and name are unique among the offers that are not archived (case-insensitive).
 */
export const creditOffers = pgTable(
  'credit_offers',
  {
    id: id(),
    partner: text('partner').notNull(),
    name: text('name').notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('credit_offers_amounts', sql`${t.minAmount} >= 0 and ${t.minAmount} <= ${t.maxAmount}`),
    uniqueIndex('credit_offers_active_name_unique').on(sql`lower(${t.partner})`, sql`lower(${t.name})`).where(sql`${t.archivedAt} is null`),
  ],
);

/**
 * An offer's terms: one row per number of months. Exactly one of `rate_bp` (annual interest, an annuity)
 * and `fee_bp` (the partner's one-time fee on the amount, a flat instalment), both in hundredths of a
 * percent (19,9 % = 1990), so percents with two decimals are stored exactly.
 */
export const creditOfferTerms = pgTable(
  'credit_offer_terms',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => creditOffers.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    rateBp: integer('rate_bp'),
    feeBp: integer('fee_bp'),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.months] }),
    check('credit_offer_terms_months', sql`${t.months} between 1 and 60`),
    check('credit_offer_terms_one_kind', sql`(${t.rateBp} is null) <> (${t.feeBp} is null)`),
    check('credit_offer_terms_rate', sql`${t.rateBp} is null or ${t.rateBp} between 0 and 10000`),
    check('credit_offer_terms_fee', sql`${t.feeBp} is null or ${t.feeBp} between 0 and 10000`),
  ],
);
