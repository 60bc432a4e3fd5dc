/**
 * Report figures (issue #23, «Scale and speed»; server/docs/reports.md «Speed»), printed, never asserted:
 * on PostgreSQL (DATABASE_URL) or an in-memory PGlite at a small scale. First it makes sure the data set
 * exists, counting what is there and generating only what is missing with the other benches' generators:
 *  - BENCH_SALES sales (default 500k; 20k on PGlite): bench/sales.ts, 1–5 lines, over the last 12 months;
 *  - BENCH_ORDERS repair orders (200k; 10k): bench/orders.ts, over the last 60 days;
 *  - BENCH_FINANCE_OPERATIONS cash ledger rows (1M; 50k): bench/finance.ts, over the last 60 days;
 *  - BENCH_STOCK_MOVEMENTS stock ledger rows (1M; 50k) over BENCH_STOCK_PRODUCTS goods (100k; 5k):
 *    bench/scale.ts on a database with no scaled goods (the last 60 days), else `topUpStock` here
 *    (receipts and write-offs of those goods over the ten months before that);
 *  - the commission ledger (pay) rebuilt from the documents when sales or orders were generated.
 * The reports' summaries are kept by the database's triggers as those rows are written (migrations 0035,
 * 0036) and the orders' report columns by the generators (`fillReportColumns`): nothing to rebuild here.
 * Then, as the demo owner through `inject` (Shop header, allLocations=true, JSON): p50/p95 of each
 * report over the last 365 days (target p95 < 300 ms) and over last calendar month (p95 < 50 ms), and of
 * the stock report today, a month and a year ago (a moment, not a period: held to 300 ms), beside the bare
 * SQL over the raw tables that computes the same figures without the summaries (its rows and the previous
 * period's totals, as the report does; through the same pool), and whether the two give the same totals
 * (so a summary that missed the generated rows shows).
 * Alone: `DATABASE_URL=… npx tsx bench/reports.ts` in server/ (BENCH_REPORTS_ROUNDS, _BARE_ROUNDS; _ONLY=stock
 * for the cases whose label has that text).
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateCash } from './finance';
import { ms, pct } from './measure';
import { generate as generateOrders } from './orders';
import { generate as generateSales } from './sales';
import { generateScale, recountStockTotals, rows, scaleProductsSql } from './scale';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { addDays, baseFor, moscowDay } from '../src/modules/payroll/base';
import { rebuildCommissions } from '../src/modules/payroll/commissions';

const one = async <T>(db: Db, q: SQL) => rows<T>(await db.execute(q))[0];
const count = async (db: Db, q: SQL) => (await one<{ n: number }>(db, q)).n;
const num = (v: unknown) => Number(v ?? 0);

// ---------------------------------------------------------------------------------------------------
// The data set

interface Scale {
  sales: number;
  orders: number;
  cash: number;
  products: number;
  movements: number;
}

/**
 * More stock ledger rows over the scaled goods (`SC-…`, bench/scale.ts) when the database has fewer than
 * wanted: scale.ts cannot run twice. Its shape: receipts of 100 lines at each good's fixed cost, and
 * write-offs of one unit that each mirror a receipt a day later (same warehouse and goods), so stock never
 * goes below zero and every value follows the valuation rules; dated over the ten months before the last
 * 60 days (the stock a year ago is not empty). Balances, pools and running totals get the same sums.
 */
