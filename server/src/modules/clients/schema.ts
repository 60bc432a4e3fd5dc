import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';

/**
 * Counterparties: the company's clients and suppliers in one table (a supplier is a counterparty with
 * `is_supplier`). Company-wide, like the catalogue. The stock area picks suppliers from it; the clients
 * area (issue #9) builds the client base on the same rows. `search_name` is the normalised name
 * (lower case, ё = е), computed in code as for products.
 */
export const counterparties = pgTable(
  'counterparties',
  {
    id: id(),
    kind: text('kind', { enum: ['person', 'company'] }).notNull().default('person'),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    email: text('email'),
    address: text('address'),
    /** Where they heard of us (free text, suggested from earlier values). */
    source: text('source'),
    tags: text('tags').array().notNull().default([]),
    /** Personal discount, whole percent 0–100. */
    discountPercent: integer('discount_percent').notNull().default(0),
    notes: text('notes'),
    isSupplier: boolean('is_supplier').notNull().default(false),
    /** ИНН of a company or an individual entrepreneur (10 or 12 digits). */
    inn: text('inn'),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('counterparties_search_name_idx').on(t.searchName), index('counterparties_supplier_idx').on(t.isSupplier)],
);

/** A counterparty's phones, E.164 (`+79161234567`), in the order typed; `digits` (without «+») is what search matches. */
export const counterpartyPhones = pgTable(
  'counterparty_phones',
  {
    counterpartyId: uuid('counterparty_id')
      .notNull()
      .references(() => counterparties.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    digits: text('digits').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.counterpartyId, t.phone] }), index('counterparty_phones_phone_idx').on(t.phone), index('counterparty_phones_digits_idx').on(t.digits)],
);
