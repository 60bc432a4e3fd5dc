import type { Product, PurchaseOrder, UpdatePurchaseOrderRequest } from '@repo/contracts';

/** A line of a draft as the form holds it (price per unit in kopecks; null: the server takes the supplier's last price, or 0). */
export interface OrderDraftLine {
  productId: string;
  productName: string;
  sku: string | null;
  unit: string;
  qty: number;
  price: number | null;
}

export interface OrderDraft {
  supplierId: string | null;
  supplierName: string | null;
  warehouseId: string | null;
  /** `YYYY-MM-DD` or null. */
  expectedAt: string | null;
  comment: string;
  lines: OrderDraftLine[];
}

export const emptyOrderDraft: OrderDraft = { supplierId: null, supplierName: null, warehouseId: null, expectedAt: null, comment: '', lines: [] };

export function draftOf(o: PurchaseOrder): OrderDraft {
  return {
    supplierId: o.supplierId,
    supplierName: o.supplierName,
    warehouseId: o.warehouseId,
    expectedAt: o.expectedAt,
    comment: o.comment ?? '',
    lines: o.lines.map((l) => ({ productId: l.productId, productName: l.productName, sku: l.sku, unit: l.unit, qty: l.qty, price: l.price })),
  };
}

/** Adds a product to the draft, or one more unit of it when it is there already (a repeated scan). */
export function addOrderLine(lines: OrderDraftLine[], p: Pick<Product, 'id' | 'name' | 'sku' | 'unit'>): OrderDraftLine[] {
  if (lines.some((l) => l.productId === p.id)) return lines.map((l) => (l.productId === p.id ? { ...l, qty: l.qty + 1 } : l));
  return [...lines, { productId: p.id, productName: p.name, sku: p.sku, unit: p.unit, qty: 1, price: null }];
}

/** Offered prices (the supplier's last ones) go into the lines that have none yet; a typed price stays. */
export function offerPrices(lines: OrderDraftLine[], prices: ReadonlyMap<string, number>): OrderDraftLine[] {
  return lines.map((l) => (l.price === null && prices.has(l.productId) ? { ...l, price: prices.get(l.productId)! } : l));
}

/** The body of a create or a save; prices only for those who see costs (others' lines take the supplier's last price). */
export function draftBody(d: OrderDraft, seesCost: boolean): UpdatePurchaseOrderRequest & { warehouseId?: string } {
  return {
    supplierId: d.supplierId,
    warehouseId: d.warehouseId ?? undefined,
    expectedAt: d.expectedAt,
    comment: d.comment.trim() || null,
    lines: d.lines.map((l) => ({ productId: l.productId, qty: l.qty, ...(seesCost && l.price !== null ? { price: l.price } : {}) })),
  };
}
