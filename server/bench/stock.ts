/**
 * Stock figures (issue #8), printed, never asserted: on a database filled by `seed:scale` (DATABASE_URL),
 * or on an in-memory PGlite scaled here (BENCH_STOCK_PRODUCTS / _MOVEMENTS, default 10k / 100k).
 * - p50/p95 of the balances page, product search by name, SKU and barcode, the product card's history;
 * - posting a 100-line receipt (p50, p95);
 * - 200 parallel write-offs fighting over the last units: outcomes, and ledger = balances afterwards.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { measurer, ms, pct } from './measure';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { generateScale, rows } from './scale';

const ROUNDS = Number(process.env.BENCH_STOCK_ROUNDS ?? 200);

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const app = await buildApp({ config, logger: false });
  const db = app.db;
  const [{ n }] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where sku like 'SC-%'`));
  if (n === 0) {
    const products = Number(process.env.BENCH_STOCK_PRODUCTS ?? 10_000);
    const movements = Number(process.env.BENCH_STOCK_MOVEMENTS ?? 100_000);
    console.log(`scaling this database first: ${products} products, ~${movements} movements`);
    await generateScale(db, { products, warehouses: 27, movements }, console.log);
  }
  const [size] = rows<{ products: number; movements: number; warehouses: number; balances: number }>(
    await db.execute(sql`select (select count(*)::int from products) as products, (select count(*)::int from stock_movements) as movements,
      (select count(*)::int from warehouses) as warehouses, (select count(*)::int from stock_balances) as balances`),
  );
  console.log(`\nstock on ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}: ${size.products} products, ${size.warehouses} warehouses, ${size.movements} movements, ${size.balances} balance rows`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000001', password: 'demo1234' } });
  const token = login.json().token as string;
  const locations = (await app.inject({ method: 'GET', url: '/api/location', headers: { authorization: `Bearer ${token}` } })).json() as Array<{ _id: string }>;
  const headers = { authorization: `Bearer ${token}`, shop: locations[0]._id };
  const measure = measurer(app, headers, ROUNDS, 44);
  const [sample] = rows<{ id: string }>(await db.execute(sql`select product_id as id from stock_movements group by product_id order by count(*) desc limit 1`));
  const scaled = Math.max(1, n || Number(process.env.BENCH_STOCK_PRODUCTS ?? 10_000));
  const pick = (i: number) => 1 + ((i * 7919) % scaled);

  console.log(`(${ROUNDS} requests each through inject, after 5 warm-up)`);
  await measure('balances, page 1..10 of the shop', (i) => `/api/stock/balances?page=${1 + (i % 10)}&pageSize=50`);
  await measure('balances, all shops, page 1..10', (i) => `/api/stock/balances?allLocations=true&page=${1 + (i % 10)}&pageSize=50`);
  await measure('balances, search by name', (i) => `/api/stock/balances?search=${encodeURIComponent(`модель ${pick(i)}`)}`);
  await measure('product search by name', (i) => `/api/catalog/products?search=${encodeURIComponent(`модель ${pick(i)}`)}&pageSize=20`);
  await measure('product search by SKU', (i) => `/api/catalog/products?search=SC-${String(pick(i)).padStart(6, '0')}&pageSize=20`);
  await measure('product search by barcode', (i) => `/api/catalog/products?search=29${String(pick(i)).padStart(11, '0')}&pageSize=20`);
  await measure('product card history page (busiest product)', (i) => `/api/stock/movements?productId=${sample.id}&page=${1 + (i % 3)}&pageSize=20`);

  // Posting a 100-line receipt: the draft is made first, only the post is timed.
  const warehouses = (await app.inject({ method: 'GET', url: `/api/stock/warehouses?locationId=${locations[0]._id}`, headers })).json() as Array<{ id: string; isDefault: boolean }>;
  const warehouseId = warehouses.find((w) => w.isDefault)!.id;
  const ids = rows<{ id: string }>(await db.execute(sql`select id from products where sku like 'SC-%' order by sku limit 3000`)).map((r) => r.id);
  const postTimes: number[] = [];
  for (let r = 0; r < 20; r++) {
    const lines = ids.slice((r * 100) % Math.max(100, ids.length - 100), ((r * 100) % Math.max(100, ids.length - 100)) + 100).map((productId, i) => ({ productId, qty: 1 + (i % 4), cost: 1000 + i }));
    const draft = await app.inject({ method: 'POST', url: '/api/stock/receipts', headers, payload: { warehouseId, lines } });
    if (draft.statusCode !== 201) throw new Error(`draft: ${draft.body}`);
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/stock/receipts/${draft.json().id}/post`, headers });
    postTimes.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`post: ${res.body}`);
  }
  console.log(`${'posting a 100-line receipt (20 runs)'.padEnd(44)} p50 ${ms(pct(postTimes, 50))}  p95 ${ms(pct(postTimes, 95))}`);

  // 200 parallel write-offs of one unit each over a product with 50 units.
  const target = ids[ids.length - 1];
  const receipt = await app.inject({ method: 'POST', url: '/api/stock/receipts', headers, payload: { warehouseId, lines: [{ productId: target, qty: 50, cost: 777 }] } });
  await app.inject({ method: 'POST', url: `/api/stock/receipts/${receipt.json().id}/post`, headers });
  const before = rows<{ qty: number }>(await db.execute(sql`select qty from stock_balances where product_id = ${target} and warehouse_id = ${warehouseId}`))[0]?.qty ?? 0;
  const drafts = await Promise.all(
    Array.from({ length: 200 }, async () => (await app.inject({ method: 'POST', url: '/api/stock/write-offs', headers, payload: { warehouseId, reason: 'Бенчмарк', lines: [{ productId: target, qty: 1 }] } })).json().id as string),
  );
  const t = performance.now();
  const outcomes = await Promise.all(drafts.map((id) => app.inject({ method: 'POST', url: `/api/stock/write-offs/${id}/post`, headers })));
  const elapsed = performance.now() - t;
  const ok = outcomes.filter((o) => o.statusCode === 200).length;
  const refused = outcomes.filter((o) => o.statusCode === 409).length;
  const [after] = rows<{ qty: number }>(await db.execute(sql`select qty from stock_balances where product_id = ${target} and warehouse_id = ${warehouseId}`));
  const [bad] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select m.warehouse_id, m.product_id from stock_movements m left join stock_balances b using (warehouse_id, product_id)
      where m.warehouse_id is not null group by m.warehouse_id, m.product_id, b.qty having sum(m.qty) <> coalesce(b.qty, 0)) x`),
  );
  const [badPools] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from stock_pools p left join (select product_id, sum(qty) q, sum(value) v from stock_movements group by product_id) m using (product_id)
      where p.qty <> coalesce(m.q, 0) or p.value <> coalesce(m.v, 0)`),
  );
  console.log(`200 parallel write-offs over ${before} units: ${ok} posted, ${refused} refused (409) in ${ms(elapsed)}; balance ${before} → ${after.qty}; ledger ≠ balances rows: ${bad.n}, ledger ≠ pools: ${badPools.n}`);
  console.log(`rss: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
