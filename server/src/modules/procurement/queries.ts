import type { Suggestion, SupplierPrice } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import * as repo from './repository';
import { seesCost, suggestionWarehouse } from './service';

/** Read side of purchasing: reorder suggestions of a warehouse and the last purchase prices. */

/** At most this many price rows (a supplier of a big catalogue): the newest. */
const PRICES_MAX = 500;

/** Goods of the warehouse under their minimum once what open orders still expect is counted (server/docs/procurement.md). */
export async function suggestions(ctx: Ctx, warehouseId: string | undefined): Promise<Suggestion[]> {
  const id = await suggestionWarehouse(ctx, ctx.db, warehouseId);
  const cost = seesCost(ctx);
  return (await repo.suggestionRows(ctx.db, id)).map((r) => ({
    productId: r.product_id,
    productName: r.product_name,
    sku: r.sku,
    unit: r.unit,
    warehouseId: id,
    minStock: r.min_stock,
    onHand: r.on_hand,
    expected: r.expected,
    qty: r.min_stock - r.on_hand - r.expected,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    price: cost && r.price !== null ? Number(r.price) : null,
  }));
}

/** The last purchase price of a product from each supplier, or of each product from a supplier, newest first. */
export async function prices(ctx: Ctx, q: { productId?: string; supplierId?: string }): Promise<SupplierPrice[]> {
  const cost = seesCost(ctx);
  return (await repo.priceRows(ctx.db, q, PRICES_MAX)).map((r) => ({
    productId: r.product_id,
    productName: r.product_name,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    price: cost ? Number(r.price) : null,
    at: new Date(r.at).toISOString(),
    documentId: r.document_id,
    documentNumber: r.document_number,
  }));
}
