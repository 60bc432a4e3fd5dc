import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { salePrefix } from '@repo/contracts';
import type { Db, Tx } from '../../db/client';
import { cashboxes, cashOperations, counterparties, employees, locations, products, saleLines, salePayments, saleReturnLines, saleReturns, sales, salesHourly, warehouses } from '../../db/schema';
import { rowsOf } from '../../lib/sql';

type Conn = Db | Tx;
export type SaleRow = typeof sales.$inferSelect;
export type LineRow = typeof saleLines.$inferSelect;
export type PaymentRow = typeof salePayments.$inferSelect;
export type ReturnRow = typeof saleReturns.$inferSelect;
export type ReturnLineRow = typeof saleReturnLines.$inferSelect;
export type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'name' | 'sku' | 'kind' | 'price' | 'serialTracked' | 'archivedAt'>;

export async function findSale(db: Conn, id: string, lock = false): Promise<SaleRow | null> {
  const q = db.select().from(sales).where(eq(sales.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function linesOf(db: Conn, saleIds: string[]): Promise<LineRow[]> {
  if (!saleIds.length) return [];
  return db.select().from(saleLines).where(inArray(saleLines.saleId, saleIds)).orderBy(asc(saleLines.saleId), asc(saleLines.position));
}

export async function paymentsOf(db: Conn, saleId: string) {
  return db
    .select({ p: salePayments, cashboxName: cashboxes.name, operationNumber: cashOperations.number })
    .from(salePayments)
    .innerJoin(cashboxes, eq(cashboxes.id, salePayments.cashboxId))
    .leftJoin(cashOperations, eq(cashOperations.id, salePayments.operationId))
    .where(eq(salePayments.saleId, saleId))
    .orderBy(asc(salePayments.createdAt), asc(salePayments.id));
}

/** The number of a cash operation (the partner's money confirmed), null when it is gone. */
export async function operationNumber(db: Conn, id: string): Promise<string | null> {
  const [row] = await db.select({ number: cashOperations.number }).from(cashOperations).where(eq(cashOperations.id, id));
  return row?.number ?? null;
}

export async function returnsOf(db: Conn, saleId: string) {
  const rows = await db.select().from(saleReturns).where(eq(saleReturns.saleId, saleId)).orderBy(asc(saleReturns.createdAt));
  const lines = rows.length ? await db.select().from(saleReturnLines).where(inArray(saleReturnLines.returnId, rows.map((r) => r.id))) : [];
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.returnId === r.id) }));
}

export async function productsByIds(db: Conn, ids: string[]): Promise<Map<string, ProductRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, kind: products.kind, price: products.price, serialTracked: products.serialTracked, archivedAt: products.archivedAt })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function skusOf(db: Conn, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.sku]));
}

