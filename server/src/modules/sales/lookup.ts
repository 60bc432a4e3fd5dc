import { fromRussianLayout, messages, type SaleLookupItem } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/ctx';
import { forbidden, invalidInput } from '../../lib/errors';
import { containsPattern, rowsOf } from '../../lib/sql';
import { listWarehouses, warehouseById } from '../stock/service';

type Row = { product_id: string; name: string; sku: string | null; price: string; kind: string; serial_tracked: boolean; free: number | null; serial: string | null };

/**
 * The counter's lookup: an exact barcode or serial first (a scan; the text is also read as if typed with
 * the Russian layout on), then SKU and name. Goods of the chosen warehouse with free units, and services.
 */
export async function lookup(ctx: Ctx, q: { search?: string | null; warehouseId: string }): Promise<SaleLookupItem[]> {
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  const warehouse = await warehouseById(ctx.db, q.warehouseId);
  if (!warehouse || warehouse.locationId !== ctx.locationId) throw invalidInput({ warehouseId: 'Склад другого магазина' }, 'Склад другого магазина');
  const raw = (q.search ?? '').trim();
  const latin = fromRussianLayout(raw);
  const texts = [...new Set([raw, latin, latin.toUpperCase()])].filter(Boolean);
  const free = sql`(select (b.qty - b.reserved)::int from stock_balances b where b.warehouse_id = ${q.warehouseId} and b.product_id = p.id)`;
  const columns = sql`p.id as product_id, p.name, p.sku, p.price::text as price, p.kind, p.serial_tracked, case when p.kind = 'service' then null else coalesce(${free}, 0) end as free`;
  const out: Array<SaleLookupItem> = [];
  const push = (rows: Row[], match: SaleLookupItem['match']) => {
    for (const r of rows) {
      if (out.some((o) => o.productId === r.product_id && o.serial === r.serial)) continue;
      out.push({ productId: r.product_id, name: r.name, sku: r.sku, price: Number(r.price), isService: r.kind === 'service', serialTracked: r.serial_tracked, free: r.free, match, serial: r.serial });
    }
  };
  if (raw) {
    const list = sql.join(texts.map((t) => sql`${t}`), sql`, `);
    push(rowsOf<Row>(await ctx.db.execute(sql`select ${columns}, null as serial from product_barcodes pb join products p on p.id = pb.product_id where pb.barcode in (${list}) and p.archived_at is null`)), 'barcode');
    push(
      rowsOf<Row>(
        await ctx.db.execute(sql`select ${columns}, s.serial from stock_serials s join products p on p.id = s.product_id
          where upper(s.serial) in (${sql.join(texts.map((t) => sql`${t.toUpperCase()}`), sql`, `)}) and s.warehouse_id = ${q.warehouseId} and s.status = 'in_stock' and p.archived_at is null`),
      ),
      'serial',
    );
    if (out.length) return out;
  }
  const like = containsPattern(raw.toLowerCase().replace(/ё/g, 'е'));
  const skuLike = sql.join(texts.map((t) => sql`p.sku ilike ${containsPattern(t)}`), sql` or `);
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`select ${columns}, null as serial from products p
      where p.archived_at is null and (p.kind = 'service' or coalesce(${free}, 0) > 0)
        ${raw ? sql`and (p.search_name like ${like} or ${skuLike})` : sql``}
      order by p.name limit 50`),
  );
  push(rows, 'name');
  return out.map((o) => (raw && o.sku && texts.some((t) => o.sku!.toLowerCase() === t.toLowerCase()) ? { ...o, match: 'sku' as const } : o));
}

/** The warehouses of the current shop: where a sale's goods leave from and a return's come back to. */
export async function shopWarehouses(ctx: Ctx) {
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  return listWarehouses(ctx, ctx.locationId);
}
