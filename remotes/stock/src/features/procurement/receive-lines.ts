import type { PurchaseOrder, ReceivePurchaseOrderRequest } from '@repo/contracts';

/** A line of the receiving panel: what the order says and what is being received now (money in kopecks). */
export interface ReceiveRow {
  productId: string;
  productName: string;
  sku: string | null;
  unit: string;
  serialTracked: boolean;
  ordered: number;
  received: number;
  expected: number;
  /** Received now: by default what is still expected; 0 skips the line. */
  qty: number;
  /** Per unit; the order's price by default (null without `see_cost`). */
  cost: number | null;
  serials: string[];
}

/** The panel's lines for an order: each defaults to what is still expected, at the order's price. */
export function receiveRows(order: Pick<PurchaseOrder, 'lines'>): ReceiveRow[] {
  return order.lines.map((l) => ({
    productId: l.productId,
    productName: l.productName,
    sku: l.sku,
    unit: l.unit,
    serialTracked: l.serialTracked,
    ordered: l.qty,
    received: l.received,
    expected: l.expected,
    qty: l.expected,
    cost: l.price,
    serials: [],
  }));
}

/** A scan of a product: one more unit of its line; null when the product is not in the order. */
export function scanIntoRows(rows: ReceiveRow[], productId: string): ReceiveRow[] | null {
  if (!rows.some((r) => r.productId === productId)) return null;
  return rows.map((r) => (r.productId === productId ? { ...r, qty: r.qty + 1 } : r));
}

/** The request: only the lines received now (qty > 0); the cost only when the employee sees costs. */
export function receiveRequest(rows: ReceiveRow[], { seesCost, allowOver }: { seesCost: boolean; allowOver?: boolean }): { body: ReceivePurchaseOrderRequest; sent: string[] } {
  const lines = rows.filter((r) => r.qty > 0);
  return {
    body: {
      lines: lines.map((r) => ({
        productId: r.productId,
        qty: r.qty,
        ...(seesCost && r.cost !== null ? { cost: r.cost } : {}),
        ...(r.serialTracked && r.serials.length ? { serials: r.serials } : {}),
      })),
      ...(allowOver ? { allowOver: true } : {}),
    },
    // The server's field errors (`lines.0.serials`) count the sent lines: this maps them back to products.
    sent: lines.map((r) => r.productId),
  };
}

/** The server's `lines.N.field` errors keyed by product (`productId.field`); other errors as they are. */
export function rowErrors(errors: Record<string, string> | undefined, sent: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const m = /^lines\.(\d+)\.(\w+)/.exec(key);
    const productId = m ? sent[Number(m[1])] : undefined;
    out[productId ? `${productId}.${m![2]}` : key] = message;
  }
  return out;
}
