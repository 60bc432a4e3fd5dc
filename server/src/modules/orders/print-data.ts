import { paymentMethodLabels } from '@repo/contracts';
import { eq } from 'drizzle-orm';
import { companies, locations } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import type { OrderPrintData } from './print';
import { orderFor, orderOut } from './service';

/** The print data of an order the employee may see (404 otherwise): see `OrderPrintData`. */
export async function loadOrderPrintData(ctx: Ctx, orderId: string): Promise<OrderPrintData> {
  const row = await orderFor(ctx, ctx.db, orderId, 'view');
  const order = await orderOut(ctx, ctx.db, row);
  const [loc] = await ctx.db.select().from(locations).where(eq(locations.id, row.locationId));
  const [company] = loc ? await ctx.db.select().from(companies).where(eq(companies.id, loc.companyId)) : [];
  const works = order.works.reduce((s, w) => s + w.amount, 0);
  const parts = order.parts.reduce((s, p) => s + p.amount, 0);
  return {
    company: { name: company?.name ?? '' },
    location: { name: loc?.name ?? '', address: loc?.address ?? null, phone: loc?.phone ?? null },
    // The client's phone as the employee may see it (masked without the contacts right).
    client: { name: order.client.name, phone: order.client.phone },
    order: {
      id: order.id,
      number: order.number,
      created_at: order.createdAt,
      due_at: order.dueAt,
      issued_at: order.issuedAt,
      malfunction: order.malfunction,
      estimate: order.estimate,
      status: order.status.name,
      urgent: order.urgent,
      warranty_of: order.warrantyOfNumber,
      warranty_until: order.warrantyUntil,
    },
    device: order.device,
    works: order.works.map((w) => ({ name: w.name, qty: w.qty, price: w.price, amount: w.amount, warranty_days: w.warrantyDays, engineer: w.engineerName })),
    parts: order.parts.map((p) => ({ name: p.productName, sku: p.sku, qty: p.qty, price: p.price, amount: p.amount, warranty_days: p.warrantyDays, serial: p.serial })),
    payments: order.payments.filter((p) => !p.cancelled).map((p) => ({ number: p.number, at: p.at, amount: p.amount, method: paymentMethodLabels[p.method] })),
    totals: { total: order.total, paid: order.paid, due: order.due, works, parts },
    manager: { name: order.managerName },
    engineer: { name: order.engineerName },
  };
}
