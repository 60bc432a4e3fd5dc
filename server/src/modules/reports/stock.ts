import { reportMessages, type stockReportQuerySchema, type StockReport, type StockReportSlice } from '@repo/contracts';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx';
import { forbidden } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { productMatches, searchTerms, type SearchTerms } from '../catalog/search';
import { reportScope } from './access';
import { dayEnd, monthBefore, moscowToday } from './period';
import { fromBase, pastBase, stockSnapshots, type PastFilters } from './stock-past';
import { leftoverOf, poolShare, splitShares } from './stock-split';
import type { XlsxColumn } from './xlsx';

/**
 * The stock report (server/docs/reports.md «Stock»): the goods in stock at the end of a Moscow day in the
 * report's warehouses, valued at cost the way the balances page values them (the company pool's value
 * split over every warehouse and the goods in transit by quantity, largest remainder, ties in warehouse id
 * order, transit last: valuation.ts `warehouseValues`, the view `stock_balance_values`), with the last sale
 * of each (the slow movers). Today reads the balances and the pools; a past day its nearest snapshot and
 * the ledger rows between (stock-past.ts). One statement answers the totals, the slices by warehouse and by
 * category and the page; a second one, at the same time on another connection, the totals a month before.
 */

type Query = z.output<typeof stockReportQuerySchema>;

const NO_CATEGORY = 'Без категории';

interface Filters {
  warehouseIds: string[];
  /** Only these goods (the goods in transit, split exactly before the rest is read from the pools). */
  only?: string[];
  categoryId?: string;
  terms?: SearchTerms;
  slowDays?: number;
}

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/**
 * A report's statement without JIT: its estimated cost passes PostgreSQL's JIT thresholds at the scale of
 * the bench, and compiling its plan took 3.9 s of a 4.3 s answer (100k goods: 235 functions); run alone,
 * the plan is interpreted in a fraction of that. `SET LOCAL` needs the statement's own transaction.
 */
