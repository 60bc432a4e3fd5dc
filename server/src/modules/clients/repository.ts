import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql';
import type { Db, Tx } from '../../db/client';
import { counterparties, counterpartyPhones } from '../../db/schema';

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

/** Other counterparties already holding one of these phones. */
export async function holdersOf(db: Conn, phones: string[], exceptId: string | null) {
  if (phones.length === 0) return [];
  return db
    .select({ id: counterparties.id, name: counterparties.name, phone: counterpartyPhones.phone })
    .from(counterpartyPhones)
    .innerJoin(counterparties, eq(counterparties.id, counterpartyPhones.counterpartyId))
    .where(and(inArray(counterpartyPhones.phone, phones), exceptId ? sql`${counterparties.id} <> ${exceptId}` : undefined));
}

export async function insert(tx: Tx, values: CounterpartyValues): Promise<CounterpartyRow> {
  const [row] = await tx.insert(counterparties).values(values).returning();
  return row;
}

export async function update(tx: Tx, id: string, values: Partial<CounterpartyValues>): Promise<CounterpartyRow> {
  const [row] = await tx.update(counterparties).set({ ...values, updatedAt: new Date() }).where(eq(counterparties.id, id)).returning();
  return row;
}

export async function page(db: Conn, f: { search?: { name: string; digits: string; raw: string }; isSupplier?: boolean; limit: number; offset: number }) {
  const conds: SQL[] = [isNull(counterparties.archivedAt)];
  if (f.isSupplier !== undefined) conds.push(eq(counterparties.isSupplier, f.isSupplier));
  if (f.search) {
    const any: SQL[] = [ilike(counterparties.searchName, containsPattern(f.search.name)), ilike(counterparties.email, containsPattern(f.search.raw))];
    if (f.search.digits.length >= 3) {
      any.push(sql`exists (select 1 from ${counterpartyPhones} where ${counterpartyPhones.counterpartyId} = ${counterparties.id} and ${counterpartyPhones.digits} like ${containsPattern(f.search.digits)})`);
    }
    conds.push(or(...any)!);
  }
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(counterparties).where(where);
  const rows = await db.select().from(counterparties).where(where).orderBy(asc(counterparties.searchName), asc(counterparties.id)).limit(f.limit).offset(f.offset);
  return { rows, total };
}
