/**
 * Tasks and planner figures (issue #24), printed, never asserted: on PostgreSQL (DATABASE_URL) or an
 * in-memory PGlite. The first run on a database generates BENCH_TASKS tasks (default 200k on PostgreSQL,
 * 20k on PGlite) and BENCH_PLANNER events (default 300k / 30k) with set-based SQL across the demo shops
 * and staff: tasks mostly done, a fifth open, due over ±2 years; events (shifts and appointments) over
 * ±5 years. Then p50/p95 through `inject` of «my open tasks» (`GET /api/tasks?mine=true&status=new,in_progress`)
 * and a week of one shop's calendar (`GET /api/planner/events`) — the target: p95 < 20 ms each.
 */
import { sql } from 'drizzle-orm';
import { measurer } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rowsOf as rows } from '../src/lib/sql';

const ROUNDS = Number(process.env.BENCH_PLANNER_ROUNDS ?? 200);

async function staffTables(db: Db) {
  await db.execute(sql`create temp table if not exists bench_locs as select row_number() over (order by name) - 1 as i, id from locations where name like 'Сервис+%'`);
  await db.execute(sql`create temp table if not exists bench_staff as select row_number() over (order by e.phone) - 1 as i, e.id, coalesce(
      (select el.location_id from employee_locations el where el.employee_id = e.id order by el.location_id limit 1), (select id from bench_locs where i = 0)) as location_id
    from employees e where e.active`);
}