async function topUpStock(db: Db, movements: number, log: (m: string) => void) {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const receipts = Math.max(1, Math.round((movements * 0.7) / 100));
  const writeOffs = Math.min(receipts, Math.round((movements * 0.3) / 100));
  await db.execute(sql`create temp table topup_products as ${scaleProductsSql}`);
  await db.execute(sql`create index on topup_products (n)`);
  await db.execute(sql`create temp table topup_warehouses as select row_number() over (order by id) - 1 as i, id, location_id from warehouses`);
  const products = await count(db, sql`select count(*)::int as n from topup_products`);
  const w = await count(db, sql`select count(*)::int as n from topup_warehouses`);
  const first = await count(db, sql`select coalesce(max(substr(number, 5)::int), 0) + 1 as n from stock_documents where number like 'ПР-R%'`);
  const last = first + receipts - 1;
  // Receipt d at now − 365 days + (d − first) × 300 days / receipts; write-off d a day after receipt d.
  const at = (d: SQL) => sql`now() - interval '365 days' + (${d} - ${first}::int) * (interval '300 days' / ${receipts}::int)`;
  await db.execute(sql`insert into stock_documents (type, number, status, location_id, warehouse_id, reason, posted_at, created_at, updated_at)
    select t.type, t.prefix || lpad(d::text, 7, '0'), 'posted', w.location_id, w.id, t.reason, t.at, t.at, t.at
    from generate_series(${first}::int, ${last}::int) d
    join topup_warehouses w on w.i = d % ${w}::int
    cross join lateral (values ('receipt', 'ПР-R', null::text, ${at(sql`d`)}), ('write_off', 'СП-R', 'Брак', ${at(sql`d`)} + interval '1 day')) t(type, prefix, reason, at)
    where t.type = 'receipt' or d < ${first + writeOffs}::int`);
  await db.execute(sql`insert into stock_document_lines (document_id, position, product_id, qty, cost, value)
    select doc.id, k - 1, p.id,
      case when doc.type = 'receipt' then 1 + (d + k) % 5 else 1 end, case when doc.type = 'receipt' then p.cost end,
      case when doc.type = 'receipt' then (1 + (d + k) % 5) * p.cost else p.cost end
    from stock_documents doc
    cross join lateral (select substr(doc.number, 5)::int as d) x
    cross join generate_series(1, 100) k
    join topup_products p on p.n = ((d::bigint * 100 + k) * 7919) % ${products}::int + 1
    where doc.number like '__-R%' and x.d between ${first}::int and ${last}::int`);
  step(`${receipts} receipts and ${writeOffs} write-offs of 100 lines`);
  await db.execute(sql`create temp table topup_rows as
    select d.posted_at as at, d.id as document_id, d.type as document_type, d.number, d.warehouse_id, l.product_id,
      case when d.type = 'receipt' then l.qty else -l.qty end as qty, case when d.type = 'receipt' then l.value else -l.value end as value
    from stock_documents d join stock_document_lines l on l.document_id = d.id
    where d.number like '__-R%' and substr(d.number, 5)::int between ${first}::int and ${last}::int`);
  await db.execute(sql`insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
    select at, document_id, document_type, number, warehouse_id, product_id, qty, value from topup_rows order by at, document_id`);
  await db.execute(sql`insert into stock_balances (warehouse_id, product_id, qty)
    select warehouse_id, product_id, sum(qty) from topup_rows group by warehouse_id, product_id
    on conflict (warehouse_id, product_id) do update set qty = stock_balances.qty + excluded.qty`);
  await db.execute(sql`insert into stock_pools (product_id, qty, value, last_average)
    select r.product_id, sum(r.qty), sum(r.value), max(p.cost) from topup_rows r join topup_products p on p.id = r.product_id group by r.product_id
    on conflict (product_id) do update set qty = stock_pools.qty + excluded.qty, value = stock_pools.value + excluded.value`);
  await recountStockTotals(db);
  for (const t of ['topup_rows', 'topup_products', 'topup_warehouses']) await db.execute(sql.raw(`drop table ${t}`));
  for (const t of ['stock_documents', 'stock_document_lines', 'stock_movements', 'stock_balances', 'stock_pools']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  step('ledger rows, balances, pools, totals, vacuum analyze');
}

/** Counts what the database holds and generates what is missing; true when anything was generated. */
async function ensureScale(db: Db, want: Scale, log: (m: string) => void): Promise<boolean> {
  let generated = false;
  const timed = async (what: string, fn: () => Promise<void>) => {
    log(`generating ${what}`);
    const t = performance.now();
    await fn();
    log(`  done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    generated = true;
  };
  // Sales first: bench/orders.ts leaves its temporary tables (bench_locs, …) that bench/sales.ts creates too.
  const sales = await count(db, sql`select count(*)::int as n from sales`);
  if (sales < want.sales) await timed(`${want.sales - sales} sales (bench/sales.ts)`, () => generateSales(db, want.sales - sales, log));
  const orders = await count(db, sql`select count(*)::int as n from repair_orders`);
  if (orders < want.orders) {
    // bench/orders.ts numbers its orders from «РМ-B0000001» and gives works to every «РМ-B…» order: it can only run once.
    if (await count(db, sql`select count(*)::int as n from repair_orders where number like 'РМ-B%'`)) log(`only ${orders} repair orders (wanted ${want.orders}): bench/orders.ts already ran here, not topped up`);
    else {
      await timed(`${want.orders - orders} repair orders (bench/orders.ts)`, () => generateOrders(db, want.orders - orders, log));
      for (const t of ['bench_locs', 'bench_statuses', 'bench_clients', 'bench_cash']) await db.execute(sql.raw(`drop table if exists ${t}`));
    }
  }
  const cash = await count(db, sql`select count(*)::int as n from cash_movements`);
  if (cash < want.cash) {
    if (await count(db, sql`select count(*)::int as n from cash_operations where number like 'ПКО-B%'`)) log(`only ${cash} cash ledger rows (wanted ${want.cash}): bench/finance.ts already ran here, not topped up`);
    else {
      await timed(`${want.cash - cash} cash operations (bench/finance.ts)`, () => generateCash(db, want.cash - cash, 27, log));
      await db.execute(sql`drop table if exists bench_boxes`);
    }
  }
  const movements = await count(db, sql`select count(*)::int as n from stock_movements`);
  // bench/scale.ts writes about as many rows as asked (whole documents): 1 % short is the scale.
  if (movements < want.movements * 0.99) {
    const scaled = await count(db, sql`select count(*)::int as n from products where sku like 'SC-%'`);
    if (!scaled) {
      await timed(`${want.products} goods and ~${want.movements - movements} stock movements (bench/scale.ts)`, () =>
        generateScale(db, { products: want.products, warehouses: 27, movements: want.movements - movements }, log),
      );
      for (const t of ['scale_products', 'scale_warehouses']) await db.execute(sql.raw(`drop table if exists ${t}`));
    } else await timed(`~${want.movements - movements} more stock movements over the ${scaled} scaled goods`, () => topUpStock(db, want.movements - movements, log));
  }
  if (generated && (sales < want.sales || orders < want.orders)) {
    // The generators write documents, not the commission ledger the posting transactions write (pay).
    await timed('the commission ledger from the documents (rebuildCommissions)', async () => {
      await db.transaction((tx) => rebuildCommissions(tx));
      await db.execute(sql`vacuum analyze payroll_commissions`);
      await db.execute(sql`vacuum analyze payroll_commission_months`);
    });
  }
  return generated;
}

// ---------------------------------------------------------------------------------------------------
// Periods

interface Period {
  from: string;
  to: string;
}
/** [from 00:00 MSK, to + 1 day 00:00 MSK) as timestamps. */
const startOf = (day: string) => `${day}T00:00:00+03:00`;
const endOf = (day: string) => startOf(addDays(day, 1));
const span = (p: Period) => ({ start: startOf(p.from), end: endOf(p.to) });
/** The same number of days just before (contracts' previousPeriod). */
function previousOf(p: Period): Period {
  const days = Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000) + 1;
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}
function monthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------
// The bare SQL: the same figures from the raw tables, without the summaries

type Totals = Record<string, number>;
interface Bare {
  rows: number;
  totals: Totals;
}
const sumOf = (list: Array<Record<string, unknown>>, keys: string[]): Totals => Object.fromEntries(keys.map((k) => [k, list.reduce((s, r) => s + num(r[k]), 0)]));

/**
 * Posted sales by their day of posting, returns by theirs; revenue and cost from the lines (the cost the
 * ledger recorded at posting, as the summary's), through the journal's index on the day.
 */
async function bareSalesRows(db: Db, locs: string[], p: Period, groupBy: 'day' | 'week' | 'month', by: 'none' | 'category') {
  const { start, end } = span(p);
  const ids = sql`${sql.param(locs)}::uuid[]`;
  const bucket = groupBy === 'day' ? sql`day` : sql`date_trunc(${groupBy}, day::timestamp)::date`;
  const key = by === 'category' ? sql`coalesce(p.category_id::text, '-')` : sql`'none'`;
  const product = by === 'category' ? sql`join products p on p.id = l.product_id` : sql``;
  const returnProduct = by === 'category' ? sql`join products p on p.id = rl.product_id` : sql``;
  return rows<{ period: string; key: string; revenue: string; cost: string; count: number; returns: string }>(
    await db.execute(sql`with sold as (
        select (s.posted_at at time zone 'Europe/Moscow')::date as day, ${key} as key, s.id as sale_id, l.total, coalesce(l.cost, 0) as cost
        from sales s join sale_lines l on l.sale_id = s.id ${product}
        -- The journal's day (its index sales_location_day_idx): posted_at for a posted sale.
        where s.status = 'posted' and s.location_id = any(${ids}) and coalesce(s.posted_at, s.created_at) >= ${start}::timestamptz
          and coalesce(s.posted_at, s.created_at) < ${end}::timestamptz),
      back as (
        select (r.created_at at time zone 'Europe/Moscow')::date as day, ${key} as key, rl.amount, rl.value
        from sale_returns r join sale_return_lines rl on rl.return_id = r.id ${returnProduct}
        where r.location_id = any(${ids}) and r.created_at >= ${start}::timestamptz and r.created_at < ${end}::timestamptz)
      select period::text, key, (sum(sales) - sum(returns))::bigint as revenue, (sum(cost) - sum(return_cost))::bigint as cost, sum(checks)::int as count, sum(returns)::bigint as returns
      from (select ${bucket} as period, key, sum(total) as sales, sum(cost) as cost, count(distinct sale_id) as checks, 0 as returns, 0 as return_cost from sold group by 1, 2
        union all select ${bucket}, key, 0, 0, 0, sum(amount), sum(value) from back group by 1, 2) x
      group by period, key order by period, key`),
  );
}

async function bareSales(db: Db, locs: string[], p: Period, groupBy: 'day' | 'week' | 'month', by: 'none' | 'category'): Promise<Bare> {
  const list = await bareSalesRows(db, locs, p, groupBy, by);
  await bareSalesRows(db, locs, previousOf(p), 'month', 'none');
  return { rows: list.length, totals: sumOf(list, by === 'none' ? ['revenue', 'cost', 'count', 'returns'] : ['revenue', 'cost', 'returns']) };
}

/**
 * Repairs by engineer: accepted in the period by their engineer; issued in it with their works, parts' price
 * − the ledger's cost of the order's rows, the first «ready» status from the order's events; overdue now.
 */
async function bareRepairsRows(db: Db, locs: string[], p: Period) {
  const { start, end } = span(p);
  const ids = sql`${sql.param(locs)}::uuid[]`;
  return rows<{ key: string; count: number; issued: number; to_ready: number | null; to_issue: number | null; works: string; margin: string }>(
    await db.execute(sql`with iss as materialized (
        select id, coalesce(engineer_id::text, '-') as key, created_at, issued_at from repair_orders
        where location_id = any(${ids}) and issued_at >= ${start}::timestamptz and issued_at < ${end}::timestamptz),
      works as (select w.order_id, sum(w.price * w.qty) as works from repair_order_works w join iss on iss.id = w.order_id group by 1),
      parts as (select pa.order_id, sum(pa.price * pa.qty) as price from repair_order_parts pa join iss on iss.id = pa.order_id where pa.written_off group by 1),
      cost as (select m.document_id as order_id, -sum(m.value) as cost from stock_movements m join iss on iss.id = m.document_id where m.document_type = 'repair_order' group by 1),
      ready as (select e.order_id, min(e.at) as at from repair_order_events e join iss on iss.id = e.order_id join order_statuses st on st.id = e.to_status_id
        where e.kind = 'status' and st."group" = 'ready' group by 1),
      done as (
        select iss.key, count(*)::int as issued,
          avg(extract(epoch from ready.at - iss.created_at) / 3600) as to_ready, avg(extract(epoch from iss.issued_at - iss.created_at) / 3600) as to_issue,
          coalesce(sum(works.works), 0) as works, coalesce(sum(parts.price), 0) - coalesce(sum(cost.cost), 0) as margin
        from iss left join works on works.order_id = iss.id left join parts on parts.order_id = iss.id left join cost on cost.order_id = iss.id left join ready on ready.order_id = iss.id
        group by iss.key),
      accepted as (select coalesce(engineer_id::text, '-') as key, count(*)::int as count from repair_orders
        where location_id = any(${ids}) and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1)
      select coalesce(a.key, d.key) as key, coalesce(a.count, 0) as count, coalesce(d.issued, 0) as issued, d.to_ready::float8, d.to_issue::float8,
        coalesce(d.works, 0)::bigint as works, coalesce(d.margin, 0)::bigint as margin
      from accepted a full join done d on d.key = a.key order by 1`),
  );
}

async function bareRepairs(db: Db, locs: string[], p: Period): Promise<Bare> {
  const list = await bareRepairsRows(db, locs, p);
  await bareRepairsRows(db, locs, previousOf(p));
  const ids = sql`${sql.param(locs)}::uuid[]`;
  // Overdue now: the count and the most overdue 100 with their names (the same in the report).
  const overdue = await count(db, sql`select count(*)::int as n from repair_orders where location_id = any(${ids}) and overdue_at <= now() and not finished`);
  await db.execute(sql`select o.id, o.number, o.location_id, s.name, s.colour, e.name as engineer, c.name as client, o.device_type, o.device_brand, o.device_model, o.overdue_at
    from repair_orders o join order_statuses s on s.id = o.status_id join counterparties c on c.id = o.client_id left join employees e on e.id = o.engineer_id
    where o.location_id = any(${ids}) and o.overdue_at <= now() and not o.finished order by o.overdue_at, o.number limit 100`);
  return { rows: list.length, totals: { ...sumOf(list, ['count', 'issued']), worksRevenue: list.reduce((s, r) => s + num(r.works), 0), partsMargin: list.reduce((s, r) => s + num(r.margin), 0), overdue } };
}

/**
 * Stock at the end of a day from the ledger alone: each warehouse × product summed up to then, valued by
 * splitting the company pool of then by quantity (as the balances page), the shops' warehouses only; the
 * totals, by warehouse, by category, the first page of goods by value with their last sale; slow movers
 * (no sale nor repair use for `slowDays`) when asked. A second pass for the month before (value, qty).
 */
async function bareStockAt(db: Db, locs: string[], at: string, slowDays: number | undefined, full: boolean) {
  const end = endOf(at);
  const ids = sql`${sql.param(locs)}::uuid[]`;
  const slow = slowDays
    ? sql`and not exists (select 1 from last_sale s where s.product_id = h.product_id and s.at >= ${end}::timestamptz - ${`${slowDays} days`}::interval)`
    : sql``;
  const [r] = rows<{ value: string; qty: string; goods: number; by_warehouse: unknown; by_category: unknown; page: unknown }>(
    await db.execute(sql`with led as materialized (
        select warehouse_id, product_id, sum(qty)::bigint as qty, sum(value)::bigint as value from stock_movements where at < ${end}::timestamptz group by 1, 2),
      pool as (select product_id, sum(qty)::bigint as qty, sum(value)::bigint as value from led group by 1),
      last_sale as (select product_id, max(at) as at from stock_movements
        where at < ${end}::timestamptz and document_type in ('sale', 'repair_order') and qty < 0 and not cancellation group by 1),
      -- The pool's value over the warehouses and the goods in transit by quantity: floor(V·q / Q), the
      -- kopecks left to the largest remainders (ties: warehouse id, transit last), as the balances page.
      wh as (select product_id, warehouse_id, qty from led where warehouse_id is not null and qty <> 0),
      buckets as (
        select product_id, warehouse_id, qty from wh
        union all select p.product_id, null::uuid, p.qty - coalesce(t.qty, 0) from pool p left join (select product_id, sum(qty) as qty from wh group by 1) t on t.product_id = p.product_id),
      split as (
        select k.product_id, k.warehouse_id, k.qty, p.value as pool_value,
          case when p.qty <= 0 then 0 else div(p.value::numeric * k.qty, p.qty)::bigint end as part, case when p.qty <= 0 then 0 else mod(p.value::numeric * k.qty, p.qty)::bigint end as rem
        from buckets k join pool p on p.product_id = k.product_id),
      ranked as (
        select s.*, row_number() over (partition by s.product_id order by s.rem desc, s.warehouse_id nulls last) as rn, s.pool_value - sum(s.part) over (partition by s.product_id) as leftover
        from split s),
      here as materialized (
        select r.warehouse_id, r.product_id, r.qty, r.part + case when r.rn <= r.leftover then 1 else 0 end as value
        from ranked r join warehouses w on w.id = r.warehouse_id
        where w.location_id = any(${ids}) and r.qty > 0),
      h as materialized (select * from here h where true ${slow}),
      goods as (select product_id, sum(qty) as qty, sum(value) as value from h group by 1)
      select (select coalesce(sum(value), 0) from h)::bigint as value, (select coalesce(sum(qty), 0) from h)::bigint as qty, (select count(*)::int from goods) as goods,
        ${
          full
            ? sql`(select json_agg(x) from (select w.name, sum(h.qty) as qty, sum(h.value) as value from h join warehouses w on w.id = h.warehouse_id group by w.id, w.name order by 3 desc) x) as by_warehouse,
        (select json_agg(x) from (select c.name, sum(h.qty) as qty, sum(h.value) as value from h join products p on p.id = h.product_id left join categories c on c.id = p.category_id group by c.id, c.name order by 3 desc) x) as by_category,
        (select json_agg(x) from (select p.name, p.sku, c.name as category, g.qty, g.value, s.at as last_sale from goods g join products p on p.id = g.product_id
          left join categories c on c.id = p.category_id left join last_sale s on s.product_id = g.product_id order by g.value desc, p.name limit 50) x) as page`
            : sql`null as by_warehouse, null as by_category, null as page`
        }`),
  );
  return { value: num(r.value), qty: num(r.qty), goods: r.goods };
}

async function bareStock(db: Db, locs: string[], at: string, slowDays?: number): Promise<Bare> {
  const now = await bareStockAt(db, locs, at, slowDays, true);
  await bareStockAt(db, locs, monthBefore(at), slowDays, false);
  return { rows: now.goods, totals: { value: now.value, qty: now.qty, total: now.goods } };
}

/**
 * Cash flow by category from the cash ledger: income and expense by the side each row belongs to (a
 * reversal reduces the side it reverses), transfers apart; opening = Σ the cashboxes' rows before `from`.
 */
async function bareCashRows(db: Db, boxes: string[], p: Period) {
  const { start, end } = span(p);
  const ids = sql`${sql.param(boxes)}::uuid[]`;
  const list = rows<{ key: string; income: string; expense: string }>(
    await db.execute(sql`select case when o.kind = 'transfer' then 'transfer' else coalesce(m.category_id::text, '-') end as key,
        coalesce(sum(m.amount) filter (where (m.amount > 0) <> m.cancellation), 0)::bigint as income,
        coalesce(-sum(m.amount) filter (where (m.amount > 0) = m.cancellation), 0)::bigint as expense
      from cash_movements m join cash_operations o on o.id = m.operation_id
      where m.cashbox_id = any(${ids}) and m.at >= ${start}::timestamptz and m.at < ${end}::timestamptz group by 1 order by 1`),
  );
  const opening = await count(db, sql`select coalesce(sum(amount), 0)::bigint as n from cash_movements where cashbox_id = any(${ids}) and at < ${start}::timestamptz`);
  return { list, opening: num(opening) };
}

async function bareCash(db: Db, boxes: string[], p: Period): Promise<Bare> {
  const { list, opening } = await bareCashRows(db, boxes, p);
  await bareCashRows(db, boxes, previousOf(p));
  const totals = sumOf(list, ['income', 'expense']);
  return { rows: list.length, totals: { ...totals, net: totals.income - totals.expense, opening, closing: opening + totals.income - totals.expense } };
}

/**
 * Pay from the raw rows: the commission ledger's rows (no monthly rollup) in the period and before it,
 * bonuses − penalties, payouts whose cash operation stands; the monthly base is calendar arithmetic on
 * the employee row (payroll/base.ts), not a table scan. Every employee with a scheme or anything at all.
 */
async function barePayRows(db: Db, p: Period) {
  const { start, end } = span(p);
  const list = rows<{ id: string; name: string; monthly: string; created_at: Date | string; blocked_at: Date | string | null; active: boolean; com: string; com_before: string; adj: string; adj_before: string; paid: string; paid_before: string }>(
    await db.execute(sql`with com as (select employee_id, coalesce(sum(amount) filter (where at >= ${start}::timestamptz), 0) as com, coalesce(sum(amount) filter (where at < ${start}::timestamptz), 0) as com_before
          from payroll_commissions where at < ${end}::timestamptz group by 1),
        adj as (select employee_id, coalesce(sum(case when kind = 'bonus' then amount else -amount end) filter (where date >= ${p.from}::date), 0) as adj,
            coalesce(sum(case when kind = 'bonus' then amount else -amount end) filter (where date < ${p.from}::date), 0) as adj_before
          from payroll_adjustments where date <= ${p.to}::date group by 1),
        pay as (select pp.employee_id, coalesce(sum(pp.amount) filter (where pp.date >= ${p.from}::date), 0) as paid, coalesce(sum(pp.amount) filter (where pp.date < ${p.from}::date), 0) as paid_before
          from payroll_payouts pp join cash_operations o on o.id = pp.operation_id where o.status = 'posted' and pp.date <= ${p.to}::date group by 1)
      select e.id, e.name, coalesce((e.salary ->> 'monthlyBase')::bigint, 0) as monthly, e.created_at, e.blocked_at, e.active,
        coalesce(com.com, 0) as com, coalesce(com.com_before, 0) as com_before, coalesce(adj.adj, 0) as adj, coalesce(adj.adj_before, 0) as adj_before,
        coalesce(pay.paid, 0) as paid, coalesce(pay.paid_before, 0) as paid_before
      from employees e left join com on com.employee_id = e.id left join adj on adj.employee_id = e.id left join pay on pay.employee_id = e.id
      order by e.name`),
  );
  const today = moscowDay(new Date());
  const baseTo = p.to < today ? p.to : today;
  return list
    .map((e) => {
      const hired = moscowDay(new Date(e.created_at));
      const left = e.blocked_at && !e.active ? moscowDay(new Date(e.blocked_at)) : null;
      const monthly = num(e.monthly);
      const base = p.from <= baseTo ? baseFor(monthly, hired, left, p.from, baseTo) : 0;
      const openingBase = hired < p.from ? baseFor(monthly, hired, left, hired, addDays(p.from, -1)) : 0;
      const accrued = base + num(e.com) + num(e.adj);
      const opening = openingBase + num(e.com_before) + num(e.adj_before) - num(e.paid_before);
      return { id: e.id, accrued, paid: num(e.paid), due: opening + accrued - num(e.paid), any: monthly > 0 || accrued !== 0 || opening !== 0 || num(e.paid) !== 0 };
    })
    .filter((r) => r.any);
}

async function barePay(db: Db, p: Period): Promise<Bare> {
  const list = await barePayRows(db, p);
  await barePayRows(db, previousOf(p));
  return { rows: list.length, totals: sumOf(list, ['accrued', 'paid', 'due']) };
}

// ---------------------------------------------------------------------------------------------------
// Timing

async function timed(runs: number, warm: number, fn: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

interface Case {
  label: string;
  url: string;
  /** p95 target of the report, ms. */
  target: number;
  bare: () => Promise<Bare>;
  /** Which totals of the report's answer the bare SQL's must equal. */
  totals: (json: Record<string, unknown>) => Totals;
  /**
   * Timed with the stock report's kept past totals dropped before each call (`past`: the first view of a
   * day), and all its snapshots (`snapshots`: the first view of a day far from any, which builds one from the
   * current stock) or the day's own (`day`: its first view, which builds it from the nearest snapshot).
   */
  fresh?: 'past' | 'snapshots' | 'day';
  /** Fewer timed calls than the others (a slow first view). */
  rounds?: number;
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const pg = !!config.databaseUrl;
  const app: FastifyInstance = await buildApp({ config, logger: false });
  const db = app.db;
  const ROUNDS = Number(process.env.BENCH_REPORTS_ROUNDS ?? 30);
  const BARE_ROUNDS = Number(process.env.BENCH_REPORTS_BARE_ROUNDS ?? 5);
  const want: Scale = {
    sales: Number(process.env.BENCH_SALES ?? (pg ? 500_000 : 20_000)),
    orders: Number(process.env.BENCH_ORDERS ?? (pg ? 200_000 : 10_000)),
    cash: Number(process.env.BENCH_FINANCE_OPERATIONS ?? (pg ? 1_000_000 : 50_000)),
    products: Number(process.env.BENCH_STOCK_PRODUCTS ?? (pg ? 100_000 : 5_000)),
    movements: Number(process.env.BENCH_STOCK_MOVEMENTS ?? (pg ? 1_000_000 : 50_000)),
  };
  await ensureScale(db, want, console.log);
  const size = await one<{ sales: number; lines: number; orders: number; cash: number; movements: number; commissions: number; sales_days: number; cash_days: number }>(
    db,
    sql`select (select count(*)::int from sales) as sales, (select count(*)::int from sale_lines) as lines, (select count(*)::int from repair_orders) as orders,
      (select count(*)::int from cash_movements) as cash, (select count(*)::int from stock_movements) as movements, (select count(*)::int from payroll_commissions) as commissions,
      (select count(*)::int from report_sales_days) as sales_days, (select count(*)::int from report_cash_days) as cash_days`,
  );
  console.log(
    `\nreports on ${pg ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.sales} sales (${size.lines} lines), ${size.orders} repair orders, ${size.cash} cash ledger rows, ` +
      `${size.movements} stock movements, ${size.commissions} commission rows; summaries: ${size.sales_days} report_sales_days, ${size.cash_days} report_cash_days rows`,
  );

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const token = login.json().token as string;
  const locations = (await app.inject({ method: 'GET', url: '/api/location', headers: { authorization: `Bearer ${token}` } })).json() as Array<{ _id: string }>;
  const locs = locations.map((l) => l._id);
  const headers = { authorization: `Bearer ${token}`, shop: locs[0] };
  const boxes = rows<{ id: string }>(await db.execute(sql`select id from cashboxes where location_id = any(${sql.param(locs)}::uuid[])`)).map((r) => r.id);

  const today = moscowDay(new Date());
  const year: Period = { from: addDays(today, -364), to: today };
  const now = new Date(`${today}T00:00:00Z`);
  const month: Period = {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10),
    to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10),
  };
  const yearAgo = addDays(today, -365);
  const q = (p: Period) => `from=${p.from}&to=${p.to}&allLocations=true`;
  const pick = (keys: string[]) => (json: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, num((json.totals as Totals)[k])]));
  const YEAR = 300;
  const MONTH = 50;

  const cases: Case[] = [];
  for (const [name, p, target] of [
    ['year', year, YEAR],
    ['month', month, MONTH],
  ] as const) {
    for (const groupBy of ['day', 'week', 'month'] as const) {
      cases.push({ label: `sales by ${groupBy}, ${name}`, url: `/api/reports/sales?${q(p)}&groupBy=${groupBy}`, target, bare: () => bareSales(db, locs, p, groupBy, 'none'), totals: pick(['revenue', 'cost', 'count', 'returns']) });
    }
    const catGroup = name === 'year' ? 'month' : 'day';
    cases.push({ label: `sales by category × ${catGroup}, ${name}`, url: `/api/reports/sales?${q(p)}&groupBy=${catGroup}&by=category`, target, bare: () => bareSales(db, locs, p, catGroup, 'category'), totals: pick(['revenue', 'cost', 'returns']) });
    cases.push({ label: `repairs by engineer, ${name}`, url: `/api/reports/repairs?${q(p)}&by=engineer`, target, bare: () => bareRepairs(db, locs, p), totals: pick(['count', 'issued', 'worksRevenue', 'partsMargin', 'overdue']) });
    cases.push({
      label: `cash flow by category, ${name}`,
      url: `/api/reports/cashflow?${q(p)}&by=category`,
      target,
      bare: () => bareCash(db, boxes, p),
      totals: (json) => ({ ...pick(['income', 'expense', 'net'])(json), opening: num(json.opening), closing: num(json.closing) }),
    });
    cases.push({ label: `pay, ${name}`, url: `/api/reports/payroll?${q(p)}`, target, bare: () => barePay(db, p), totals: pick(['accrued', 'paid', 'due']) });
  }
  // The stock report is a moment, not a period: its work follows the balances and the ledger, so it is held
  // to the year's target at any date (each answer also values the same goods a month before).
  const stockTotals = (json: Record<string, unknown>) => ({ value: num(json.value), qty: num(json.qty), total: num(json.total) });
  cases.push({ label: 'stock today', url: `/api/reports/stock?allLocations=true`, target: YEAR, bare: () => bareStock(db, locs, today), totals: stockTotals });
  cases.push({ label: 'stock today, slowDays=90', url: `/api/reports/stock?allLocations=true&slowDays=90`, target: YEAR, bare: () => bareStock(db, locs, today, 90), totals: stockTotals });
  // The comparison with a month before is replayed from the ledger once a day and filter, then kept
  // (report_stock_past): the first view of the day pays for it (timed here with the kept totals dropped).
  cases.push({ label: 'stock today, first view of the day', url: `/api/reports/stock?allLocations=true`, target: YEAR, bare: () => bareStock(db, locs, today), totals: stockTotals, fresh: 'past' });
  cases.push({ label: 'stock yesterday', url: `/api/reports/stock?allLocations=true&at=${addDays(today, -1)}`, target: YEAR, bare: () => bareStock(db, locs, addDays(today, -1)), totals: stockTotals });
  cases.push({ label: 'stock a month ago', url: `/api/reports/stock?allLocations=true&at=${monthBefore(today)}`, target: YEAR, bare: () => bareStock(db, locs, monthBefore(today)), totals: stockTotals });
  // A day next to a snapshot (the month before's, kept by the cases above): the snapshot and the rows between.
  cases.push({ label: 'stock 30 days ago', url: `/api/reports/stock?allLocations=true&at=${addDays(today, -30)}`, target: YEAR, bare: () => bareStock(db, locs, addDays(today, -30)), totals: stockTotals });
  // The first view of a past day: its snapshot built from the nearest one (a day away here).
  cases.push({ label: 'stock 30 days ago, first view', url: `/api/reports/stock?allLocations=true&at=${addDays(today, -30)}`, target: YEAR, bare: () => bareStock(db, locs, addDays(today, -30)), totals: stockTotals, fresh: 'day', rounds: 5 });
  // The first view of a day with no snapshot within reach (all dropped before each call): one is built.
  cases.push({ label: 'stock 2 weeks ago, snapshot built', url: `/api/reports/stock?allLocations=true&at=${addDays(today, -14)}`, target: YEAR, bare: () => bareStock(db, locs, addDays(today, -14)), totals: stockTotals, fresh: 'snapshots', rounds: 5 });
  cases.push({ label: 'stock a year ago', url: `/api/reports/stock?allLocations=true&at=${yearAgo}`, target: YEAR, bare: () => bareStock(db, locs, yearAgo), totals: stockTotals });

  console.log(
    `year = ${year.from}…${year.to}, month = ${month.from}…${month.to}; all ${locs.length} shops, as the owner; report: ${ROUNDS} GETs through inject after 3 warm-up, ` +
      `bare SQL: ${BARE_ROUNDS} runs after 1 (the report's rows and its previous period's totals); targets: p95 < ${YEAR} ms a year or the stock at any date, < ${MONTH} ms a month\n`,
  );
  const PAD = 38;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const summary: string[] = [];
  // BENCH_REPORTS_ONLY=stock: only the cases whose label has that text (or one of `a|b`).
  const only = process.env.BENCH_REPORTS_ONLY;
  for (const c of cases.filter((x) => !only || only.split('|').some((o) => x.label.includes(o)))) {
    const probe = await app.inject({ method: 'GET', url: c.url, headers });
    if (probe.statusCode !== 200 && probe.statusCode !== 501) throw new Error(`${c.url}: ${probe.statusCode} ${probe.body.slice(0, 300)}`);
    const bareTimes = await timed(BARE_ROUNDS, 1, c.bare);
    if (probe.statusCode === 501) {
      console.log(`${c.label.padEnd(PAD)} report not written yet (501)   bare SQL p50 ${ms(pct(bareTimes, 50)).padStart(9)} p95 ${ms(pct(bareTimes, 95)).padStart(9)}`);
      continue;
    }
    const json = probe.json() as Record<string, unknown>;
    const reportTimes = await timed(
      c.rounds ?? ROUNDS,
      c.rounds ? 0 : 3,
      () => get(c.url),
      async () => {
        if (c.fresh) await db.execute(sql`delete from report_stock_past`);
        if (c.fresh === 'snapshots') await db.execute(sql`delete from report_stock_snapshots`);
        if (c.fresh === 'day') await db.execute(sql`delete from report_stock_snapshots where day = ${new URL(c.url, 'http://x').searchParams.get('at')}`);
      },
    );
    const bare = await c.bare();
    const mine = c.totals(json);
    const diff = Object.keys(mine).filter((k) => mine[k] !== bare.totals[k]);
    const p50 = pct(reportTimes, 50);
    const p95 = pct(reportTimes, 95);
    const verdict = p95 < c.target ? 'met' : `missed by ${ms(p95 - c.target)}`;
    const ratio = pct(bareTimes, 50) / p50;
    console.log(
      `${c.label.padEnd(PAD)} report p50 ${ms(p50).padStart(9)} p95 ${ms(p95).padStart(9)} (< ${c.target}: ${verdict})   bare SQL p50 ${ms(pct(bareTimes, 50)).padStart(9)} p95 ${ms(pct(bareTimes, 95)).padStart(9)}` +
        `   ×${ratio.toFixed(ratio < 10 ? 1 : 0)}   ${(probe.body.length / 1024).toFixed(0)} KB   ${diff.length ? `totals differ: ${diff.map((k) => `${k} ${mine[k]} ≠ ${bare.totals[k]}`).join(', ')}` : 'same totals'}`,
    );
    summary.push(`| ${c.label} | ${ms(p50)} | ${ms(p95)} | ${verdict} | ${ms(pct(bareTimes, 50))} | ${ms(pct(bareTimes, 95))} |`);
  }
  if (process.env.BENCH_REPORTS_MARKDOWN) console.log(`\n| report | p50 | p95 | target | bare SQL p50 | bare SQL p95 |\n|---|---|---|---|---|---|\n${summary.join('\n')}`);
  console.log(`rss: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
