/**
 * Public requests from the site (issue #25), printed, never asserted: on PostgreSQL (DATABASE_URL) or an
 * in-memory PGlite. BENCH_REQUEST_RATE requests a second (default 100) for BENCH_REQUEST_SECONDS (default
 * 10) through `inject`, each from one of many addresses (each under the limit of 5 in 10 minutes), a
 * tenth of them repeats of an earlier phone (merged); meanwhile one address sends 20 a second and is
 * limited. The issue's target: no answer but 201 from the many, only 429s for the one after its fifth.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ms, pct } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { rowsOf as rows } from '../src/lib/sql';

const RATE = Number(process.env.BENCH_REQUEST_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_REQUEST_SECONDS ?? 10);
const ABUSER_RATE = 20;
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, msec)));

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  process.env.TASK_REMINDER_MS = '0';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  // Open for requests; earlier runs' hits of the bench's addresses forgotten.
  await db.execute(sql`insert into shop_settings (id, site_name) values (1, 'Бенч') on conflict (id) do update set requests_open = true`);
  await db.execute(sql`delete from shop_request_hits where ip like '198.18.%' or ip like '198.19.%'`);
  const [model] = rows<{ id: string }>(await db.execute(sql`select m.id from shop_models m join shop_device_types t on t.id = m.type_id join shop_brands b on b.id = m.brand_id where m.published and t.published and b.published limit 1`));
  const [{ before }] = rows<{ before: number }>(await db.execute(sql`select count(*)::int as before from shop_requests`));

  const run = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const phoneOf = (i: number) => `+79${run.slice(0, 2)}${String(i % 10_000_000).padStart(7, '0')}`;
  const body = (i: number, phoneIndex: number) =>
    i % 3 === 0 && model
      ? { kind: 'repair', name: `Клиент ${i}`, phone: phoneOf(phoneIndex), modelId: model.id, problem: 'Разбит экран', website: '', startedAt: Date.now() - 60_000 }
      : { kind: 'callback', name: `Клиент ${i}`, phone: phoneOf(phoneIndex), website: '', startedAt: Date.now() - 60_000 };
  const send = async (payload: object, ip: string) => {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/public/requests', remoteAddress: ip, payload });
    return { status: res.statusCode, ms: performance.now() - t, body: res.statusCode >= 400 ? res.body : '' };
  };

  const total = RATE * SECONDS;
  const many: Array<Promise<{ status: number; ms: number; body: string }>> = [];
  const abuser: Array<Promise<{ status: number; ms: number; body: string }>> = [];
  console.log(`shop requests: ${RATE}/s for ${SECONDS} s from many addresses, one address at ${ABUSER_RATE}/s (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  const t0 = performance.now();
  let lag = 0;
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    lag = Math.max(lag, performance.now() - due);
    await sleep(due - performance.now());
    // Each address sends at most 2 in the run (10 000 addresses / many): well under the limit.
    const ip = `198.18.${Math.floor((i % 10_000) / 250)}.${(i % 250) + 1}`;
    // One in ten repeats the phone and kind of one sent a moment ago: merged into that request.
    const phoneIndex = i % 10 === 9 && i > 20 ? i - 9 : i;
    many.push(send(body(i, phoneIndex), ip));
    if (i % Math.round(RATE / ABUSER_RATE) === 0) abuser.push(send(body(1_000_000 + i, 5_000_000 + i), '198.19.0.1'));
  }
  const answers = await Promise.all(many);
  const elapsed = (performance.now() - t0) / 1000;
  const fromOne = await Promise.all(abuser);

  const notCreated = answers.filter((a) => a.status !== 201);
  const times = answers.map((a) => a.ms);
  const [{ after }] = rows<{ after: number }>(await db.execute(sql`select count(*)::int as after from shop_requests`));
  console.log(`  sent ${answers.length} in ${elapsed.toFixed(1)} s (${(answers.length / elapsed).toFixed(0)}/s; the sender's worst lag ${ms(lag)})`);
  console.log(`  many addresses: 201 ${answers.length - notCreated.length}, other ${notCreated.length}${notCreated.length ? ` (first: ${notCreated[0].status} ${notCreated[0].body.slice(0, 120)})` : ''}`);
  console.log(`  latency p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}  max ${ms(Math.max(...times))}`);
  console.log(`  one address: sent ${fromOne.length}, 201 ${fromOne.filter((a) => a.status === 201).length}, 429 ${fromOne.filter((a) => a.status === 429).length}, other ${fromOne.filter((a) => a.status !== 201 && a.status !== 429).length}`);
  const accepted = answers.length - notCreated.length + fromOne.filter((a) => a.status === 201).length;
  console.log(`  accepted ${accepted}, rows added ${after - before}: ${accepted - (after - before)} repeats merged into their first request`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
