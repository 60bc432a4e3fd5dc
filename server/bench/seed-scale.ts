/**
 * `pnpm --filter server seed:scale`: fills a database with the stock at scale (bench/scale.ts) for
 * `pnpm bench`. PostgreSQL with DATABASE_URL (default 100k products, 30 warehouses, 1M movements);
 * otherwise the embedded database in DATA_DIR with a smaller set (10k / 30 / 100k). Sizes:
 * SCALE_PRODUCTS, SCALE_WAREHOUSES (extra ones), SCALE_MOVEMENTS. Runs once per database.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { generateScale, rows } from './scale';

async function main() {
  const config = loadConfig({ ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' });
  const pg = !!config.databaseUrl;
  const products = Number(process.env.SCALE_PRODUCTS ?? (pg ? 100_000 : 10_000));
  const warehouses = Number(process.env.SCALE_WAREHOUSES ?? 27);
  const movements = Number(process.env.SCALE_MOVEMENTS ?? (pg ? 1_000_000 : 100_000));
  const app = await buildApp({ config, logger: false });
  try {
    const [{ n }] = rows<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from products where sku like 'SC-%'`));
    if (n > 0) {
      console.log(`already scaled: ${n} generated products`);
      return;
    }
    console.log(`${pg ? 'PostgreSQL' : `PGlite (${config.dataDir})`}: ${products} products, +${warehouses} warehouses, ~${movements} movements`);
    const t = Date.now();
    await generateScale(app.db, { products, warehouses, movements }, console.log);
    console.log(`done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
