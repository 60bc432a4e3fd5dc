import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf as rows } from '../src/lib/sql';

/**
 * A stock at scale, written with set-based SQL (both engines): `products` goods with a SKU and a
 * barcode, `warehouses` extra warehouses spread over the demo shops, and about `movements` ledger rows —
 * 70 % receipt lines (documents of 100 lines), 30 % write-off lines (each takes one unit a receipt
 * brought). Each product has a fixed cost, so every value follows the valuation rules exactly; the
 * balances and pools are then summed from the ledger, so ledger = balances by construction.
 */
export interface ScaleOptions {
  products: number;
  warehouses: number;
  movements: number;
}

const LINES = 100;

/** The generated goods (`SC-000123`): their number `n`, id and the fixed unit cost every receipt of them uses. */
export const scaleProductsSql = sql`select substring(sku from 4)::int as n, id, (1000 + (substring(sku from 4)::int * 37) % 50000) as cost from products where sku like 'SC-%'`;

/** The running totals the engine keeps per posting, recounted from the balances for a ledger written in bulk. */
export async function recountStockTotals(db: Db): Promise<void> {
  await db.execute(sql`delete from stock_totals`);
  await db.execute(sql`
    insert into stock_totals (warehouse_id, shard, rows, qty, value)
    select warehouse_id, 0, count(*) filter (where qty > 0), sum(qty), sum(value) from stock_balance_values where warehouse_id is not null group by warehouse_id`);
}

