import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../lib/ctx';
import { rowsOf } from '../../lib/sql';
import { dayEnd } from './period';
import { leftoverOf, poolShare, splitShares } from './stock-split';

/**
 * The stock report at the end of a past Moscow day from a snapshot (server/docs/reports.md «Stock»): the
 * whole stock kept at the end of some past days (`report_stock_snapshot_*`, migration 0041), and the few
 * ledger rows between the nearest one and the day, added (a snapshot before the day) or taken off (after
 * it). Only the goods those rows touch are valued again (their pool and buckets at the day, split as
 * valuation.ts splits: floor shares, the kopecks left over to the largest remainders, ties in warehouse id
 * order, transit last); every other product's figures are the snapshot's. Before the ledger's first rows
 * the base is nothing at all (the rows before the day summed).
 *
 * A snapshot is written on first use, for the day asked, when neither a snapshot nor the ledger's start is
 * within `stockSnapshots.spacing` ledger rows of it: so snapshots stay that many rows apart, and a day is
 * never more than that many rows from its base. It is built from the nearest of the other snapshots, the
 * ledger's start and the current stock, in one transaction under a lock, and only for a day that ended
 * more than an hour ago (a posting's rows carry its transaction's start; before that, the report reads
 * today's stock less the later rows).
 */

/**
 * Ledger rows between a past day and its base at most: `spacing` for the report of the day (its rows and
 * slices value every touched good again), `totalsSpacing` for the totals a month before (only the goods
 * in transit are split). Tests change them to build and read snapshots on the demo data.
 */
export const stockSnapshots = { spacing: 2_000, totalsSpacing: 25_000 };

/** What a past day is read from: a snapshot, nothing (the ledger's start), or today's stock (to build a snapshot, or within an hour of the day's end). */
export type Base = { kind: 'snapshot'; day: string } | { kind: 'empty' } | { kind: 'current' };

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;
const SOLD = sql`document_type in ('sale', 'repair_order') and qty < 0 and not cancellation`;

/** The base's pools: product_id, qty, value, wh_qty, wh_value, last_sale_at and the buckets wh_ids, wh_qtys, wh_values. */
function basePools(base: Base): SQL {
  switch (base.kind) {
    case 'snapshot':
      return sql`select product_id, qty, value, wh_qty, wh_value, last_sale_at, wh_ids, wh_qtys, wh_values from report_stock_snapshot_pools where day = ${base.day}`;
    case 'empty':
      return sql`select null::uuid as product_id, 0 as qty, 0::bigint as value, 0 as wh_qty, 0::bigint as wh_value, null::timestamptz as last_sale_at,
        '{}'::uuid[] as wh_ids, '{}'::int[] as wh_qtys, '{}'::bigint[] as wh_values where false`;
    case 'current':
      return sql`select * from curp`;
  }
}

/** The base's buckets in warehouses, one row each: product_id, warehouse_id, qty, value. */
const bucketsOf = (pools: SQL) =>
  sql`select b.product_id, u.warehouse_id, u.qty, u.value from (${pools}) b cross join lateral unnest(b.wh_ids, b.wh_qtys, b.wh_values) as u(warehouse_id, qty, value)`;

/** The base's Σ buckets per warehouse: warehouse_id, qty, value. */
function baseTotals(base: Base): SQL {
  switch (base.kind) {
    case 'snapshot':
      return sql`select warehouse_id, qty, value from report_stock_snapshot_totals where day = ${base.day}`;
    case 'empty':
      return sql`select null::uuid as warehouse_id, 0::bigint as qty, 0::bigint as value where false`;
    case 'current':
      return sql`select warehouse_id, sum(qty)::bigint as qty, sum(value)::bigint as value from stock_totals group by 1`;
  }
}

/** The base's moment: the end of its day; the ledger's start (−∞) or now (+∞). */
function momentOf(base: Base): number {
  return base.kind === 'snapshot' ? dayEnd(base.day).getTime() : base.kind === 'empty' ? -Infinity : Infinity;
}

/**
 * The CTEs of the stock at the end of `day` from `base`: `d` (the ledger rows between, per product ×
 * warehouse, signed), `t` (the goods they touch), `tp` (those goods' pools at the day, with the units in
 * transit, the last sale and the base's buckets) and `tshares` (their buckets at the day, split; warehouse
 * null: in transit; only of the goods with units in transit unless `splitAll`). The current stock as a base
 * needs its buckets first (`cur`: the view's, every product).
 */
