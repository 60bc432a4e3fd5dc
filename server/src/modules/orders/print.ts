import type { Ctx } from '../../lib/ctx';

/**
 * What a printed order document sees (templates module, `POST /api/templates/:id/render { orderId }`):
 * plain values, money in kopecks (the template filters format them), dates as ISO strings.
 */
export interface OrderPrintData {
  company: { name: string };
  location: { name: string; address: string | null; phone: string | null };
  client: { name: string; phone: string | null };
  order: {
    id: string;
    number: string;
    created_at: string;
    due_at: string | null;
    issued_at: string | null;
    malfunction: string;
    estimate: number | null;
    status: string;
    urgent: boolean;
    warranty_of: string | null;
    warranty_until: string | null;
  };
  device: { type: string; brand: string; model: string; imei: string | null; serial: string | null; appearance: string | null; kit: string | null };
  works: Array<{ name: string; qty: number; price: number; amount: number; warranty_days: number; engineer: string | null }>;
  parts: Array<{ name: string; sku: string | null; qty: number; price: number; amount: number; warranty_days: number; serial: string | null }>;
  payments: Array<{ number: string; at: string; amount: number; method: string }>;
  totals: { total: number; paid: number; due: number; works: number; parts: number };
  manager: { name: string | null };
  engineer: { name: string | null };
}

/**
 * The print data of an order the employee may see (404 otherwise). Implemented with the orders module
 * (issue #10); the templates module calls it.
 */
export async function orderPrintData(ctx: Ctx, orderId: string): Promise<OrderPrintData> {
  const { loadOrderPrintData } = await import('./print-data');
  return loadOrderPrintData(ctx, orderId);
}
