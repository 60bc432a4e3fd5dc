import { z } from 'zod';
import { cashOperationPrefixes, cashShiftPrefix } from './finance';
import { repairOrderPrefix } from './orders';
import { optionalSafeText, safeText } from './primitives';
import { purchaseOrderPrefix } from './procurement';
import { salePrefix, saleReturnPrefix } from './sales';
import { stockDocumentPrefixes } from './stock';

/**
 * Company details and document numbering (issue #22, Settings, host). Both are company-wide and
 * governed by `view|edit:settings`. The printed forms' `company.*` variables read the details.
 * Live: a change publishes `settings` (id `company` or `numbering`). Server: server/docs/company.md.
 */

// ---------------------------------------------------------------------------------------------------
// Check digits (Russian registration numbers and bank accounts)

const digitsOnly = (v: string) => /^\d+$/.test(v);

/** ИНН: 10 digits (a company) or 12 (a person), check digits by the Tax Service's weights. */
export function isValidInn(inn: string): boolean {
  if (!digitsOnly(inn) || (inn.length !== 10 && inn.length !== 12)) return false;
  const d = [...inn].map(Number);
  const check = (weights: number[]) => (weights.reduce((s, w, i) => s + w * d[i], 0) % 11) % 10;
  if (inn.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** ОГРН (13 digits: the first 12 mod 11, last digit) or ОГРНИП (15 digits: the first 14 mod 13, last digit). */
export function isValidOgrn(ogrn: string): boolean {
  if (!digitsOnly(ogrn) || (ogrn.length !== 13 && ogrn.length !== 15)) return false;
  const body = BigInt(ogrn.slice(0, -1));
  const mod = ogrn.length === 13 ? 11n : 13n;
  return Number((body % mod) % 10n) === Number(ogrn.at(-1));
}

/** КПП: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits. */
export function isValidKpp(kpp: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);
}

/** The Central Bank's check key: 23 digits weighted 7, 1, 3 …, the last digits of the products sum to a multiple of 10. */
function bankKey(digits23: string): boolean {
  const w = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < 23; i++) sum += (Number(digits23[i]) * w[i % 3]) % 10;
  return sum % 10 === 0;
}

/** A settlement account (20 digits) checked with its bank's БИК (9 digits): the BIK's last three digits + the account. */
export function isValidAccount(account: string, bik: string): boolean {
  if (!digitsOnly(account) || account.length !== 20 || !digitsOnly(bik) || bik.length !== 9) return false;
  return bankKey(bik.slice(-3) + account);
}

/** A correspondent account (20 digits, «301…») checked with its bank's БИК: «0» + the BIK's 5th and 6th digits + the account. */
export function isValidCorrAccount(account: string, bik: string): boolean {
  if (!digitsOnly(account) || account.length !== 20 || !digitsOnly(bik) || bik.length !== 9) return false;
  return bankKey(`0${bik.slice(4, 6)}${account}`);
}

// ---------------------------------------------------------------------------------------------------
// Company details

export const companyMessages = {
  inn: 'ИНН: 10 или 12 цифр с верным контрольным числом',
  kpp: 'КПП: 9 знаков, например 773601001',
  ogrn: 'ОГРН (13 цифр) или ОГРНИП (15 цифр) с верным контрольным числом',
  bik: 'БИК: 9 цифр',
  account: 'Расчётный счёт: 20 цифр, контрольный ключ не сходится с БИК',
  corrAccount: 'Корр. счёт: 20 цифр, контрольный ключ не сходится с БИК',
  bikRequired: 'Укажите БИК: без него счёт не проверить',
  email: 'Неверный адрес электронной почты',
} as const;

const digitsField = (max: number) => optionalSafeText({ max }).transform((v) => (v ? v.replace(/\s/g, '') : null));

export const companyBankSchema = z
  .object({
    name: optionalSafeText({ max: 200 }),
    bik: digitsField(20),
    account: digitsField(30),
    corrAccount: digitsField(30),
  })
  .superRefine((b, ctx) => {
    if (b.bik && !/^\d{9}$/.test(b.bik)) ctx.addIssue({ code: 'custom', path: ['bik'], message: companyMessages.bik });
    const bikOk = !!b.bik && /^\d{9}$/.test(b.bik);
    if (b.account) {
      if (!b.bik) ctx.addIssue({ code: 'custom', path: ['bik'], message: companyMessages.bikRequired });
      else if (bikOk && !isValidAccount(b.account, b.bik)) ctx.addIssue({ code: 'custom', path: ['account'], message: companyMessages.account });
    }
    if (b.corrAccount) {
      if (!b.bik) ctx.addIssue({ code: 'custom', path: ['bik'], message: companyMessages.bikRequired });
      else if (bikOk && !isValidCorrAccount(b.corrAccount, b.bik)) ctx.addIssue({ code: 'custom', path: ['corrAccount'], message: companyMessages.corrAccount });
    }
  });

