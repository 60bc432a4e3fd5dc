import { paymentMethodLabels } from '@repo/contracts';
import { eq } from 'drizzle-orm';
import { companies, locations } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import { getSale } from './service';

/**
 * What a printed sale document sees (templates module, `POST /api/templates/:id/render { saleId }`, the
 * built-in «Товарный чек»): plain values, money in kopecks (the template filters format them), dates as
 * ISO strings. The templates module adds `totals.total_words`, `employee` (who prints) and `now`.
 */
export interface SalePrintData {
  company: { name: string };
  /** The sale's location (not the one the employee prints from). */
  location: { name: string; address: string | null; phone: string | null };
  /** Empty for a sale without a client; the phone as the employee may see it (null without `see_client_contacts`). */
  client: { name: string | null; phone: string | null };
  sale: { id: string; number: string; at: string; status: string; warehouse: string; comment: string | null };
  /** `amount`: what the client pays for the line (after its own discount and its share of the sale's). */
  lines: Array<{ name: string; sku: string | null; qty: number; price: number; discount: number; amount: number; serials: string[] }>;
  /** The money taken at the counter, then the credit partner's share (method «Кредит: …»), if any. */
  payments: Array<{ number: string | null; at: string; amount: number; method: string }>;
  totals: { subtotal: number; discount: number; total: number; paid: number; credit: number; due: number; returned: number };
  credit: { partner: string; name: string; months: number; amount: number } | null;
  /** Who made the sale. */
  seller: { name: string | null };
}

/** The print data of a sale the employee may see (404 otherwise, the sales service's rules). */
export async function salePrintData(ctx: Ctx, saleId: string): Promise<SalePrintData> {
  const sale = await getSale(ctx, saleId);
  const [loc] = sale.locationId ? await ctx.db.select().from(locations).where(eq(locations.id, sale.locationId)) : [];
  const [company] = loc ? await ctx.db.select().from(companies).where(eq(companies.id, loc.companyId)) : [];
  const at = sale.postedAt ?? sale.createdAt;
  const payments: SalePrintData['payments'] = sale.payments.map((p) => ({ number: p.operationNumber, at, amount: p.amount, method: paymentMethodLabels[p.method] }));
  if (sale.credit && sale.credit.amount > 0) {
    payments.push({ number: null, at, amount: sale.credit.amount, method: `Кредит: ${sale.credit.partner}, ${sale.credit.months} мес.` });
  }
  return {
    company: { name: company?.name ?? '' },
    location: { name: loc?.name ?? sale.locationName, address: loc?.address ?? null, phone: loc?.phone ?? null },
    client: { name: sale.client?.name ?? null, phone: sale.client?.phone ?? null },
    sale: { id: sale.id, number: sale.number, at, status: sale.status, warehouse: sale.warehouseName, comment: sale.comment },
    lines: sale.lines.map((l) => ({ name: l.name, sku: l.sku, qty: l.qty, price: l.price, discount: l.discount, amount: l.total, serials: l.serials })),
    payments,
    totals: { subtotal: sale.subtotal, discount: sale.discount, total: sale.total, paid: sale.paid, credit: sale.creditAmount, due: sale.due, returned: sale.returned },
    credit: sale.credit ? { partner: sale.credit.partner, name: sale.credit.name, months: sale.credit.months, amount: sale.credit.amount } : null,
    seller: { name: sale.employee?.name ?? null },
  };
}
