import { asc, eq } from 'drizzle-orm';
import { companies, counterparties, counterpartyPhones, locations } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import { getOrder } from './service';

/**
 * What the printed «Заказ поставщику» sees (templates module, `POST /api/templates/:id/render
 * { purchaseOrderId }`): plain values, money in kopecks (null without `see_cost`: the template's `rub`
 * prints nothing), dates as ISO strings. The templates module adds `totals.total_words`, `employee`, `now`.
 */
export interface PurchaseOrderPrintData {
  company: { name: string };
  /** The order's location (the buyer). */
  location: { name: string; address: string | null; phone: string | null };
  supplier: { name: string; inn: string | null; phone: string | null; email: string | null; address: string | null };
  purchase: { id: string; number: string; status: string; created_at: string; ordered_at: string | null; expected_at: string | null; warehouse: string; comment: string | null };
  items: Array<{ name: string; sku: string | null; unit: string; qty: number; price: number | null; amount: number | null }>;
  totals: { total: number | null; qty: number };
}

/** The print data of an order the employee may see (404 otherwise: the procurement service's rules). */
export async function purchaseOrderPrintData(ctx: Ctx, id: string): Promise<PurchaseOrderPrintData> {
  const order = await getOrder(ctx, id);
  const [loc] = await ctx.db.select().from(locations).where(eq(locations.id, order.locationId));
  const [company] = loc ? await ctx.db.select().from(companies).where(eq(companies.id, loc.companyId)) : [];
  const [supplier] = order.supplierId ? await ctx.db.select().from(counterparties).where(eq(counterparties.id, order.supplierId)) : [];
  const [phone] = order.supplierId
    ? await ctx.db.select({ phone: counterpartyPhones.phone }).from(counterpartyPhones).where(eq(counterpartyPhones.counterpartyId, order.supplierId)).orderBy(asc(counterpartyPhones.position)).limit(1)
    : [];
  return {
    company: { name: company?.name ?? '' },
    location: { name: loc?.name ?? '', address: loc?.address ?? null, phone: loc?.phone ?? null },
    supplier: { name: supplier?.name ?? '', inn: supplier?.inn ?? null, phone: phone?.phone ?? null, email: supplier?.email ?? null, address: supplier?.address ?? null },
    purchase: {
      id: order.id,
      number: order.number,
      status: order.status,
      created_at: order.createdAt,
      ordered_at: order.orderedAt,
      expected_at: order.expectedAt,
      warehouse: order.warehouseName,
      comment: order.comment,
    },
    items: order.lines.map((l) => ({ name: l.productName, sku: l.sku, unit: l.unit, qty: l.qty, price: l.price, amount: l.amount })),
    totals: { total: order.total, qty: order.totalQty },
  };
}
