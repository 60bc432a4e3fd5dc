/**
 * Repair order figures (issue #10), printed, never asserted: on PostgreSQL (DATABASE_URL) or an in-memory
 * PGlite. The first run on a database generates BENCH_ORDERS orders (default 200k on PostgreSQL, 30k on
 * PGlite) with set-based SQL across the demo shops: clients, devices (half with an IMEI), statuses of every
 * group (about a tenth still working), 1–2 works each, a part on every third, a payment on most (cash
 * operations «ПКО-O…» with a payment row; this bench's database is for timing, its cash ledger is not kept).
 * Then p50/p95 through `inject` of: the order list (working orders, by status, by group, by engineer,
 * overdue, search by number, phone fragment and IMEI), the board, device history by IMEI, one order, and
 * issuing an order with 10 parts (p50).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { measurer, ms, pct } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rowsOf as rows } from '../src/lib/sql';

const ROUNDS = Number(process.env.BENCH_ORDERS_ROUNDS ?? 100);

/** A valid IMEI from a 14-digit body (Luhn check digit appended), in SQL. */
const imeiSql = (body: ReturnType<typeof sql>) => sql`(select b || ((10 - (sum(case when i % 2 = 0 then d else (case when d * 2 > 9 then d * 2 - 9 else d * 2 end) end) % 10)) % 10)::text
  from (select ${body} as b) x, lateral (select i, substr(x.b, i + 1, 1)::int as d from generate_series(0, 13) i) t group by b)`;