export function withoutJit(ctx: Ctx, query: SQL, hashJoins = false) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    if (hashJoins) {
      await tx.execute(sql`set local enable_nestloop = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
    }
    return tx.execute(query);
  });
}

/** The goods' own filters: a category (a top-level one with its sub-categories) and the catalogue's search. */
function productConds(f: Filters): SQL[] {
  const conds: SQL[] = [];
  if (f.categoryId) conds.push(sql`(p.category_id = ${f.categoryId} or p.category_id in (select id from categories where parent_id = ${f.categoryId}))`);
  if (f.terms) conds.push(productMatches(sql`p`, f.terms));
  return conds;
}

/**
 * The CTEs of the goods in stock today in some warehouses (`day`: today, for the days without a sale):
 * `shares` (each matching product's units and value in each chosen warehouse), `rows` (per product: units,
 * value, last sale, days without one) and `matched` (`rows` through the slow movers' filter).
 *
 * The value is the view's split (0008): floor(V·q / Q) per bucket, the kopecks left over to the largest
 * remainders (ties in warehouse id order, transit last). Only what it needs is computed: a product whose
 * units are all in the chosen warehouses (every product of an all-shops report but those in transit) is worth
 * its whole pool there, and is split over those warehouses only when per-warehouse values are wanted
 * (`perWarehouse`, the slices), without reading its other balances; a product with no kopeck left over
 * (every remainder zero, as when all its units cost the same) needs no ranking; only the rest are ranked.
 */
function stockToday(day: string, f: Filters, perWarehouse: boolean): SQL {
  const W = uuids(f.warehouseIds);
  const conds: SQL[] = [sql`true`, ...productConds(f)];
  if (f.only) conds.push(sql`p.id = any(${uuids(f.only)})`);
  const onlyRows = f.only ? sql` and product_id = any(${uuids(f.only)})` : sql``;
  // Stock in the chosen warehouses.
  const wq = sql`select product_id, warehouse_id, qty from stock_balances where warehouse_id = any(${W})${onlyRows}`;
  // Each product's pool.
  const pool = sql`select sp.product_id, sp.qty::bigint as qty, sp.value, sp.last_sale_at from prod join stock_pools sp on sp.product_id = prod.id`;
  // The other warehouses' stock of the products not wholly in the chosen ones.
  const other = sql`select b.product_id, b.warehouse_id, b.qty::bigint as qty from open
    cross join lateral (select x.product_id, x.warehouse_id, x.qty from stock_balances x where x.product_id = open.product_id and x.warehouse_id <> all(${W}) and x.qty > 0) b`;
  const part = (q: SQL) => poolShare(sql`pool.value`, sql`pool.qty`, q).part;
  const rem = (q: SQL) => poolShare(sql`pool.value`, sql`pool.qty`, q).rem;
  return sql`
    wq as materialized (select product_id, warehouse_id, sum(qty)::bigint as qty from (${wq}) x group by 1, 2 having sum(qty) > 0),
    wsum as materialized (select product_id, sum(qty)::bigint as qty from wq group by 1),
    prod as materialized (
      select p.id, p.name, p.search_name, p.sku, p.category_id from wsum join products p on p.id = wsum.product_id where ${sql.join(conds, sql` and `)}
    ),
    pool as materialized (${pool}),
    -- The chosen warehouses' buckets with their floor share and remainder: of the goods with units
    -- elsewhere too (all of them when per-warehouse values are wanted).
    wpart as materialized (
      select wq.product_id, wq.warehouse_id, wq.qty, ${part(sql`wq.qty`)} as part, ${rem(sql`wq.qty`)} as rem
      from wq join pool on pool.product_id = wq.product_id join wsum on wsum.product_id = wq.product_id
      ${perWarehouse ? sql`` : sql`where wsum.qty <> pool.qty`}
    ),
    -- Per product: all its units in the chosen warehouses (covered: worth the whole pool there); else, when
    -- every chosen bucket's remainder is zero, no kopeck left over can fall on them (a left-over kopeck goes
    -- to a non-zero remainder), so their floor shares are exact; the rest (open) are split over all buckets.
    kind as materialized (
      select wsum.product_id, wsum.qty, coalesce(w.parts, 0) as parts, pool.qty as pool_qty, pool.value as pool_value,
        case when wsum.qty = pool.qty then 'covered' when w.zero then 'exact' else 'open' end as k
      from wsum join pool on pool.product_id = wsum.product_id
        left join (select product_id, sum(part) as parts, bool_and(rem = 0) as zero from wpart group by 1) w on w.product_id = wsum.product_id
    ),
    open as materialized (select product_id, qty from kind where k = 'open'),
    owh as materialized (${other}),
    -- The buckets split here: every non-empty one of the open goods (the chosen warehouses', the others',
    -- the units in transit); with per-warehouse values wanted, the chosen warehouses' of the covered goods too.
    buckets as (
      select w.product_id, w.warehouse_id, w.qty, true as mine from wpart w join kind on kind.product_id = w.product_id
      where kind.k = 'open' ${perWarehouse ? sql`or kind.k = 'covered'` : sql``}
      union all
      select product_id, warehouse_id, qty, false from owh
      union all
      select open.product_id, null::uuid, (pool.qty - open.qty - coalesce(o.qty, 0))::bigint, false
      from open join pool on pool.product_id = open.product_id
        left join (select product_id, sum(qty) as qty from owh group by 1) o on o.product_id = open.product_id
      where pool.qty - open.qty - coalesce(o.qty, 0) <> 0
    ),
    parts as materialized (
      select k.product_id, k.warehouse_id, k.qty, k.mine, pool.value as pool_value, ${part(sql`k.qty`)} as part, ${rem(sql`k.qty`)} as rem
      from buckets k join pool on pool.product_id = k.product_id
    ),
    leftover as (${leftoverOf('parts')}),
    shares as materialized (
      ${splitShares('parts', 'leftover', true)}
      union all
      select w.product_id, w.warehouse_id, w.qty::int, w.part from wpart w join kind on kind.product_id = w.product_id
      where kind.k = 'exact' ${perWarehouse ? sql`` : sql`and false`}
    ),
    -- Per product: the covered worth their pool, the exact their floor shares, the open their split shares.
    valued as (
      select product_id, sum(qty)::int as qty, sum(value)::bigint as value from shares group by 1
      ${
        perWarehouse
          ? sql``
          : sql`union all
              select product_id, qty::int, (case when k = 'covered' then (case when pool_qty > 0 then pool_value else 0 end) else parts end)::bigint
              from kind where k <> 'open'`
      }
    ),
    rows as materialized (
      select prod.id, prod.name, prod.search_name, prod.sku, prod.category_id, v.qty, v.value, pool.last_sale_at,
        (${day}::date - (pool.last_sale_at at time zone 'Europe/Moscow')::date) as days
      from prod join valued v on v.product_id = prod.id join pool on pool.product_id = prod.id
    ),
    matched as materialized (
      select * from rows ${f.slowDays ? sql`where days is null or days >= ${f.slowDays}` : sql``}
    )`;
}

/**
 * Today in every warehouse of the company (the owner's all-shops report), the CTEs `matched` and `shares`
 * of `stockToday` read from the pools: a product not in transit has all its pool's units in the warehouses,
 * so it is worth its whole pool there, and its balances are read only when per-warehouse values are
 * wanted, split here the same way (floor shares, the kopecks left over to the largest remainders, ties in
 * warehouse id order). The goods in transit (the lines of transfers on their way, a handful) come already
 * split by `stockToday` (`transit`, per product × warehouse). Today's last sale is the pool's.
 */
function fromPools(day: string, f: Filters, transit: TransitShare[], perWarehouse: boolean): SQL {
  const conds: SQL[] = [sql`sp.qty > 0`, ...productConds(f)];
  const days = sql`(${day}::date - (sp.last_sale_at at time zone 'Europe/Moscow')::date)`;
  if (f.slowDays) conds.push(sql`(sp.last_sale_at is null or ${days} >= ${f.slowDays})`);
  const ids = [...new Set(transit.map((t) => t.product_id))];
  const notTransit = (col: SQL) => (ids.length ? sql`and ${col} <> all(${uuids(ids)})` : sql``);
  const where = sql.join(conds, sql` and `);
  const { part, rem } = poolShare(sql`sp.value`, sql`sp.qty`, sql`b.qty`);
  // The slices by warehouse: the matched goods' shares, or, when they are most of the goods in stock (the
  // slow movers of a chain that sells a part of its range), the running totals less the other goods' shares.
  const shares = perWarehouse
    ? sql`,
    most as materialized (select (select count(*) from matched) * 2 > (select count(*) from stock_pools where qty > 0) as v),
    split_goods as materialized (
      select m.id from matched m where not (select v from most)
      union all
      select sp.product_id from stock_pools sp where sp.qty > 0 and (select v from most) and not exists (select 1 from matched m where m.id = sp.product_id)
    ),
    -- Looked up per product (a lateral join kept as such by offset 0: the split goods are few when they are
    -- the goods not matched, and the estimates of these CTEs would hash every balance).
    parts as materialized (
      select s.* from split_goods g cross join lateral (
        select b.product_id, b.warehouse_id, b.qty, sp.value as pool_value, ${part} as part, ${rem} as rem
        from stock_balances b join stock_pools sp on sp.product_id = b.product_id
        where b.product_id = g.id and b.qty > 0 ${notTransit(sql`g.id`)} offset 0) s
    ),
    leftover as (${leftoverOf('parts')}),
    shares as (
      ${splitShares('parts', 'leftover')}
      union all
      select t.product_id, t.warehouse_id, t.qty, t.value from tshares t join split_goods g on g.id = t.product_id
    ),
    wslices as (
      select warehouse_id, sum(qty) as qty, sum(value) as value from (
        select warehouse_id, qty, value from shares where not (select v from most)
        union all
        select warehouse_id, qty, value from stock_totals where warehouse_id = any(${uuids(f.warehouseIds)}) and (select v from most)
        union all
        select warehouse_id, -qty, -value from shares where (select v from most)
      ) x group by 1 having sum(qty) <> 0 or sum(value) <> 0
    )`
    : sql``;
  return sql`
    tshares as materialized (
      select * from json_to_recordset(${JSON.stringify(transit)}::json) as t(product_id uuid, warehouse_id uuid, qty int, value bigint)
    ),
    matched as materialized (
      select p.id, p.name, p.search_name, p.sku, p.category_id, sp.qty::int as qty, sp.value::bigint as value, sp.last_sale_at, ${days} as days
      from stock_pools sp join products p on p.id = sp.product_id
      where ${where} ${notTransit(sql`sp.product_id`)}
      union all
      select p.id, p.name, p.search_name, p.sku, p.category_id, t.qty::int, t.value::bigint, sp.last_sale_at, ${days}
      from (select product_id, sum(qty) as qty, sum(value) as value from tshares group by 1) t
        join products p on p.id = t.product_id join stock_pools sp on sp.product_id = t.product_id
      where ${where}
    )${shares}`;
}

type TransitShare = { product_id: string; warehouse_id: string; qty: number; value: string };

/**
 * The totals at the end of a past day (the comparison with a month before), replayed from the ledger once
 * and then kept in `report_stock_past` by day and filters: the ledger before a day that has ended does not
 * change, as postings write their rows at their own moment. A row written with an earlier moment (a data
 * load) drops the kept days from its own on (trigger, migration 0039). A day is kept from an hour after its
 * end: a posting's rows carry its transaction's start, so one begun before midnight may commit after it.
 */
async function pastTotals(ctx: Ctx, day: string, f: Filters, allWarehouses: boolean): Promise<{ qty: string; value: string }> {
  const scope = createHash('sha256')
    .update(JSON.stringify([[...f.warehouseIds].sort(), f.categoryId ?? null, f.terms ?? null, f.slowDays ?? null]))
    .digest('base64url');
  const kept = rowsOf<{ qty: string; value: string }>(await ctx.db.execute(sql`select qty::text, value::text from report_stock_past where day = ${day} and scope = ${scope}`))[0];
  if (kept) return kept;
  const base = await pastBase(ctx, day, stockSnapshots.totalsSpacing);
  const goods = fromBase(day, base, pastFilters(f, allWarehouses), false);
  const totals = rowsOf<{ qty: string; value: string }>(
    await withoutJit(ctx, sql`with ${goods} select coalesce(sum(qty), 0)::text as qty, coalesce(sum(value), 0)::text as value from matched`, true),
  )[0];
  if (dayEnd(day).getTime() < Date.now() - 3_600_000) {
    await ctx.db.execute(sql`insert into report_stock_past (day, scope, qty, value) values (${day}, ${scope}, ${totals.qty}, ${totals.value}) on conflict do nothing`);
  }
  return totals;
}

const pastFilters = (f: Filters, allWarehouses: boolean): PastFilters => ({
  warehouseIds: f.warehouseIds,
  allWarehouses,
  productConds: productConds(f),
  slowDays: f.slowDays,
});

/** The order of the rows; without `see_cost` the value is not shown, so it does not order them either. */
function orderOf(sort: Query['sort'], seesCost: boolean): SQL {
  switch (sort === 'value' && !seesCost ? 'qty' : sort) {
    case 'value':
      return sql`value desc, search_name, id`;
    case 'qty':
      return sql`qty desc, search_name, id`;
    case 'name':
      return sql`search_name, id`;
    default:
      return sql`days desc nulls first, search_name, id`;
  }
}

type TotalsRow = { n: number; qty: string; value: string };
type SliceRow = { key: string | null; qty: string; value: string };
type PageRow = { id: string; name: string; sku: string | null; category: string | null; qty: number; value: string; last_sale_at: string | null; days: number | null };

export async function stockReport(ctx: Ctx, query: Query): Promise<StockReport> {
  const { locationIds, seesCost } = reportScope(ctx, query.allLocations);
  const places = rowsOf<{ id: string; name: string; location_name: string }>(
    await ctx.db.execute(sql`select w.id::text, w.name, l.name as location_name from warehouses w join locations l on l.id = w.location_id
      where w.location_id = any(${uuids(locationIds)}) order by l.name, w.name, w.id`),
  );
  if (query.warehouseId && !places.some((w) => w.id === query.warehouseId)) throw forbidden(reportMessages.warehouseForbidden);
  const today = moscowToday();
  const at = query.at ?? today;
  const before = monthBefore(at);
  const filters: Filters = {
    warehouseIds: query.warehouseId ? [query.warehouseId] : places.map((w) => w.id),
    categoryId: query.categoryId,
    terms: query.search ? searchTerms(query.search) : undefined,
    slowDays: query.slowDays,
  };
  const past = at < today;
  const order = orderOf(query.sort, seesCost);
  // Today with nothing filtered, the slices by warehouse are the engine's running totals (stock_totals, the
  // balances page's own figures); otherwise they are summed from each matching product's shares.
  const everything = !past && !filters.categoryId && !filters.terms && !filters.slowDays;
  let warehouseSlices = everything
    ? sql`select warehouse_id, sum(qty) as qty, sum(value) as value from stock_totals where warehouse_id = any(${uuids(filters.warehouseIds)})
        group by 1 having sum(qty) <> 0 or sum(value) <> 0`
    : sql`select sh.warehouse_id, sum(sh.qty) as qty, sum(sh.value) as value from shares sh join matched m on m.id = sh.product_id group by 1`;
  // Every warehouse of the company chosen (none left out has stock): today's goods are read from the pools.
  const allWarehouses =
    !past &&
    !rowsOf<{ any: boolean }>(
      await ctx.db.execute(sql`select exists (select 1 from stock_balances b where b.qty > 0
        and b.warehouse_id in (select w.id from warehouses w where w.id <> all(${uuids(filters.warehouseIds)}))) as any`),
    )[0].any;
  // Every warehouse of the company chosen (the past days' test: their stock is not today's).
  const everyWarehouse = !rowsOf<{ any: boolean }>(
    await ctx.db.execute(sql`select exists (select 1 from warehouses w where w.id <> all(${uuids(filters.warehouseIds)})) as any`),
  )[0].any;
  let goods: SQL;
  if (allWarehouses) {
    const inTransit = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select distinct l.product_id as id from stock_documents d join stock_document_lines l on l.document_id = d.id where d.status = 'in_transit'`),
    ).map((r) => r.id);
    const transit = inTransit.length
      ? rowsOf<TransitShare>(await withoutJit(ctx, sql`with ${stockToday(at, { warehouseIds: filters.warehouseIds, only: inTransit }, true)} select product_id, warehouse_id, qty, value::text from shares`))
      : [];
    goods = fromPools(at, filters, transit, !everything);
    if (!everything) warehouseSlices = sql`select warehouse_id, qty, value from wslices`;
  } else if (past) {
    // A past day from its nearest snapshot (stock-past.ts).
    goods = fromBase(at, await pastBase(ctx, at, stockSnapshots.spacing), pastFilters(filters, everyWarehouse), true);
    warehouseSlices = sql`select warehouse_id, qty, value from wslices`;
  } else goods = stockToday(at, filters, !everything);
  const [main, prev] = await Promise.all([
    withoutJit(ctx, sql`with ${goods}
      select
        (select json_build_object('n', count(*), 'qty', coalesce(sum(qty), 0)::text, 'value', coalesce(sum(value), 0)::text) from matched) as totals,
        (select coalesce(json_agg(json_build_object('key', s.warehouse_id, 'qty', s.qty::text, 'value', s.value::text)), '[]')
          from (${warehouseSlices}) s) as by_warehouse,
        (select coalesce(json_agg(json_build_object('key', s.category_id, 'qty', s.qty::text, 'value', s.value::text)), '[]')
          from (select category_id, sum(qty) as qty, sum(value) as value from matched group by 1) s) as by_category,
        (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'sku', x.sku, 'category', x.category, 'qty', x.qty, 'value', x.value::text,
            'last_sale_at', x.last_sale_at, 'days', x.days) order by ${order}), '[]')
          from (select m.*, c.name as category from (select * from matched order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) m
            left join categories c on c.id = m.category_id) x) as page`, !allWarehouses),
    pastTotals(ctx, before, filters, everyWarehouse),
  ]);
  const out = rowsOf<{ totals: TotalsRow; by_warehouse: SliceRow[]; by_category: SliceRow[]; page: PageRow[] }>(main)[0];
  const money = (v: string | number) => (seesCost ? Number(v) : null);

  const byCategory = await categorySlices(ctx, out.by_category, money);
  const warehouseName = new Map(places.map((w) => [w.id, locationIds.length > 1 ? `${w.name} (${w.location_name})` : w.name]));
  const byWarehouse: StockReportSlice[] = out.by_warehouse
    .map((s) => ({ key: s.key!, label: warehouseName.get(s.key!) ?? '', qty: Number(s.qty), value: money(s.value) }))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0) || b.qty - a.qty || a.label.localeCompare(b.label, 'ru'));
  return {
    at,
    value: money(out.totals.value),
    qty: Number(out.totals.qty),
    rows: out.page.map((r) => ({
      productId: r.id,
      name: r.name,
      sku: r.sku,
      categoryName: r.category,
      qty: Number(r.qty),
      value: money(r.value),
      lastSaleAt: r.last_sale_at ? new Date(r.last_sale_at).toISOString() : null,
      daysWithoutSale: r.days === null ? null : Number(r.days),
    })),
    total: Number(out.totals.n),
    page: query.page,
    pageSize: query.pageSize,
    byWarehouse,
    byCategory,
    previous: { at: before, value: money(prev.value), qty: Number(prev.qty) },
  };
}