async function generateTasks(db: Db, n: number, log: (m: string) => void) {
  const t0 = Date.now();
  await staffTables(db);
  const [{ staff }] = rows<{ staff: number }>(await db.execute(sql`select count(*)::int as staff from bench_staff`));
  for (let from = 1; from <= n; from += 50_000) {
    const to = Math.min(n, from + 49_999);
    // A fifth open (new / in progress), the rest done, 1 in 20 cancelled; due ±2 years around now.
    await db.execute(sql`insert into tasks (location_id, title, description, search_text, assignee_id, author_id, due_at, priority, status, reminded_at, done_at, created_at, updated_at)
      select s.location_id, 'Задача бенча ' || g, null, 'задача бенча ' || g, s.id, a.id,
        now() + ((g % 1461) - 730) * interval '1 day' + (g % 24) * interval '1 hour',
        (array['low','normal','high','urgent'])[1 + g % 4],
        case when g % 5 = 0 then 'new' when g % 10 = 1 then 'in_progress' when g % 20 = 3 then 'cancelled' else 'done' end,
        now(), case when g % 5 <> 0 and g % 10 <> 1 and g % 20 <> 3 then now() end,
        now() - ((g % 1461) - 700) * interval '1 day', now()
      from generate_series(${from}::int, ${to}::int) g
      join bench_staff s on s.i = g % ${staff}
      join bench_staff a on a.i = (g / 7) % ${staff}`);
    log(`  ${to} tasks (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`vacuum analyze tasks`);
}

async function generateEvents(db: Db, n: number, log: (m: string) => void) {
  const t0 = Date.now();
  await staffTables(db);
  const [{ staff }] = rows<{ staff: number }>(await db.execute(sql`select count(*)::int as staff from bench_staff`));
  const [{ creator }] = rows<{ creator: string }>(await db.execute(sql`select id as creator from employees where phone = '+79000000001'`));
  for (let from = 1; from <= n; from += 50_000) {
    const to = Math.min(n, from + 49_999);
    // One in three a 10-hour shift, the rest one-hour appointments; spread over ±5 years, 3 shops.
    await db.execute(sql`insert into planner_events (kind, title, starts_at, ends_at, employee_id, location_id, device_brand, device_model, comment, created_by)
      select case when g % 3 = 0 then 'shift' else 'appointment' end,
        case when g % 3 = 0 then 'Смена' else 'Замена экрана' end,
        date_trunc('hour', now()) + ((g % 3652) - 1826) * interval '1 day' + (10 + g % 9) * interval '1 hour',
        date_trunc('hour', now()) + ((g % 3652) - 1826) * interval '1 day' + (10 + g % 9) * interval '1 hour' + case when g % 3 = 0 then interval '10 hours' else interval '1 hour' end,
        s.id, l.id, case when g % 3 = 0 then null else 'Apple' end, case when g % 3 = 0 then null else 'iPhone 13' end, null, ${creator}
      from generate_series(${from}::int, ${to}::int) g
      join bench_staff s on s.i = g % ${staff}
      join bench_locs l on l.i = (g / 3652) % (select count(*) from bench_locs)`);
    log(`  ${to} events (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`vacuum analyze planner_events`);
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  process.env.TASK_REMINDER_MS = '0';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const pg = !!config.databaseUrl;
  const wantTasks = Number(process.env.BENCH_TASKS ?? (pg ? 200_000 : 20_000));
  const wantEvents = Number(process.env.BENCH_PLANNER ?? (pg ? 300_000 : 30_000));
  const [{ t, e }] = rows<{ t: number; e: number }>(await db.execute(sql`select (select count(*)::int from tasks) as t, (select count(*)::int from planner_events) as e`));
  if (t < wantTasks) {
    console.log(`generating ${wantTasks - t} tasks first`);
    await generateTasks(db, wantTasks - t, console.log);
  }
  if (e < wantEvents) {
    console.log(`generating ${wantEvents - e} planner events first`);
    await generateEvents(db, wantEvents - e, console.log);
  }
  const [size] = rows<{ tasks: number; events: number }>(await db.execute(sql`select (select count(*)::int from tasks) as tasks, (select count(*)::int from planner_events) as events`));
  console.log(`\ntasks and planner on ${pg ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.tasks} tasks, ${size.events} planner events`);

  const [{ loc }] = rows<{ loc: string }>(await db.execute(sql`select id as loc from locations where name like 'Сервис+ на Арбате'`));
  const measureAs = async (phone: string) => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password: 'demo1234' } });
    return measurer(app, { authorization: `Bearer ${login.json().token as string}`, shop: loc }, ROUNDS, 58);
  };
  const owner = await measureAs('+79000000001');
  const engineer = await measureAs('+79000000003');
  const [{ mine }] = rows<{ mine: number }>(
    await db.execute(sql`select count(*)::int as mine from tasks where assignee_id = (select id from employees where phone = '+79000000001') and status in ('new', 'in_progress')`),
  );
  const monday = (weeks: number) => {
    const d = new Date();
    const day = (d.getUTCDay() + 6) % 7;
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + weeks * 7) - 3 * 3_600_000);
  };
  const week = (i: number) => `from=${encodeURIComponent(monday((i % 20) - 10).toISOString())}&to=${encodeURIComponent(monday((i % 20) - 9).toISOString())}`;
  const [{ perWeek }] = rows<{ perWeek: number }>(
    await db.execute(sql`select count(*)::int as "perWeek" from planner_events where location_id = ${loc} and starts_at >= ${monday(0)} and starts_at < ${monday(1)}`),
  );
  console.log(`(${ROUNDS} requests each through inject, after 5 warm-up; «Сервис+ на Арбате»; the owner has ${mine} open tasks; ~${perWeek} events a week there)`);
  await owner('tasks: my open tasks (owner), page 1', () => `/api/tasks?mine=true&status=new,in_progress`);
  await engineer('tasks: my open tasks (engineer, own scope), page 1', () => `/api/tasks?mine=true&status=new,in_progress`);
  await owner('planner: a week of one shop (owner, all kinds)', (i) => `/api/planner/events?${week(i)}`);
  await engineer('planner: a week of one shop (engineer, location scope)', (i) => `/api/planner/events?${week(i)}`);
  await owner('planner: a month view (6 weeks) of one shop (owner)', (i) => `/api/planner/events?from=${encodeURIComponent(monday((i % 10) - 5).toISOString())}&to=${encodeURIComponent(monday((i % 10) + 1).toISOString())}`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
