import { z } from 'zod';
import { idSchema } from './common';
import { formatKopecks, moneySchema, safeText } from './primitives';

/**
 * Partners' instalment and credit offers (issue #11): a bank's or a broker's offer with the purchase
 * amounts it accepts and its terms — per number of months either an annual interest rate (a credit,
 * paid by equal annuity payments) or the partner's one-time fee on the amount (an instalment, paid in
 * equal parts). Company-wide, not per location. `calculateCredit` gives the payments to the kopeck, the
 * same on the screen and on the server (`POST /api/credits/calculate`). Server: server/docs/credits.md.
 *
 * Live refresh: changes publish `credit_offer` to every tab (the offers are company-wide).
 */

export const creditLimits = {
  partnerMax: 120,
  nameMax: 120,
  /** Terms of one offer. */
  termsMax: 24,
  monthsMin: 1,
  monthsMax: 60,
  /** A rate or a fee is 0..100 % with at most two decimals. */
  percentMax: 100,
} as const;

const monthsRange = `от ${creditLimits.monthsMin} до ${creditLimits.monthsMax}`;

export const creditMessages = {
  notFound: 'Кредитное предложение не найдено',
  archived: 'Кредитное предложение в архиве',
  partnerRequired: 'Укажите партнёра (банк или брокера)',
  nameRequired: 'Укажите название предложения',
  nameTaken: 'У этого партнёра уже есть предложение с таким названием',
  maxBelowMin: 'Максимальная сумма не может быть меньше минимальной',
  minAboveMax: 'Минимальная сумма не может быть больше максимальной',
  termsRequired: 'Добавьте хотя бы один срок',
  termsTooMany: `Не больше ${creditLimits.termsMax} сроков в одном предложении`,
  monthsNotNumber: 'Срок — число месяцев',
  monthsInteger: 'Срок — целое число месяцев',
  monthsRange: `Срок — ${monthsRange} месяцев`,
  monthsDuplicate: (months: number) => `Срок ${months} мес. уже есть в этом предложении`,
  percentNotNumber: (label: string) => `${label} — число`,
  percentRange: (label: string) => `${label} — от 0 до ${creditLimits.percentMax} %`,
  percentDecimals: (label: string) => `${label}: не больше двух знаков после запятой`,
  rateOrFee: 'Укажите ставку или комиссию партнёра',
  rateAndFee: 'Укажите что-то одно: ставку или комиссию партнёра',
  noChanges: 'Нет изменений',
  archivedFlag: 'Ожидается true или false',
  /** «Сумма должна быть от 5 000,00 ₽ до 300 000,00 ₽». */
  amountRange: (min: number, max: number) => `Сумма должна быть от ${formatKopecks(min)} до ${formatKopecks(max)}`,
  /** «Срок 7 мес. не предусмотрен: доступно 6, 12, 24 мес.». */
  monthsNotOffered: (months: number, offered: number[]) => `Срок ${months} мес. не предусмотрен: доступно ${offered.join(', ')} мес.`,
} as const;

// ---------------------------------------------------------------------------------------------------
// The calculator

/** A term of an offer: months and exactly one of `ratePercent` (annual interest) and `feePercent` (one-time fee). */
export interface CreditTerm {
  months: number;
  ratePercent?: number | null;
  feePercent?: number | null;
}

export interface CreditCalculation {
  /** The regular monthly payment (every payment but the last). */
  monthly: number;
  /** The last payment: the regular one with the rounding of the others settled (equal to `monthly` when nothing is left over). */
  lastPayment: number;
  /** Everything paid: `monthly × (months − 1) + lastPayment`. */
  total: number;
  /** `total − amount`: the interest, or the partner's fee. */
  overpayment: number;
}

/** A percent with at most two decimals as hundredths of a percent (19.9 → 1990): exact integer arithmetic. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
/** Hundredths of a percent back to the percent (1990 → 19.9). */
export const basisPointsToPercent = (bp: number) => bp / 100;

/** num / den rounded half up (num ≥ 0, den > 0), exactly. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den);
}

/** r = ratePercent / 100 / 12 = bp / 120 000. */
const RATE_DEN = 120_000n;

/** The annuity payment P·r / (1 − (1 + r)^−n) = P·a·(a+b)^n / (b·((a+b)^n − b^n)) with r = a/b, as an exact fraction. */
function annuity(amount: bigint, bp: bigint, months: number): [bigint, bigint] {
  if (bp === 0n) return [amount, BigInt(months)];
  const grown = (bp + RATE_DEN) ** BigInt(months);
  return [amount * bp * grown, RATE_DEN * (grown - RATE_DEN ** BigInt(months))];
}

