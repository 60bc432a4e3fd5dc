import {
  hasRule,
  type BalanceListFilter,
  type BalancePage,
  type MovementPage,
  type ProductStockSummary,
  type ProductSummaryList,
  type SerialPage,
  type StockDocumentType,
} from '@repo/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern, rowsOf } from '../../lib/sql';
import { locations, products, stockBalances, stockDocumentLines, stockDocuments, stockMovements, stockPools, stockSerials, warehouses } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import { invalidInput, notFound } from '../../lib/errors';
import { productMatches, searchTerms } from '../catalog/search';
import * as valuation from './valuation';

/** Read side of the stock: balances, a product's summary, the ledger and serial numbers. */

const seesCost = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_cost');

async function allowedWarehouseIds(ctx: Ctx, all: boolean): Promise<string[]> {
  const locs = all ? ctx.auth.locationIds : ctx.locationId ? [ctx.locationId] : [];
  if (locs.length === 0) return [];
  const rows = await ctx.db.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.locationId, locs));
  return rows.map((r) => r.id);
}

/** Units on their way to these warehouses, per warehouse × product: lines of transfers in transit to them. */
async function inTransitTo(ctx: Ctx, warehouseIds: string[], productIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (warehouseIds.length === 0 || productIds.length === 0) return out;
  const rows = await ctx.db
    .select({ warehouseId: stockDocuments.toWarehouseId, productId: stockDocumentLines.productId, qty: sql<number>`sum(${stockDocumentLines.qty})`.mapWith(Number) })
    .from(stockDocumentLines)
    .innerJoin(stockDocuments, eq(stockDocuments.id, stockDocumentLines.documentId))
    .where(
      and(
        eq(stockDocuments.type, 'transfer'),
        eq(stockDocuments.status, 'in_transit'),
        inArray(stockDocuments.toWarehouseId, warehouseIds),
        inArray(stockDocumentLines.productId, productIds),
      ),
    )
    .groupBy(stockDocuments.toWarehouseId, stockDocumentLines.productId);
  for (const r of rows) out.set(`${r.warehouseId}:${r.productId}`, r.qty);
  return out;
}

type BalanceSqlRow = {
  product_id: string;
  warehouse_id: string;
  warehouse_name: string;
  location_id: string;
  product_name: string;
  sku: string | null;
  unit: string;
  category_id: string | null;
  price: string;
  qty: number;
  reserved: number;
  min_stock: number;
};

/**
 * A page of balance rows (product × warehouse) in name order. Without a flag, the rows with stock; the
 * flags narrow or widen it: `zero` every good with none, `belowMin` the rows under their minimum, `inTransit`
 * the rows with goods on their way. Each flag starts from its own smallest set of rows (the balances, the
 * minimums, the transfers in transit), joined to the catalogue walked in name order, so a page reads what it
 * shows. The totals of an unfiltered list come from the running totals (`stock_totals`); a filtered one is
 * counted, its value taken from `stock_balance_values` for the matching products.
 */
