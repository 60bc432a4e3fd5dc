/**
 * Pay figures (issue #22), printed, never asserted: on PostgreSQL (DATABASE_URL) or an in-memory PGlite.
 * The first run on a database adds, with set-based SQL (generate_series), on top of the demo company:
 *  - 50 employees («Сотрудник B…», 25 engineers with works and parts-margin percents, one of them limited
 *    to a category, 25 sellers with sales and sales-margin percents, every one with a monthly base);
 *  - BENCH_SALES posted sales (default 500k; 50k on PGlite) of one line each, with their cost, by the
 *    sellers, and BENCH_ORDERS issued repair orders (default 200k; 20k on PGlite) with one work each and a
 *    part in one of four (its write-off in the stock ledger at a cost), by the engineers — spread over
 *    the last 36 months across the demo shops. The documents are minimal: what matters is the commission
 *    ledger they produce, written by `rebuildCommissions` (the posting transactions' set-based writers).
 * Then, through `inject` as the owner: p50/p95 over BENCH_PAYROLL_ROUNDS (default 20) of
 * `GET /api/payroll/accruals?from&to` for last month, every employee (target p95 < 300 ms), the same with
 * `lines=false` (the totals only), and one employee's month with its lines.
 * Alone: `DATABASE_URL=… npx tsx bench/payroll.ts` in server/.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { measurer } from './measure';
import { rows } from './scale';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rebuildCommissions } from '../src/modules/payroll/commissions';

const ROUNDS = Number(process.env.BENCH_PAYROLL_ROUNDS ?? 20);
const EMPLOYEES = 50;
const MONTHS = 36;

const one = async <T>(db: Db, q: ReturnType<typeof sql>) => rows<T>(await db.execute(q))[0];

async function generate(db: Db, sales: number, orders: number, log: (m: string) => void) {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temp table b_locs on commit drop as
      select row_number() over (order by l.name) - 1 as i, l.id, w.id as wh from locations l join warehouses w on w.location_id = l.id and w.is_default where l.name like 'Сервис+%'`);
    await tx.execute(sql`create temp table b_products on commit drop as
      select row_number() over (order by id) - 1 as i, id, greatest(price, 1000) as price, category_id from products where kind = 'good' and archived_at is null`);
    const { locs, products } = await one<{ locs: number; products: number }>(tx as unknown as Db, sql`select (select count(*)::int from b_locs) as locs, (select count(*)::int from b_products) as products`);
    if (!locs || !products) throw new Error('the demo company first (SEED_DEMO)');
    const { category } = await one<{ category: string | null }>(tx as unknown as Db, sql`select category_id as category from b_products where category_id is not null limit 1`);
    // 50 employees: even = engineers, odd = sellers; every shop.
    await tx.execute(sql`with r as (select id from roles where name = 'engineer'), h as (select password_hash from employees where phone = '+79000000001')
      insert into employees (name, phone, password_hash, position, role_id, all_locations, salary)
      select 'Сотрудник B' || lpad(g::text, 3, '0'), '+7966000' || lpad(g::text, 4, '0'), h.password_hash, case when g % 2 = 0 then 'Инженер' else 'Продавец' end, r.id, true,
        case when g % 2 = 0 then jsonb_build_object('monthlyBase', 3000000 + g * 10000, 'rules', jsonb_build_array(
            jsonb_build_object('kind', 'services_percent', 'percent', 10 + (g % 5) * 2.5, 'categoryId', null),
            jsonb_build_object('kind', 'parts_margin_percent', 'percent', 5, 'categoryId', case when g % 10 = 0 then ${category}::text end)))
          else jsonb_build_object('monthlyBase', 2500000 + g * 10000, 'rules', jsonb_build_array(
            jsonb_build_object('kind', 'sales_percent', 'percent', 1.5 + (g % 3), 'categoryId', null),
            jsonb_build_object('kind', 'sales_margin_percent', 'percent', 7.25, 'categoryId', null))) end
      from generate_series(0, ${EMPLOYEES - 1}) g, r, h`);
    await tx.execute(sql`update employees set created_at = now() - interval '40 months' where phone like '+7966000%'`);
    await tx.execute(sql`create temp table b_emp on commit drop as
      select row_number() over (order by name) - 1 as i, id, position from employees where phone like '+7966000%'`);
    step(`${EMPLOYEES} employees with schemes`);
    const chunk = 100_000;
    for (let from = 1; from <= sales; from += chunk) {
      const to = Math.min(sales, from + chunk - 1);
      await tx.execute(sql`with s as materialized (
          select g, gen_random_uuid() as id, l.id as loc, l.wh, p.id as product, p.price, (p.price * 6 / 10)::bigint as cost, 1 + g % 3 as qty,
            e.id as seller, now() - (g::float8 / ${sales}::int) * interval '${sql.raw(String(MONTHS))} months' as at
          from generate_series(${from}::int, ${to}::int) g
          join b_locs l on l.i = g % ${locs}::int
          join b_products p on p.i = (g::bigint * 7919) % ${products}::int
          join (select row_number() over (order by i) - 1 as k, id from b_emp where position = 'Продавец') e on e.k = g % 25),
        ins as (insert into sales (id, location_id, number, status, warehouse_id, employee_id, subtotal, total, paid, posted_at, created_at, updated_at)
          select id, loc, 'ПД-B' || lpad(g::text, 7, '0'), 'posted', wh, seller, price * qty, price * qty, price * qty, at, at, at from s)
        insert into sale_lines (sale_id, position, product_id, name, qty, price, total, cost)
        select id, 0, product, 'Товар', qty, price, price * qty, cost * qty from s`);
      step(`${to} sales`);
    }
    const { client } = await one<{ client: string }>(tx as unknown as Db, sql`select id as client from counterparties order by created_at limit 1`);
    const { status } = await one<{ status: string }>(tx as unknown as Db, sql`select id as status from order_statuses where "group" = 'closed' limit 1`);
    for (let from = 1; from <= orders; from += chunk) {
      const to = Math.min(orders, from + chunk - 1);
      await tx.execute(sql`with o as materialized (
          select g, gen_random_uuid() as id, l.id as loc, l.wh, e.id as engineer, 150000 + (g % 40) * 5000 as work,
            p.id as product, p.price as part_price, (p.price * 6 / 10)::bigint as part_cost,
            now() - (g::float8 / ${orders}::int) * interval '${sql.raw(String(MONTHS))} months' as at
          from generate_series(${from}::int, ${to}::int) g
          join b_locs l on l.i = g % ${locs}::int
          join b_products p on p.i = (g::bigint * 104729) % ${products}::int
          join (select row_number() over (order by i) - 1 as k, id from b_emp where position = 'Инженер') e on e.k = g % 25),
        -- The repairs report's columns as the service keeps them, with the row: works_total = the work,
        -- parts_cost = the ledger rows written below (no timeline here, so no ready_at).
        ins as (insert into repair_orders (id, location_id, number, status_id, status_changed_at, finished, client_id, device_type, device_brand, device_model, malfunction,
            engineer_id, total, paid, issued_at, created_at, updated_at, works_total, parts_cost)
          select id, loc, 'РМ-B' || lpad(g::text, 7, '0'), ${status}::uuid, at, true, ${client}::uuid, 'Смартфон', 'Apple', 'iPhone', 'Не включается',
            engineer, work + case when g % 4 = 0 then part_price else 0 end, work + case when g % 4 = 0 then part_price else 0 end, at, at - interval '2 days', at,
            work, case when g % 4 = 0 then part_cost else 0 end from o),
        w as (insert into repair_order_works (order_id, name, price, qty) select id, 'Замена дисплея', work, 1 from o),
        pa as (insert into repair_order_parts (order_id, product_id, warehouse_id, qty, price, written_off) select id, product, wh, 1, part_price, true from o where g % 4 = 0)
        insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
        select at, id, 'repair_order', 'РМ-B' || lpad(g::text, 7, '0'), wh, product, -1, -part_cost from o where g % 4 = 0`);
      step(`${to} repair orders`);
    }
  });
  for (const t of ['sales', 'sale_lines', 'repair_orders', 'repair_order_works', 'repair_order_parts', 'stock_movements', 'employees', 'report_repair_days']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  const t = performance.now();
  await db.transaction((tx) => rebuildCommissions(tx));
  await db.execute(sql`vacuum analyze payroll_commissions`);
  await db.execute(sql`vacuum analyze payroll_commission_months`);
  step(`commission ledger rebuilt in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const pg = !!config.databaseUrl;
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const { generated } = await one<{ generated: number }>(db, sql`select count(*)::int as generated from employees where phone like '+7966000%'`);
  if (generated === 0) {
    const sales = Number(process.env.BENCH_SALES ?? (pg ? 500_000 : 50_000));
    const orders = Number(process.env.BENCH_ORDERS ?? (pg ? 200_000 : 20_000));
    console.log(`generating ${EMPLOYEES} employees, ${sales} sales and ${orders} repair orders over ${MONTHS} months`);
    const t = performance.now();
    await generate(db, sales, orders, console.log);
    console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const size = await one<{ sales: number; orders: number; rows: number }>(
    db,
    sql`select (select count(*)::int from sales) as sales, (select count(*)::int from repair_orders where issued_at is not null) as orders, (select count(*)::int from payroll_commissions) as rows`,
  );
  const now = new Date(Date.now() + 3 * 3_600_000);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().token as string}` };
  const probe = await app.inject({ method: 'GET', url: `/api/payroll/accruals?from=${from}&to=${to}`, headers });
  const list = probe.json() as Array<{ lines: unknown[] }>;
  console.log(`\npay on ${pg ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.sales} sales, ${size.orders} issued orders, ${size.rows} commission rows`);
  console.log(`${from}…${to}: ${list.length} employees, ${list.reduce((s, a) => s + a.lines.length, 0)} document lines, ${(probe.body.length / 1e6).toFixed(1)} MB`);
  const measure = measurer(app, headers, ROUNDS, 52);
  await measure('accruals, every employee, one month (target < 300 ms)', () => `/api/payroll/accruals?from=${from}&to=${to}`);
  await measure('the same without the document lines (lines=false)', () => `/api/payroll/accruals?from=${from}&to=${to}&lines=false`);
  const [first] = [...(list as unknown as Array<{ employeeId: string; lines: unknown[] }>)].sort((a, b) => b.lines.length - a.lines.length);
  await measure(`the busiest employee's month (${first.lines.length} lines)`, () => `/api/payroll/accruals?from=${from}&to=${to}&employeeId=${first.employeeId}`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