export const companySettingsSchema = z
  .object({
    name: safeText({ min: 1, max: 200, messages: { required: 'Укажите название компании', tooLong: 'Название слишком длинное' } }),
    legalName: optionalSafeText({ max: 300 }),
    inn: digitsField(20).refine((v) => v === null || isValidInn(v), companyMessages.inn),
    kpp: optionalSafeText({ max: 20 })
      .transform((v) => (v ? v.replace(/\s/g, '').toUpperCase() : null))
      .refine((v) => v === null || isValidKpp(v), companyMessages.kpp),
    ogrn: digitsField(20).refine((v) => v === null || isValidOgrn(v), companyMessages.ogrn),
    address: optionalSafeText({ max: 500 }),
    phone: optionalSafeText({ max: 50 }),
    email: optionalSafeText({ max: 200 }).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), companyMessages.email),
    bank: companyBankSchema,
  })
  .meta({ id: 'CompanySettings' });
export type CompanySettings = z.output<typeof companySettingsSchema>;

/** What `GET|PUT /api/settings/company` answer: the stored details (the schema above checks and normalises what PUT takes). */
export const companySettingsViewSchema = z
  .object({
    name: z.string(),
    legalName: z.string().nullable(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
    ogrn: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    bank: z.object({ name: z.string().nullable(), bik: z.string().nullable(), account: z.string().nullable(), corrAccount: z.string().nullable() }),
  })
  .meta({ id: 'CompanySettingsView' });
export type CompanySettingsInput = z.input<typeof companySettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// Document numbering

/**
 * Every numbered kind of document, with its default prefix (the one used before numbering could be
 * set). The number is the prefix, a hyphen and six digits at least: «РМ-000124».
 */
export const numberingKinds = {
  repair_order: { label: 'Заказ на ремонт', prefix: repairOrderPrefix },
  sale: { label: 'Продажа', prefix: salePrefix },
  sale_return: { label: 'Возврат покупателя', prefix: saleReturnPrefix },
  receipt: { label: 'Оприходование', prefix: stockDocumentPrefixes.receipt },
  write_off: { label: 'Списание', prefix: stockDocumentPrefixes.write_off },
  transfer: { label: 'Перемещение', prefix: stockDocumentPrefixes.transfer },
  stocktake: { label: 'Инвентаризация', prefix: stockDocumentPrefixes.stocktake },
  supplier_return: { label: 'Возврат поставщику', prefix: stockDocumentPrefixes.supplier_return },
  purchase_order: { label: 'Заказ поставщику', prefix: purchaseOrderPrefix },
  cash_income: { label: 'Приходный кассовый ордер', prefix: cashOperationPrefixes.income },
  cash_expense: { label: 'Расходный кассовый ордер', prefix: cashOperationPrefixes.expense },
  cash_transfer: { label: 'Перемещение денег', prefix: cashOperationPrefixes.transfer },
  cash_shift: { label: 'Кассовая смена', prefix: cashShiftPrefix },
} as const satisfies Record<string, { label: string; prefix: string }>;
export type NumberingKind = keyof typeof numberingKinds;
export const numberingKindList = Object.keys(numberingKinds) as NumberingKind[];

export const numberingLimits = { prefixMax: 10, nextMax: 999_999_999 } as const;

export const numberingMessages = {
  prefix: 'Префикс: до 10 букв, цифр, точек или подчёркиваний',
  next: 'Следующий номер — целое число от 1',
  used: (last: number) => `Номер уже выдан: следующий не может быть меньше ${last + 1}`,
  duplicateKind: 'Вид документа указан дважды',
  unknownKind: 'Неизвестный вид документа',
} as const;

export const numberingLocationSchema = z.object({ locationId: z.string(), name: z.string(), next: z.number().int() });

export const numberingSchema = z
  .object({
    kind: z.enum(numberingKindList as [NumberingKind, ...NumberingKind[]]),
    label: z.string(),
    prefix: z.string(),
    /** The number the next document gets; per location: the highest of the locations' next numbers. */
    next: z.number().int(),
    perLocation: z.boolean(),
    /** Per location: each location's next number. */
    locations: z.array(numberingLocationSchema),
  })
  .meta({ id: 'Numbering' });
export type Numbering = z.infer<typeof numberingSchema>;
export const numberingListSchema = z.array(numberingSchema).meta({ id: 'NumberingList' });

export const numberingUpdateItemSchema = z.object({
  kind: z.enum(numberingKindList as [NumberingKind, ...NumberingKind[]], { error: numberingMessages.unknownKind }),
  prefix: z
    .string({ error: numberingMessages.prefix })
    .trim()
    .regex(/^[0-9A-Za-zА-ЯЁа-яё._]{0,10}$/, numberingMessages.prefix),
  /**
   * The number the next document gets (at every location when numbering per location). Omitted: the
   * counters stay. Never at or below a number already given (400 with the lowest allowed).
   */
  next: z.number({ error: numberingMessages.next }).int(numberingMessages.next).min(1, numberingMessages.next).max(numberingLimits.nextMax, numberingMessages.next).optional(),
  perLocation: z.boolean(),
});
export const numberingUpdateRequestSchema = z
  .array(numberingUpdateItemSchema)
  .max(numberingKindList.length)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((it, i) => {
      if (seen.has(it.kind)) ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: numberingMessages.duplicateKind });
      seen.add(it.kind);
    });
  })
  .meta({ id: 'UpdateNumbering' });
export type NumberingUpdateRequest = z.input<typeof numberingUpdateRequestSchema>;

/** «РМ-000124»; an empty prefix gives «000124». */
export function formatDocumentNumber(prefix: string, n: number): string {
  const digits = String(n).padStart(6, '0');
  return prefix ? `${prefix}-${digits}` : digits;
}