function touched(day: string, base: Base, splitAll = true): SQL {
  const end = dayEnd(day).toISOString();
  const forward = momentOf(base) < dayEnd(day).getTime();
  const range =
    base.kind === 'empty'
      ? sql`at < ${end}::timestamptz`
      : base.kind === 'current'
        ? sql`at >= ${end}::timestamptz`
        : forward
          ? sql`at >= ${dayEnd(base.day).toISOString()}::timestamptz and at < ${end}::timestamptz`
          : sql`at >= ${end}::timestamptz and at < ${dayEnd(base.day).toISOString()}::timestamptz`;
  const sign = forward ? sql`` : sql`-`;
  // The last sale up to the day's end: forward, the later of the base's and the rows'; backward, the
  // base's when it is before the day's end, else the last one before it (one probe of stock_movements_sale_out_idx).
  const lastSale = forward
    ? sql`greatest(b.last_sale_at, t.sold)`
    : sql`case when b.last_sale_at is null or b.last_sale_at < ${end}::timestamptz then b.last_sale_at else (
        select max(m.at) from stock_movements m where m.product_id = t.product_id and m.at < ${end}::timestamptz
          and m.document_type in ('sale', 'repair_order') and m.qty < 0 and not m.cancellation) end`;
  const { part, rem } = poolShare(sql`tp.value`, sql`tp.qty`, sql`k.qty`);
  const cur =
    base.kind === 'current'
      ? sql`cur as materialized (
          select product_id, sum(qty) as qty, sum(value) as value, array_agg(warehouse_id order by warehouse_id) as ids,
            array_agg(qty order by warehouse_id) as qtys, array_agg(value order by warehouse_id) as vals
          from stock_balance_values where warehouse_id is not null and qty > 0 group by 1),
        curp as materialized (
          select sp.product_id, sp.qty, sp.value, coalesce(w.qty, 0)::int as wh_qty, coalesce(w.value, 0)::bigint as wh_value, sp.last_sale_at,
            coalesce(w.ids, '{}') as wh_ids, coalesce(w.qtys, '{}') as wh_qtys, coalesce(w.vals, '{}') as wh_values
          from stock_pools sp left join cur w on w.product_id = sp.product_id),`
      : sql``;
  return sql`${cur}
    d as materialized (
      select product_id, warehouse_id, ${sign}sum(qty)::bigint as qty, ${sign}sum(value)::bigint as value, max(at) filter (where ${SOLD}) as sold
      from stock_movements where ${range} group by 1, 2),
    t as materialized (
      select product_id, sum(qty)::bigint as qty, sum(value)::bigint as value, coalesce(sum(qty) filter (where warehouse_id is null), 0)::bigint as transit, max(sold) as sold
      from d group by 1),
    tp as materialized (
      select t.product_id, (coalesce(b.qty, 0) + t.qty)::bigint as qty, (coalesce(b.value, 0) + t.value)::bigint as value,
        (coalesce(b.qty - b.wh_qty, 0) + t.transit)::bigint as transit, ${lastSale} as last_sale_at,
        coalesce(b.wh_ids, '{}') as wh_ids, coalesce(b.wh_qtys, '{}') as wh_qtys, coalesce(b.wh_values, '{}') as wh_values
      from t left join (${basePools(base)}) b on b.product_id = t.product_id),
    tk as materialized (
      select product_id, warehouse_id, sum(qty)::bigint as qty from (
        select tp.product_id, u.warehouse_id, u.qty::bigint as qty from tp cross join lateral unnest(tp.wh_ids, tp.wh_qtys) as u(warehouse_id, qty)
        ${splitAll ? sql`` : sql`where tp.transit <> 0`}
        union all
        select product_id, warehouse_id, qty from d where warehouse_id is not null ${splitAll ? sql`` : sql`and product_id in (select product_id from tp where transit <> 0)`}
      ) x group by 1, 2 having sum(qty) <> 0
      union all
      select product_id, null::uuid, transit from tp where transit <> 0),
    tparts as materialized (
      select k.product_id, k.warehouse_id, k.qty, tp.value as pool_value, ${part} as part, ${rem} as rem from tk k join tp on tp.product_id = k.product_id),
    tleft as materialized (${leftoverOf('tparts')}),
    tshares as materialized (${splitShares('tparts', 'tleft')})`;
}

export interface PastFilters {
  warehouseIds: string[];
  /** Every warehouse of the company chosen: the untouched goods are read from the snapshot's pools. */
  allWarehouses: boolean;
  /** The goods' own filters (a category, the search) over `p`, the products. */
  productConds: SQL[];
  slowDays?: number;
}