export async function listBalances(ctx: Ctx, q: BalanceListFilter): Promise<BalancePage> {
  const allowed = await allowedWarehouseIds(ctx, q.allLocations ?? false);
  if (q.warehouseId && !allowed.includes(q.warehouseId)) throw invalidInput({ warehouseId: 'Склад не найден' });
  const warehouseIds = q.warehouseId ? [q.warehouseId] : allowed;
  const cost = seesCost(ctx);
  if (warehouseIds.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize, totalValue: cost ? 0 : null, totalQty: 0 };
  const inWarehouses = sql`(${sql.join(warehouseIds.map((id) => sql`${id}::uuid`), sql`, `)})`;

  const balanceJoin = sql`left join stock_balances b on b.product_id = p.id and b.warehouse_id = w.id`;
  const minJoin = sql`left join product_min_stock m on m.product_id = p.id and m.warehouse_id = w.id`;
  let source: SQL;
  const conds: SQL[] = [];
  if (q.inTransit) {
    source = sql`from (select l.product_id, d.to_warehouse_id as warehouse_id from stock_document_lines l join stock_documents d on d.id = l.document_id
        where d.type = 'transfer' and d.status = 'in_transit' and d.to_warehouse_id in ${inWarehouses} group by 1, 2) t
      join products p on p.id = t.product_id join warehouses w on w.id = t.warehouse_id ${balanceJoin} ${minJoin}`;
  } else if (q.belowMin) {
    source = sql`from product_min_stock m join products p on p.id = m.product_id join warehouses w on w.id = m.warehouse_id ${balanceJoin}`;
    conds.push(sql`m.warehouse_id in ${inWarehouses}`);
  } else if (q.zero) {
    source = sql`from products p cross join warehouses w ${balanceJoin} ${minJoin}`;
    conds.push(sql`w.id in ${inWarehouses}`, sql`p.kind = 'good'`);
  } else {
    source = sql`from stock_balances b join products p on p.id = b.product_id join warehouses w on w.id = b.warehouse_id ${minJoin}`;
    conds.push(sql`b.warehouse_id in ${inWarehouses}`, sql`b.qty > 0`);
  }
  if (q.zero) conds.push(sql`coalesce(b.qty, 0) = 0`, sql`p.archived_at is null`);
  else if (q.inTransit || q.belowMin) conds.push(sql`(p.archived_at is null or coalesce(b.qty, 0) > 0)`);
  if (q.belowMin) conds.push(sql`coalesce(b.qty, 0) < m.qty`);
  if (q.productId) conds.push(sql`p.id = ${q.productId}`);
  if (q.categoryId) conds.push(sql`(p.category_id = ${q.categoryId} or p.category_id in (select id from categories where parent_id = ${q.categoryId}))`);
  const terms = q.search ? searchTerms(q.search) : undefined;
  if (terms) conds.push(productMatches(sql`p`, terms));
  const where = sql.join(conds, sql` and `);

  const rows = await ctx.db.execute<BalanceSqlRow>(sql`
    select p.id as product_id, w.id as warehouse_id, w.name as warehouse_name, w.location_id, p.name as product_name, p.sku, p.unit, p.category_id,
      p.price::text as price, coalesce(b.qty, 0)::int as qty, coalesce(b.reserved, 0)::int as reserved,
      coalesce(m.qty, 0)::int as min_stock
    ${source} where ${where}
    order by p.search_name, p.id, w.name, w.id
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  const list = rowsOf<BalanceSqlRow>(rows);
  const unfiltered = !q.inTransit && !q.belowMin && !q.zero && !q.productId && !q.categoryId && !terms;
  const totals = unfiltered ? await runningTotals(ctx, inWarehouses) : await countedTotals(ctx, source, where);
  const pageProducts = [...new Set(list.map((r) => r.product_id))];
  const values = await warehouseShares(ctx, pageProducts);
  const transit = await inTransitTo(ctx, [...new Set(list.map((r) => r.warehouse_id))], pageProducts);
  return {
    items: list.map((r) => ({
      productId: r.product_id,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      locationId: r.location_id,
      productName: r.product_name,
      sku: r.sku,
      unit: r.unit,
      categoryId: r.category_id,
      price: Number(r.price),
      qty: r.qty,
      reserved: r.reserved,
      inTransit: transit.get(`${r.warehouse_id}:${r.product_id}`) ?? 0,
      minStock: r.min_stock,
      cost: cost ? (values.get(r.product_id)?.average ?? null) : null,
      value: cost ? (values.get(r.product_id)?.byWarehouse.get(r.warehouse_id) ?? 0) : null,
    })),
    total: totals.rows,
    page: q.page,
    pageSize: q.pageSize,
    totalValue: cost ? totals.value : null,
    totalQty: totals.qty,
  };
}

type Totals = { rows: number; qty: number; value: number };

/** The engine's running totals of these warehouses (a handful of shard rows each). */
async function runningTotals(ctx: Ctx, inWarehouses: SQL): Promise<Totals> {
  const [t] = rowsOf<{ rows: string; qty: string; value: string }>(
    await ctx.db.execute(sql`select coalesce(sum(rows), 0)::text as rows, coalesce(sum(qty), 0)::text as qty, coalesce(sum(value), 0)::text as value
      from stock_totals where warehouse_id in ${inWarehouses}`),
  );
  return { rows: Number(t.rows), qty: Number(t.qty), value: Number(t.value) };
}

/** Totals of a filtered list: its rows counted, their value read for the matching products only. */
async function countedTotals(ctx: Ctx, source: SQL, where: SQL): Promise<Totals> {
  const [t] = rowsOf<{ rows: number; qty: string; value: string }>(
    await ctx.db.execute(sql`with matched as materialized (select p.id as product_id, w.id as warehouse_id, coalesce(b.qty, 0) as qty ${source} where ${where})
      select (select count(*)::int from matched) as rows, (select coalesce(sum(qty), 0)::text from matched) as qty,
        (select coalesce(sum(v.value), 0)::text from stock_balance_values v join matched x on x.product_id = v.product_id and x.warehouse_id = v.warehouse_id
          where v.product_id = any(array(select product_id from matched))) as value`),
  );
  return { rows: t.rows, qty: Number(t.qty), value: Number(t.value) };
}

/** Per product: the company average and each warehouse's share of the value (valuation.splitByWarehouse). */
async function warehouseShares(ctx: Ctx, productIds: string[]) {
  const out = new Map<string, { average: number | null; byWarehouse: Map<string, number>; pool: valuation.Pool; inTransit: number }>();
  if (productIds.length === 0) return out;
  const pools = await ctx.db.select().from(stockPools).where(inArray(stockPools.productId, productIds));
  const balances = await ctx.db.select().from(stockBalances).where(inArray(stockBalances.productId, productIds));
  for (const productId of productIds) {
    const pool = pools.find((p) => p.productId === productId);
    const p = { qty: pool?.qty ?? 0, value: pool?.value ?? 0 };
    const split = valuation.splitByWarehouse(p, balances.filter((b) => b.productId === productId));
    out.set(productId, { average: valuation.average(p, pool?.lastAverage ?? null), byWarehouse: split.byWarehouse, pool: p, inTransit: split.inTransit });
  }
  return out;
}

/** Company stock and average cost of several products at once (a product never received answers zeros). */
export async function productSummaries(ctx: Ctx, productIds: string[]): Promise<ProductSummaryList> {
  const shares = await warehouseShares(ctx, productIds);
  const cost = seesCost(ctx);
  return {
    items: [...shares].map(([productId, s]) => ({ productId, qty: s.pool.qty, inTransit: s.inTransit, cost: cost ? s.average : null })),
  };
}

export async function productSummary(ctx: Ctx, productId: string): Promise<ProductStockSummary> {
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Товар не найден');
  const shares = (await warehouseShares(ctx, [productId])).get(productId)!;
  const rows = await ctx.db
    .select({ warehouseId: stockBalances.warehouseId, warehouseName: warehouses.name, locationId: warehouses.locationId, locationName: locations.name, qty: stockBalances.qty, reserved: stockBalances.reserved })
    .from(stockBalances)
    .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
    .innerJoin(locations, eq(locations.id, warehouses.locationId))
    .where(eq(stockBalances.productId, productId))
    .orderBy(asc(locations.name), asc(warehouses.name));
  const cost = seesCost(ctx);
  return {
    productId,
    qty: shares.pool.qty,
    reserved: rows.reduce((s, r) => s + r.reserved, 0),
    inTransit: shares.inTransit,
    value: cost ? shares.pool.value : null,
    cost: cost ? shares.average : null,
    warehouses: rows.map((r) => ({ ...r, value: cost ? (shares.byWarehouse.get(r.warehouseId) ?? 0) : null })),
  };
}

export async function listMovements(ctx: Ctx, q: { productId?: string; warehouseId?: string; documentId?: string; page: number; pageSize: number }): Promise<MovementPage> {
  const allowed = await allowedWarehouseIds(ctx, true);
  const conds: SQL[] = [or(isNull(stockMovements.warehouseId), allowed.length ? inArray(stockMovements.warehouseId, allowed) : sql`false`)!];
  if (q.productId) conds.push(eq(stockMovements.productId, q.productId));
  if (q.warehouseId) conds.push(eq(stockMovements.warehouseId, q.warehouseId));
  if (q.documentId) conds.push(eq(stockMovements.documentId, q.documentId));
  const where = and(...conds);
  const [{ total }] = await ctx.db.select({ total: count() }).from(stockMovements).where(where);
  const rows = await ctx.db
    .select({ m: stockMovements, productName: products.name, warehouseName: warehouses.name, locationName: locations.name })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(locations, eq(locations.id, warehouses.locationId))
    .where(where)
    .orderBy(desc(stockMovements.seq))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const cost = seesCost(ctx);
  return {
    items: rows.map(({ m, productName, warehouseName, locationName }) => ({
      id: String(m.seq),
      at: m.at.toISOString(),
      documentType: m.documentType as StockDocumentType,
      documentId: m.documentId,
      number: m.number,
      cancellation: m.cancellation,
      warehouseId: m.warehouseId,
      warehouseName: warehouseName ?? null,
      locationName: locationName ?? null,
      productId: m.productId,
      productName,
      qty: m.qty,
      value: cost ? m.value : null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function listSerials(ctx: Ctx, q: { search?: string; productId?: string; warehouseId?: string; page: number; pageSize: number }): Promise<SerialPage> {
  const conds: SQL[] = [];
  if (q.search) conds.push(ilike(stockSerials.serial, containsPattern(q.search)));
  if (q.productId) conds.push(eq(stockSerials.productId, q.productId));
  if (q.warehouseId) conds.push(eq(stockSerials.warehouseId, q.warehouseId));
  const where = conds.length ? and(...conds) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(stockSerials).where(where);
  const rows = await ctx.db
    .select({ s: stockSerials, productName: products.name, warehouseName: warehouses.name, number: stockDocuments.number, documentType: stockDocuments.type })
    .from(stockSerials)
    .innerJoin(products, eq(products.id, stockSerials.productId))
    .leftJoin(warehouses, eq(warehouses.id, stockSerials.warehouseId))
    .leftJoin(stockDocuments, eq(stockDocuments.id, stockSerials.documentId))
    .where(where)
    .orderBy(asc(stockSerials.serial))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    items: rows.map(({ s, productName, warehouseName, number, documentType }) => ({
      serial: s.serial,
      productId: s.productId,
      productName,
      status: s.status,
      warehouseId: s.warehouseId,
      warehouseName: warehouseName ?? null,
      documentId: s.documentId,
      documentType: documentType ?? null,
      number: number ?? null,
      updatedAt: s.updatedAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