/** The category slices with their names (a sub-category as «Parent / Child»), the largest first. */
async function categorySlices(ctx: Ctx, rows: SliceRow[], money: (v: string) => number | null): Promise<StockReportSlice[]> {
  const ids = rows.map((r) => r.key).filter((k): k is string => !!k);
  const names = ids.length
    ? new Map(
        rowsOf<{ id: string; name: string }>(
          await ctx.db.execute(sql`select c.id::text, concat_ws(' / ', p.name, c.name) as name from categories c left join categories p on p.id = c.parent_id where c.id = any(${uuids(ids)})`),
        ).map((r) => [r.id, r.name]),
      )
    : new Map<string, string>();
  return rows
    .map((r) => ({ key: r.key ?? '-', label: r.key ? (names.get(r.key) ?? '') : NO_CATEGORY, qty: Number(r.qty), value: money(r.value) }))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0) || b.qty - a.qty || a.label.localeCompare(b.label, 'ru'));
}

const ruDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

export const fileName = (r: StockReport) => `Остатки на ${ruDate(r.at)}`;

type Row = StockReport['rows'][number];

/** The most rows a file holds (a chain's whole assortment; Excel itself holds a million). */
export const fileRows = 100_000;

/** The rows (all of them for a file); the value only with `see_cost`. */
export function columns(r: StockReport): XlsxColumn<Row>[] {
  return [
    { header: 'Товар', width: 40, type: 'text', value: (x) => x.name },
    { header: 'Артикул', width: 14, type: 'text', value: (x) => x.sku },
    { header: 'Категория', width: 24, type: 'text', value: (x) => x.categoryName },
    { header: 'Остаток', width: 10, type: 'int', value: (x) => x.qty },
    ...(r.value !== null ? [{ header: 'Стоимость, ₽', width: 16, type: 'money' as const, value: (x: Row) => x.value }] : []),
    { header: 'Последняя продажа', width: 16, type: 'date', value: (x) => x.lastSaleAt && moscowDayOf(x.lastSaleAt) },
    { header: 'Дней без продаж', width: 14, type: 'int', value: (x) => x.daysWithoutSale },
  ];
}

const moscowDayOf = (iso: string) => moscowToday(new Date(iso));
