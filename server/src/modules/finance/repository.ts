import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cashOperations, cashShifts, cashboxes, counterparties, employees, financeCategories, locations } from '../../db/schema';

type Conn = Db | Tx;
export type CashboxRow = typeof cashboxes.$inferSelect;
export type CategoryRow = typeof financeCategories.$inferSelect;
export type OperationRow = typeof cashOperations.$inferSelect;
export type ShiftRow = typeof cashShifts.$inferSelect;

export async function findCashbox(db: Conn, id: string): Promise<CashboxRow | null> {
  const [row] = await db.select().from(cashboxes).where(eq(cashboxes.id, id));
  return row ?? null;
}

/** Cashboxes of these locations with their balances (0 when no money moved yet) and open shifts. */
export async function cashboxesWithBalances(db: Conn, locationIds: string[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({
      id: cashboxes.id,
      name: cashboxes.name,
      kind: cashboxes.kind,
      locationId: cashboxes.locationId,
      locationName: locations.name,
      isDefault: cashboxes.isDefault,
      balance: sql<number>`coalesce((select b.balance from cash_balances b where b.cashbox_id = ${cashboxes.id}), 0)`.mapWith(Number),
      shiftId: cashShifts.id,
      shiftNumber: cashShifts.number,
      shiftOpenedAt: cashShifts.openedAt,
    })
    .from(cashboxes)
    .innerJoin(locations, eq(locations.id, cashboxes.locationId))
    .leftJoin(cashShifts, and(eq(cashShifts.cashboxId, cashboxes.id), eq(cashShifts.status, 'open')))
    .where(inArray(cashboxes.locationId, locationIds))
    .orderBy(asc(locations.name), sql`${cashboxes.isDefault} desc`, asc(cashboxes.name));
}

export async function findCategory(db: Conn, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(financeCategories).where(eq(financeCategories.id, id));
  return row ?? null;
}

export async function categoryByCode(db: Conn, code: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(financeCategories).where(eq(financeCategories.code, code));
  return row ?? null;
}

export async function findClient(db: Conn, id: string) {
  const [row] = await db
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(and(eq(counterparties.id, id), isNull(counterparties.mergedIntoId)));
  return row ?? null;
}

export async function findOperation(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<OperationRow | null> {
  const q = db.select().from(cashOperations).where(eq(cashOperations.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findShift(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<ShiftRow | null> {
  const q = db.select().from(cashShifts).where(eq(cashShifts.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function openShiftOf(db: Conn, cashboxId: string): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(cashShifts)
    .where(and(eq(cashShifts.cashboxId, cashboxId), eq(cashShifts.status, 'open')));
  return row ?? null;
}

/** The open shifts of these cashboxes, by cashbox. */
export async function openShiftsOf(db: Conn, cashboxIds: string[]): Promise<Map<string, ShiftRow>> {
  if (!cashboxIds.length) return new Map();
  const rows = await db
    .select()
    .from(cashShifts)
    .where(and(inArray(cashShifts.cashboxId, cashboxIds), eq(cashShifts.status, 'open')));
  return new Map(rows.map((r) => [r.cashboxId, r]));
}

/** Cashboxes by id. */
export async function findCashboxes(db: Conn, ids: string[]): Promise<Map<string, CashboxRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(cashboxes).where(inArray(cashboxes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names for operation views: cashboxes, categories, clients, employees. */
export async function labelsFor(db: Conn, ids: { cashboxes: Array<string | null>; categories: Array<string | null>; clients: Array<string | null>; employees: Array<string | null> }) {
  const uniq = (list: Array<string | null>) => [...new Set(list.filter((x): x is string => !!x))];
  // One query after another: inside a transaction they share one connection.
  const c = uniq(ids.cashboxes).length ? await db.select({ id: cashboxes.id, name: cashboxes.name }).from(cashboxes).where(inArray(cashboxes.id, uniq(ids.cashboxes))) : [];
  const k = uniq(ids.categories).length ? await db.select({ id: financeCategories.id, name: financeCategories.name }).from(financeCategories).where(inArray(financeCategories.id, uniq(ids.categories))) : [];
  const p = uniq(ids.clients).length ? await db.select({ id: counterparties.id, name: counterparties.name }).from(counterparties).where(inArray(counterparties.id, uniq(ids.clients))) : [];
  const e = uniq(ids.employees).length ? await db.select({ id: employees.id, name: employees.name }).from(employees).where(inArray(employees.id, uniq(ids.employees))) : [];
  const map = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((x) => [x.id, x.name]));
  return { cashboxes: map(c), categories: map(k), clients: map(p), employees: map(e) };
}

/** Live figures of open shifts: posted operations of each shift by kind (system categories left out), transfers in. */
export async function shiftFigures(db: Conn, shiftIds: string[]) {
  const out = new Map<string, { income: number; expense: number; transfersIn: number; transfersOut: number; operations: number }>();
  if (shiftIds.length === 0) return out;
  for (const id of shiftIds) out.set(id, { income: 0, expense: 0, transfersIn: 0, transfersOut: 0, operations: 0 });
  const rows = await db.execute(sql`
    select o.shift_id as shift_id, o.kind, 'out' as dir, sum(o.amount)::bigint as amount, count(*)::int as n
    from cash_operations o left join finance_categories c on c.id = o.category_id
    where o.shift_id = any(${sql.param(shiftIds)}::uuid[]) and o.status = 'posted' and c.code is null
    group by o.shift_id, o.kind
    union all
    select o.to_shift_id, o.kind, 'in', sum(o.amount)::bigint, count(*)::int
    from cash_operations o
    where o.to_shift_id = any(${sql.param(shiftIds)}::uuid[]) and o.status = 'posted'
    group by o.to_shift_id, o.kind`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ shift_id: string; kind: string; dir: string; amount: string | number; n: number }>;
  for (const r of list) {
    const f = out.get(r.shift_id);
    if (!f) continue;
    const amount = Number(r.amount);
    if (r.dir === 'in') f.transfersIn += amount;
    else if (r.kind === 'income') f.income += amount;
    else if (r.kind === 'expense') f.expense += amount;
    else f.transfersOut += amount;
    f.operations += Number(r.n);
  }
  return out;
}
