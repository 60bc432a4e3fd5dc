/**
 * Sales figures (issue «Sales», section «Scale and speed»), printed, never asserted: on PostgreSQL
 * (DATABASE_URL) or an in-memory PGlite. The first run on a database generates BENCH_SALES sales (default
 * 500k on PostgreSQL, 30k on PGlite) with set-based SQL across the three demo shops over the last 12
 * months: 1–5 lines each (goods and services of the catalogue, some with a discount), mostly posted (1 in
 * 40 cancelled, 1 in 100 a draft), a quarter with a client, and one payment per sale (cash or card) with
 * its cash operation («ПКО-S…»). Numbers are «ПД-B0000001…», apart from the real counter («ПД-000001»).
 * This bench's database is for timing: the generated rows are not replayed into the ledgers (no stock
 * movements, no cash movements, no client ledger rows), so the ledgers keep agreeing with themselves.
 * Then:
 *  - p50/p95 through `inject` of the sales list with its totals over a month (months and pages in turn),
 *    filtered by method=card and by an employee, and searched by number (target p95 < 30 ms);
 *  - posting a 10-line sale with a split payment (cash + card) in one call (target p50 < 30 ms);
 *  - 200 parallel sales of one unit each over exactly 50 free units of a fresh product: how many went
 *    through (must be 50), how many got 409, the time, then the ledger invariants of server/test/sales.test.ts
 *    and the journal's summary against the sales (server/test/sales-summary.ts).
 * The generated rows go through the database's triggers like any other writer's: each sale's paid by method
 * and its shop's hour in `sales_hourly` (server/docs/sales.md, «Scale»).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { measurer, ms, pct } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rowsOf as rows } from '../src/lib/sql';

const ROUNDS = Number(process.env.BENCH_SALES_ROUNDS ?? 100);
const POST_RUNS = 50;
const PARALLEL = 200;
const LAST_UNITS = 50;
const PAD = 52;

const one = async <T>(db: Db, q: ReturnType<typeof sql>) => rows<T>(await db.execute(q))[0];

export async function generate(db: Db, n: number, log: (m: string) => void) {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  // Each shop: its default warehouse, default cash cashbox and a card (or else any non-cash) cashbox.
  await db.execute(sql`create temp table bench_locs as
    select row_number() over (order by l.name) - 1 as i, l.id, w.id as wh, cash.id as cash, coalesce(card.id, cash.id) as card
    from locations l
    join warehouses w on w.location_id = l.id and w.is_default
    join cashboxes cash on cash.location_id = l.id and cash.kind = 'cash' and cash.is_default
    left join lateral (select id from cashboxes c where c.location_id = l.id and c.kind <> 'cash' order by (c.kind = 'card') desc, c.name limit 1) card on true
    where l.name like 'Сервис+%'`);
  await db.execute(sql`create temp table bench_products as
    select row_number() over (order by id) - 1 as i, id, name, kind = 'service' as is_service, price from products
    where archived_at is null and price > 0 and not serial_tracked`);
  await db.execute(sql`create temp table bench_emps as select row_number() over (order by phone) - 1 as i, id from employees where active`);
  await db.execute(sql`create temp table bench_clients as select row_number() over (order by id) - 1 as i, id from counterparties where not is_supplier and archived_at is null`);
  const count = async (t: string) => (await one<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${t}`))).n;
  const [locs, products, emps, clients] = [await count('bench_locs'), await count('bench_products'), await count('bench_emps'), await count('bench_clients')];
  if (!locs || !products || !emps) throw new Error(`the demo is missing: ${locs} shops, ${products} products, ${emps} employees`);
  const { first } = await one<{ first: number }>(db, sql`select coalesce(max(substr(number, 5)::int), 0) + 1 as first from sales where number like 'ПД-B%'`);
  const last = first + n - 1;
  const chunk = 50_000;
  for (let from = first; from <= last; from += chunk) {
    const to = Math.min(last, from + chunk - 1);
    // One statement per chunk: the sales, their lines, the payments with their cash operations (the
    // foreign keys between the CTEs are checked at the end of the statement). Time grows with the number;
    // the shop is g mod 3, and the method (a third by card) and the employee vary independently of it.
    await db.execute(sql`with s as materialized (
        select g, gen_random_uuid() as id, gen_random_uuid() as op_id, 'ПД-B' || lpad(g::text, 7, '0') as number, l.id as loc, l.wh,
          case when (g / ${locs}) % 3 = 0 then l.card else l.cash end as box, case when (g / ${locs}) % 3 = 0 then 'card' else 'cash' end as method,
          case when g % 100 = 0 then 'draft' when g % 40 = 1 then 'cancelled' else 'posted' end as status,
          c.id as client, e.id as emp,
          now() - interval '5 minutes' - (${last}::int - g)::float8 / ${n}::int * interval '365 days' as at
        from generate_series(${from}::int, ${to}::int) g
        join bench_locs l on l.i = g % ${locs}
        join bench_emps e on e.i = (g / ${locs * 3}) % ${emps}
        left join bench_clients c on g % 4 = 0 and c.i = (g / 4) % ${Math.max(clients, 1)}),
      ln as materialized (
        select s.id as sale_id, k - 1 as position, p.id as product_id, p.name, p.is_service, q.qty, p.price, q.qty * p.price as gross,
          case when (s.g + k) % 10 = 0 then q.qty * p.price / 20 else 0 end as discount, s.status
        from s cross join lateral generate_series(1, 1 + (s.g * 31) % 5) k
        join bench_products p on p.i = (s.g * 7 + k * 13) % ${products}
        cross join lateral (select case when (s.g + k) % 7 = 0 then 2 else 1 end as qty) q),
      tot as materialized (select sale_id, sum(gross)::bigint as subtotal, sum(discount)::bigint as discount from ln group by sale_id),
      cat as (select id from finance_categories where code = 'sale_payment'),
      ins_sales as (
        insert into sales (id, location_id, number, status, warehouse_id, client_id, employee_id, subtotal, discount, total, paid, methods, posted_at, cancelled_at, created_at, updated_at)
        select s.id, s.loc, s.number, s.status, s.wh, s.client, s.emp, t.subtotal, t.discount, t.subtotal - t.discount,
          case when s.status = 'draft' then 0 else t.subtotal - t.discount end,
          case when s.status = 'draft' then '{}'::text[] else array[s.method] end,
          case when s.status <> 'draft' then s.at end, case when s.status = 'cancelled' then s.at + interval '10 minutes' end,
          s.at - interval '3 minutes', s.at
        from s join tot t on t.sale_id = s.id),
      ins_lines as (
        insert into sale_lines (sale_id, position, product_id, name, is_service, qty, price, discount, total, cost)
        select sale_id, position, product_id, name, is_service, qty, price, discount, gross - discount,
          case when not is_service and status <> 'draft' then gross * 6 / 10 end
        from ln),
      ops as (
        insert into cash_operations (id, location_id, kind, number, status, cashbox_id, amount, category_id, client_id, comment, document_type, document_id, document_number, author_id, at, cancelled_at, created_at)
        select s.op_id, s.loc, 'income', 'ПКО-S' || lpad(s.g::text, 7, '0'), case when s.status = 'cancelled' then 'cancelled' else 'posted' end, s.box,
          t.subtotal - t.discount, (select id from cat), s.client, 'Оплата продажи ' || s.number, 'sale', s.id, s.number, s.emp, s.at,
          case when s.status = 'cancelled' then s.at + interval '10 minutes' end, s.at
        from s join tot t on t.sale_id = s.id where s.status <> 'draft')
      insert into sale_payments (sale_id, method, cashbox_id, amount, operation_id, created_at)
      select s.id, s.method, s.box, t.subtotal - t.discount, s.op_id, s.at from s join tot t on t.sale_id = s.id where s.status <> 'draft'`);
    step(`${to - first + 1} sales`);
  }
  for (const t of ['sales', 'sale_lines', 'sale_payments', 'cash_operations']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  step('vacuum analyze');
  for (const t of ['bench_locs', 'bench_products', 'bench_emps', 'bench_clients']) await db.execute(sql.raw(`drop table ${t}`));
}

/** `from=…&to=…` of the calendar month `back` months ago (Moscow dates; 0 = this month, to its last day). */
function monthRange(back: number): string {
  const now = new Date(Date.now() + 3 * 3_600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return `from=${first.toISOString().slice(0, 10)}&to=${last.toISOString().slice(0, 10)}`;
}

/** The month range holding a moment (Moscow). */
function monthOf(at: Date): string {
  const now = new Date(Date.now() + 3 * 3_600_000);
  const d = new Date(at.getTime() + 3 * 3_600_000);
  return monthRange((now.getUTCFullYear() - d.getUTCFullYear()) * 12 + now.getUTCMonth() - d.getUTCMonth());
}

async function expectOk(res: { statusCode: number; body: string }, code: number, what: string) {
  if (res.statusCode !== code) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** Receives `qty` of each product into the warehouse at `cost` and posts the receipt. */
async function receive(app: FastifyInstance, headers: Record<string, string>, warehouseId: string, productIds: string[], qty: number, cost: number) {
  const receipt = await app.inject({ method: 'POST', url: '/api/stock/receipts', headers, payload: { warehouseId, lines: productIds.map((productId) => ({ productId, qty, cost })) } });
  await expectOk(receipt, 201, 'receipt');
  await expectOk(await app.inject({ method: 'POST', url: `/api/stock/receipts/${receipt.json().id as string}/post`, headers }), 200, 'receipt post');
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const wanted = Number(process.env.BENCH_SALES ?? (config.databaseUrl ? 500_000 : 30_000));
  const { n } = await one<{ n: number }>(db, sql`select count(*)::int as n from sales`);
  if (n < wanted) {
    console.log(`generating ${wanted - n} sales first`);
    const t = performance.now();
    await generate(db, wanted - n, console.log);
    console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const size = await one<{ sales: number; lines: number; payments: number; operations: number }>(
    db,
    sql`select (select count(*)::int from sales) as sales, (select count(*)::int from sale_lines) as lines,
      (select count(*)::int from sale_payments) as payments, (select count(*)::int from cash_operations) as operations`,
  );
  console.log(`\nsales on ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.sales} sales, ${size.lines} lines, ${size.payments} payments, ${size.operations} cash operations`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  await expectOk(login, 200, 'login');
  const { loc } = await one<{ loc: string }>(db, sql`select id as loc from locations where name like 'Сервис+ на Арбате'`);
  const headers = { authorization: `Bearer ${login.json().token as string}`, shop: loc };

  // --- The list with its totals -------------------------------------------------------------------
  const measure = measurer(app, headers, ROUNDS, PAD);
  const sample = rows<{ number: string; at: Date | string }>(
    await db.execute(sql`select number, coalesce(posted_at, created_at) as at from sales where location_id = ${loc} and status <> 'cancelled' order by id limit 50`),
  );
  if (!sample.length) throw new Error('no sales at Arbat');
  const { emp } = await one<{ emp: string }>(db, sql`select employee_id as emp from sales where location_id = ${loc} and employee_id is not null group by 1 order by count(*) desc limit 1`);
  const month = await app.inject({ method: 'GET', url: `/api/sales?${monthRange(1)}&pageSize=1`, headers });
  await expectOk(month, 200, 'month');
  console.log(`(${ROUNDS} requests each through inject, after 5 warm-up; the shop «Сервис+ на Арбате», ${month.json().total as number} sales last month; target p95 < 30 ms)`);
  // Months 0..11 in turn, pages 1..4 of 50.
  const monthPage = (i: number) => `${monthRange(i % 12)}&page=${1 + (Math.floor(i / 12) % 4)}&pageSize=50`;
  await measure('list + totals: a month (12 months, pages 1..4)', (i) => `/api/sales?${monthPage(i)}`);
  await measure('list + totals: a month, method=card', (i) => `/api/sales?${monthPage(i)}&method=card`);
  await measure('list + totals: a month, by employee', (i) => `/api/sales?${monthPage(i)}&employeeId=${emp}`);
  const numberAt = (i: number) => sample[i % sample.length];
  await measure('list: search by number, its month', (i) => `/api/sales?${monthOf(new Date(numberAt(i).at))}&search=${encodeURIComponent(numberAt(i).number)}`);
  await measure('list: search by number, 12 months', (i) => `/api/sales?from=${monthRange(11).slice(5, 15)}&to=${monthRange(0).slice(-10)}&search=${encodeURIComponent(numberAt(i).number)}`);

  // --- Posting a 10-line sale with a split payment ------------------------------------------------
  const { wh } = await one<{ wh: string }>(db, sql`select id as wh from warehouses where location_id = ${loc} and is_default`);
  const { cash } = await one<{ cash: string }>(db, sql`select id as cash from cashboxes where location_id = ${loc} and kind = 'cash' and is_default`);
  const { card } = await one<{ card: string }>(db, sql`select id as card from cashboxes where location_id = ${loc} and kind <> 'cash' order by (kind = 'card') desc, name limit 1`);
  const goods = rows<{ id: string; price: string | number }>(
    await db.execute(sql`select id, price from products where kind = 'good' and not serial_tracked and archived_at is null and price > 0 order by name limit 10`),
  );
  const { client } = await one<{ client: string }>(db, sql`select id as client from counterparties where not is_supplier and archived_at is null and discount_percent = 0 order by name limit 1`);
  await receive(app, headers, wh, goods.map((g) => g.id), POST_RUNS + 10, 10000);
  const total = goods.reduce((s, g) => s + Number(g.price), 0);
  const sale = () => ({
    clientId: client,
    warehouseId: wh,
    lines: goods.map((g) => ({ productId: g.id, qty: 1 })),
    payments: [
      { method: 'cash', cashboxId: cash, amount: Math.floor(total / 2) },
      { method: 'card', cashboxId: card, amount: total - Math.floor(total / 2) },
    ],
    post: true,
  });
  const postTimes: number[] = [];
  for (let r = 0; r < POST_RUNS + 5; r++) {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/sales', headers: { ...headers, 'idempotency-key': randomUUID() }, payload: sale() });
    if (r >= 5) postTimes.push(performance.now() - t);
    await expectOk(res, 201, 'posting a sale');
  }
  console.log(`${`posting a 10-line sale, cash + card (${POST_RUNS} runs)`.padEnd(PAD)} p50 ${ms(pct(postTimes, 50))}  p95 ${ms(pct(postTimes, 95))}   (target p50 < 30 ms)`);

  // --- Parallel sales over the last units ---------------------------------------------------------
  const product = await app.inject({ method: 'POST', url: '/api/catalog/products', headers, payload: { name: `Бенч: последние единицы ${randomUUID().slice(0, 8)}`, price: 99000 } });
  await expectOk(product, 201, 'product');
  const productId = product.json().id as string;
  await receive(app, headers, wh, [productId], LAST_UNITS, 50000);
  const before = await one<{ free: number }>(db, sql`select (qty - reserved)::int as free from stock_balances where warehouse_id = ${wh} and product_id = ${productId}`);
  const t = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      app.inject({
        method: 'POST',
        url: '/api/sales',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { warehouseId: wh, lines: [{ productId, qty: 1 }], payments: [{ method: i % 2 ? 'cash' : 'card', cashboxId: i % 2 ? cash : card, amount: 99000 }], post: true },
      }),
    ),
  );
  const took = performance.now() - t;
  const codes = results.map((r) => r.statusCode);
  const succeeded = codes.filter((c) => c === 201).length;
  const refused = codes.filter((c) => c === 409).length;
  const other = codes.filter((c) => c !== 201 && c !== 409);
  console.log(
    `${`${PARALLEL} parallel sales over ${before.free} free units`.padEnd(PAD)} ${succeeded} sold, ${refused} got 409${other.length ? `, ${other.length} other (${[...new Set(other)].join(', ')}: ${results.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.body})` : ''} in ${ms(took)}`,
  );

  // The invariants (server/test/sales.test.ts, expectLedgersAgree), over the whole database: the generated
  // rows write no stock or cash movements and no balances, so they cannot break these.
  const bad = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(db, sql`select count(*)::int as n from (${q}) x`)).n;
  const checks: Array<[string, number]> = [
    ['negative stock balances', await bad(sql`select 1 from stock_balances where qty < 0 or reserved < 0`)],
    [
      'stock ledger ≠ balances (warehouse × product)',
      await bad(sql`select m.warehouse_id, m.product_id from stock_movements m left join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id
        where m.warehouse_id is not null group by m.warehouse_id, m.product_id, b.qty having sum(m.qty) <> coalesce(b.qty, 0)`),
    ],
    [
      'stock pools ≠ movements (product)',
      await bad(sql`select p.product_id from stock_pools p left join (select product_id, sum(qty)::bigint as qty, sum(value)::bigint as value from stock_movements group by product_id) m on m.product_id = p.product_id
        where p.qty <> coalesce(m.qty, 0) or p.value <> coalesce(m.value, 0) or p.qty < 0 or p.value < 0`),
    ],
    [
      'cash balances ≠ movements (cashbox)',
      await bad(sql`select b.cashbox_id from cash_balances b left join (select cashbox_id, sum(amount)::bigint as total from cash_movements group by cashbox_id) m on m.cashbox_id = b.cashbox_id
        where b.balance <> coalesce(m.total, 0) or b.balance < 0`),
    ],
    [
      'client balances ≠ client ledger',
      await bad(sql`select c.id from counterparties c left join (select client_id, sum(amount)::bigint as total from client_ledger group by client_id) l on l.client_id = c.id
        where c.balance <> coalesce(l.total, 0)`),
    ],
    // The journal's summary (migration 0028): each sale's paid by method = its payments; each shop's hour of
    // sales_hourly = its sales (server/test/sales-summary.ts).
    [
      'sales paid by method ≠ their payments',
      await bad(sql`select s.id from sales s left join (select sale_id, sum(amount) filter (where method = 'cash') as cash, sum(amount) filter (where method = 'card') as card,
          sum(amount) filter (where method = 'transfer') as transfer from sale_payments where return_id is null group by sale_id) p on p.sale_id = s.id
        where (s.paid_cash, s.paid_card, s.paid_transfer) <> (coalesce(p.cash, 0), coalesce(p.card, 0), coalesce(p.transfer, 0))`),
    ],
    [
      'sales_hourly ≠ sales (shop × hour)',
      await bad(sql`select 1 from (select location_id, date_bin('1 hour', coalesce(posted_at, created_at), timestamptz '2000-01-01 00:00:00+00') as hour, count(*) as n,
          coalesce(sum(total) filter (where status = 'posted'), 0) as total, coalesce(sum(discount) filter (where status = 'posted'), 0) as discount,
          coalesce(sum(returned) filter (where status = 'posted'), 0) as returned, coalesce(sum(paid_cash) filter (where status = 'posted'), 0) as cash,
          coalesce(sum(paid_card) filter (where status = 'posted'), 0) as card, coalesce(sum(paid_transfer) filter (where status = 'posted'), 0) as transfer
          from sales where status <> 'cancelled' group by 1, 2) f
        full join sales_hourly h on h.location_id = f.location_id and h.hour = f.hour
        where (coalesce(f.n, 0), coalesce(f.total, 0), coalesce(f.discount, 0), coalesce(f.returned, 0), coalesce(f.cash, 0), coalesce(f.card, 0), coalesce(f.transfer, 0))
          <> (coalesce(h.count, 0), coalesce(h.total, 0), coalesce(h.discount, 0), coalesce(h.returned, 0), coalesce(h.paid_cash, 0), coalesce(h.paid_card, 0), coalesce(h.paid_transfer, 0))`),
    ],
    ['units left of the fresh product ≠ 0', await bad(sql`select 1 from stock_balances where warehouse_id = ${wh} and product_id = ${productId} and qty <> 0`)],
    [
      'posted sales of the fresh product ≠ sold',
      Math.abs(
        (await one<{ n: number }>(db, sql`select count(*)::int as n from sales s join sale_lines l on l.sale_id = s.id where l.product_id = ${productId} and s.status = 'posted'`)).n - succeeded,
      ),
    ],
  ];
  for (const [label, count] of checks) console.log(`  ${label.padEnd(PAD - 2)} ${count}`);
  const agree = succeeded === before.free && refused + succeeded === PARALLEL && checks.every(([, count]) => count === 0);
  console.log(`ledgers agree: ${agree ? 'yes' : 'no'}`);
  await app.close();
}

// Run as a script, not when bench/reports.ts imports the generator.
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