export async function generateScale(db: Db, opts: ScaleOptions, log: (m: string) => void = () => {}): Promise<void> {
  const t0 = Date.now();
  const step = (m: string) => log(`  ${m} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const receipts = Math.max(1, Math.round((opts.movements * 0.7) / LINES));
  const writeOffs = Math.min(receipts, Math.round((opts.movements * 0.3) / LINES));

  await db.execute(sql`
    insert into products (kind, name, search_name, sku, sku_key, unit, price)
    select 'good',
      (array['Дисплей','Аккумулятор','Шлейф','Корпус','Камера','Динамик','Разъём','Стекло'])[1 + g % 8] || ' ' ||
      (array['iPhone','Samsung','Xiaomi','Honor','Realme','Tecno','Huawei','Poco'])[1 + (g / 8) % 8] || ' модель ' || g,
      lower((array['Дисплей','Аккумулятор','Шлейф','Корпус','Камера','Динамик','Разъём','Стекло'])[1 + g % 8] || ' ' ||
      (array['iPhone','Samsung','Xiaomi','Honor','Realme','Tecno','Huawei','Poco'])[1 + (g / 8) % 8] || ' модель ' || g),
      'SC-' || lpad(g::text, 6, '0'), 'sc-' || lpad(g::text, 6, '0'), 'шт', (1000 + (g * 37) % 50000) * 2
    from generate_series(1, ${opts.products}) g`);
  await db.execute(sql`create temp table scale_products as ${scaleProductsSql}`);
  await db.execute(sql`create index on scale_products (n)`);
  await db.execute(sql`insert into product_barcodes (barcode, product_id, position) select '29' || lpad(n::text, 11, '0'), id, 0 from scale_products`);
  step(`${opts.products} products with barcodes`);

  await db.execute(sql`
    insert into warehouses (location_id, name, is_default)
    select l.id, 'Склад ' || g, false
    from generate_series(1, ${opts.warehouses}) g
    join (select id, row_number() over (order by name) - 1 as i, count(*) over () as c from locations) l on l.i = g % l.c`);
  await db.execute(sql`create temp table scale_warehouses as select row_number() over (order by id) - 1 as i, id, location_id from warehouses`);
  const [{ w }] = rows<{ w: number }>(await db.execute(sql`select count(*)::int as w from scale_warehouses`));
  step(`${opts.warehouses} more warehouses (${w} in all)`);

  // Documents: receipts 1..R, write-offs 1..E (write-off e mirrors receipt e), 60 days back, in order.
  await db.execute(sql`
    insert into stock_documents (type, number, status, location_id, warehouse_id, posted_at, created_at, updated_at)
    select 'receipt', 'ПР-S' || lpad(d::text, 7, '0'), 'posted', w.location_id, w.id,
      now() - interval '60 days' + (d * interval '1 second' * (3600 * 24 * 50 / ${receipts})),
      now() - interval '60 days' + (d * interval '1 second' * (3600 * 24 * 50 / ${receipts})),
      now() - interval '60 days' + (d * interval '1 second' * (3600 * 24 * 50 / ${receipts}))
    from generate_series(1, ${receipts}) d join scale_warehouses w on w.i = d % ${w}`);
  await db.execute(sql`
    insert into stock_documents (type, number, status, location_id, warehouse_id, reason, posted_at, created_at, updated_at)
    select 'write_off', 'СП-S' || lpad(d::text, 7, '0'), 'posted', w.location_id, w.id, 'Брак',
      now() - interval '9 days' + (d * interval '1 second' * (3600 * 24 * 8 / ${Math.max(1, writeOffs)})),
      now() - interval '9 days' + (d * interval '1 second' * (3600 * 24 * 8 / ${Math.max(1, writeOffs)})),
      now() - interval '9 days' + (d * interval '1 second' * (3600 * 24 * 8 / ${Math.max(1, writeOffs)}))
    from generate_series(1, ${writeOffs}) d join scale_warehouses w on w.i = d % ${w}`);
  step(`${receipts} receipts and ${writeOffs} write-offs`);

  // Lines: product n = ((d·100 + k)·7919 mod N) + 1, distinct inside a document.
  const lineSql = (type: 'receipt' | 'write_off', prefix: string, count: number) => sql`
    insert into stock_document_lines (document_id, position, product_id, qty, cost, value)
    select doc.id, k - 1, p.id,
      ${type === 'receipt' ? sql`1 + (d + k) % 5` : sql`1`},
      ${type === 'receipt' ? sql`p.cost` : sql`null`},
      ${type === 'receipt' ? sql`(1 + (d + k) % 5) * p.cost` : sql`p.cost`}
    from generate_series(1, ${count}) d
    cross join generate_series(1, ${LINES}) k
    join stock_documents doc on doc.type = ${type} and doc.number = ${prefix} || lpad(d::text, 7, '0')
    join scale_products p on p.n = ((d::bigint * ${LINES} + k) * 7919) % ${opts.products} + 1`;
  await db.execute(lineSql('receipt', 'ПР-S', receipts));
  await db.execute(lineSql('write_off', 'СП-S', writeOffs));
  step('document lines');

  await db.execute(sql`
    insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
    select d.posted_at, d.id, d.type, d.number, d.warehouse_id, l.product_id,
      case when d.type = 'receipt' then l.qty else -l.qty end,
      case when d.type = 'receipt' then l.value else -l.value end
    from stock_documents d join stock_document_lines l on l.document_id = d.id
    where d.number like '__-S%'
    order by d.posted_at, d.id, l.position`);
  step('ledger rows');

  await db.execute(sql`
    insert into stock_balances (warehouse_id, product_id, qty)
    select warehouse_id, product_id, sum(qty) from stock_movements where number like '__-S%' group by warehouse_id, product_id
    on conflict (warehouse_id, product_id) do update set qty = stock_balances.qty + excluded.qty`);
  await db.execute(sql`
    insert into stock_pools (product_id, qty, value, last_average)
    select m.product_id, sum(m.qty), sum(m.value), max(p.cost) from stock_movements m join scale_products p on p.id = m.product_id
    where m.number like '__-S%' group by m.product_id
    on conflict (product_id) do update set qty = stock_pools.qty + excluded.qty, value = stock_pools.value + excluded.value`);
  await recountStockTotals(db);
  await db.execute(sql`
    insert into document_counters (location_id, kind, last)
    select location_id, type, ${receipts + writeOffs} from stock_documents group by location_id, type
    on conflict (location_id, kind) do update set last = greatest(document_counters.last, excluded.last)`);
  // A vacuum as well as fresh statistics: the steady state of tables autovacuum keeps (visibility map).
  await db.execute(sql`vacuum analyze`);
  step('balances, pools, counters, vacuum analyze');
}

/** The rows of `db.execute(...)` on either engine. */
export { rows };
