import {
  fromRussianLayout,
  hasRule,
  normalizeSearchText,
  type BalanceListFilter,
  type BalancePage,
  type MovementPage,
  type ProductStockSummary,
  type SerialPage,
  type StockDocumentType,
} from '@repo/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { locations, products, stockBalances, stockDocuments, stockMovements, stockPools, stockSerials, warehouses } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import { invalidInput, notFound } from '../../lib/errors';
import * as valuation from './valuation';

/** Read side of the stock: balances, a product's summary, the ledger and serial numbers. */

const seesCost = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_cost');
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

async function allowedWarehouseIds(ctx: Ctx, all: boolean): Promise<string[]> {
  const locs = all ? ctx.auth.locationIds : ctx.locationId ? [ctx.locationId] : [];
  if (locs.length === 0) return [];
  const rows = await ctx.db.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.locationId, locs));
  return rows.map((r) => r.id);
}

/** Units on their way to a warehouse, per product: lines of transfers in transit to it. */
const inTransitTo = sql`(select coalesce(sum(l.qty), 0)::int from stock_document_lines l join stock_documents d on d.id = l.document_id
  where d.type = 'transfer' and d.status = 'in_transit' and d.to_warehouse_id = w.id and l.product_id = p.id)`;

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
  in_transit: number;
  min_stock: number;
};

export async function listBalances(ctx: Ctx, q: BalanceListFilter): Promise<BalancePage> {
  const allowed = await allowedWarehouseIds(ctx, q.allLocations ?? false);
  if (q.warehouseId && !allowed.includes(q.warehouseId)) throw invalidInput({ warehouseId: 'Склад не найден' });
  const warehouseIds = q.warehouseId ? [q.warehouseId] : allowed;
  if (warehouseIds.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize, totalValue: seesCost(ctx) ? 0 : null, totalQty: 0 };

  const conds: SQL[] = [sql`w.id in (${sql.join(warehouseIds.map((id) => sql`${id}::uuid`), sql`, `)})`, sql`p.kind = 'good'`];
  if (!q.zero) conds.push(sql`(coalesce(b.qty, 0) > 0 or ${inTransitTo} > 0 or coalesce(m.qty, 0) > 0)`);
  else conds.push(sql`coalesce(b.qty, 0) = 0`);
  if (q.productId) conds.push(sql`p.id = ${q.productId}`);
  if (q.categoryId) conds.push(sql`(p.category_id = ${q.categoryId} or p.category_id in (select id from categories where parent_id = ${q.categoryId}))`);
  if (q.search) {
    const variants = [...new Set([q.search, fromRussianLayout(q.search)])];
    conds.push(
      sql`(${sql.join(
        variants.map(
          (v) =>
            sql`p.search_name ilike ${like(normalizeSearchText(v))} or p.sku ilike ${like(v)} or exists (select 1 from product_barcodes pb where pb.product_id = p.id and pb.barcode = ${v})`,
        ),
        sql` or `,
      )})`,
    );
  }
  if (q.belowMin) conds.push(sql`coalesce(m.qty, 0) > 0 and coalesce(b.qty, 0) < m.qty`);
  if (q.inTransit) conds.push(sql`${inTransitTo} > 0`);
  if (!q.zero) conds.push(sql`(p.archived_at is null or coalesce(b.qty, 0) > 0)`);
  else conds.push(sql`p.archived_at is null`);
  const where = sql.join(conds, sql` and `);
  const from = sql`from products p cross join warehouses w
    left join stock_balances b on b.product_id = p.id and b.warehouse_id = w.id
    left join product_min_stock m on m.product_id = p.id and m.warehouse_id = w.id
    left join stock_pools sp on sp.product_id = p.id`;
  // Without `zero`, start from the balance rows (fast at scale) instead of every product × warehouse.
  const fromFast = sql`from stock_balances b join products p on p.id = b.product_id join warehouses w on w.id = b.warehouse_id
    left join product_min_stock m on m.product_id = p.id and m.warehouse_id = w.id
    left join stock_pools sp on sp.product_id = p.id`;
  const source = q.zero || q.belowMin || q.inTransit ? from : fromFast;

  const totals = await ctx.db.execute<{ total: number; total_qty: number; total_value: string | null }>(sql`
    select count(*)::int as total, coalesce(sum(coalesce(b.qty, 0)), 0)::int as total_qty,
      coalesce(sum(case when coalesce(sp.qty, 0) > 0 then round(coalesce(b.qty, 0)::numeric * sp.value / sp.qty) else 0 end), 0)::text as total_value
    ${source} where ${where}`);
  const rows = await ctx.db.execute<BalanceSqlRow>(sql`
    select p.id as product_id, w.id as warehouse_id, w.name as warehouse_name, w.location_id, p.name as product_name, p.sku, p.unit, p.category_id,
      p.price::text as price, coalesce(b.qty, 0)::int as qty, coalesce(b.reserved, 0)::int as reserved, ${inTransitTo} as in_transit,
      coalesce(m.qty, 0)::int as min_stock
    ${source} where ${where}
    order by p.search_name, p.id, w.name, w.id
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  const list = rowsOf<BalanceSqlRow>(rows);
  const values = await warehouseShares(ctx, [...new Set(list.map((r) => r.product_id))]);
  const cost = seesCost(ctx);
  const t = rowsOf<{ total: number; total_qty: number; total_value: string | null }>(totals)[0];
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
      inTransit: r.in_transit,
      minStock: r.min_stock,
      cost: cost ? (values.get(r.product_id)?.average ?? null) : null,
      value: cost ? (values.get(r.product_id)?.byWarehouse.get(r.warehouse_id) ?? 0) : null,
    })),
    total: t?.total ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    totalValue: cost ? Number(t?.total_value ?? 0) : null,
    totalQty: t?.total_qty ?? 0,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Per product: the company average and each warehouse's share of the value (largest remainder; transit is a bucket of its own). */
async function warehouseShares(ctx: Ctx, productIds: string[]) {
  const out = new Map<string, { average: number | null; byWarehouse: Map<string, number>; pool: valuation.Pool; inTransit: number }>();
  if (productIds.length === 0) return out;
  const pools = await ctx.db.select().from(stockPools).where(inArray(stockPools.productId, productIds));
  const balances = await ctx.db.select().from(stockBalances).where(inArray(stockBalances.productId, productIds)).orderBy(asc(stockBalances.warehouseId));
  for (const productId of productIds) {
    const pool = pools.find((p) => p.productId === productId);
    const p = { qty: pool?.qty ?? 0, value: pool?.value ?? 0 };
    const rows = balances.filter((b) => b.productId === productId);
    const inWarehouses = rows.reduce((s, b) => s + b.qty, 0);
    const buckets = [...rows.map((b) => ({ id: b.warehouseId, qty: b.qty })), { id: 'transit', qty: Math.max(0, p.qty - inWarehouses) }];
    let shares: Array<{ id: string; value: number }>;
    try {
      shares = valuation.warehouseValues(p, buckets);
    } catch {
      shares = buckets.map((b) => ({ id: b.id, value: 0 }));
    }
    out.set(productId, {
      average: valuation.average(p, pool?.lastAverage ?? null),
      byWarehouse: new Map(shares.map((s) => [s.id, s.value])),
      pool: p,
      inTransit: Math.max(0, p.qty - inWarehouses),
    });
  }
  return out;
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
  if (q.search) conds.push(ilike(stockSerials.serial, like(q.search)));
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

