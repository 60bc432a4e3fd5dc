import { asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { creditOffers, creditOfferTerms } from '../../db/schema';

export type Conn = Db | Tx;
export type OfferRow = typeof creditOffers.$inferSelect;
export type OfferInsert = typeof creditOffers.$inferInsert;
export type TermRow = typeof creditOfferTerms.$inferSelect;
/** A term as stored: months and exactly one of the rate and the fee, in hundredths of a percent. */
export type TermValues = Pick<TermRow, 'months' | 'rateBp' | 'feeBp'>;
export type OfferWithTerms = OfferRow & { terms: TermValues[] };

async function withTerms(db: Conn, rows: OfferRow[]): Promise<OfferWithTerms[]> {
  if (rows.length === 0) return [];
  const terms = await db
    .select()
    .from(creditOfferTerms)
    .where(inArray(creditOfferTerms.offerId, rows.map((r) => r.id)))
    .orderBy(asc(creditOfferTerms.months));
  return rows.map((r) => ({ ...r, terms: terms.filter((t) => t.offerId === r.id).map(({ months, rateBp, feeBp }) => ({ months, rateBp, feeBp })) }));
}

/** The offers in use (or the archive), by partner and name. */
export async function listOffers(db: Conn, archived: boolean): Promise<OfferWithTerms[]> {
  const rows = await db
    .select()
    .from(creditOffers)
    .where(archived ? isNotNull(creditOffers.archivedAt) : isNull(creditOffers.archivedAt))
    .orderBy(asc(sql`lower(${creditOffers.partner})`), asc(sql`lower(${creditOffers.name})`), asc(creditOffers.createdAt));
  return withTerms(db, rows);
}

export async function findOffer(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<OfferWithTerms | null> {
  const q = db.select().from(creditOffers).where(eq(creditOffers.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ? (await withTerms(db, [row]))[0] : null;
}

/** An offer of this partner with this name that is not archived (case-insensitive), other than `exceptId`. */
export async function findActiveByName(db: Conn, partner: string, name: string, exceptId?: string): Promise<{ id: string } | null> {
  const rows = await db
    .select({ id: creditOffers.id })
    .from(creditOffers)
    .where(sql`lower(${creditOffers.partner}) = lower(${partner}) and lower(${creditOffers.name}) = lower(${name}) and ${creditOffers.archivedAt} is null`);
  return rows.find((r) => r.id !== exceptId) ?? null;
}

export async function insertOffer(db: Conn, values: OfferInsert, terms: TermValues[]): Promise<OfferWithTerms> {
  const [row] = await db.insert(creditOffers).values(values).returning();
  await replaceTerms(db, row.id, terms);
  return (await findOffer(db, row.id))!;
}

export async function updateOffer(db: Conn, id: string, set: Partial<OfferInsert>, terms?: TermValues[]): Promise<OfferWithTerms> {
  await db
    .update(creditOffers)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(creditOffers.id, id));
  if (terms) await replaceTerms(db, id, terms);
  return (await findOffer(db, id))!;
}

async function replaceTerms(db: Conn, offerId: string, terms: TermValues[]) {
  await db.delete(creditOfferTerms).where(eq(creditOfferTerms.offerId, offerId));
  if (terms.length) await db.insert(creditOfferTerms).values(terms.map((t) => ({ offerId, ...t })));
}