/**
 * The CTEs `matched` (id, name, search_name, sku, category_id, qty, value, last_sale_at, days: the goods
 * in stock in the chosen warehouses at the day's end, through the filters) and, with `slices`, `wslices`
 * (warehouse_id, qty, value of the matched goods) from `base`, as stock.ts's main statement reads them.
 */
export function fromBase(day: string, base: Base, f: PastFilters, slices: boolean): SQL {
  const W = uuids(f.warehouseIds);
  const notTouched = (col: SQL) => sql`not exists (select 1 from t where t.product_id = ${col})`;
  const untouched = f.allWarehouses
    ? sql`select b.product_id, b.wh_qty::int as qty, b.wh_value::bigint as value, b.last_sale_at from (${basePools(base)}) b where b.wh_qty > 0 and ${notTouched(sql`b.product_id`)}`
    : sql`select b.product_id, s.qty::int, s.value, b.last_sale_at from (${basePools(base)}) b
        cross join lateral (select sum(u.qty) as qty, sum(u.value) as value from unnest(b.wh_ids, b.wh_qtys, b.wh_values) as u(warehouse_id, qty, value)
          where u.warehouse_id = any(${W})) s
        where s.qty > 0 and ${notTouched(sql`b.product_id`)}`;
  const filtered = f.productConds.length > 0 || !!f.slowDays;
  const days = sql`(${day}::date - (g.last_sale_at at time zone 'Europe/Moscow')::date)`;
  const wslices = !slices
    ? sql``
    : filtered
      ? sql`,
    wslices as (
      select warehouse_id, sum(qty)::bigint as qty, sum(value)::bigint as value from (
        select s.warehouse_id, s.qty, s.value from (${bucketsOf(basePools(base))}) s join matched m on m.id = s.product_id
        where s.warehouse_id = any(${W}) and ${notTouched(sql`s.product_id`)}
        union all
        select ts.warehouse_id, ts.qty, ts.value from tshares ts join matched m on m.id = ts.product_id where ts.warehouse_id = any(${W})
      ) x group by 1)`
      : sql`,
    wslices as (
      select warehouse_id, sum(qty)::bigint as qty, sum(value)::bigint as value from (
        select warehouse_id, qty, value from (${baseTotals(base)}) bt where warehouse_id = any(${W})
        union all
        select u.warehouse_id, -u.qty, -u.value from tp cross join lateral unnest(tp.wh_ids, tp.wh_qtys, tp.wh_values) as u(warehouse_id, qty, value)
        where u.warehouse_id = any(${W})
        union all
        select warehouse_id, qty, value from tshares where warehouse_id = any(${W})
      ) x group by 1 having sum(qty) <> 0 or sum(value) <> 0)`;
  // Every warehouse and no slices: a touched product with no units in transit is worth its whole pool there,
  // so only those in transit are split.
  const covered = f.allWarehouses && !slices;
  return sql`${touched(day, base, !covered)},
    goods as (
      ${untouched}
      union all
      select ts.product_id, sum(ts.qty)::int, sum(ts.value)::bigint, tp.last_sale_at from tshares ts join tp on tp.product_id = ts.product_id
      where ts.warehouse_id = any(${W}) group by ts.product_id, tp.last_sale_at having sum(ts.qty) > 0
      ${covered ? sql`union all select product_id, qty::int, value, last_sale_at from tp where transit = 0 and qty > 0` : sql``}),
    matched as materialized (
      select p.id, p.name, p.search_name, p.sku, p.category_id, g.qty, g.value, g.last_sale_at, ${days} as days
      from goods g join products p on p.id = g.product_id
      where ${sql.join([sql`true`, ...f.productConds], sql` and `)} ${f.slowDays ? sql`and (g.last_sale_at is null or ${days} >= ${f.slowDays})` : sql``}
    )${wslices}`;
}