function termOf(term: CreditTerm): { months: number; kind: 'rate' | 'fee'; bp: bigint } {
  const months = term.months;
  if (!Number.isInteger(months) || months < creditLimits.monthsMin || months > creditLimits.monthsMax) throw new RangeError(creditMessages.monthsRange);
  const rate = term.ratePercent ?? null;
  const fee = term.feePercent ?? null;
  if ((rate === null) === (fee === null)) throw new RangeError(rate === null ? creditMessages.rateOrFee : creditMessages.rateAndFee);
  const percent = (rate ?? fee)!;
  if (!Number.isFinite(percent) || percent < 0 || percent > creditLimits.percentMax) throw new RangeError(creditMessages.percentRange('Процент'));
  return { months, kind: rate !== null ? 'rate' : 'fee', bp: BigInt(percentToBasisPoints(percent)) };
}

/**
 * The payments of a term for an amount (kopecks), month by month, to the kopeck, in integers only.
 *
 * - A rate term (annuity): the payment P·r/(1 − (1 + r)^−n), r = rate/100/12, rounded half up to the
 *   kopeck (r = 0: P/n). Each month's interest is the balance × r rounded half up; the rest of the payment
 *   repays the amount; the last payment is what is left of the amount plus its interest, so the total is
 *   exactly the sum of the payments.
 * - A fee term (flat): total = P + round_half_up(P × fee/100); the payment is total/n rounded half up; the
 *   last payment is the remainder.
 *
 * When rounding the payment up would repay the amount before the last month (a payment of a few kopecks
 * over many months), the payment is a kopeck less until it does not, so no payment is ever negative. Throws RangeError for a term or an amount outside the contracts.
 */
export function creditPayments(term: CreditTerm, amount: number): number[] {
  const { months, kind, bp } = termOf(term);
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('Сумма — целое неотрицательное число копеек');
  const P = BigInt(amount);
  const n = BigInt(months);

  if (kind === 'fee') {
    const total = P + roundHalfUp(P * bp, 10_000n);
    let monthly = roundHalfUp(total, n);
    if (monthly * (n - 1n) > total) monthly = total / n;
    return [...Array<bigint>(months - 1).fill(monthly), total - monthly * (n - 1n)].map(Number);
  }

  const [num, den] = annuity(P, bp, months);
  const run = (monthly: bigint): number[] | null => {
    const payments: number[] = [];
    let balance = P;
    for (let m = 1; m <= months; m++) {
      const interest = roundHalfUp(balance * bp, RATE_DEN);
      const payment = m < months ? monthly : balance + interest;
      balance -= payment - interest;
      if (balance < 0n) return null;
      payments.push(Number(payment));
    }
    return payments;
  };
  // Rounding up may overpay a tiny amount before the last month: a kopeck less until it does not
  // (a payment of 0 always works, so this ends; an amount of more than a few roubles needs no retry).
  for (let monthly = roundHalfUp(num, den); ; monthly -= 1n) {
    const payments = run(monthly);
    if (payments) return payments;
  }
}

/** What a customer pays for `amount` kopecks on this term (see `creditPayments`). */
export function calculateCredit(term: CreditTerm, amount: number): CreditCalculation {
  const payments = creditPayments(term, amount);
  const total = payments.reduce((sum, p) => sum + p, 0);
  return { monthly: payments[0], lastPayment: payments[payments.length - 1], total, overpayment: total - amount };
}

// ---------------------------------------------------------------------------------------------------
// Offers

const percentSchema = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? undefined : creditMessages.percentNotNumber(label)) })
    .min(0, creditMessages.percentRange(label))
    .max(creditLimits.percentMax, creditMessages.percentRange(label))
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, creditMessages.percentDecimals(label));

const monthsSchema = z
  .number({ error: creditMessages.monthsNotNumber })
  .int(creditMessages.monthsInteger)
  .min(creditLimits.monthsMin, creditMessages.monthsRange)
  .max(creditLimits.monthsMax, creditMessages.monthsRange);

export const creditTermInputSchema = z
  .object({
    months: monthsSchema,
    /** Annual interest, % (an annuity credit). */
    ratePercent: percentSchema('Ставка').nullish(),
    /** The partner's one-time fee on the amount, % (an instalment). */
    feePercent: percentSchema('Комиссия').nullish(),
  })
  .superRefine((t, ctx) => {
    const rate = t.ratePercent ?? null;
    const fee = t.feePercent ?? null;
    if (rate === null && fee === null) ctx.addIssue({ code: 'custom', path: ['ratePercent'], message: creditMessages.rateOrFee });
    if (rate !== null && fee !== null) {
      ctx.addIssue({ code: 'custom', path: ['ratePercent'], message: creditMessages.rateAndFee });
      ctx.addIssue({ code: 'custom', path: ['feePercent'], message: creditMessages.rateAndFee });
    }
  })
  .meta({ id: 'CreditTermRequest' });
