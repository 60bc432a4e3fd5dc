/**
 * Purchasing figures (issue #21), printed, never asserted: on PostgreSQL (DATABASE_URL) or an in-memory
 * PGlite, on top of the stock bench's data (bench/scale.ts, generated first when the database has none:
 * 100k goods and ~1M movements on PostgreSQL, 10k / 100k on PGlite; SCALE_PRODUCTS, SCALE_MOVEMENTS).
 * The first run on a database then adds, with set-based SQL:
 *  - «Склад закупок» at the first demo shop holding every generated good, entered as one receipt
 *    («ПР-P…») written into the ledger the way scale.ts writes its receipts (ledger = balances), and a
 *    minimum for every one of them: its stock for most, above it for 1 in 40 (about 2.5k suggestions);
 *  - a last purchase price from one of the demo suppliers for every generated good;
 *  - BENCH_PURCHASE_ORDERS purchase orders (default 50k) of 10 lines each over the last year across the demo
 *    shops and their warehouses («ЗП-B…»): the newest 5 % drafts, ordered and partly received (1 in 10 of
 *    them for «Склад закупок», so the suggestions count what they expect), the rest received or, 1 in 25,
 *    cancelled. Their receipts are not generated: this database is for timing.
 * Then, through `inject`: p50/p95 of the order list (pages, by status, overdue, supplier, product, search by
 * number and by supplier name; target p95 < 30 ms), the suggestions of «Склад закупок» (target p95 < 100 ms),
 * receiving a 100-line order (target p50 < 80 ms), and 20 parallel receipts of one unit against a line of 5
 * without `allowOver` (must be 5 received, 15 refused) with ledger = balances afterwards.
 * Alone: `DATABASE_URL=… npx tsx bench/procurement.ts` in server/.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { measurer, ms, pct } from './measure';
import { generateScale, recountStockTotals, rows, scaleProductsSql } from './scale';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db, Tx } from '../src/db/client';

const ROUNDS = Number(process.env.BENCH_PROCUREMENT_ROUNDS ?? 100);
const RECEIVE_RUNS = 20;
const PARALLEL = 20;
const PAD = 52;
const BENCH_WAREHOUSE = 'Склад закупок';

const one = async <T>(db: Db | Tx, q: ReturnType<typeof sql>) => rows<T>(await db.execute(q))[0];

async function generate(db: Db, n: number, log: (m: string) => void) {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temp table bench_products on commit drop as select row_number() over (order by n) - 1 as i, n, id, cost from (${scaleProductsSql}) p`);
    await tx.execute(sql`create temp table bench_locs on commit drop as select row_number() over (order by name) - 1 as i, id from locations where name like 'Сервис+%'`);
    await tx.execute(sql`create temp table bench_suppliers on commit drop as select row_number() over (order by name) - 1 as i, id from counterparties where is_supplier and archived_at is null`);
    const { products, suppliers } = await one<{ products: number; suppliers: number }>(
      tx,
      sql`select (select count(*)::int from bench_products) as products, (select count(*)::int from bench_suppliers) as suppliers`,
    );
    if (!products || !suppliers) throw new Error(`nothing to order: ${products} generated goods, ${suppliers} suppliers`);

    // «Склад закупок»: every generated good in stock, one receipt into the ledger, a minimum for each.
    const { wh, loc } = await one<{ wh: string; loc: string }>(
      tx,
      sql`insert into warehouses (location_id, name, is_default) select id, ${BENCH_WAREHOUSE}, false from bench_locs where i = 0 returning id as wh, location_id as loc`,
    );
    await tx.execute(sql`with d as (insert into stock_documents (type, number, status, location_id, warehouse_id, posted_at, created_at, updated_at)
        values ('receipt', 'ПР-P0000001', 'posted', ${loc}, ${wh}, now() - interval '30 days', now() - interval '30 days', now() - interval '30 days') returning id)
      insert into stock_document_lines (document_id, position, product_id, qty, cost, value)
      select d.id, p.i, p.id, 2 + p.n % 5, p.cost, (2 + p.n % 5) * p.cost from d, bench_products p`);
    await tx.execute(sql`insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
      select d.posted_at, d.id, 'receipt', d.number, d.warehouse_id, l.product_id, l.qty, l.value
      from stock_documents d join stock_document_lines l on l.document_id = d.id where d.number = 'ПР-P0000001' order by l.position`);
    await tx.execute(sql`insert into stock_balances (warehouse_id, product_id, qty) select ${wh}, product_id, qty from stock_movements where warehouse_id = ${wh}`);
    await tx.execute(sql`insert into stock_pools (product_id, qty, value, last_average)
      select m.product_id, m.qty, m.value, p.cost from stock_movements m join bench_products p on p.id = m.product_id where m.warehouse_id = ${wh}
      on conflict (product_id) do update set qty = stock_pools.qty + excluded.qty, value = stock_pools.value + excluded.value`);
    await tx.execute(sql`insert into product_min_stock (product_id, warehouse_id, qty)
      select p.id, ${wh}, 2 + p.n % 5 + case when p.n % 40 = 0 then 1 + p.n % 3 else 0 end from bench_products p
      on conflict (product_id, warehouse_id) do update set qty = excluded.qty`);
    await tx.execute(sql`insert into supplier_prices (supplier_id, product_id, price, at)
      select s.id, p.id, p.cost, now() - (p.n % 300) * interval '1 day' from bench_products p join bench_suppliers s on s.i = p.n % ${suppliers}
      on conflict do nothing`);
    step(`«${BENCH_WAREHOUSE}»: ${products} goods in stock with a minimum, and their supplier prices`);

    // Each shop's warehouses (the default first); «Склад закупок» is taken by 1 in 10 of the open orders.
    await tx.execute(sql`create temp table bench_wh on commit drop as
      select l.i as loc_i, l.id as loc, w.id, row_number() over (partition by l.i order by w.is_default desc, w.id) - 1 as k, count(*) over (partition by l.i) as c
      from bench_locs l join warehouses w on w.location_id = l.id where w.name <> ${BENCH_WAREHOUSE}`);
    const { locs } = await one<{ locs: number }>(tx, sql`select count(*)::int as locs from bench_locs`);
    const { manager } = await one<{ manager: string }>(tx, sql`select id as manager from employees where phone = '+79000000002'`);
    const { first } = await one<{ first: number }>(tx, sql`select coalesce(max(substr(number, 5)::int), 0) + 1 as first from purchase_orders where number like 'ЗП-B%'`);
    const last = first + n - 1;
    const open = last - Math.ceil(n / 20);
    const chunk = 25_000;
    for (let from = first; from <= last; from += chunk) {
      const to = Math.min(last, from + chunk - 1);
      await tx.execute(sql`with s as materialized (
          select g, gen_random_uuid() as id, 'ЗП-B' || lpad(g::text, 7, '0') as number, l.id as loc,
            case when g > ${open}::int and g % 10 = 0 and l.i = 0 then ${wh}::uuid else w.id end as wh,
            case when g > ${open}::int then (array['draft', 'ordered', 'partial', 'ordered'])[1 + g % 4]
              when g % 25 = 0 then 'cancelled' else 'received' end as status,
            sup.id as supplier, now() - (${last}::int - g)::float8 / ${n}::int * interval '365 days' as at
          from generate_series(${from}::int, ${to}::int) g
          join bench_locs l on l.i = g % ${locs}::int
          join bench_wh w on w.loc_i = l.i and w.k = (g / ${locs}::int) % w.c
          join bench_suppliers sup on sup.i = g % ${suppliers}::int),
        ln as materialized (
          select s.id as order_id, k - 1 as position, p.id as product_id, 1 + (s.g + k) % 5 as qty, p.cost as price,
            case when s.status = 'received' or (s.status = 'partial' and k <= 5) then 1 + (s.g + k) % 5 else 0 end as received
          from s cross join generate_series(1, 10) k
          join bench_products p on p.i = ((s.g::bigint * 10 + k) * 7919) % ${products}::int),
        tot as materialized (select order_id, sum(qty * price)::bigint as total, sum(qty)::int as qty, sum(received)::int as received from ln group by order_id),
        ins as (
          insert into purchase_orders (id, number, status, location_id, warehouse_id, supplier_id, expected_at, total, total_qty, received_qty, line_count,
            author_id, ordered_at, ordered_by_id, cancelled_at, cancelled_by_id, created_at, updated_at)
          select s.id, s.number, s.status, s.loc, s.wh, s.supplier, (s.at + interval '7 days')::date, t.total, t.qty, t.received, 10,
            ${manager}::uuid, case when s.status not in ('draft') then s.at + interval '1 hour' end, case when s.status <> 'draft' then ${manager}::uuid end,
            case when s.status = 'cancelled' then s.at + interval '1 day' end, case when s.status = 'cancelled' then ${manager}::uuid end, s.at, s.at
          from s join tot t on t.order_id = s.id)
        insert into purchase_order_lines (order_id, position, product_id, qty, price, received) select order_id, position, product_id, qty, price, received from ln`);
      step(`${to - first + 1} purchase orders`);
    }
  });
  await recountStockTotals(db);
  for (const t of ['purchase_orders', 'purchase_order_lines', 'product_min_stock', 'supplier_prices', 'stock_balances', 'stock_movements', 'stock_document_lines']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  step('running totals, vacuum analyze');
}

async function expectStatus(res: { statusCode: number; body: string }, code: number, what: string) {
  if (res.statusCode !== code) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const pg = !!config.databaseUrl;
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const { scaled } = await one<{ scaled: number }>(db, sql`select count(*)::int as scaled from products where sku like 'SC-%'`);
  if (scaled === 0) {
    const products = Number(process.env.SCALE_PRODUCTS ?? (pg ? 100_000 : 10_000));
    const movements = Number(process.env.SCALE_MOVEMENTS ?? (pg ? 1_000_000 : 100_000));
    console.log(`the stock bench's data first: ${products} products, ~${movements} movements`);
    await generateScale(db, { products, warehouses: 27, movements }, console.log);
  }
  const wanted = Number(process.env.BENCH_PURCHASE_ORDERS ?? 50_000);
  const { generated } = await one<{ generated: number }>(db, sql`select count(*)::int as generated from purchase_orders where number like 'ЗП-B%'`);
  if (generated === 0) {
    console.log(`generating ${wanted} purchase orders of 10 lines`);
    const t = performance.now();
    await generate(db, wanted, console.log);
    console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const size = await one<{ orders: number; lines: number; minimums: number; open: number }>(
    db,
    sql`select (select count(*)::int from purchase_orders) as orders, (select count(*)::int from purchase_order_lines) as lines,
      (select count(*)::int from product_min_stock m join warehouses w on w.id = m.warehouse_id where w.name = ${BENCH_WAREHOUSE}) as minimums,
      (select count(*)::int from purchase_orders where status in ('ordered', 'partial')) as open`,
  );
  console.log(`\npurchasing on ${pg ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.orders} orders, ${size.lines} lines (${size.open} open), «${BENCH_WAREHOUSE}» with ${size.minimums} minimums`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  await expectStatus(login, 200, 'login');
  const { loc } = await one<{ loc: string }>(db, sql`select id as loc from locations where name like 'Сервис+%' order by name limit 1`);
  const headers = { authorization: `Bearer ${login.json().token as string}`, shop: loc };
  const measure = measurer(app, headers, ROUNDS, PAD);

  // --- The list -----------------------------------------------------------------------------------
  const { supplier } = await one<{ supplier: string }>(db, sql`select supplier_id as supplier from purchase_orders where location_id = ${loc} group by 1 order by count(*) desc limit 1`);
  const numbers = rows<{ number: string; product: string }>(
    await db.execute(sql`select o.number, l.product_id as product from purchase_orders o join purchase_order_lines l on l.order_id = o.id and l.position = 0
      where o.location_id = ${loc} and o.number like 'ЗП-B%' and substr(o.number, 5)::int % 97 = 0 order by o.number limit 50`),
  );
  const { supplierWord } = await one<{ supplierWord: string }>(db, sql`select split_part(name, '«', 2) as "supplierWord" from counterparties where id = ${supplier}`);
  const search = encodeURIComponent(supplierWord.slice(0, 6).toLowerCase());
  console.log(`(${ROUNDS} requests each through inject, after 5 warm-up; the shop of «Склад закупок»; target p95 < 30 ms)`);
  await measure('list, pages 1..10', (i) => `/api/procurement/orders?page=${1 + (i % 10)}&pageSize=50`);
  await measure('list, status (all five in turn)', (i) => `/api/procurement/orders?status=${['received', 'ordered', 'partial', 'draft', 'cancelled'][i % 5]}`);
  await measure('list, overdue', () => `/api/procurement/orders?overdue=true`);
  await measure('list, by supplier, pages 1..5', (i) => `/api/procurement/orders?supplierId=${supplier}&page=${1 + (i % 5)}`);
  await measure('list, by product', (i) => `/api/procurement/orders?productId=${numbers[i % numbers.length].product}`);
  await measure('list, search by number', (i) => `/api/procurement/orders?search=${encodeURIComponent(numbers[i % numbers.length].number)}`);
  await measure('list, search by supplier name', () => `/api/procurement/orders?search=${search}`);

  // --- Suggestions --------------------------------------------------------------------------------
  const { wh } = await one<{ wh: string }>(db, sql`select id as wh from warehouses where name = ${BENCH_WAREHOUSE}`);
  const suggested = await app.inject({ method: 'GET', url: `/api/procurement/suggestions?warehouseId=${wh}`, headers });
  await expectStatus(suggested, 200, 'suggestions');
  console.log(`suggestions of «${BENCH_WAREHOUSE}»: ${size.minimums} goods with a minimum, ${(suggested.json() as unknown[]).length} suggested (target p95 < 100 ms)`);
  await measure('suggestions of the warehouse', () => `/api/procurement/suggestions?warehouseId=${wh}`);

  // --- Receiving a 100-line order -----------------------------------------------------------------
  const { shopWh } = await one<{ shopWh: string }>(db, sql`select id as "shopWh" from warehouses where location_id = ${loc} and is_default`);
  const goods = rows<{ id: string }>(await db.execute(sql`select id from products where sku like 'SC-%' order by sku limit ${100 * (RECEIVE_RUNS + 3)}`)).map((r) => r.id);
  const times: number[] = [];
  for (let r = 0; r < RECEIVE_RUNS + 3; r++) {
    const lines = goods.slice(r * 100, r * 100 + 100).map((productId, i) => ({ productId, qty: 1 + (i % 4), price: 1000 + i }));
    const id = await placed(app, headers, { supplierId: supplier, warehouseId: shopWh, lines });
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/procurement/orders/${id}/receive`, headers, payload: { lines: lines.map((l) => ({ productId: l.productId, qty: l.qty })) } });
    if (r >= 3) times.push(performance.now() - t);
    await expectStatus(res, 200, 'receiving');
  }
  console.log(`${`receiving a 100-line order (${RECEIVE_RUNS} runs)`.padEnd(PAD)} p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}   (target p50 < 80 ms)`);

  // --- Parallel receipts against one line ---------------------------------------------------------
  const target = goods[goods.length - 1];
  const id = await placed(app, headers, { supplierId: supplier, warehouseId: shopWh, lines: [{ productId: target, qty: 5, price: 777 }] });
  const before = (await one<{ qty: number }>(db, sql`select coalesce(sum(qty), 0)::int as qty from stock_balances where product_id = ${target} and warehouse_id = ${shopWh}`)).qty;
  const t = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, () => app.inject({ method: 'POST', url: `/api/procurement/orders/${id}/receive`, headers, payload: { lines: [{ productId: target, qty: 1 }] } })),
  );
  const took = performance.now() - t;
  const codes = results.map((r) => r.statusCode);
  const accepted = codes.filter((c) => c === 200).length;
  const overs = results.filter((r) => r.statusCode === 409 && r.json().code === 'over_receipt').length;
  const { received } = await one<{ received: number }>(db, sql`select received from purchase_order_lines where order_id = ${id}`);
  const after = (await one<{ qty: number }>(db, sql`select coalesce(sum(qty), 0)::int as qty from stock_balances where product_id = ${target} and warehouse_id = ${shopWh}`)).qty;
  const bad = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(db, sql`select count(*)::int as n from (${q}) x`)).n;
  const drift = await bad(sql`select m.warehouse_id, m.product_id from stock_movements m left join stock_balances b using (warehouse_id, product_id)
    where m.warehouse_id is not null group by m.warehouse_id, m.product_id, b.qty having sum(m.qty) <> coalesce(b.qty, 0)`);
  const poolDrift = await bad(sql`select p.product_id from stock_pools p left join (select product_id, sum(qty) q, sum(value) v from stock_movements group by product_id) m using (product_id)
    where p.qty <> coalesce(m.q, 0) or p.value <> coalesce(m.v, 0)`);
  console.log(
    `${`${PARALLEL} parallel receipts of 1 against a line of 5`.padEnd(PAD)} ${accepted} received, ${overs} got 409 over_receipt${codes.length - accepted - overs ? `, ${codes.length - accepted - overs} other` : ''} in ${ms(took)}; line received ${received}, balance ${before} → ${after}; ledger ≠ balances rows: ${drift}, ledger ≠ pools: ${poolDrift}`,
  );
  console.log(`never more than ordered: ${accepted === 5 && received === 5 && after - before === 5 && drift === 0 && poolDrift === 0 ? 'yes' : 'NO'}`);
  await app.close();
}

/** A draft with these lines, ordered; its id. */
async function placed(app: FastifyInstance, headers: Record<string, string>, body: { supplierId: string; warehouseId: string; lines: Array<{ productId: string; qty: number; price: number }> }) {
  const created = await app.inject({ method: 'POST', url: '/api/procurement/orders', headers, payload: body });
  await expectStatus(created, 201, 'order');
  const id = created.json().id as string;
  await expectStatus(await app.inject({ method: 'POST', url: `/api/procurement/orders/${id}/order`, headers }), 200, 'ordering');
  return id;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
