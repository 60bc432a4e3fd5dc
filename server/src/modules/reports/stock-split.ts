import { sql, type SQL } from 'drizzle-orm';

/**
 * The stock report's split of a product's pool over its buckets, in SQL, as valuation.ts `warehouseValues`
 * and the view `stock_balance_values` split it (server/docs/reports.md «Stock»): each bucket its floor share
 * floor(V·q / Q), and the kopecks left over one each to the largest remainders, ties in warehouse id order,
 * transit (warehouse null) last.
 */

/**
 * A bucket's floor share floor(V·q / Q) of a pool (value V, units Q) and its remainder, in bigint while V·q
 * surely fits (numeric beyond); 0 of an empty pool.
 */
export function poolShare(value: SQL, units: SQL, q: SQL) {
  const op = (infix: string, fn: string) =>
    sql`case when ${units} <= 0 then 0 when ${value} < 2147483648 and ${q} < 2147483648 then (${value} * ${q}) ${sql.raw(infix)} ${units} else ${sql.raw(fn)}(${value}::numeric * ${q}, ${units})::bigint end`;
  return { part: op('/', 'div'), rem: op('%', 'mod') };
}

/** Per product of the CTE `parts` (product_id, pool_value, part, …): the kopecks left over after the floor shares (`n`). */
export const leftoverOf = (parts: string) => sql`select product_id, max(pool_value) - sum(part) as n from ${sql.raw(parts)} group by 1`;

/**
 * The buckets of the CTE `parts` (product_id, warehouse_id, qty, pool_value, part, rem; `mine` with
 * `mineOnly`) with their shares (product_id, warehouse_id, qty, value), `left` being its `leftoverOf`: only
 * the products with a kopeck left over are ranked. With `mineOnly`, every bucket is ranked but only those
 * marked `mine` are answered.
 */
export function splitShares(parts: string, left: string, mineOnly = false): SQL {
  const [p, l] = [sql.raw(parts), sql.raw(left)];
  return sql`select product_id, warehouse_id, qty::int as qty, (part + case when rn <= n then 1 else 0 end)::bigint as value from (
      select pa.*, lo.n, row_number() over (partition by pa.product_id order by pa.rem desc, pa.warehouse_id nulls last) as rn
      from ${p} pa join ${l} lo on lo.product_id = pa.product_id where lo.n > 0) x ${mineOnly ? sql`where x.mine` : sql``}
    union all
    select pa.product_id, pa.warehouse_id, pa.qty::int, pa.part from ${p} pa join ${l} lo on lo.product_id = pa.product_id
    where lo.n = 0 ${mineOnly ? sql`and pa.mine` : sql``}`;
}
