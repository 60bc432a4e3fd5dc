/**
 * Finance figures (issue #9), printed, never asserted: on PostgreSQL (DATABASE_URL) or an in-memory
 * PGlite. The first run on a database generates BENCH_FINANCE_OPERATIONS cash operations (default 1M on
 * PostgreSQL, 200k on PGlite) with set-based SQL over BENCH_FINANCE_CASHBOXES extra cashboxes (default 27),
 * ledger rows with their running balance and the balances summed from them (ledger = balances by
 * construction). Then:
 * - p50/p95 of the ledger page of one cashbox, of a whole shop, filtered by category, and of the cashbox list;
 * - posting an income (p50, p95);
 * - 200 parallel expenses against one cashbox: outcomes, and ledger = balances afterwards.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { measurer, ms, pct } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rowsOf as rows } from '../src/lib/sql';

const ROUNDS = Number(process.env.BENCH_FINANCE_ROUNDS ?? 200);

/**
 * Cash operations at scale: cashbox k's operations go income, income, expense (an expense is always
 * smaller than the income before it), spread over the last 60 days; numbers «ПКО-B…» / «РКО-B…» cannot
 * clash with real ones. Written in chunks so PGlite's memory stays flat.
 */
export async function generateCash(db: Db, operations: number, extraCashboxes: number, log: (m: string) => void) {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await db.execute(sql`
    insert into cashboxes (location_id, name, kind, is_default)
    select l.id, 'Бенч-касса ' || g, (array['cash','bank','card'])[1 + g % 3], false
    from generate_series(1, ${extraCashboxes}) g
    join (select id, row_number() over (order by name) - 1 as i, count(*) over () as c from locations) l on l.i = g % l.c`);
  await db.execute(sql`create temp table bench_boxes as select row_number() over (order by id) - 1 as i, id, location_id from cashboxes`);
  await db.execute(sql`insert into cash_balances (cashbox_id) select id from bench_boxes on conflict do nothing`);
  const [{ k }] = rows<{ k: number }>(await db.execute(sql`select count(*)::int as k from bench_boxes`));
  const [{ owner }] = rows<{ owner: string }>(await db.execute(sql`select id as owner from employees order by created_at limit 1`));
  const [{ inc }] = rows<{ inc: string }>(await db.execute(sql`select id as inc from finance_categories where kind = 'income' and code is null order by position limit 1`));
  const [{ exp }] = rows<{ exp: string }>(await db.execute(sql`select id as exp from finance_categories where kind = 'expense' and code is null order by position limit 1`));
  step(`${extraCashboxes} more cashboxes (${k} in all)`);
  const chunk = 100_000;
  for (let from = 1; from <= operations; from += chunk) {
    const to = Math.min(operations, from + chunk - 1);
    const int = (v: number) => sql.raw(String(Math.floor(v)));
    await db.execute(sql`create temp table bench_ops as
      select gen_random_uuid() as id, g, b.id as cashbox_id, b.location_id,
        case when (g / ${int(k)}) % 3 = 2 then 'expense' else 'income' end as kind,
        case when (g / ${int(k)}) % 3 = 2 then 100 + (g * 104729) % 90000 else 100000 + (g * 7919) % 900000 end as amount,
        now() - interval '60 days' + g * (interval '60 days' / ${int(operations)}) as at
      from generate_series(${int(from)}::bigint, ${int(to)}::bigint) g join bench_boxes b on b.i = g % ${int(k)}`);
    await db.execute(sql`insert into cash_operations (id, location_id, kind, number, status, cashbox_id, amount, category_id, author_id, at, created_at)
      select id, location_id, kind, case when kind = 'income' then 'ПКО-B' else 'РКО-B' end || lpad(g::text, 8, '0'), 'posted', cashbox_id, amount,
        case when kind = 'income' then ${inc}::uuid else ${exp}::uuid end, ${owner}::uuid, at, at
      from bench_ops`);
    await db.execute(sql`insert into cash_movements (at, operation_id, cashbox_id, amount, balance_after, category_id)
      select o.at, o.id, o.cashbox_id, s.signed,
        b.balance + sum(s.signed) over (partition by o.cashbox_id order by o.g),
        case when o.kind = 'income' then ${inc}::uuid else ${exp}::uuid end
      from bench_ops o cross join lateral (select case when o.kind = 'income' then o.amount else -o.amount end as signed) s
        join cash_balances b on b.cashbox_id = o.cashbox_id
      order by o.g`);
    await db.execute(sql`update cash_balances b set balance = b.balance + d.delta, rows = b.rows + d.n, total_in = b.total_in + d.total_in, total_out = b.total_out + d.total_out
      from (select cashbox_id, sum(case when kind = 'income' then amount else -amount end) as delta, count(*) as n,
          coalesce(sum(amount) filter (where kind = 'income'), 0) as total_in, coalesce(sum(amount) filter (where kind = 'expense'), 0) as total_out
        from bench_ops group by cashbox_id) d
      where d.cashbox_id = b.cashbox_id`);
    await db.execute(sql`drop table bench_ops`);
    step(`operations ${from}..${to}`);
  }
  await db.execute(sql`vacuum analyze cash_operations`);
  await db.execute(sql`vacuum analyze cash_movements`);
  // The cash-flow report's summary, upserted by the ledger's trigger for every chunk.
  await db.execute(sql`vacuum analyze report_cash_days`);
  step('analyzed');
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const [{ n }] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from cash_operations where number like '%-B%'`));
  if (n === 0) {
    const operations = Number(process.env.BENCH_FINANCE_OPERATIONS ?? (config.databaseUrl ? 1_000_000 : 200_000));
    console.log(`generating ${operations} cash operations first`);
    await generateCash(db, operations, Number(process.env.BENCH_FINANCE_CASHBOXES ?? 27), console.log);
  }
  const [size] = rows<{ operations: number; movements: number; cashboxes: number }>(
    await db.execute(sql`select (select count(*)::int from cash_operations) as operations, (select count(*)::int from cash_movements) as movements,
      (select count(*)::int from cashboxes) as cashboxes`),
  );
  console.log(`\nfinance on ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.operations} operations, ${size.movements} ledger rows, ${size.cashboxes} cashboxes`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  const token = login.json().token as string;
  const locations = (await app.inject({ method: 'GET', url: '/api/location', headers: { authorization: `Bearer ${token}` } })).json() as Array<{ _id: string }>;
  const headers = { authorization: `Bearer ${token}`, shop: locations[0]._id };
  const measure = measurer(app, headers, ROUNDS, 48);
  const boxes = rows<{ id: string; n: number }>(
    await db.execute(sql`select m.cashbox_id as id, count(*)::int as n from cash_movements m join cashboxes c on c.id = m.cashbox_id
      where c.location_id = ${locations[0]._id} group by 1 order by 2 desc`),
  );
  const [{ cat }] = rows<{ cat: string }>(await db.execute(sql`select id as cat from finance_categories where kind = 'expense' and code is null order by position limit 1`));
  console.log(`(${ROUNDS} requests each through inject, after 5 warm-up; busiest cashbox of the shop: ${boxes[0]?.n ?? 0} rows)`);
  await measure('ledger page 1..10 of one cashbox', (i) => `/api/finance/ledger?cashboxId=${boxes[i % Math.min(3, boxes.length)].id}&page=${1 + (i % 10)}&pageSize=50`);
  await measure('ledger page 1..10 of the shop (all its cashboxes)', (i) => `/api/finance/ledger?page=${1 + (i % 10)}&pageSize=50`);
  await measure('ledger of one cashbox by category, last 7 days', (i) => `/api/finance/ledger?cashboxId=${boxes[i % Math.min(3, boxes.length)].id}&categoryId=${cat}&from=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}&pageSize=50`);
  await measure('cashbox balances, all shops', () => `/api/finance/cashboxes?locationId=all`);
  await measure('operations page 1..10 of the shop', (i) => `/api/finance/operations?page=${1 + (i % 10)}&pageSize=50`);

  // Posting: a fresh cashbox, sequential incomes.
  const box = await app.inject({ method: 'POST', url: '/api/finance/cashboxes', headers, payload: { name: `Бенч ${Date.now()}`, kind: 'cash' } });
  if (box.statusCode !== 201) throw new Error(`cashbox: ${box.body}`);
  const cashboxId = box.json().id as string;
  const [{ inc }] = rows<{ inc: string }>(await db.execute(sql`select id as inc from finance_categories where kind = 'income' and code is null order by position limit 1`));
  const postTimes: number[] = [];
  for (let r = 0; r < 100; r++) {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/finance/operations', headers: { ...headers, 'idempotency-key': `bench-${Date.now()}-${r}` }, payload: { kind: 'income', cashboxId, amount: 1000, categoryId: inc } });
    postTimes.push(performance.now() - t);
    if (res.statusCode !== 201) throw new Error(`post: ${res.body}`);
  }
  console.log(`${'posting an income with Idempotency-Key (100 runs)'.padEnd(48)} p50 ${ms(pct(postTimes, 50))}  p95 ${ms(pct(postTimes, 95))}`);

  // 200 parallel expenses of 10 ₽ against the 1 000 ₽ just taken in.
  const t = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, () => app.inject({ method: 'POST', url: '/api/finance/operations', headers, payload: { kind: 'expense', cashboxId, amount: 1000, categoryId: cat } })),
  );
  const elapsed = performance.now() - t;
  const ok = outcomes.filter((o) => o.statusCode === 201).length;
  const refused = outcomes.filter((o) => o.statusCode === 409).length;
  const [after] = rows<{ balance: number }>(await db.execute(sql`select balance::int from cash_balances where cashbox_id = ${cashboxId}`));
  const [bad] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from cash_balances b left join (select cashbox_id, sum(amount) as s from cash_movements group by cashbox_id) m using (cashbox_id)
      where b.balance <> coalesce(m.s, 0) or b.balance < 0`),
  );
  console.log(`200 parallel expenses of 10 ₽ against 1 000 ₽: ${ok} posted, ${refused} refused (409) in ${ms(elapsed)}; balance → ${after.balance}; cashboxes with ledger ≠ balance: ${bad.n}`);
  console.log(`rss: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  await app.close();
}

// Run as a script, not when bench/reports.ts imports the generator.
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