export async function clientsByIds(db: Conn, ids: string[]) {
  const list = [...new Set(ids.filter(Boolean))];
  if (!list.length) return new Map<string, { id: string; name: string; phone: string | null; discountPercent: number }>();
  const rows = await db
    .select({ id: counterparties.id, name: counterparties.name, phone: sql<string | null>`(select p.phone from counterparty_phones p where p.counterparty_id = ${counterparties.id} order by p.position limit 1)`, discountPercent: counterparties.discountPercent })
    .from(counterparties)
    .where(inArray(counterparties.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function employeeNames(db: Conn, ids: Array<string | null>) {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  if (!list.length) return new Map<string, string>();
  const rows = await db.select({ id: employees.id, name: employees.name }).from(employees).where(inArray(employees.id, list));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The insert of a new sale's lines as one statement with an array parameter per column (`unnest`), not
 * 14 parameters per line: a 10-line sale's insert is built and parsed in a fraction of the time.
 */
export function insertLinesSql(lines: LineRow[]): SQL {
  const col = (values: Array<string | number | null>, type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  return sql`insert into ${saleLines} (id, sale_id, position, product_id, name, is_service, qty, price, line_discount, discount, total, serials, cost, returned_qty)
    select t.id, t.sale_id, t.position, t.product_id, t.name, t.is_service = 'true', t.qty, t.price, nullif(t.line_discount, '')::jsonb, t.discount, t.total,
      array(select jsonb_array_elements_text(t.serials::jsonb)), nullif(t.cost, '')::bigint, t.returned_qty
    from unnest(${col(lines.map((l) => l.id), 'uuid')}, ${col(lines.map((l) => l.saleId), 'uuid')}, ${col(lines.map((l) => l.position), 'int')}, ${col(lines.map((l) => l.productId), 'uuid')},
      ${col(lines.map((l) => l.name), 'text')}, ${col(lines.map((l) => String(l.isService)), 'text')}, ${col(lines.map((l) => l.qty), 'int')}, ${col(lines.map((l) => String(l.price)), 'bigint')},
      ${col(lines.map((l) => (l.lineDiscount ? JSON.stringify(l.lineDiscount) : '')), 'text')}, ${col(lines.map((l) => String(l.discount)), 'bigint')}, ${col(lines.map((l) => String(l.total)), 'bigint')},
      ${col(lines.map((l) => JSON.stringify(l.serials)), 'text')}, ${col(lines.map((l) => (l.cost === null ? '' : String(l.cost))), 'text')}, ${col(lines.map((l) => l.returnedQty), 'int')})
      as t(id, sale_id, position, product_id, name, is_service, qty, price, line_discount, discount, total, serials, cost, returned_qty)`;
}

/** A warehouse with its location's name (null when there is none). */
export async function placeOf(db: Conn, warehouseId: string) {
  const [row] = await db
    .select({ id: warehouses.id, locationId: warehouses.locationId, warehouseName: warehouses.name, locationName: locations.name })
    .from(warehouses)
    .innerJoin(locations, eq(locations.id, warehouses.locationId))
    .where(eq(warehouses.id, warehouseId));
  return row ?? null;
}

export async function cashboxNames(db: Conn, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: cashboxes.id, name: cashboxes.name }).from(cashboxes).where(inArray(cashboxes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The filters of the list, as SQL over `sales` (the location is always one of them). */
export interface ListFilter {
  locationIds: string[];
  from?: Date;
  to?: Date;
  employeeId?: string;
  clientId?: string;
  method?: string;
  status?: string;
  withCancelled?: boolean;
  search?: string;
  creditPending?: boolean;
}

function whereOf(f: ListFilter): SQL {
  const conds: SQL[] = [inArray(sales.locationId, f.locationIds)];
  if (f.status) conds.push(eq(sales.status, f.status as SaleRow['status']));
  else if (!f.withCancelled) conds.push(sql`${sales.status} <> 'cancelled'`);
  // Dates are the posting date (a draft: its creation).
  const day = sql`coalesce(${sales.postedAt}, ${sales.createdAt})`;
  if (f.from) conds.push(gte(day, f.from));
  if (f.to) conds.push(lt(day, f.to));
  if (f.employeeId) conds.push(eq(sales.employeeId, f.employeeId));
  if (f.clientId) conds.push(eq(sales.clientId, f.clientId));
  if (f.method) conds.push(sql`${f.method} = any(${sales.methods})`);
  if (f.creditPending) conds.push(sql`${sales.status} = 'posted' and ${sales.creditAmount} > 0 and ${sales.creditConfirmedAt} is null`);
  if (f.search) {
    const escaped = f.search.replace(/[\\%_]/g, (c) => '\\' + c);
    // A number typed from its start («ПД-0001…») is a prefix range of `sales_number_prefix_idx`; any other
    // fragment («1234») the trigram index. The prefix is upper-cased: numbers are «ПД-…».
    if (escaped.toUpperCase().startsWith(`${salePrefix}-`)) conds.push(sql`${sales.number} like ${escaped.toUpperCase() + '%'}`);
    else conds.push(sql`${sales.number} ilike ${'%' + escaped + '%'}`);
  }
  return and(...conds)!;
}

export async function listSales(db: Conn, f: ListFilter, page: number, pageSize: number) {
  const day = sql`coalesce(${sales.postedAt}, ${sales.createdAt})`;
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(sales)
      .where(whereOf(f))
      .orderBy(desc(day), desc(sales.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    saleTotals(db, f),
  ]);
  return { items, ...totals };
}

/** The list's totals: sales not cancelled (or as filtered), sums of the posted ones, money by payment method. */
export interface SaleTotals {
  count: number;
  totals: { total: number; discount: number; returned: number };
  byMethod: Array<{ method: string; amount: number }>;
}

const HOUR = 3_600_000;

/**
 * The totals of the list's filter. Filtered by the shops and dates only (the journal's default), the whole
 * hours of the range come from `sales_hourly` (kept by triggers, migration 0028) and only the parts of an hour
 * at its edges are read from `sales`; any other filter reads `sales` (`live: true` forces that; the tests
 * compare both). The hours are UTC hours (`date_bin` from 2000-01-01 00:00 UTC): a day of any whole-hour
 * time zone, Moscow's included, is whole hours.
 */
export async function saleTotals(db: Conn, f: ListFilter, opts: { live?: boolean } = {}): Promise<SaleTotals> {
  const datesOnly = !f.employeeId && !f.clientId && !f.method && !f.status && !f.withCancelled && !f.search && !f.creditPending;
  if (opts.live || !datesOnly) return sumsOut([await liveSums(db, whereOf(f))]);
  // The whole hours inside [from, to): [fromHour, toHour).
  const fromHour = f.from && new Date(Math.ceil(f.from.getTime() / HOUR) * HOUR);
  const toHour = f.to && new Date(Math.floor(f.to.getTime() / HOUR) * HOUR);
  if (fromHour && toHour && fromHour >= toHour) return sumsOut([await liveSums(db, whereOf(f))]);
  const day = sql`coalesce(${sales.postedAt}, ${sales.createdAt})`;
  const edges: SQL[] = [];
  if (f.from && fromHour && f.from < fromHour) edges.push(and(gte(day, f.from), lt(day, fromHour))!);
  if (f.to && toHour && toHour < f.to) edges.push(and(gte(day, toHour), lt(day, f.to))!);
  const hours: SQL[] = [inArray(salesHourly.locationId, f.locationIds)];
  if (fromHour) hours.push(gte(salesHourly.hour, fromHour));
  if (toHour) hours.push(lt(salesHourly.hour, toHour));
  const [summary, edge] = await Promise.all([
    db
      .select({
        count: sql<string>`coalesce(sum(${salesHourly.count}), 0)::bigint`,
        total: sql<string>`coalesce(sum(${salesHourly.total}), 0)::bigint`,
        discount: sql<string>`coalesce(sum(${salesHourly.discount}), 0)::bigint`,
        returned: sql<string>`coalesce(sum(${salesHourly.returned}), 0)::bigint`,
        cash: sql<string>`coalesce(sum(${salesHourly.paidCash}), 0)::bigint`,
        card: sql<string>`coalesce(sum(${salesHourly.paidCard}), 0)::bigint`,
        transfer: sql<string>`coalesce(sum(${salesHourly.paidTransfer}), 0)::bigint`,
      })
      .from(salesHourly)
      .where(and(...hours)),
    edges.length ? liveSums(db, and(whereOf({ locationIds: f.locationIds }), or(...edges))!) : null,
  ]);
  const s = summary[0];
  const fromSummary: Sums = {
    count: Number(s.count),
    total: Number(s.total),
    discount: Number(s.discount),
    returned: Number(s.returned),
    amounts: new Map([
      ['cash', Number(s.cash)],
      ['card', Number(s.card)],
      ['transfer', Number(s.transfer)],
    ]),
  };
  return sumsOut(edge ? [fromSummary, edge] : [fromSummary]);
}

interface Sums {
  count: number;
  total: number;
  discount: number;
  returned: number;
  amounts: Map<string, number>;
}

function sumsOut(parts: Sums[]): SaleTotals {
  const amounts = new Map<string, number>([
    ['cash', 0],
    ['card', 0],
    ['transfer', 0],
  ]);
  for (const p of parts) for (const [method, amount] of p.amounts) amounts.set(method, (amounts.get(method) ?? 0) + amount);
  return {
    count: parts.reduce((n, p) => n + p.count, 0),
    totals: {
      total: parts.reduce((n, p) => n + p.total, 0),
      discount: parts.reduce((n, p) => n + p.discount, 0),
      returned: parts.reduce((n, p) => n + p.returned, 0),
    },
    byMethod: [...amounts].filter(([, amount]) => amount !== 0).map(([method, amount]) => ({ method, amount })),
  };
}

/** The sums of the rows of `sales` matching `where`. */
async function liveSums(db: Conn, where: SQL): Promise<Sums> {
  // By method from the sale's own `paid` when it was paid one way (most are); only split sales read
  // their payments. A join of a month's sales to `sale_payments` cost 150 ms at 500k sales.
  const totals = await db.execute(sql`select count(*)::int as count,
      coalesce(sum(total) filter (where status = 'posted'), 0)::bigint as total,
      coalesce(sum(discount) filter (where status = 'posted'), 0)::bigint as discount,
      coalesce(sum(returned) filter (where status = 'posted'), 0)::bigint as returned,
      coalesce(sum(paid) filter (where status = 'posted' and methods = '{cash}'), 0)::bigint as cash,
      coalesce(sum(paid) filter (where status = 'posted' and methods = '{card}'), 0)::bigint as card,
      coalesce(sum(paid) filter (where status = 'posted' and methods = '{transfer}'), 0)::bigint as transfer,
      coalesce(array_agg(id) filter (where status = 'posted' and cardinality(methods) > 1), '{}') as split
    from sales where ${where}`);
  type Totals = { count: number; total: string | number; discount: string | number; returned: string | number; cash: string | number; card: string | number; transfer: string | number; split: string[] | string };
  const t = rowsOf<Totals>(totals)[0];
  const amounts = new Map<string, number>([
    ['cash', Number(t.cash)],
    ['card', Number(t.card)],
    ['transfer', Number(t.transfer)],
  ]);
  const split = typeof t.split === 'string' ? parseUuidArray(t.split) : t.split;
  if (split.length) {
    const rows = await db.execute(sql`select method, sum(amount)::bigint as amount from sale_payments
        where sale_id = any(${sql.param(split)}::uuid[]) and return_id is null group by method`);
    for (const r of rowsOf<{ method: string; amount: string | number }>(rows)) amounts.set(r.method, (amounts.get(r.method) ?? 0) + Number(r.amount));
  }
  return { count: Number(t.count), total: Number(t.total), discount: Number(t.discount), returned: Number(t.returned), amounts };
}

/** `{a,b}` as PostgreSQL sends a uuid[] when the driver does not parse it. */
function parseUuidArray(text: string): string[] {
  return text.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
}

/** Posted sales of the company whose number has `search` (returns can be made at any location). */

export async function returnableSales(db: Conn, search: string, limit = 20): Promise<SaleRow[]> {
  return db
    .select()
    .from(sales)
    .where(and(eq(sales.status, 'posted'), sql`${sales.number} ilike ${'%' + search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`))
    .orderBy(desc(sales.postedAt))
    .limit(limit);
}