/** Ledger rows in [from, to) (ms; ±∞ open), counted up to `limit` (index-only on stock_movements_at_idx). */
async function rowsBetween(ctx: Ctx, from: number, to: number, limit: number): Promise<number> {
  const conds: SQL[] = [sql`true`];
  if (Number.isFinite(from)) conds.push(sql`at >= ${new Date(from).toISOString()}::timestamptz`);
  if (Number.isFinite(to)) conds.push(sql`at < ${new Date(to).toISOString()}::timestamptz`);
  const [r] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select count(*)::int as n from (select 1 from stock_movements where ${sql.join(conds, sql` and `)} limit ${limit}) x`),
  );
  return r.n;
}

/** The nearest of `bases` to `day` in ledger rows (counted up to `limit`), with its distance. */
async function nearest(ctx: Ctx, day: string, bases: Base[], limit: number): Promise<{ base: Base; rows: number }> {
  const end = dayEnd(day).getTime();
  let best = { base: bases[0], rows: Infinity };
  for (const base of bases) {
    const m = momentOf(base);
    const rows = await rowsBetween(ctx, Math.min(m, end), Math.max(m, end), Math.min(limit, best.rows));
    if (rows < best.rows) best = { base, rows };
  }
  return best;
}

/**
 * The base to read a past day from: a snapshot or the ledger's start within `spacing` rows of it, else a
 * snapshot of the day itself, built now from the nearest base; today's stock less the later rows when the
 * day ended less than an hour ago (a posting begun before its end may still commit).
 */
/** The snapshot of `day` itself, or the ledger's start and the snapshots just before and after it. */
async function neighbours(db: Ctx['db'], day: string): Promise<{ own: boolean; near: Base[] }> {
  const days = rowsOf<{ day: string }>(await db.execute(sql`select day::text from report_stock_snapshots order by day`)).map((r) => r.day);
  const around = [days.filter((d) => d < day).at(-1), days.find((d) => d > day)].filter((d): d is string => !!d);
  return { own: days.includes(day), near: [{ kind: 'empty' }, ...around.map((d) => ({ kind: 'snapshot' as const, day: d }))] };
}

export async function pastBase(ctx: Ctx, day: string, spacing: number): Promise<Base> {
  const { own, near } = await neighbours(ctx.db, day);
  if (own) return { kind: 'snapshot', day };
  const found = await nearest(ctx, day, near, spacing + 1);
  if (found.rows <= spacing) return found.base;
  if (dayEnd(day).getTime() > Date.now() - 3_600_000) return { kind: 'current' };
  await buildSnapshot(ctx, day);
  return { kind: 'snapshot', day };
}

/**
 * Writes the snapshot of `day` (its pools with their buckets, and the per-warehouse totals) from the
 * nearest of the other snapshots, the ledger's start and the current stock, in one transaction under a
 * lock (two first views build it once).
 */
async function buildSnapshot(ctx: Ctx, day: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Hash joins: the CTEs are estimated at a few hundred rows, and a nested loop over 100 000 goods never ends.
    for (const setting of ['jit', 'enable_nestloop', 'enable_mergejoin']) await tx.execute(sql`select set_config(${setting}, 'off', true)`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('report_stock_snapshots'))`);
    const t = { ...ctx, db: tx } as Ctx;
    const { own, near } = await neighbours(tx, day);
    if (own) return;
    const { base } = await nearest(t, day, [...near, { kind: 'current' }], Number.MAX_SAFE_INTEGER);
    await tx.execute(sql`insert into report_stock_snapshots (day, goods) values (${day}, 0)`);
    const [n] = rowsOf<{ goods: number }>(
      await tx.execute(sql`with ${touched(day, base)},
        pools as (
          insert into report_stock_snapshot_pools (day, product_id, qty, value, wh_qty, wh_value, last_sale_at, wh_ids, wh_qtys, wh_values)
          select ${day}::date, b.product_id, b.qty, b.value, b.wh_qty, b.wh_value, b.last_sale_at, b.wh_ids, b.wh_qtys, b.wh_values from (${basePools(base)}) b
          where (b.qty <> 0 or b.value <> 0 or b.last_sale_at is not null) and not exists (select 1 from t where t.product_id = b.product_id)
          union all
          select ${day}::date, tp.product_id, tp.qty, tp.value, coalesce(w.qty, 0), coalesce(w.value, 0), tp.last_sale_at,
            coalesce(w.ids, '{}'), coalesce(w.qtys, '{}'), coalesce(w.vals, '{}')
          from tp left join (
            select product_id, sum(qty) as qty, sum(value) as value, array_agg(warehouse_id order by warehouse_id) as ids,
              array_agg(qty order by warehouse_id) as qtys, array_agg(value order by warehouse_id) as vals
            from tshares where warehouse_id is not null and qty > 0 group by 1
          ) w on w.product_id = tp.product_id
          where tp.qty <> 0 or tp.value <> 0 or tp.last_sale_at is not null
          returning 1)
        select count(*)::int as goods from pools`),
    );
    await tx.execute(sql`insert into report_stock_snapshot_totals (day, warehouse_id, qty, value)
      select ${day}::date, s.warehouse_id, sum(s.qty), sum(s.value) from (${bucketsOf(basePools({ kind: 'snapshot', day }))}) s group by 2`);
    await tx.execute(sql`update report_stock_snapshots set goods = ${n.goods} where day = ${day}`);
  });
}
