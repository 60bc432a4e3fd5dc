import {
  calculateCredit,
  calculateCreditRequestSchema,
  createCreditOfferRequestSchema,
  creditMessages,
  creditPayments,
  updateCreditOfferRequestSchema,
  type CreditTerm,
} from '../credits';
import { formatKopecks } from '../primitives';

const rub = (roubles: number) => Math.round(roubles * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Field errors of a failed parse as `{ 'terms.0.ratePercent': message }` (first message per path), like the server's error contract. */
function fieldErrors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.') || '_';
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

describe('credit calculator: annuity (rate terms)', () => {
  it('100 000 ₽ at 12 % for 12 months: 8 884,88 ₽ a month, the last one settles the rounding', () => {
    const c = calculateCredit({ months: 12, ratePercent: 12 }, rub(100_000));
    expect(c.monthly).toBe(888_488);
    expect(c.lastPayment).toBe(888_485);
    expect(c.total).toBe(888_488 * 11 + 888_485);
    expect(c.total).toBe(10_661_853);
    expect(c.overpayment).toBe(661_853);
  });

  it('matches the annuity formula rounded half up for common offers', () => {
    const cases: Array<[number, number, number]> = [
      // amount ₽, annual %, months
      [50_000, 19.9, 6],
      [50_000, 19.9, 12],
      [50_000, 19.9, 24],
      [300_000, 25.5, 36],
      [12_345.67, 9.99, 10],
      [1_000_000, 0.01, 60],
      [999.99, 100, 60],
    ];
    for (const [amount, rate, months] of cases) {
      const P = rub(amount);
      const r = rate / 100 / 12;
      const exact = (P * r) / (1 - (1 + r) ** -months);
      const c = calculateCredit({ months, ratePercent: rate }, P);
      expect(Math.abs(c.monthly - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      expect(c.monthly).toBe(Math.floor(exact + 0.5));
      expect(c.total).toBe(c.monthly * (months - 1) + c.lastPayment);
      expect(c.overpayment).toBe(c.total - P);
    }
  });

  it('Тинькофф 19,9 % for 24 months on 100 000 ₽: 5 084,70 ₽ a month', () => {
    const c = calculateCredit({ months: 24, ratePercent: 19.9 }, rub(100_000));
    expect(c.monthly).toBe(508_470);
    expect(c.total).toBe(sum(creditPayments({ months: 24, ratePercent: 19.9 }, rub(100_000))));
    // The interest of the schedule, each month the balance × r rounded to the kopeck.
    expect(c.overpayment).toBe(2_203_269);
  });

  it('0 % is the amount split in equal parts, the last taking the remainder', () => {
    expect(calculateCredit({ months: 12, ratePercent: 0 }, rub(100_000))).toEqual({ monthly: 833_333, lastPayment: 833_337, total: rub(100_000), overpayment: 0 });
    expect(calculateCredit({ months: 7, ratePercent: 0 }, 10_000)).toEqual({ monthly: 1_429, lastPayment: 1_426, total: 10_000, overpayment: 0 });
    expect(calculateCredit({ months: 3, ratePercent: 0 }, 300)).toEqual({ monthly: 100, lastPayment: 100, total: 300, overpayment: 0 });
  });

  it('one month: the amount plus one month of interest', () => {
    // 10 000 ₽ × 24 % / 12 = 200 ₽.
    expect(calculateCredit({ months: 1, ratePercent: 24 }, rub(10_000))).toEqual({ monthly: rub(10_200), lastPayment: rub(10_200), total: rub(10_200), overpayment: rub(200) });
  });

  it('rounds half up exactly, without floating-point drift', () => {
    // 0 %: 250 kopecks over 4 months = 62,5 → 63 (half up), the last one 61.
    expect(creditPayments({ months: 4, ratePercent: 0 }, 250)).toEqual([63, 63, 63, 61]);
    // 1 kopeck over 2 months: 0,5 → 1, then nothing is left.
    expect(creditPayments({ months: 2, ratePercent: 0 }, 1)).toEqual([1, 0]);
  });
});

describe('credit calculator: flat fee (fee terms)', () => {
  it('ОТП 0-0-6, 4,5 % on 50 000 ₽: 52 250 ₽ in 6 payments', () => {
    const c = calculateCredit({ months: 6, feePercent: 4.5 }, rub(50_000));
    expect(c).toEqual({ monthly: 870_833, lastPayment: 870_835, total: rub(52_250), overpayment: rub(2_250) });
  });

  it('rounds the fee half up to the kopeck', () => {
    // 333,33 ₽ × 7 % = 23,3331 ₽ → 23,33 ₽; 0,50 kopeck rounds up: 50 kopecks × 1 % = 0,5 → 1.
    expect(calculateCredit({ months: 10, feePercent: 7 }, 33_333).overpayment).toBe(2_333);
    expect(calculateCredit({ months: 1, feePercent: 1 }, 50).overpayment).toBe(1);
    expect(calculateCredit({ months: 1, feePercent: 0.01 }, 4_999).overpayment).toBe(0);
    expect(calculateCredit({ months: 1, feePercent: 0.01 }, 5_000).overpayment).toBe(1);
  });

  it('a fee of 0 % is an instalment with no overpayment', () => {
    expect(calculateCredit({ months: 10, feePercent: 0 }, rub(20_000))).toEqual({ monthly: rub(2_000), lastPayment: rub(2_000), total: rub(20_000), overpayment: 0 });
  });
});

describe('credit calculator: invariants', () => {
  it('the payments sum to the total, none is negative, all but the last are equal', () => {
    const terms: CreditTerm[] = [];
    for (const percent of [0, 0.01, 4.5, 12, 19.9, 49.99, 100]) {
      for (const months of [1, 2, 3, 6, 10, 12, 24, 36, 60]) terms.push({ months, ratePercent: percent }, { months, feePercent: percent });
    }
    const amounts = [0, 1, 2, 7, 59, 100, 299, 1_000, 12_345, 99_999, rub(5_000), rub(123_456.78), 100_000_000_000];
    for (const term of terms) {
      for (const amount of amounts) {
        const payments = creditPayments(term, amount);
        const c = calculateCredit(term, amount);
        expect(payments).toHaveLength(term.months);
        expect(payments.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        expect(payments.slice(0, -1).every((p) => p === c.monthly)).toBe(true);
        expect(sum(payments)).toBe(c.total);
        expect(c.overpayment).toBe(c.total - amount);
        expect(c.overpayment).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('refuses a term that is not one', () => {
    expect(() => calculateCredit({ months: 0, ratePercent: 10 }, 100)).toThrow(RangeError);
    expect(() => calculateCredit({ months: 6 }, 100)).toThrow(creditMessages.rateOrFee);
    expect(() => calculateCredit({ months: 6, ratePercent: 1, feePercent: 1 }, 100)).toThrow(creditMessages.rateAndFee);
    expect(() => calculateCredit({ months: 6, ratePercent: 1 }, 1.5)).toThrow(RangeError);
  });
});

describe('offer contracts', () => {
  const valid = { partner: 'Тинькофф', name: 'Кредит на технику', minAmount: rub(5_000), maxAmount: rub(500_000), terms: [{ months: 6, ratePercent: 19.9 }, { months: 12, ratePercent: 19.9 }] };

  it('accepts an offer and trims its texts', () => {
    const parsed = createCreditOfferRequestSchema.parse({ ...valid, partner: '  Тинькофф ' });
    expect(parsed.partner).toBe('Тинькофф');
    expect(parsed.terms).toHaveLength(2);
  });

  it('puts each error on its field', () => {
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, minAmount: rub(10_000), maxAmount: rub(5_000) }))).toEqual({ maxAmount: creditMessages.maxBelowMin });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6 }] }))).toEqual({ 'terms.0.ratePercent': creditMessages.rateOrFee });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, ratePercent: 1, feePercent: 2 }] }))).toEqual({
      'terms.0.ratePercent': creditMessages.rateAndFee,
      'terms.0.feePercent': creditMessages.rateAndFee,
    });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, ratePercent: 1 }, { months: 6, feePercent: 2 }] }))).toEqual({ 'terms.1.months': creditMessages.monthsDuplicate(6) });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 61, ratePercent: 1 }] }))).toEqual({ 'terms.0.months': creditMessages.monthsRange });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 1.5, ratePercent: 1 }] }))).toEqual({ 'terms.0.months': creditMessages.monthsInteger });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, ratePercent: 19.999 }] }))).toEqual({ 'terms.0.ratePercent': creditMessages.percentDecimals('Ставка') });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, feePercent: 100.01 }] }))).toEqual({ 'terms.0.feePercent': creditMessages.percentRange('Комиссия') });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, feePercent: -1 }] }))).toEqual({ 'terms.0.feePercent': creditMessages.percentRange('Комиссия') });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, feePercent: 'пять' }] }))).toEqual({ 'terms.0.feePercent': creditMessages.percentNotNumber('Комиссия') });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [] }))).toEqual({ terms: creditMessages.termsRequired });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, terms: Array.from({ length: 25 }, (_, i) => ({ months: i + 1, ratePercent: 1 })) }))).toEqual({ terms: creditMessages.termsTooMany });
    expect(fieldErrors(createCreditOfferRequestSchema.safeParse({ ...valid, partner: ' ' }))).toEqual({ partner: creditMessages.partnerRequired });
  });

  it('accepts two decimals that floating point cannot hold exactly', () => {
    for (const p of [19.9, 0.07, 4.35, 99.99, 33.33, 0.01]) expect(createCreditOfferRequestSchema.safeParse({ ...valid, terms: [{ months: 6, feePercent: p }] }).success).toBe(true);
  });

  it('an edit needs a change and checks the amounts it is given', () => {
    expect(fieldErrors(updateCreditOfferRequestSchema.safeParse({}))).toEqual({ _: creditMessages.noChanges });
    expect(updateCreditOfferRequestSchema.parse({ archived: true })).toEqual({ archived: true });
    expect(fieldErrors(updateCreditOfferRequestSchema.safeParse({ minAmount: 200, maxAmount: 100 }))).toEqual({ maxAmount: creditMessages.maxBelowMin });
  });

  it('names the amount range in roubles', () => {
    expect(creditMessages.amountRange(rub(5_000), rub(300_000))).toBe(`Сумма должна быть от ${formatKopecks(500_000)} до ${formatKopecks(30_000_000)}`);
    expect(creditMessages.amountRange(rub(5_000), rub(300_000)).replace(/\u00a0/g, ' ')).toBe('Сумма должна быть от 5 000,00 ₽ до 300 000,00 ₽');
  });

  it('a calculation asks for whole months and kopecks', () => {
    const offerId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    expect(calculateCreditRequestSchema.safeParse({ offerId, amount: 100, months: 6 }).success).toBe(true);
    expect(Object.keys(fieldErrors(calculateCreditRequestSchema.safeParse({ offerId: 'x', amount: 1.5, months: 0 }))).sort()).toEqual(['amount', 'months', 'offerId']);
  });
});
