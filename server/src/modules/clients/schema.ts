import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The client's balance in kopecks, kept with `client_ledger` in one transaction: > 0 we owe them (an
     * advance), < 0 they owe us.
     */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * The digits of all the client's phones, space-separated: what a phone search matches, on this table
     * (one trigram bitmap, no join). Kept by a trigger on `counterparty_phones` (migration 0017).
     */
    phoneDigits: text('phone_digits').notNull().default(''),
    /** Set when this duplicate was merged into another client (it is archived then). */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => counterparties.id),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('counterparties_search_name_idx').on(t.searchName),
    // The list walks active clients in name order (ties by id) and stops at the page.
    index('counterparties_list_order_idx').on(t.searchName, t.id).where(sql`${t.archivedAt} is null`),
    index('counterparties_supplier_idx').on(t.isSupplier),
    // «Owes us»: the few clients with a debt, in list order.
    index('counterparties_owes_idx').on(t.searchName).where(sql`${t.balance} < 0`),
    // Search anywhere in the name or e-mail (`ilike '%…%'`): trigram indexes, no pending list (see catalog).
    index('counterparties_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('counterparties_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('counterparties_phone_digits_trgm_idx').using('gin', t.phoneDigits.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
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
  (t) => [
    primaryKey({ columns: [t.counterpartyId, t.phone] }),
    index('counterparty_phones_phone_idx').on(t.phone),
    index('counterparty_phones_digits_idx').on(t.digits),
    // Any part of a phone («…4567», «916 12…»): trigrams on the digits.
    index('counterparty_phones_digits_trgm_idx').using('gin', t.digits.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Everything that changed a client's balance: immutable rows, `seq` is the order; `amount` signed (+ the
 * client paid us or we charged them less, − we charged them or paid them back). `kind`: payment (income
 * with the client), refund (expense to the client), adjustment (opening debt, manual correction); the
 * orders and sales areas add `order` and `sale` rows. `document_*` names the row's document for the
 * client's history; `cancellation` marks reversals.
 */
export const clientLedger = pgTable(
  'client_ledger',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => counterparties.id),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    locationId: uuid('location_id'),
    documentType: text('document_type'),
    documentId: uuid('document_id'),
    number: text('number'),
    comment: text('comment'),
    cancellation: boolean('cancellation').notNull().default(false),
  },
  (t) => [index('client_ledger_client_idx').on(t.clientId, t.seq), index('client_ledger_document_idx').on(t.documentId)],
);
