/**
 * The sales report (issue #23) through `inject`, against the journal and the stock ledger themselves: for
 * any period, set of shops, cut and bucket, each row's revenue, returns and count equal sums straight over
 * `sales` and `sale_returns` (by the posted day and the return's day), and its cost the stock ledger's rows
 * of those sales (by the movement's day); the summary `report_sales_days` the database keeps equals
 * `report_sales_days_rebuild()`. On the demo data, after random postings through the API (several
 * categories, sellers, discounts, services; drafts posted later, same-day cancellations, returns at another
 * shop), also in parallel, and after rows written directly in odd orders. Access, the 400s, the Excel file,
 * ISO weeks. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { priceSale, reportMessages, salesReportSchema, saleSchema, type Discount, type Location, type Sale, type SalesReport } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { rowsOf } from '../src/lib/sql';
import { moscowToday } from '../src/modules/reports/period';
import { customerReturnValue } from '../src/modules/stock/valuation';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let manager: string;
let cashier: string;
let loc: Location[];
const today = moscowToday();
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const from = dayOf(-75);

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  manager = (await login(app, demoPhones.manager)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  loc = await demoLocations(app, owner);
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = owner, at = 0) =>
  app.inject({ method, url, headers: authHeaders(token, loc[at]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function report(params: string, token = owner, at = 0): Promise<SalesReport> {
  return salesReportSchema.parse(ok(await call('GET', `/api/reports/sales?${params}`, undefined, token, at)));
}

// ---------------------------------------------------------------------------------------------------
// The journal and the ledger, straight

type Cut = 'none' | 'location' | 'employee' | 'category';
type GroupBy = 'day' | 'week' | 'month';
type Figures = { revenue: number; cost: number; returns: number; count: number };

/** The first day of the bucket holding `day` (ISO week: Monday), computed here, not by the database. */
function bucketOf(day: string, groupBy: GroupBy): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 7)}-01`;
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - weekday * DAY).toISOString().slice(0, 10);
}

/**
 * Per bucket and key, from the raw tables: revenue = posted sales' totals by their posted Moscow day −
 * returns' amounts by their day (by category: the lines' totals and the return lines' amounts by the
 * product's category), count = posted sales (by category: those with a line of it), cost = −Σ the stock
 * ledger's rows of posted sales (`document_type` 'sale', returns' rows included) by the row's Moscow day, at
 * the shop of the row's warehouse.
 */
interface Raw {
  sales: Array<{ id: string; day: string; location_id: string; employee_id: string | null; total: string }>;
  saleCats: Map<string, Array<{ cat: string | null; total: number }>>;
  returns: Array<{ id: string; day: string; location_id: string; employee_id: string | null; amount: string }>;
  returnCats: Map<string, Array<{ cat: string | null; amount: number }>>;
  moves: Array<{ day: string; location_id: string; employee_id: string | null; cat: string | null; cost: string }>;
}

/** The raw rows the report must agree with, every shop's. */
async function rawLedgers(): Promise<Raw> {
  const day = (col: string) => sql.raw(`((${col}) at time zone 'Europe/Moscow')::date::text`);
  const group = <T extends { cat: string | null }>(rows: Array<T & { id: string }>) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(r.id, [...(m.get(r.id) ?? []), r]);
    return m;
  };
  return {
    sales: await q(sql`select id, ${day('coalesce(posted_at, created_at)')} as day, location_id, employee_id, total::text from sales where status = 'posted'`),
    saleCats: group(
      (await q<{ id: string; cat: string | null; total: string }>(
        sql`select l.sale_id as id, p.category_id as cat, sum(l.total)::text as total from sale_lines l join sales s on s.id = l.sale_id join products p on p.id = l.product_id
          where s.status = 'posted' group by 1, 2`,
      )).map((r) => ({ ...r, total: Number(r.total) })),
    ),
    returns: await q(sql`select r.id, ${day('r.created_at')} as day, r.location_id, s.employee_id, r.amount::text from sale_returns r join sales s on s.id = r.sale_id`),
    returnCats: group(
      (await q<{ id: string; cat: string | null; amount: string }>(
        sql`select l.return_id as id, p.category_id as cat, sum(l.amount)::text as amount from sale_return_lines l join products p on p.id = l.product_id group by 1, 2`,
      )).map((r) => ({ ...r, amount: Number(r.amount) })),
    ),
    moves: await q(
      sql`select ${day('m.at')} as day, w.location_id, s.employee_id, p.category_id as cat, (-sum(m.value))::text as cost
        from stock_movements m join sales s on s.id = m.document_id and s.status = 'posted' join warehouses w on w.id = m.warehouse_id join products p on p.id = m.product_id
        where m.document_type = 'sale' group by 1, 2, 3, 4`,
    ),
  };
}

/**
 * Per bucket and key, from the raw tables: revenue = posted sales' totals by their posted Moscow day −
 * returns' amounts by their day, at the return's shop (by category: the lines' totals and the return lines'
 * amounts by the product's category), count = posted sales (by category: those with a line of it), cost =
 * −Σ the stock ledger's rows of posted sales (`document_type` 'sale', returns' rows included) by the row's
 * Moscow day, at the shop of the row's warehouse. Returns count against the sale's seller.
 */
function fromLedgers(raw: Raw, locationIds: string[], from: string, to: string, cut: Cut, groupBy: GroupBy): { rows: Map<string, Figures>; totals: Figures } {
  const mine = (x: { day: string; location_id: string }) => x.day >= from && x.day <= to && locationIds.includes(x.location_id);
  const rows = new Map<string, Figures>();
  const totals: Figures = { revenue: 0, cost: 0, returns: 0, count: 0 };
  const keyOf = (x: { location_id: string; employee_id: string | null }, cat: string | null) =>
    cut === 'none' ? 'none' : cut === 'location' ? x.location_id : cut === 'employee' ? (x.employee_id ?? '-') : (cat ?? '-');
  const add = (d: string, key: string, f: Partial<Figures>) => {
    const k = `${bucketOf(d, groupBy)}|${key}`;
    const r = rows.get(k) ?? { revenue: 0, cost: 0, returns: 0, count: 0 };
    r.revenue += f.revenue ?? 0;
    r.cost += f.cost ?? 0;
    r.returns += f.returns ?? 0;
    r.count += f.count ?? 0;
    rows.set(k, r);
  };
  for (const s of raw.sales.filter(mine)) {
    totals.revenue += Number(s.total);
    totals.count += 1;
    if (cut === 'category') for (const c of raw.saleCats.get(s.id) ?? []) add(s.day, keyOf(s, c.cat), { revenue: c.total, count: 1 });
    else add(s.day, keyOf(s, null), { revenue: Number(s.total), count: 1 });
  }
  for (const r of raw.returns.filter(mine)) {
    totals.revenue -= Number(r.amount);
    totals.returns += Number(r.amount);
    if (cut === 'category') for (const c of raw.returnCats.get(r.id) ?? []) add(r.day, keyOf(r, c.cat), { revenue: -c.amount, returns: c.amount });
    else add(r.day, keyOf(r, null), { revenue: -Number(r.amount), returns: Number(r.amount) });
  }
  for (const m of raw.moves.filter(mine)) {
    totals.cost += Number(m.cost);
    add(m.day, keyOf(m, m.cat), { cost: Number(m.cost) });
  }
  for (const [k, r] of rows) if (!r.revenue && !r.cost && !r.returns && !r.count) rows.delete(k);
  return { rows, totals };
}

/** The journal's own sums agree line by line (what the category cut relies on): each sale's total is its lines', each return's amount its lines'. */
async function expectJournalConsistent() {
  expect(
    await q(sql`select s.id from sales s left join (select sale_id, sum(total) as t from sale_lines group by 1) l on l.sale_id = s.id where s.status = 'posted' and s.total <> coalesce(l.t, 0)`),
  ).toEqual([]);
  expect(await q(sql`select r.id from sale_returns r left join (select return_id, sum(amount) as a from sale_return_lines group by 1) l on l.return_id = r.id where r.amount <> coalesce(l.a, 0)`)).toEqual([]);
}

/** The kept summary against `report_sales_days_rebuild()` (in a transaction rolled back): rows that differ. */
async function summaryDrift(): Promise<unknown[]> {
  const rolledBack = new Error('rolled back on purpose');
  let drift: unknown[] = [];
  await app.db
    .transaction(async (tx) => {
      // The journal held still from before the copy to the rebuild (writers wait for the rollback).
      await tx.execute(sql`lock table sales, sale_lines, sale_returns, sale_return_lines in share mode`);
      const nonZero = sql`(sales, cost, returns, return_cost, checks, category_checks) <> (0, 0, 0, 0, 0, 0)`;
      await tx.execute(sql`create temp table kept on commit drop as select * from report_sales_days where ${nonZero}`);
      await tx.execute(sql`select report_sales_days_rebuild()`);
      drift = rowsOf(
        await tx.execute(sql`(select 'kept' as side, * from kept except select 'kept', * from report_sales_days where ${nonZero})
          union all (select 'rebuilt', * from report_sales_days where ${nonZero} except select 'rebuilt', * from kept)`),
      );
      throw rolledBack;
    })
    .catch((err) => {
      if (err !== rolledBack) throw err;
    });
  return drift;
}

const reportRows = (r: SalesReport, withCost: boolean) =>
  new Map(r.rows.map((x) => [`${x.period}|${x.key}`, { revenue: x.revenue, cost: withCost ? x.cost! : 0, returns: x.returns, count: x.count }]));

/**
 * The report for all shops and for each shop, by every cut and bucket, equals the ledgers straight
 * (rows and totals), and the summary equals its rebuild. Returns the all-shops, no-cut report.
 */
async function expectLedgerEqual(to = today): Promise<SalesReport> {
  await expectJournalConsistent();
  expect(await summaryDrift()).toEqual([]);
  const raw = await rawLedgers();
  let whole: SalesReport | null = null;
  const scopes: Array<{ ids: string[]; params: string; at: number }> = [{ ids: loc.map((l) => l._id), params: '&allLocations=true', at: 0 }, ...loc.map((l, i) => ({ ids: [l._id], params: '', at: i }))];
  for (const scope of scopes) {
    for (const by of ['none', 'location', 'employee', 'category'] as const) {
      for (const groupBy of ['day', 'week', 'month'] as const) {
        const r = await report(`from=${from}&to=${to}&by=${by}&groupBy=${groupBy}${scope.params}`, owner, scope.at);
        const straight = fromLedgers(raw, scope.ids, from, to, by, groupBy);
        expect(reportRows(r, true)).toEqual(straight.rows);
        const totalCount = fromLedgers(raw, scope.ids, from, to, 'none', groupBy).totals.count;
        expect({ revenue: r.totals.revenue, cost: r.totals.cost, returns: r.totals.returns, count: r.totals.count }).toEqual({ ...straight.totals, count: totalCount });
        expect(r.totals.grossProfit).toBe(r.totals.revenue - r.totals.cost!);
        if (by === 'none' && groupBy === 'day' && scope.ids.length > 1) whole = r;
      }
    }
  }
  return whole!;
}

// ---------------------------------------------------------------------------------------------------
// Postings through the API

let seed = 23;
const rnd = (k: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor(seed / 65536) % k;
};

interface Item {
  productId: string;
  price: number;
  service: boolean;
}
let goods: Item[] = [];
let services: Item[] = [];
const cash: string[] = [];
const card: string[] = [];
const warehouse: string[] = [];
const sellers: Array<{ token: () => string; cap: number }> = [
  { token: () => owner, cap: 10 },
  { token: () => manager, cap: 10 },
  { token: () => cashier, cap: 10 },
];

async function receive(at: number, productIds: string[], qty: number, cost: number) {
  const receipt = ok(await call('POST', '/api/stock/receipts', { warehouseId: warehouse[at], lines: productIds.map((productId) => ({ productId, qty, cost })) }, owner, at), 201) as { id: string };
  ok(await call('POST', `/api/stock/receipts/${receipt.id}/post`, undefined, owner, at));
}

/** A random sale at Arbat: 1–3 lines, goods first, then goods or services; a discount now and then; paid exactly. */
function randomSale(post: boolean) {
  const lines: Array<{ productId: string; qty: number; discount?: Discount; price: number }> = [];
  const n = 1 + rnd(3);
  for (let i = 0; i < n; i++) {
    // The first line is always goods (a return takes them back).
    const item = i > 0 && rnd(3) === 0 ? services[rnd(services.length)] : goods[rnd(goods.length)];
    if (lines.some((l) => l.productId === item.productId)) continue;
    const line: (typeof lines)[number] = { productId: item.productId, qty: item.service ? 1 : 1 + rnd(2), price: item.price };
    if (rnd(4) === 0) line.discount = { percent: 5 };
    lines.push(line);
  }
  const discount: Discount | null = rnd(5) === 0 ? { percent: 5 } : null;
  const total = priceSale(lines.map((l) => ({ qty: l.qty, price: l.price, discount: l.discount })), discount).total;
  const payments = rnd(3) === 0 && total > 2000 ? [{ method: 'cash', cashboxId: cash[0], amount: 1000 }, { method: 'card', cashboxId: card[0], amount: total - 1000 }] : [{ method: rnd(2) ? 'cash' : 'card', cashboxId: rnd(2) ? cash[0] : card[0], amount: total }];
  return { warehouseId: warehouse[0], lines: lines.map(({ price: _p, ...l }) => l), discount, payments: post ? payments : [], post, total, later: payments };
}

async function sell(post: boolean, seller = sellers[rnd(sellers.length)]): Promise<Sale> {
  const { total: _t, later, ...body } = randomSale(post);
  const sale = saleSchema.parse(ok(await call('POST', '/api/sales', body, seller.token()), 201));
  if (post) return sale;
  return saleSchema.parse(ok(await call('POST', `/api/sales/${sale.id}/post`, { payments: later }, seller.token())));
}

/** Returns units of a sale's first goods line at shop `at`, the refund exactly the units' share. */
async function giveBack(sale: Sale, at: number, qty = 1): Promise<LightMyRequestResponse> {
  const line = sale.lines.find((l) => !l.isService && l.qty - l.returnedQty >= qty) ?? sale.lines.find((l) => !l.isService)!;
  const amount = customerReturnValue({ qty: line.qty, value: line.total }, line.returnedQty, qty);
  return call('POST', `/api/sales/${sale.id}/returns`, { warehouseId: warehouse[at], lines: [{ lineId: line.id, productId: line.productId, qty }], refunds: amount > 0 ? [{ method: 'cash', cashboxId: cash[at], amount }] : [] }, owner, at);
}

beforeAll(async () => {
  const first = <T>(rows: T[]) => rows[0];
  for (const [i, l] of loc.entries()) {
    warehouse[i] = first(await q<{ id: string }>(sql`select id from warehouses where location_id = ${l._id} and is_default`)).id;
    cash[i] = first(await q<{ id: string }>(sql`select id from cashboxes where location_id = ${l._id} and kind = 'cash' and is_default`)).id;
    card[i] = first(await q<{ id: string }>(sql`select id from cashboxes where location_id = ${l._id} and kind <> 'cash' order by name limit 1`)).id;
  }
  // Goods of four categories, one of them a sub-category, and a product of none; two counter services.
  const picked = await q<{ id: string; price: string }>(sql`select distinct on (p.category_id) p.id, p.price::text from products p join categories c on c.id = p.category_id
    where p.kind = 'good' and not p.serial_tracked and p.archived_at is null and p.price > 0 order by p.category_id, p.price limit 4`);
  expect(picked).toHaveLength(4);
  const bare = ok(await call('POST', '/api/catalog/products', { name: 'Брелок без категории', price: 35000 }), 201) as { id: string };
  goods = [...picked.map((p) => ({ productId: p.id, price: Number(p.price), service: false })), { productId: bare.id, price: 35000, service: false }];
  services = (await q<{ id: string; price: string }>(sql`select id, price::text from products where kind = 'service' and archived_at is null and price > 0 order by price limit 2`)).map((p) => ({
    productId: p.id,
    price: Number(p.price),
    service: true,
  }));
  expect(services).toHaveLength(2);
  await receive(0, goods.map((g) => g.productId), 200, 12345);
  await receive(1, goods.map((g) => g.productId), 5, 23456);
});

// ---------------------------------------------------------------------------------------------------

describe('the sales report against the ledgers', () => {
  it('on the demo data: lived-in months, equal to the journal and the ledger by every cut and bucket', async () => {
    const r = await expectLedgerEqual();
    expect(r.totals.count).toBeGreaterThan(300);
    expect(r.totals.revenue).toBeGreaterThan(0);
    expect(r.totals.cost).toBeGreaterThan(0);
    expect(r.totals.returns).toBeGreaterThan(0);
    expect(new Set(r.rows.map((x) => x.period)).size).toBeGreaterThan(40);
    // The previous period is the same report over the days just before.
    const prev = await report(`from=${r.previous.from}&to=${r.previous.to}&allLocations=true`);
    expect(r.previous.totals).toEqual(prev.totals);
    expect(r.previous.to).toBe(dayOf(-76));
  });

  it('after sales of several categories, sellers and discounts, drafts posted later, services', async () => {
    const before = await report(`from=${today}&to=${today}&allLocations=true`);
    const made: Sale[] = [];
    for (let i = 0; i < 13; i++) made.push(await sell(i % 3 !== 0));
    // One surely with the product of no category and a service.
    const bare = goods[4];
    const lines = [{ productId: bare.productId, qty: 1 }, { productId: services[0].productId, qty: 1 }];
    const total = bare.price + services[0].price;
    made.push(saleSchema.parse(ok(await call('POST', '/api/sales', { warehouseId: warehouse[0], lines, payments: [{ method: 'card', cashboxId: card[0], amount: total }], post: true }, manager), 201)));
    const after = await expectLedgerEqual();
    const day = after.rows.find((x) => x.period === today)!;
    expect(day.count - (before.rows[0]?.count ?? 0)).toBe(14);
    expect(day.revenue - (before.rows[0]?.revenue ?? 0)).toBe(made.reduce((s, x) => s + x.total, 0));
    const byCategory = await report(`from=${today}&to=${today}&by=category`);
    expect(byCategory.rows.map((x) => x.key)).toContain('-');
    expect(byCategory.rows.find((x) => x.key === '-')!.label).toBe('Без категории');
    const byEmployee = await report(`from=${today}&to=${today}&by=employee`);
    expect(byEmployee.rows.length).toBeGreaterThanOrEqual(3);
  });

  it('a cancelled sale leaves its day; returns come off the day they are made, at their shop, against the seller', async () => {
    const sale = await sell(true, sellers[2]);
    const withIt = await report(`from=${today}&to=${today}`);
    const cancelled = saleSchema.parse(ok(await call('POST', `/api/sales/${sale.id}/cancel`, {}, manager)));
    expect(cancelled.status).toBe('cancelled');
    const without = await report(`from=${today}&to=${today}`);
    expect(without.totals.revenue).toBe(withIt.totals.revenue - sale.total);
    expect(without.totals.count).toBe(withIt.totals.count - 1);
    const [{ cost }] = await q<{ cost: string }>(sql`select coalesce(sum(cost), 0)::text as cost from sale_lines where sale_id = ${sale.id}`);
    expect(without.totals.cost).toBe(withIt.totals.cost! - Number(cost));

    // A return at the second shop: its report loses the money, Arbat's (where it was sold) does not.
    const sold = await sell(true, sellers[2]);
    const [arbatBefore, otherBefore] = [await report(`from=${today}&to=${today}`), await report(`from=${today}&to=${today}`, owner, 1)];
    const back = saleSchema.parse(ok(await giveBack(sold, 1), 201));
    const [arbatAfter, otherAfter] = [await report(`from=${today}&to=${today}`), await report(`from=${today}&to=${today}&by=employee`, owner, 1)];
    expect(arbatAfter.totals).toEqual(arbatBefore.totals);
    const amount = back.returns[0].amount;
    expect(otherAfter.totals.returns - otherBefore.totals.returns).toBe(amount);
    expect(otherAfter.totals.revenue - otherBefore.totals.revenue).toBe(-amount);
    expect(otherAfter.rows.find((x) => x.label === 'Попова Анна Игоревна')?.returns).toBeGreaterThanOrEqual(amount);
    await expectLedgerEqual();
  });

  it('after twenty postings in parallel: sales by each seller, returns, cancellations', async () => {
    const sold: Sale[] = [];
    for (let i = 0; i < 8; i++) sold.push(await sell(true));
    const jobs: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) jobs.push(sell(i % 4 !== 0).then((s) => sold.push(s)));
    jobs.push(...sold.slice(0, 4).map((s, i) => giveBack(s, i % 2).then((r) => ok(r, 201))));
    jobs.push(...sold.slice(4, 8).map((s) => call('POST', `/api/sales/${s.id}/cancel`, {}, manager).then((r) => ok(r))));
    // Every job settled before anything is checked (a failed one must not leave others writing into the next test).
    for (const r of await Promise.allSettled(jobs)) if (r.status === 'rejected') throw r.reason;
    await expectLedgerEqual();
  });

  it('keeps up with any writer: rows written directly, in any order, in one transaction, in any time zone', async () => {
    const [p1, p2] = goods;
    const emp = (await q<{ id: string }>(sql`select id from employees order by phone limit 2`)).map((e) => e.id);
    const id = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kathmandu'`);
      // Posted at once, the lines after it, their cost written later still (as a post of a draft may).
      const [{ id }] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into sales (location_id, number, status, warehouse_id, employee_id, subtotal, total, paid, posted_at, created_at)
          values (${loc[0]._id}, 'ПД-R00001', 'posted', ${warehouse[0]}, ${emp[0]}, 7000, 7000, 7000, now() - interval '2 days 23 hours', now() - interval '3 days')
          returning id`),
      );
      await tx.execute(sql`insert into sale_lines (sale_id, position, product_id, name, qty, price, total) values
        (${id}, 0, ${p1.productId}, 'a', 1, 3000, 3000), (${id}, 1, ${p2.productId}, 'b', 2, 2000, 4000)`);
      await tx.execute(sql`update sale_lines set cost = 1000 * position + 500 where sale_id = ${id}`);
      // A draft with lines, changed and removed in the same transaction, leaves nothing.
      const [{ id: draft }] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into sales (location_id, number, warehouse_id, total) values (${loc[0]._id}, 'ПД-R00002', ${warehouse[0]}, 5) returning id`),
      );
      await tx.execute(sql`insert into sale_lines (sale_id, position, product_id, name, qty, price, total) values (${draft}, 0, ${p1.productId}, 'a', 1, 5, 5)`);
      await tx.execute(sql`update sales set status = 'posted', posted_at = now() where id = ${draft}`);
      await tx.execute(sql`delete from sales where id = ${draft}`);
      return id;
    });
    expect(await summaryDrift()).toEqual([]);
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from report_sales_days where location_id = ${loc[0]._id} and day = ((now() - interval '2 days 23 hours') at time zone 'Europe/Moscow')::date`);
    expect(n).toBeGreaterThan(0);
    for (const step of [
      sql`update sales set status = 'cancelled' where id = ${id}`,
      sql`update sales set status = 'posted', location_id = ${loc[1]._id} where id = ${id}`,
      sql`update sales set employee_id = ${emp[1]}, posted_at = posted_at - interval '40 days' where id = ${id}`,
      sql`update sale_lines set total = total + 1, product_id = ${p1.productId} where sale_id = ${id} and position = 1`,
      sql`update sales set total = total + 1 where id = ${id}`,
      sql`insert into sale_lines (sale_id, position, product_id, name, qty, price, total, cost) values (${id}, 2, ${goods[4].productId}, 'c', 1, 900, 900, 300)`,
      sql`with r as (insert into sale_returns (sale_id, location_id, number, warehouse_id, amount) values (${id}, ${loc[2]._id}, 'ВЗ-R00001', ${warehouse[2]}, 2500) returning id)
        insert into sale_return_lines (return_id, sale_line_id, product_id, qty, amount, value)
        select r.id, l.id, l.product_id, 1, 2000, 250 from r, sale_lines l where l.sale_id = ${id} and l.position = 1`,
      sql`update sales set employee_id = null where id = ${id}`,
      sql`update sale_return_lines set amount = 2500 where return_id in (select id from sale_returns where sale_id = ${id})`,
      sql`update sale_returns set created_at = created_at - interval '1 day', location_id = ${loc[0]._id} where sale_id = ${id}`,
      sql`delete from sale_lines where sale_id = ${id} and position = 0`,
      sql`delete from sale_returns where sale_id = ${id}`,
      sql`update sales set status = 'draft', posted_at = null where id = ${id}`,
      sql`update sales set status = 'posted', posted_at = now() where id = ${id}`,
      sql`delete from sales where id = ${id}`,
    ]) {
      await app.db.execute(step);
      expect(await summaryDrift()).toEqual([]);
    }
  });

  it('the check notices a staging trigger that is off', async () => {
    const [{ id }] = await q<{ id: string }>(sql`select id from sales where status = 'posted' and location_id = ${loc[0]._id} order by number limit 1`);
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`alter table sales disable trigger report_sales_stage_upd`);
        await tx.execute(sql`update sales set total = total + 1 where id = ${id}`);
        await tx.execute(sql`set constraints all immediate`);
        await tx.execute(sql`create temp table kept on commit drop as select * from report_sales_days`);
        await tx.execute(sql`select report_sales_days_rebuild()`);
        const differ = rowsOf(await tx.execute(sql`select * from report_sales_days except select * from kept`));
        expect(differ).toHaveLength(1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await summaryDrift()).toEqual([]);
  });
});

describe('access, validation, buckets and the Excel file', () => {
  it('403 without view:report, for all shops with view:report:location, and for the file without export:report', async () => {
    const refused = await call('GET', `/api/reports/sales?from=${today}&to=${today}`, undefined, cashier);
    expect(refused.statusCode).toBe(403);
    const viewer = await addEmployee(app, ['view:report:location', 'see_cost'], [loc[0]._id]);
    const own = await report(`from=${from}&to=${today}`, viewer.token);
    expect(own.totals).toEqual((await report(`from=${from}&to=${today}`)).totals);
    const allShops = await call('GET', `/api/reports/sales?from=${today}&to=${today}&allLocations=true`, undefined, viewer.token);
    expect(allShops.statusCode).toBe(403);
    expect(allShops.json().message).toBe(reportMessages.allLocationsForbidden);
    expect((await call('GET', `/api/reports/sales?from=${today}&to=${today}&format=xlsx`, undefined, viewer.token)).statusCode).toBe(403);
  });

  it('without see_cost: no cost, gross profit or margin anywhere, and no such columns in the file', async () => {
    const blind = await addEmployee(app, ['view:report:all', 'export:report:all'], loc.map((l) => l._id));
    const seen = await report(`from=${from}&to=${today}&by=category&allLocations=true`);
    const r = await report(`from=${from}&to=${today}&by=category&allLocations=true`, blind.token);
    expect(r.rows.length).toBeGreaterThan(0);
    for (const x of [...r.rows, r.totals, r.previous.totals]) expect([x.cost, x.grossProfit, x.margin]).toEqual([null, null, null]);
    expect(r.rows.map((x) => x.revenue)).toEqual(seen.rows.map((x) => x.revenue));
    const file = await call('GET', `/api/reports/sales?from=${from}&to=${today}&by=category&allLocations=true&format=xlsx`, undefined, blind.token);
    expect(file.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(file.rawPayload);
    expect(sheet.data[0]).toEqual(['Период', 'Категория', 'Выручка, ₽', 'Чеков', 'Средний чек, ₽', 'Возвраты, ₽']);
  });

  it('400 with a Russian message: from after to, longer than five years, an unknown cut or bucket', async () => {
    const bad = async (params: string, message: string) => {
      const res = await call('GET', `/api/reports/sales?${params}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    };
    await bad(`from=${today}&to=${dayOf(-1)}`, reportMessages.fromAfterTo);
    await bad(`from=2019-01-01&to=2024-01-02`, reportMessages.rangeTooLong);
    await bad(`from=${today}&to=${today}&by=client`, reportMessages.unknownBy);
    await bad(`from=${today}&to=${today}&groupBy=year`, reportMessages.unknownGroupBy);
    await bad(`from=${today}&to=${today}&format=pdf`, reportMessages.unknownFormat);
    expect((await call('GET', `/api/reports/sales?from=2019-01-01&to=2023-12-31`)).statusCode).toBe(200);
  });

  it('weeks start on Monday and months on the 1st; each bucket sums its days', async () => {
    const days = await report(`from=${from}&to=${today}&allLocations=true`);
    for (const groupBy of ['week', 'month'] as const) {
      const r = await report(`from=${from}&to=${today}&groupBy=${groupBy}&allLocations=true`);
      expect(r.rows.length).toBeGreaterThan(1);
      for (const x of r.rows) {
        if (groupBy === 'week') expect(new Date(`${x.period}T00:00:00Z`).getUTCDay()).toBe(1);
        else expect(x.period.slice(8)).toBe('01');
        const own = days.rows.filter((d) => bucketOf(d.period, groupBy) === x.period);
        expect(x.revenue).toBe(own.reduce((s, d) => s + d.revenue, 0));
        expect(x.count).toBe(own.reduce((s, d) => s + d.count, 0));
      }
      expect(r.totals).toEqual(days.totals);
    }
  });

  it('the Excel file has exactly the rows of the JSON, and a totals row', async () => {
    const ru = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
    for (const by of ['none', 'employee'] as const) {
      const params = `from=${dayOf(-20)}&to=${today}&by=${by}&groupBy=week&allLocations=true`;
      const r = await report(params);
      const file = await call('GET', `/api/reports/sales?${params}&format=xlsx`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const [sheet] = await readXlsxFile(file.rawPayload);
      const money = (v: number | null) => (v === null ? null : v / 100);
      const line = (x: SalesReport['rows'][number]) => [
        ru(x.period),
        ...(by === 'none' ? [] : [x.label]),
        money(x.revenue),
        money(x.cost),
        money(x.grossProfit),
        x.margin,
        x.count,
        money(x.avgCheck),
        money(x.returns),
      ];
      expect(sheet.data[0][0]).toBe('Период');
      expect(sheet.data.slice(1, -1)).toEqual(r.rows.map(line));
      expect(sheet.data[sheet.data.length - 1]).toEqual(['Итого', ...line({ period: '0000-00-00', key: '', label: '', ...r.totals }).slice(1)].map((v, i) => (by !== 'none' && i === 1 ? null : v)));
    }
  });
});
