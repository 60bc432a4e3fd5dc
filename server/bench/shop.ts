/**
 * The online shop's public catalogue (issue #25), printed, never asserted: on PostgreSQL (DATABASE_URL,
 * e.g. postgres://postgres@127.0.0.1:5432/bench_shop) or an in-memory PGlite. The first run on a database
 * generates BENCH_SHOP_ITEMS published catalogue items (default 20k) with set-based SQL: a product each in
 * the demo sub-categories, a third with stock, every fifth with its own price. Then p50/p95 through `inject`,
 * without a token, of public catalogue pages (`GET /api/public/catalog`) over many pages, by storefront
 * category and by search — the target: p95 < 20 ms — and the 304 rate of an unchanged page asked
 * again with its `If-None-Match` (target: every one a 304); and, for comparison, the staff screen's list.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { measurer, ms, pct } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rowsOf as rows } from '../src/lib/sql';

const ROUNDS = Number(process.env.BENCH_SHOP_ROUNDS ?? 200);

async function generate(db: Db, n: number, log: (m: string) => void) {
  const t0 = Date.now();
  await db.execute(sql`create temp table if not exists bench_cats as
    select row_number() over (order by id) - 1 as i, id from categories where parent_id is not null`);
  const [{ cats }] = rows<{ cats: number }>(await db.execute(sql`select count(*)::int as cats from bench_cats`));
  const [{ wh }] = rows<{ wh: string }>(await db.execute(sql`select id as wh from warehouses order by is_default desc, id limit 1`));
  const [{ base }] = rows<{ base: number }>(await db.execute(sql`select coalesce(max(position), 0)::int as base from shop_catalog_items`));
  const [{ start }] = rows<{ start: number }>(await db.execute(sql`select count(*)::int as start from products where sku like 'BSH-%'`));
  for (let from = start + 1; from <= start + n; from += 10_000) {
    const to = Math.min(start + n, from + 9_999);
    await db.execute(sql`insert into products (kind, name, search_name, sku, sku_key, price, category_id)
      select 'good', 'Товар витрины ' || g || (array[' чехол', ' дисплей', ' кабель', ' аккумулятор', ' стекло'])[1 + g % 5],
        'товар витрины ' || g || (array[' чехол', ' дисплей', ' кабель', ' аккумулятор', ' стекло'])[1 + g % 5],
        'BSH-' || g, 'bsh-' || g, 10000 + (g % 500) * 1000, c.id
      from generate_series(${from}::int, ${to}::int) g join bench_cats c on c.i = g % ${cats}`);
    await db.execute(sql`insert into shop_catalog_items (product_id, title, description, search_text, price_override, published, position)
      select p.id, p.name, '<p>Описание ' || p.name || '</p>', p.search_name || ' ' || p.sku_key,
        case when substring(p.sku from 5)::int % 5 = 0 then p.price - 1000 end, true, ${base} + substring(p.sku from 5)::int
      from products p where p.sku like 'BSH-%' and substring(p.sku from 5)::int between ${from} and ${to}`);
    await db.execute(sql`insert into stock_balances (warehouse_id, product_id, qty)
      select ${wh}, p.id, 3 from products p where p.sku like 'BSH-%' and substring(p.sku from 5)::int between ${from} and ${to} and substring(p.sku from 5)::int % 3 = 0
      on conflict do nothing`);
    log(`  ${to - start} items (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze shop_catalog_items`);
  await db.execute(sql`vacuum analyze stock_balances`);
}

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  process.env.TASK_REMINDER_MS = '0';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const pg = !!config.databaseUrl;
  const want = Number(process.env.BENCH_SHOP_ITEMS ?? 20_000);
  const [{ have }] = rows<{ have: number }>(await db.execute(sql`select count(*)::int as have from shop_catalog_items where published`));
  if (have < want) {
    console.log(`generating ${want - have} published catalogue items first`);
    await generate(db, want - have, console.log);
  }
  const [size] = rows<{ items: number; stocked: number }>(
    await db.execute(sql`select count(*)::int as items, count(*) filter (where exists (select 1 from stock_balances b where b.product_id = i.product_id and b.qty > 0))::int as stocked
      from shop_catalog_items i where published`),
  );
  const slugs = rows<{ slug: string }>(await db.execute(sql`select slug from shop_categories where published order by position`)).map((r) => r.slug);
  console.log(`\npublic catalogue on ${pg ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.items} published items (${size.stocked} in stock), ${slugs.length} storefront categories`);
  console.log(`(${ROUNDS} requests each through inject, no token, after 5 warm-up)`);

  const ids = rows<{ id: string }>(await db.execute(sql`select id from shop_catalog_items where published order by position desc limit 500`)).map((r) => r.id);
  const measure = measurer(app, {}, ROUNDS, 58);
  const pages = Math.max(1, Math.floor(size.items / 24));
  await measure('catalogue: page 1 (24 items)', () => '/api/public/catalog');
  await measure('catalogue: pages across the whole list (24 items)', (i) => `/api/public/catalog?page=${1 + ((i * 97) % pages)}`);
  await measure('catalogue: a storefront category, pages 1-5 (48 items)', (i) => `/api/public/catalog?category=${slugs[i % slugs.length] ?? 'none'}&page=${1 + (i % 5)}&pageSize=48`);
  const words = ['чехол', 'дисплей', 'кабель', 'аккумулятор', 'стекло', 'витрины 1', 'bsh-12'];
  await measure('catalogue: search (24 items)', (i) => `/api/public/catalog?search=${encodeURIComponent(words[i % words.length])}`);
  await measure('catalogue: one item', (i) => `/api/public/catalog/${ids[i % ids.length]}`);

  // The staff screen's list (owner), for comparison: 50 a page, with cost-free fields and stock.
  const [{ loc }] = rows<{ loc: string }>(await db.execute(sql`select id as loc from locations order by name limit 1`));
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  const staff = measurer(app, { authorization: `Bearer ${login.json().token as string}`, shop: loc }, ROUNDS, 58);
  await staff('staff: catalogue pages across the list (50 items)', (i) => `/api/shop/catalog?page=${1 + ((i * 37) % Math.max(1, Math.floor(size.items / 50)))}`);

  // The 304 of an unchanged page: a browser or CDN asking again with the tag it holds.
  const first = await app.inject({ method: 'GET', url: '/api/public/catalog?page=3' });
  const etag = String(first.headers.etag);
  const times: number[] = [];
  let notModified = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/public/catalog?page=3', headers: { 'if-none-match': etag } });
    times.push(performance.now() - t);
    if (res.statusCode === 304) notModified += 1;
  }
  console.log(`${'catalogue: unchanged page 3 with If-None-Match'.padEnd(58)} p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}  304: ${notModified}/${ROUNDS} (${((100 * notModified) / ROUNDS).toFixed(0)}%)`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