export async function generate(db: Db, n: number, log: (m: string) => void) {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await db.execute(sql`create temp table bench_locs as select row_number() over (order by name) - 1 as i, id from locations where name like 'Сервис+%'`);
  await db.execute(sql`create temp table bench_statuses as select row_number() over (order by position) - 1 as i, id, "group", limit_hours from order_statuses where archived_at is null`);
  await db.execute(sql`create temp table bench_clients as select row_number() over (order by id) - 1 as i, id from counterparties where not is_supplier and archived_at is null`);
  const [{ clients }] = rows<{ clients: number }>(await db.execute(sql`select count(*)::int as clients from bench_clients`));
  const [{ statuses }] = rows<{ statuses: number }>(await db.execute(sql`select count(*)::int as statuses from bench_statuses`));
  const [{ engineer }] = rows<{ engineer: string }>(await db.execute(sql`select id as engineer from employees where phone = '+79000000003'`));
  const [{ manager }] = rows<{ manager: string }>(await db.execute(sql`select id as manager from employees where phone = '+79000000002'`));
  const chunk = 50_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    // A tenth are working (statuses 0..5 in turn), the rest closed («Выдан») or, 1 in 30, cancelled.
    // The repairs report's columns as the service keeps them, written with the row (no UPDATE of 200k rows
    // and their indexes afterwards): works_total = total (the works below are the total and a free
    // diagnosis; the parts are free), parts_cost 0 when issued (no ledger rows here); these orders have no
    // timeline, so an issued one is taken to have been ready 70 % of the way from intake to issue.
    await db.execute(sql`insert into repair_orders (location_id, number, status_id, status_changed_at, finished, overdue_at, client_id, device_type, device_brand, device_model, imei, serial,
        malfunction, estimate, urgent, manager_id, engineer_id, author_id, total, paid, issued_at, created_at, updated_at, works_total, parts_cost, ready_at)
      select l.id, 'РМ-B' || lpad(g::text, 7, '0'), s.id, now() - (g % 1440) * interval '1 hour', s."group" in ('closed', 'cancelled'),
        case when s."group" in ('closed', 'cancelled') then null else now() - (g % 1440) * interval '1 hour' + coalesce(s.limit_hours, 100000) * interval '1 hour' end,
        c.id, (array['Смартфон','Планшет','Ноутбук','Смарт-часы'])[1 + g % 4], (array['Apple','Samsung','Xiaomi','Honor','Huawei','Asus'])[1 + g % 6], 'Модель ' || (g % 500),
        case when g % 2 = 0 then ${imeiSql(sql`lpad((35000000000000 + g * 7919)::text, 14, '0')`)} end,
        case when g % 2 = 1 then 'SN' || lpad(g::text, 10, '0') end,
        (array['Разбит дисплей','Не заряжается','Не включается','Быстро садится батарея','Не работает камера'])[1 + g % 5], 300000 + (g % 50) * 10000, g % 17 = 0,
        ${manager}, ${engineer}, ${manager}, 200000 + (g % 40) * 10000, case when g % 10 = 0 then 0 else 200000 + (g % 40) * 10000 end,
        case when s."group" = 'closed' then now() - (g % 1440) * interval '1 hour' end, now() - (g % 1440) * interval '1 hour' - interval '2 days', now(),
        200000 + (g % 40) * 10000, case when s."group" = 'closed' then 0 end,
        case when s."group" = 'closed' then now() - (g % 1440) * interval '1 hour' - interval '2 days' * 0.3 end
      from generate_series(${from}::int, ${to}::int) g
      join bench_locs l on l.i = g % (select count(*) from bench_locs)
      join bench_statuses s on s.i = case when g % 10 = 0 then g / 10 % 6 when g % 30 = 1 then ${statuses - 1} else ${statuses - 2} end
      join bench_clients c on c.i = g % ${clients}`);
    step(`${to} orders`);
  }
  await db.execute(sql`insert into repair_order_works (order_id, name, price, qty, engineer_id, warranty_days)
    select o.id, 'Работа по заказу', o.total, 1, o.engineer_id, 90 from repair_orders o where o.number like 'РМ-B%'
    union all select o.id, 'Диагностика', 0, 1, o.engineer_id, 0 from repair_orders o where o.number like 'РМ-B%' and right(o.number, 1) in ('1', '5')`);
  step('works');
  // Parts: a product and warehouse of the order's shop, written off for issued orders (the ledger is not replayed here).
  await db.execute(sql`insert into repair_order_parts (order_id, product_id, warehouse_id, qty, price, warranty_days, written_off)
    select o.id, (select id from products where kind = 'good' order by id limit 1), w.id, 1, 0, 30, o.issued_at is not null
    from repair_orders o join warehouses w on w.location_id = o.location_id and w.is_default
    where o.number like 'РМ-B%' and right(o.number, 1) in ('0', '3', '6')`);
  step('parts');
  await db.execute(sql`create temp table bench_cash as select location_id, id from cashboxes where is_default`);
  await db.execute(sql`with paid as (
      select o.id as order_id, o.location_id, o.paid, o.client_id, o.number, o.created_at, row_number() over (partition by o.location_id order by o.id) as k
      from repair_orders o where o.number like 'РМ-B%' and o.paid > 0),
    ops as (
      insert into cash_operations (location_id, kind, number, cashbox_id, amount, client_id, comment, document_type, document_id, document_number, at)
      select p.location_id, 'income', 'ПКО-O' || lpad(p.k::text, 7, '0'), c.id, p.paid, p.client_id, 'Оплата по заказу', 'repair_order', p.order_id, p.number, p.created_at
      from paid p join bench_cash c on c.location_id = p.location_id
      returning id, document_id, amount)
    insert into repair_order_payments (order_id, operation_id, method, amount) select document_id, id, 'cash', amount from ops`);
  step('payments');
  // report_repair_days: the repairs report's summary, rewritten by the trigger for every order inserted.
  for (const t of ['repair_orders', 'repair_order_works', 'repair_order_parts', 'repair_order_payments', 'cash_operations', 'report_repair_days']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  step('vacuum analyze');
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const wanted = Number(process.env.BENCH_ORDERS ?? (config.databaseUrl ? 200_000 : 30_000));
  const [{ n }] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from repair_orders`));
  if (n < wanted) {
    console.log(`generating ${wanted} repair orders first`);
    await generate(db, wanted, console.log);
  }
  const [size] = rows<{ orders: number; works: number; parts: number; payments: number }>(
    await db.execute(sql`select (select count(*)::int from repair_orders) as orders, (select count(*)::int from repair_order_works) as works,
      (select count(*)::int from repair_order_parts) as parts, (select count(*)::int from repair_order_payments) as payments`),
  );
  console.log(`\nrepair orders on ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.orders} orders, ${size.works} works, ${size.parts} parts, ${size.payments} payments`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  const [{ loc }] = rows<{ loc: string }>(await db.execute(sql`select id as loc from locations where name like 'Сервис+ на Арбате'`));
  const headers = { authorization: `Bearer ${login.json().token as string}`, shop: loc };
  const measure = measurer(app, headers, ROUNDS, 46);
  const sample = rows<{ id: string; number: string; imei: string | null; digits: string; status_id: string }>(
    await db.execute(sql`select o.id, o.number, o.imei, o.status_id, c.phone_digits as digits from repair_orders o join counterparties c on c.id = o.client_id
      where o.location_id = ${loc} and o.imei is not null order by o.id limit 50`),
  );
  const statuses = rows<{ id: string; group: string }>(await db.execute(sql`select id, "group" from order_statuses where archived_at is null order by position`));
  const [{ eng }] = rows<{ eng: string }>(await db.execute(sql`select id as eng from employees where phone = '+79000000003'`));
  console.log(`(${ROUNDS} requests each through inject, after 5 warm-up; the shop «Сервис+ на Арбате»)`);
  await measure('list: working orders, page 1..5', (i) => `/api/orders?page=${1 + (i % 5)}&pageSize=50`);
  await measure('list: by status', (i) => `/api/orders?status=${statuses[i % statuses.length].id}&pageSize=50`);
  await measure('list: by group', (i) => `/api/orders?group=${statuses[i % statuses.length].group}&pageSize=50`);
  await measure('list: by engineer, mine first', () => `/api/orders?engineerId=${eng}&mineFirst=true&pageSize=50`);
  await measure('list: overdue', () => `/api/orders?overdue=true&pageSize=50`);
  await measure('list: search by number', (i) => `/api/orders?search=${encodeURIComponent(sample[i % sample.length].number)}`);
  await measure('list: search by a phone fragment (7 digits)', (i) => `/api/orders?search=${sample[i % sample.length].digits.split(' ')[0].slice(4, 11)}`);
  await measure('list: search by IMEI', (i) => `/api/orders?search=${sample[i % sample.length].imei}`);
  await measure('board', () => `/api/orders/board`);
  await measure('device history by IMEI', (i) => `/api/devices/history?q=${sample[i % sample.length].imei}`);
  await measure('one order', (i) => `/api/orders/${sample[i % sample.length].id}`);

  // Issuing an order with 10 parts: 10 products received into the shop's warehouse, an order with a part
  // of each (reserved), paid, then only the issue is timed.
  const [{ wh }] = rows<{ wh: string }>(await db.execute(sql`select id as wh from warehouses where location_id = ${loc} and is_default`));
  const products = rows<{ id: string }>(await db.execute(sql`select id from products where kind = 'good' and not serial_tracked and archived_at is null order by name limit 10`));
  const receipt = await app.inject({ method: 'POST', url: '/api/stock/receipts', headers, payload: { warehouseId: wh, lines: products.map((p) => ({ productId: p.id, qty: 500, cost: 10000 })) } });
  await app.inject({ method: 'POST', url: `/api/stock/receipts/${receipt.json().id}/post`, headers });
  const [{ cash }] = rows<{ cash: string }>(await db.execute(sql`select id as cash from cashboxes where location_id = ${loc} and is_default`));
  const [{ client }] = rows<{ client: string }>(await db.execute(sql`select id as client from counterparties where not is_supplier and archived_at is null order by name limit 1`));
  const issueTimes: number[] = [];
  for (let r = 0; r < 30; r++) {
    const order = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { clientId: client, device: { type: 'Смартфон', brand: 'Bench', model: 'X' }, malfunction: 'Бенч' } });
    const id = order.json().id as string;
    for (const p of products) await app.inject({ method: 'POST', url: `/api/orders/${id}/parts`, headers, payload: { productId: p.id, warehouseId: wh, qty: 1, price: 10000 } });
    await app.inject({ method: 'POST', url: `/api/orders/${id}/payments`, headers, payload: { amount: 100000, cashboxId: cash, method: 'cash' } });
    const statusPath = ['Диагностика', 'В работе', 'Готов'];
    for (const name of statusPath) {
      const [{ sid }] = rows<{ sid: string }>(await db.execute(sql`select id as sid from order_statuses where name = ${name}`));
      await app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers, payload: { statusId: sid } });
    }
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/orders/${id}/issue`, headers, payload: {} });
    issueTimes.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`issue: ${res.statusCode} ${res.body}`);
  }
  console.log(`${'issuing an order with 10 parts (30 runs)'.padEnd(46)} p50 ${ms(pct(issueTimes, 50))}  p95 ${ms(pct(issueTimes, 95))}`);

  // Rendering the completion act of an order (the order's data, Liquid, the sanitising pass), preview only.
  const [{ act }] = rows<{ act: string }>(await db.execute(sql`select id as act from document_templates where kind = 'order_act' and archived_at is null order by created_at limit 1`));
  const renderTimes: number[] = [];
  for (let r = 0; r < 55; r++) {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/templates/${act}/render`, headers, payload: { orderId: sample[r % sample.length].id } });
    if (r >= 5) renderTimes.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`render: ${res.statusCode} ${res.body}`);
  }
  console.log(`${'rendering the completion act (50 runs)'.padEnd(46)} p50 ${ms(pct(renderTimes, 50))}  p95 ${ms(pct(renderTimes, 95))}`);
  await app.close();
}

// Run as a script, not when bench/reports.ts imports the generator.
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
