import type { CreditOffer, CreditTerm } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';

/** A percent the Russian way: 19.9 → «19,9», 4.5 → «4,5», 12 → «12». */
export const formatPercent = (percent: number) => String(Math.round(percent * 100) / 100).replace('.', ',');

export const isFeeTerm = (term: CreditTerm) => term.feePercent !== undefined && term.feePercent !== null;

/** «12 мес · 19,9% годовых» for a credit, «6 мес · комиссия 4,5%» for an instalment. */
export function termLabel(term: CreditTerm): string {
  return isFeeTerm(term) ? `${term.months} мес · комиссия ${formatPercent(term.feePercent!)}%` : `${term.months} мес · ${formatPercent(term.ratePercent ?? 0)}% годовых`;
}

/** The purchase amounts an offer accepts: «5 000,00 ₽ – 500 000,00 ₽». */
export const amountRangeLabel = (offer: Pick<CreditOffer, 'minAmount' | 'maxAmount'>) => `${formatMoney(offer.minAmount)} – ${formatMoney(offer.maxAmount)}`;

/** «Тинькофф — Кредит на технику». */
export const offerTitle = (offer: Pick<CreditOffer, 'partner' | 'name'>) => `${offer.partner} — ${offer.name}`;
