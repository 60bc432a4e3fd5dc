import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema, queryFlag as flag } from './common';
import { paymentMethods } from './orders';
import { phoneSchema } from './phone';
import { dateQuery, moneySchema, optionalSafeText, safeText, secretText } from './primitives';

/**
 * Sales at the counter (issue #11, server/docs/sales.md): a sale of goods and services from one
 * warehouse of the location, per-line and whole-sale discounts, payments split between cashboxes,
 * posted in one transaction; customer returns against a sale, at any location of the company.
 */

export const salePrefix = 'ПД';
export const saleReturnPrefix = 'ВЗ';
export const saleStatuses = ['draft', 'posted', 'cancelled'] as const;
export type SaleStatus = (typeof saleStatuses)[number];
export const saleStatusLabels: Record<SaleStatus, string> = { draft: 'Черновик', posted: 'Проведена', cancelled: 'Отменена' };

export const saleLimits = {
  lines: 200,
  qtyMax: 100_000,
  serialMax: 100,
  commentMax: 1000,
  payments: 5,
  searchMax: 100,
} as const;

export const saleMessages = {
  notFound: 'Продажа не найдена',
  returnNotFound: 'Возврат не найден',
  noLines: 'Добавьте хотя бы один товар',
  productNotFound: 'Товар не найден',
  productArchived: 'Товар в архиве',
  warehouseNotFound: 'Склад не найден',
  warehouseOtherLocation: 'Склад другого магазина',
  cashboxOtherLocation: 'Касса другого магазина',
  clientNotFound: 'Клиент не найден',
  notDraft: 'Продажа уже проведена или отменена',
  notPosted: 'Продажа не проведена',
  alreadyCancelled: 'Продажа уже отменена',
  cancelSameDay: 'Отменить можно только продажу сегодняшнего дня; для более ранней оформите возврат',
  cancelHasReturns: 'По продаже уже есть возвраты: отмена невозможна, оформите возврат',
  serialsCount: (qty: number) => `Укажите ${qty} серийн${qty === 1 ? 'ый номер' : qty < 5 ? 'ых номера' : 'ых номеров'}`,
  serialsNotTracked: 'Товар без учёта серийных номеров',
  serialNotInStock: (serial: string) => `Серийный номер ${serial} не на этом складе`,
  serialRepeated: (serial: string) => `Серийный номер ${serial} указан дважды`,
  serviceNoSerials: 'У услуги нет серийных номеров',
  lineDiscountTooBig: 'Скидка больше суммы строки',
  saleDiscountTooBig: 'Скидка больше суммы продажи',
  discountOverCap: (cap: number) => `Скидка больше разрешённой вам (${cap}%): нужно подтверждение управляющего`,
  approvalWrong: 'Неверный телефон или пароль подтверждающего',
  approverNoRight: 'Подтвердить скидку может только сотрудник с правом изменять продажи и достаточным лимитом скидки',
  paymentsMismatch: (total: string, paid: string) => `Оплата (${paid}) не равна сумме продажи (${total})`,
  paymentsOver: (total: string, paid: string) => `Оплата (${paid}) больше суммы продажи (${total})`,
  creditOfferNotFound: 'Кредитное предложение не найдено',
  noCredit: 'Продажа не в кредит',
  creditConfirmed: 'Поступление от партнёра уже подтверждено',
  creditCashbox: 'Деньги партнёра поступают на расчётный счёт, а не в кассу',
  creditOutOfRange: (min: string, max: string) => `Сумма кредита должна быть от ${min} до ${max}`,
  creditMonths: 'Такого срока нет у предложения',
  returnTooMany: (name: string, left: number) => `«${name}»: можно вернуть не больше ${left}`,
  returnLineNotFound: 'Этой позиции нет в продаже',
  returnNothing: 'Укажите, что возвращается',
  refundMismatch: (amount: string, refund: string) => `Возврат денег (${refund}) не равен сумме возврата (${amount})`,
  returnSerials: (qty: number) => `Укажите ${qty} серийн${qty === 1 ? 'ый номер' : qty < 5 ? 'ых номера' : 'ых номеров'} возвращаемого товара`,
  returnSerialNotSold: (serial: string) => `Серийный номер ${serial} не продавался в этой продаже`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Discounts and totals (shared by the sale screen, which shows them live, and the server, which decides)

/** A discount: a percentage (0–100, up to two decimals) or an amount in kopecks. */
export type Discount = { percent: number } | { amount: number };

const percentSchema = z
  .number({ error: 'Скидка — число' })
  .min(0, 'Скидка не может быть отрицательной')
  .max(100, 'Скидка не больше 100%')
  .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, 'Не больше двух знаков после запятой');