export type CreditTermInput = z.input<typeof creditTermInputSchema>;

const termsSchema = z
  .array(creditTermInputSchema, { error: creditMessages.termsRequired })
  .min(1, creditMessages.termsRequired)
  .max(creditLimits.termsMax, creditMessages.termsTooMany)
  .superRefine((terms, ctx) => {
    const seen = new Set<number>();
    terms.forEach((t, i) => {
      if (seen.has(t.months)) ctx.addIssue({ code: 'custom', path: [i, 'months'], message: creditMessages.monthsDuplicate(t.months) });
      seen.add(t.months);
    });
  });

const offerFields = {
  partner: safeText({ min: 1, max: creditLimits.partnerMax, label: 'Партнёр', messages: { required: creditMessages.partnerRequired } }),
  name: safeText({ min: 1, max: creditLimits.nameMax, label: 'Название', messages: { required: creditMessages.nameRequired } }),
  /** Kopecks: the smallest purchase the partner accepts. */
  minAmount: moneySchema,
  /** Kopecks: the largest purchase the partner accepts (not below `minAmount`). */
  maxAmount: moneySchema,
  terms: termsSchema,
};

const checkAmounts = (v: { minAmount?: number; maxAmount?: number }, ctx: z.RefinementCtx) => {
  if (v.minAmount !== undefined && v.maxAmount !== undefined && v.minAmount > v.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: creditMessages.maxBelowMin });
  }
};

/** `POST /api/credits/offers`. */
export const createCreditOfferRequestSchema = z.object(offerFields).superRefine(checkAmounts).meta({ id: 'CreateCreditOffer' });
export type CreateCreditOfferRequest = z.input<typeof createCreditOfferRequestSchema>;

/** `PATCH /api/credits/offers/:id`: any of the fields (`terms` replaces all of them); `archived: true` archives, `false` restores. */
export const updateCreditOfferRequestSchema = z
  .object({ ...offerFields, archived: z.boolean({ error: creditMessages.archivedFlag }) })
  .partial()
  .superRefine(checkAmounts)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: creditMessages.noChanges })
  .meta({ id: 'UpdateCreditOffer' });
export type UpdateCreditOfferRequest = z.input<typeof updateCreditOfferRequestSchema>;

/** `GET /api/credits/offers?archived=true` lists the archive instead of the offers in use. */
export const creditOfferListQuerySchema = z.object({
  archived: z
    .enum(['true', 'false'], { error: creditMessages.archivedFlag })
    .transform((v) => v === 'true')
    .optional(),
});
export type CreditOfferListQuery = z.input<typeof creditOfferListQuerySchema>;

export const creditTermSchema = z
  .object({
    months: z.number().int(),
    /** Present on a rate term. */
    ratePercent: z.number().optional(),
    /** Present on a fee term. */
    feePercent: z.number().optional(),
  })
  .meta({ id: 'CreditTerm' });

export const creditOfferSchema = z
  .object({
    id: z.string(),
    partner: z.string(),
    name: z.string(),
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
    /** By months, ascending. */
    terms: z.array(creditTermSchema),
    archived: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CreditOffer' });
export type CreditOffer = z.infer<typeof creditOfferSchema>;
export const creditOfferListSchema = z.array(creditOfferSchema);

/** `POST /api/credits/calculate`. */
export const calculateCreditRequestSchema = z
  .object({
    offerId: idSchema,
    /** Kopecks: the purchase, within the offer's min..max. */
    amount: moneySchema,
    /** One of the offer's terms. */
    months: monthsSchema,
  })
  .meta({ id: 'CalculateCredit' });
export type CalculateCreditRequest = z.input<typeof calculateCreditRequestSchema>;

export const creditCalculationSchema = z
  .object({
    offerId: z.string(),
    amount: z.number().int(),
    months: z.number().int(),
    ratePercent: z.number().optional(),
    feePercent: z.number().optional(),
    /** The regular monthly payment, kopecks. */
    monthly: z.number().int(),
    /** The last payment (absorbs the rounding), kopecks. */
    lastPayment: z.number().int(),
    /** Everything paid, kopecks: monthly × (months − 1) + lastPayment. */
    total: z.number().int(),
    /** total − amount, kopecks. */
    overpayment: z.number().int(),
  })
  .meta({ id: 'CreditCalculation' });
export type CreditCalculationResult = z.infer<typeof creditCalculationSchema>;
