import { formatKopecks, saleMessages } from '@repo/contracts';
import { eq } from 'drizzle-orm';
import { sales } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { conflict, invalidInput } from '../../lib/errors';
import { idempotent, type StoredAnswer } from '../../lib/idempotency';
import { checkOperation, postOperation, systemCategory } from '../finance/service';
import { offerIn, saleFor } from './service';

/**
 * The partner's share of a sale on credit is expected («ожидается от партнёра») until its money arrives:
 * then it is confirmed into a bank account of the company — a cash operation linked to the sale, in the
 * same transaction as the mark (server/docs/sales.md). Needs `post:sale` and the finance rules for the cashbox.
 */
export async function confirmCredit(ctx: Ctx, id: string, input: { cashboxId: string }, key: string | null): Promise<StoredAnswer<{ id: string }>> {
  return idempotent(ctx, key, `POST /sales/${id}/credit/confirm`, input, 200, async (tx) => {
    const sale = await saleFor(ctx, tx, id, 'post', true);
    if (sale.status !== 'posted' || sale.creditAmount <= 0) throw conflict(saleMessages.noCredit);
    if (sale.creditConfirmedAt) throw conflict(saleMessages.creditConfirmed);
    const offer = sale.creditOfferId ? await offerIn(ctx, tx, sale.creditOfferId) : null;
    const fields = await checkOperation(ctx, tx, {
      kind: 'income',
      cashboxId: input.cashboxId,
      amount: sale.creditAmount,
      categoryId: await systemCategory(tx, 'sale_payment'),
      clientId: null,
      comment: `Оплата от партнёра${offer ? ` «${offer.partner}»` : ''} по продаже ${sale.number}`,
      documentType: 'sale',
      documentId: sale.id,
      documentNumber: sale.number,
    });
    // The partner pays into the company's bank account (kept at one of the shops); the finance rules say
    // who may post into it.
    if (fields.box.kind !== 'bank') throw invalidInput({ cashboxId: saleMessages.creditCashbox }, saleMessages.creditCashbox);
    const op = await postOperation(ctx, tx, fields);
    await tx.update(sales).set({ creditConfirmedAt: new Date(), creditOperationId: op.id, updatedAt: new Date() }).where(eq(sales.id, id));
    await recordChange(tx, ctx, {
      entity: 'sale',
      id,
      action: 'update',
      locationId: sale.locationId,
      diff: { creditConfirmed: { after: `${formatKopecks(sale.creditAmount)} · ${op.number}` } },
    });
    return { id };
  });
}