/** `discount`: a number is kopecks; or `{ percent }`, or `{ amount }` (kopecks). */
export const discountSchema = z.union([moneySchema.transform((amount) => ({ amount })), z.object({ percent: percentSchema }).strict(), z.object({ amount: moneySchema }).strict()], {
  error: 'Скидка: сумма в копейках, { percent } или { amount }',
});

/** round(a × b / c) half up, exact for integers (kopecks × basis points). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (2n * d));
}

/** Splits `total` over `weights` by the largest remainder: the parts add up to `total` exactly. */
export function splitByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const t = BigInt(total);
  const parts = weights.map((w) => (t * BigInt(w)) / sum);
  const rest = weights.map((w) => (t * BigInt(w)) % sum);
  let left = t - parts.reduce((a, b) => a + b, 0n);
  const order = weights.map((_, i) => i).sort((a, b) => (rest[a] === rest[b] ? a - b : rest[a] > rest[b] ? -1 : 1));
  for (const i of order) {
    if (left <= 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** A discount in kopecks on `base`: a percentage rounded half up to the kopeck. */
export function discountAmount(base: number, discount: Discount | null | undefined): number {
  if (!discount) return 0;
  if ('percent' in discount) return mulDivHalfUp(base, Math.round(discount.percent * 100), 10_000);
  return discount.amount;
}

export interface PricedLine {
  gross: number;
  /** The line's own discount plus its share of the whole-sale discount. */
  discount: number;
  total: number;
}

export interface PricedSale {
  lines: PricedLine[];
  subtotal: number;
  lineDiscounts: number;
  saleDiscount: number;
  total: number;
  /** Field errors by path (`lines.2.discount`, `discount`). */
  errors: Record<string, string>;
}

/**
 * Prices a sale: each line's gross (qty × price) less its own discount, then the whole-sale discount
 * spread over the lines by their net amounts with the largest remainder, so the line totals add up to
 * the sale total to the kopeck.
 */
export function priceSale(lines: ReadonlyArray<{ qty: number; price: number; discount?: Discount | null }>, discount?: Discount | null): PricedSale {
  const errors: Record<string, string> = {};
  const nets = lines.map((l, i) => {
    const gross = l.qty * l.price;
    const own = discountAmount(gross, l.discount);
    if (own > gross) errors[`lines.${i}.discount`] = saleMessages.lineDiscountTooBig;
    return { gross, own: Math.min(own, gross) };
  });
  const net = nets.reduce((s, l) => s + l.gross - l.own, 0);
  let saleDiscount = discountAmount(net, discount);
  if (saleDiscount > net) {
    errors.discount = saleMessages.saleDiscountTooBig;
    saleDiscount = net;
  }
  const shares = splitByLargestRemainder(
    saleDiscount,
    nets.map((l) => l.gross - l.own),
  );
  const priced = nets.map((l, i) => ({ gross: l.gross, discount: l.own + shares[i], total: l.gross - l.own - shares[i] }));
  return {
    lines: priced,
    subtotal: nets.reduce((s, l) => s + l.gross, 0),
    lineDiscounts: nets.reduce((s, l) => s + l.own, 0),
    saleDiscount,
    total: priced.reduce((s, l) => s + l.total, 0),
    errors,
  };
}

/** True when a line's whole discount is within `capPercent` of its gross (exact, no rounding). */
export const withinCap = (line: { gross: number; discount: number }, capPercent: number) => line.discount * 100 <= capPercent * line.gross;

// ---------------------------------------------------------------------------------------------------
// Requests

const qtySchema = z.number({ error: 'Количество — число' }).int('Количество — целое число').min(1, 'Количество — не меньше 1').max(saleLimits.qtyMax, `Не больше ${saleLimits.qtyMax}`);
const serialSchema = safeText({ min: 1, max: saleLimits.serialMax, messages: { required: 'Укажите серийный номер' } });

export const saleLineRequestSchema = z.object({
  productId: idSchema,
  qty: qtySchema.default(1),
  /** Kopecks per unit; the product's price by default. */
  price: moneySchema.optional(),
  discount: discountSchema.nullish(),
  serials: z.array(serialSchema).max(saleLimits.qtyMax).optional(),
});
export type SaleLineRequest = z.input<typeof saleLineRequestSchema>;

export const salePaymentRequestSchema = z.object({
  method: z.enum(paymentMethods, { error: 'Способ оплаты: cash, card или transfer' }),
  cashboxId: idSchema,
  amount: moneySchema.refine((v) => v > 0, 'Сумма оплаты должна быть больше нуля'),
});
export type SalePaymentRequest = z.input<typeof salePaymentRequestSchema>;

/** A manager's confirmation of a discount over the seller's cap: their phone and password, checked on the server. */
export const discountApprovalSchema = z.object({
  phone: phoneSchema,
  password: secretText({ max: 200, messages: { required: 'Укажите пароль' } }),
});

const saleFields = {
  clientId: idSchema.nullish(),
  warehouseId: idSchema,
  lines: z.array(saleLineRequestSchema).min(1, saleMessages.noLines).max(saleLimits.lines, `Не больше ${saleLimits.lines} строк`),
  /** The whole-sale discount; absent = the client's personal discount (if any). */
  discount: discountSchema.nullish(),
  payments: z.array(salePaymentRequestSchema).max(saleLimits.payments, `Не больше ${saleLimits.payments} оплат`).default([]),
  creditOfferId: idSchema.nullish(),
  creditMonths: z.number({ error: 'Срок — число месяцев' }).int('Срок — целое число месяцев').min(1).max(120).nullish(),
  comment: optionalSafeText({ max: saleLimits.commentMax, multiline: true, label: 'Комментарий' }),
  discountApproval: discountApprovalSchema.nullish(),
};

/** `POST /api/sales`: a draft, or posted at once with `post: true`. */
export const createSaleRequestSchema = z
  .object({ ...saleFields, post: z.boolean({ error: 'Ожидается да или нет' }).default(false) })
  .superRefine((v, ctx) => {
    if (v.creditOfferId && !v.creditMonths) ctx.addIssue({ code: 'custom', path: ['creditMonths'], message: 'Укажите срок кредита' });
  })
  .meta({ id: 'CreateSale' });
export type CreateSaleRequest = z.input<typeof createSaleRequestSchema>;
export type CreateSaleInput = z.output<typeof createSaleRequestSchema>;

/** `POST /api/sales/:id/post`: posts a draft; the payments (and an approval) can be given now. */
export const postSaleRequestSchema = z
  .object({ payments: saleFields.payments.optional(), discountApproval: saleFields.discountApproval })
  .meta({ id: 'PostSale' });
export type PostSaleRequest = z.input<typeof postSaleRequestSchema>;

/** `POST /api/sales/:id/credit/confirm`: the partner's share arrived into this bank account of the company. */
export const confirmSaleCreditRequestSchema = z.object({ cashboxId: idSchema }).meta({ id: 'ConfirmSaleCredit' });
export type ConfirmSaleCreditRequest = z.input<typeof confirmSaleCreditRequestSchema>;

export const cancelSaleRequestSchema = z.object({ comment: optionalSafeText({ max: saleLimits.commentMax, multiline: true, label: 'Комментарий' }) }).meta({ id: 'CancelSale' });

export const saleReturnRequestSchema = z
  .object({
    warehouseId: idSchema,
    lines: z
      .array(
        z.object({
          /** The sale line (when a product is on two lines); the first line of the product with units left otherwise. */
          lineId: idSchema.optional(),
          productId: idSchema,
          qty: qtySchema,
          serials: z.array(serialSchema).max(saleLimits.qtyMax).optional(),
        }),
      )
      .min(1, saleMessages.returnNothing)
      .max(saleLimits.lines),
    refunds: z
      .array(salePaymentRequestSchema)
      .max(saleLimits.payments, `Не больше ${saleLimits.payments} выплат`)
      .default([]),
    comment: optionalSafeText({ max: saleLimits.commentMax, multiline: true, label: 'Комментарий' }),
  })
  .meta({ id: 'SaleReturnRequest' });
export type SaleReturnRequest = z.input<typeof saleReturnRequestSchema>;
export type SaleReturnInput = z.output<typeof saleReturnRequestSchema>;


/** `GET /api/sales`: filters; `search` by number. */
export const saleListQuerySchema = pageQuerySchema.extend({
  from: dateQuery,
  to: dateQuery,
  employeeId: idSchema.optional(),
  clientId: idSchema.optional(),
  method: z.enum(paymentMethods, { error: 'Способ оплаты: cash, card или transfer' }).optional(),
  status: z.enum(saleStatuses, { error: 'Статус: draft, posted или cancelled' }).optional(),
  search: optionalSafeText({ max: saleLimits.searchMax, label: 'Поиск' }),
  withCancelled: flag.optional(),
  /** Sales on credit whose partner's money has not arrived yet. */
  creditPending: flag.optional(),
});
export type SaleListQuery = z.input<typeof saleListQuerySchema>;

/** `GET /api/sales/returnable?search=`: posted sales of the company by number. */
export const returnableSalesQuerySchema = z.object({ search: safeText({ min: 1, max: saleLimits.searchMax, messages: { required: 'Укажите номер продажи' } }) });

// ---------------------------------------------------------------------------------------------------
// Answers

export const saleLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  isService: z.boolean(),
  qty: z.number().int(),
  price: z.number().int(),
  /** The whole discount of the line (its own and its share of the sale's), kopecks. */
  discount: z.number().int(),
  total: z.number().int(),
  serials: z.array(z.string()),
  returnedQty: z.number().int(),
  /** The cost the sale took (null without `see_cost`, and before posting). */
  cost: z.number().int().nullable(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const salePaymentSchema = z.object({
  id: z.string(),
  method: z.enum(paymentMethods),
  cashboxId: z.string(),
  cashboxName: z.string(),
  amount: z.number().int(),
  operationId: z.string().nullable(),
  operationNumber: z.string().nullable(),
});

const saleCommon = {
  id: z.string(),
  number: z.string(),
  status: z.enum(saleStatuses),
  /**
   * Null for a sale of a shop the employee does not work in (found for a return at another shop): the
   * card shows its shop's name; its ids stay with that shop's staff.
   */
  locationId: z.string().nullable(),
  warehouseId: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  employee: z.object({ id: z.string(), name: z.string() }).nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  /** Paid by a credit partner (expected from them). */
  creditAmount: z.number().int(),
  /** The partner's share is still expected («ожидается от партнёра»): posted, on credit, not confirmed. */
  creditPending: z.boolean(),
  /** Owed by the client (posted on credit). */
  due: z.number().int(),
  returned: z.number().int(),
  methods: z.array(z.enum(paymentMethods)),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
};

export const saleListItemSchema = z.object(saleCommon).meta({ id: 'SaleListItem' });
export type SaleListItem = z.infer<typeof saleListItemSchema>;

export const saleReturnSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    saleId: z.string(),
    saleNumber: z.string(),
    /** Null when the return was made at a shop the employee does not work in. */
    locationId: z.string().nullable(),
    warehouseId: z.string().nullable(),
    amount: z.number().int(),
    lines: z.array(z.object({ lineId: z.string(), productId: z.string(), name: z.string(), qty: z.number().int(), amount: z.number().int(), serials: z.array(z.string()) })),
    refunds: z.array(salePaymentSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'SaleReturn' });
export type SaleReturn = z.infer<typeof saleReturnSchema>;

export const saleSchema = z
  .object({
    ...saleCommon,
    warehouseName: z.string(),
    locationName: z.string(),
    lines: z.array(saleLineSchema),
    payments: z.array(salePaymentSchema),
    /** The whole-sale discount as asked ({ percent } or { amount }), null for none. */
    saleDiscount: z.union([z.object({ percent: z.number() }), z.object({ amount: z.number().int() })]).nullable(),
    credit: z
      .object({
        offerId: z.string(),
        partner: z.string(),
        name: z.string(),
        months: z.number().int(),
        amount: z.number().int(),
        /** When the partner's money arrived; null while it is expected («ожидается от партнёра»). */
        confirmedAt: z.string().nullable().optional(),
        operationNumber: z.string().nullable().optional(),
      })
      .nullable(),
    returns: z.array(saleReturnSchema),
    comment: z.string().nullable(),
    approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof saleSchema>;

/** Totals of the filtered posted sales: count, sum, by payment method. */
export const saleTotalsSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  discount: z.number().int(),
  returned: z.number().int(),
  byMethod: z.record(z.enum(paymentMethods), z.number().int()),
});
export type SaleTotals = z.infer<typeof saleTotalsSchema>;

export const salePageSchema = pageOf(saleListItemSchema).extend({ totals: saleTotalsSchema }).meta({ id: 'SalePage' });
export type SalePage = z.infer<typeof salePageSchema>;

// ---------------------------------------------------------------------------------------------------
// The counter's product lookup (scanner and search)

/** `GET /api/sales/lookup?search=&warehouseId=`: goods of the warehouse and services, by barcode, SKU, serial or name. */
export const saleLookupQuerySchema = z.object({
  search: optionalSafeText({ max: saleLimits.searchMax, label: 'Поиск' }),
  warehouseId: idSchema,
});

export const saleLookupItemSchema = z
  .object({
    productId: z.string(),
    name: z.string(),
    sku: z.string().nullable(),
    price: z.number().int(),
    isService: z.boolean(),
    serialTracked: z.boolean(),
    /** Free units in the warehouse (null for a service). */
    free: z.number().int().nullable(),
    /** How it was found: an exact barcode or serial (a scan) adds it at once. */
    match: z.enum(['barcode', 'serial', 'sku', 'name']),
    /** The serial the search matched (a scanned serial-tracked item). */
    serial: z.string().nullable(),
  })
  .meta({ id: 'SaleLookupItem' });
export type SaleLookupItem = z.infer<typeof saleLookupItemSchema>;

/**
 * Money back for `n` units of a sale line when `done` units were returned before: the line total split by
 * units with the largest remainder (the first `total mod qty` units are a kopeck heavier), as the server
 * computes it (the stock rules do the same with the line's cost).
 */
export function returnAmount(line: { qty: number; total: number }, done: number, n: number): number {
  if (n <= 0 || line.qty <= 0) return 0;
  const base = Math.floor(line.total / line.qty);
  const heavier = line.total % line.qty;
  const end = done + n;
  const extra = Math.max(0, Math.min(end, heavier) - Math.min(done, heavier));
  return n * base + extra;
}
