import { and, asc, count, desc, eq, ilike, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern, rowsOf } from '../../lib/sql';
import type { Db, Tx } from '../../db/client';
import { cashMovements, cashOperations, clientLedger, counterparties, counterpartyPhones, plannerEvents, stockDocuments } from '../../db/schema';

type Conn = Db | Tx;
export type CounterpartyRow = typeof counterparties.$inferSelect;
export type CounterpartyValues = Omit<typeof counterparties.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;


export async function find(db: Conn, id: string, lock = false): Promise<CounterpartyRow | null> {
  const q = db.select().from(counterparties).where(eq(counterparties.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function phonesOf(db: Conn, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db.select().from(counterpartyPhones).where(inArray(counterpartyPhones.counterpartyId, ids)).orderBy(asc(counterpartyPhones.position));
  for (const r of rows) out.set(r.counterpartyId, [...(out.get(r.counterpartyId) ?? []), r.phone]);
  return out;
}

export async function setPhones(tx: Tx, id: string, phones: string[]): Promise<void> {
  await tx.delete(counterpartyPhones).where(eq(counterpartyPhones.counterpartyId, id));
  if (phones.length) await tx.insert(counterpartyPhones).values(phones.map((phone, position) => ({ counterpartyId: id, phone, digits: phone.replace(/\D/g, ''), position })));
}

/** Other (not archived) counterparties already holding one of these phones. */
export async function holdersOf(db: Conn, phones: string[], exceptId: string | null) {
  if (phones.length === 0) return [];
  return db
    .select({ id: counterparties.id, name: counterparties.name, phone: counterpartyPhones.phone })
    .from(counterpartyPhones)
    .innerJoin(counterparties, eq(counterparties.id, counterpartyPhones.counterpartyId))
    .where(and(inArray(counterpartyPhones.phone, phones), isNull(counterparties.archivedAt), exceptId ? sql`${counterparties.id} <> ${exceptId}` : undefined))
    .orderBy(asc(counterparties.searchName));
}

export async function insert(tx: Tx, values: CounterpartyValues): Promise<CounterpartyRow> {
  const [row] = await tx.insert(counterparties).values(values).returning();
  return row;
}

export async function update(tx: Tx, id: string, values: Partial<CounterpartyValues>): Promise<CounterpartyRow> {
  const [row] = await tx.update(counterparties).set({ ...values, updatedAt: new Date() }).where(eq(counterparties.id, id)).returning();
  return row;
}

export interface PageFilter {
  search?: { name: string; digits: string[]; raw: string };
  isSupplier?: boolean;
  tag?: string;
  source?: string;
  owes?: boolean;
  limit: number;
  offset: number;
}

export async function page(db: Conn, f: PageFilter) {
  const conds: SQL[] = [isNull(counterparties.archivedAt)];
  if (f.isSupplier !== undefined) conds.push(eq(counterparties.isSupplier, f.isSupplier));
  if (f.tag) conds.push(sql`${f.tag} = any(${counterparties.tags})`);
  if (f.source) conds.push(eq(counterparties.source, f.source));
  if (f.owes) conds.push(lt(counterparties.balance, 0));
  if (!f.search) {
    // No search: the list walks the name index and stops at the page; the total is counted up to
    // COUNT_CAP (counting 200k rows costs more than the page itself).
    const where = and(...conds);
    const capped = db.select({ one: sql`1` }).from(counterparties).where(where).limit(COUNT_CAP + 1).as('capped');
    const [{ total }] = await db.select({ total: count() }).from(capped);
    const rows = await db.select().from(counterparties).where(where).orderBy(asc(counterparties.searchName), asc(counterparties.id)).limit(f.limit).offset(f.offset);
    return { rows, total: Math.min(total, COUNT_CAP), totalExact: total <= COUNT_CAP };
  }
  // A query with letters is a name or an e-mail; one without is a phone (names and e-mails are not
  // searched by digits alone, which keeps «4567» from scanning every e-mail with a number in it). Each
  // is one trigram bitmap on this table (`search_name` is already lower case with ё = е, so `like`).
  const any: SQL[] = [];
  if (/\p{L}/u.test(f.search.raw)) any.push(like(counterparties.searchName, containsPattern(f.search.name)), ilike(counterparties.email, containsPattern(f.search.raw)));
  else for (const d of f.search.digits) any.push(like(counterparties.phoneDigits, containsPattern(d)));
  conds.push(any.length ? or(...any)! : sql`false`);
  // The matches are taken up to COUNT_CAP + 1 as the index finds them, then sorted by name and paged, in
  // one statement: up to a thousand matches that is the whole answer in name order; beyond, the list
  // says «more than 1000» and pages through the first thousand found, sorted, until the search is
  // narrowed. Sorting all 10 000 «Смирнов» of a 200k base meant reading 10 000 rows for 20.
  const m = db.$with('m').as(db.select().from(counterparties).where(and(...conds)).limit(COUNT_CAP + 1));
  const found = await db
    .with(m)
    .select({ row: m._.selectedFields, total: sql<number>`(select count(*) from m)`.mapWith(Number) })
    .from(m)
    .orderBy(asc(m.searchName), asc(m.id))
    // Pages end at the thousandth match (the total says «more than 1000»), not at the 1001st.
    .limit(Math.max(0, Math.min(f.limit, COUNT_CAP - f.offset)))
    .offset(f.offset);
  const total = found[0]?.total ?? Number((await db.with(m).select({ n: count() }).from(m))[0].n);
  return { rows: found.map((r) => r.row), total: Math.min(total, COUNT_CAP), totalExact: total <= COUNT_CAP };
}

/** Lists count their rows exactly up to this many; beyond it the total says «more than». */
export const COUNT_CAP = 1000;

/** The tags and sources of active clients, for filters and suggestions. */
export async function facets(db: Conn): Promise<{ tags: string[]; sources: string[] }> {
  const tags = await db.execute(sql`select distinct unnest(tags) as v from counterparties where archived_at is null order by 1 limit 200`);
  const sources = await db.execute(sql`select distinct source as v from counterparties where archived_at is null and source is not null order by 1 limit 200`);
  return { tags: rowsOf<{ v: string }>(tags).map((r) => r.v), sources: rowsOf<{ v: string }>(sources).map((r) => r.v) };
}

export async function history(db: Conn, clientId: string, limit: number, offset: number) {
  const where = eq(clientLedger.clientId, clientId);
  const [{ total }] = await db.select({ total: count() }).from(clientLedger).where(where);
  const rows = await db.select().from(clientLedger).where(where).orderBy(desc(clientLedger.seq)).limit(limit).offset(offset);
  return { rows, total };
}

/**
 * Moves everything of `fromId` onto `intoId` (a merge): phones (a phone both have stays once), the
 * balance ledger, cash operations and their ledger rows, stock documents of a supplier. The balances
 * are added (the ledger rows keep their `balance_after` as history).
 */
export async function moveEverything(tx: Tx, fromId: string, intoId: string): Promise<void> {
  await tx.execute(sql`insert into counterparty_phones (counterparty_id, phone, digits, position)
    select ${intoId}, p.phone, p.digits, 100 + p.position from counterparty_phones p where p.counterparty_id = ${fromId}
    on conflict do nothing`);
  await tx.delete(counterpartyPhones).where(eq(counterpartyPhones.counterpartyId, fromId));
  await tx.update(clientLedger).set({ clientId: intoId }).where(eq(clientLedger.clientId, fromId));
  await tx.update(cashOperations).set({ clientId: intoId }).where(eq(cashOperations.clientId, fromId));
  await tx.update(cashMovements).set({ clientId: intoId }).where(eq(cashMovements.clientId, fromId));
  await tx.update(stockDocuments).set({ supplierId: intoId }).where(eq(stockDocuments.supplierId, fromId));
  await tx.update(plannerEvents).set({ clientId: intoId }).where(eq(plannerEvents.clientId, fromId));
}
