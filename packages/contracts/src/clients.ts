import { z } from 'zod';
import { normalizeSearchText, plural } from './catalog';
import { idSchema, pageOf, pageQuerySchema } from './common';
import { normalizePhone } from './phone';
import { optionalSafeText, safeText } from './primitives';

/**
 * Counterparties (issue #8 for suppliers, issue #9 builds the client base on them): people and
 * companies in one table; a supplier is a counterparty with `isSupplier`. Company-wide. Phones are
 * stored in E.164 (`+79161234567`) and found by any part of their digits.
 */

export const counterpartyKinds = ['person', 'company'] as const;
export const counterpartyKindLabels = { person: 'Физическое лицо', company: 'Компания' } as const;

export const clientLimits = { nameMax: 200, emailMax: 200, addressMax: 500, sourceMax: 100, tagMax: 50, tags: 20, notesMax: 5000, phones: 5 } as const;

export const clientMessages = {
  notFound: 'Клиент не найден',
  phoneFormat: 'Неверный формат телефона: +7 (XXX) XXX-XX-XX',
  emailFormat: 'Неверный адрес электронной почты',
  innFormat: 'ИНН — 10 или 12 цифр',
  noChanges: 'Нет изменений',
  mergeSelf: 'Нельзя объединить клиента с самим собой',
  mergeTarget: 'Клиент, с которым объединяют, не найден',
  archived: 'Клиент в архиве',
} as const;

/** «+7 (916) ***-**-67»: a phone as an employee without `see_client_contacts` sees it. */
export function maskPhone(phone: string): string {
  const n = normalizePhone(phone);
  if (!n) return '***';
  return `+7 (${n.slice(2, 5)}) ***-**-${n.slice(10, 12)}`;
}

/** The 409 `duplicate_phone` text, naming who has the phone already. */
export const duplicatePhoneMessage = (phone: string, name: string) => `Телефон ${phone} уже есть у клиента «${name}». Сохранить всё равно?`;

/** What `client_ledger.kind` means, as the client's history names it. */
export const clientHistoryKindLabels: Record<string, string> = {
  payment: 'Оплата',
  refund: 'Возврат денег',
  adjustment: 'Корректировка баланса',
  order: 'Заказ',
  sale: 'Продажа',
};

/** «Телефон +7 (916) 123-45-67 уже у клиента «Иван Петров»». */
export const phoneTakenMessage = (phone: string, name: string) => `Телефон ${phone} уже у клиента «${name}»`;
export const clientCountLabel = (n: number) => `${n} ${plural(n, ['клиент', 'клиента', 'клиентов'])}`;

const clientPhone = z
  .string({ error: 'Укажите телефон' })
  .trim()
  .max(40, clientMessages.phoneFormat)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: clientMessages.phoneFormat });
      return z.NEVER;
    }
    return phone;
  });

const clientFields = {
  kind: z.enum(counterpartyKinds, { error: 'Ожидается person или company' }),
  name: safeText({ min: 1, max: clientLimits.nameMax, messages: { required: 'Укажите имя или название', tooLong: `Не больше ${clientLimits.nameMax} символов` } }),
  phones: z
    .array(clientPhone, { error: 'Ожидается список телефонов' })
    .max(clientLimits.phones, `Не больше ${clientLimits.phones} телефонов`)
    .transform((list) => [...new Set(list)]),
  email: optionalSafeText({ max: clientLimits.emailMax, label: 'E-mail' }).refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), clientMessages.emailFormat),
  address: optionalSafeText({ max: clientLimits.addressMax, label: 'Адрес' }),
  source: optionalSafeText({ max: clientLimits.sourceMax, label: 'Источник' }),
  tags: z.array(safeText({ min: 1, max: clientLimits.tagMax, label: 'Метка' })).max(clientLimits.tags, `Не больше ${clientLimits.tags} меток`),
  discountPercent: z.number({ error: 'Скидка должна быть числом' }).int('Скидка — целое число процентов').min(0, 'Скидка не может быть отрицательной').max(100, 'Скидка не больше 100%'),
  notes: optionalSafeText({ max: clientLimits.notesMax, multiline: true, label: 'Заметки' }),
  isSupplier: z.boolean({ error: 'Ожидается да или нет' }),
  inn: optionalSafeText({ max: 12, label: 'ИНН' }).refine((v) => !v || /^(\d{10}|\d{12})$/.test(v), clientMessages.innFormat),
};

/** Saves although a phone is already another client's (after the warning). */
const confirmDuplicate = z.boolean({ error: 'Ожидается да или нет' }).optional();

export const createClientRequestSchema = z
  .object({
    ...clientFields,
    confirmDuplicate,
    kind: clientFields.kind.default('person'),
    phones: clientFields.phones.default([]),
    tags: clientFields.tags.default([]),
    discountPercent: clientFields.discountPercent.default(0),
    isSupplier: clientFields.isSupplier.default(false),
  })
  .meta({ id: 'CreateClient' });
export type CreateClientRequest = z.input<typeof createClientRequestSchema>;
export type CreateClientInput = z.output<typeof createClientRequestSchema>;

export const updateClientRequestSchema = z
  .object(clientFields)
  .partial()
  .extend({ confirmDuplicate })
  .refine((v) => Object.entries(v).some(([k, x]) => k !== 'confirmDuplicate' && x !== undefined), { message: clientMessages.noChanges })
  .meta({ id: 'UpdateClient' });
export type UpdateClientRequest = z.input<typeof updateClientRequestSchema>;
export type UpdateClientInput = z.output<typeof updateClientRequestSchema>;

export const clientSchema = z
  .object({
    id: z.string(),
    kind: z.enum(counterpartyKinds),
    name: z.string(),
    phones: z.array(z.string()),
    email: z.string().nullable(),
    address: z.string().nullable(),
    source: z.string().nullable(),
    tags: z.array(z.string()),
    discountPercent: z.number().int(),
    notes: z.string().nullable(),
    isSupplier: z.boolean(),
    inn: z.string().nullable(),
    /** Kopecks: > 0 we owe the client (an advance), < 0 the client owes us. */
    balance: z.number().int(),
    /** Phones masked, e-mail and address hidden: the employee lacks `see_client_contacts`. */
    contactsHidden: z.boolean(),
    archivedAt: z.string().nullable(),
    mergedIntoId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

/** `GET /api/clients`: `search` by name, e-mail or any part of a phone (typed in any format). */
export const clientListQuerySchema = pageQuerySchema.extend({
  search: safeText({ max: 100, label: 'Поиск' }).optional(),
  isSupplier: z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true').optional(),
  tag: safeText({ max: clientLimits.tagMax, label: 'Метка' }).optional(),
  source: safeText({ max: clientLimits.sourceMax, label: 'Источник' }).optional(),
  /** Only the clients who owe us (balance < 0). */
  owes: z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true').optional(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;
export type ClientListFilter = z.output<typeof clientListQuerySchema>;
/** `total` is exact up to 1000 rows; beyond that it is 1000 and `totalExact` is false («более 1000»). */
export const clientPageSchema = pageOf(clientSchema)
  .extend({ totalExact: z.boolean() })
  .meta({ id: 'ClientPage' });
export type ClientPage = z.infer<typeof clientPageSchema>;

/** What a name is searched by (shared with the server's `search_name`). */
export const clientSearchName = (name: string) => normalizeSearchText(name);
/**
 * Every digit string a typed phone fragment may mean: «8 917 301» is «917301» after the trunk 8, but
 * «8917» may also be the middle of a number, so both are searched (fragments shorter than 3 digits are
 * not searched by phone at all).
 */
export function phoneSearchVariants(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  // «8 916…», «8(916)…», «8-916…»: the 8 is the trunk prefix, certainly.
  if (/^\s*8[\s(-]/.test(value)) return [digits.slice(1)].filter((d) => d.length >= 3);
  const out = [phoneSearchDigits(value)];
  if (/^\s*8/.test(value) && digits.length > 1) out.push(digits.slice(1));
  return [...new Set(out)].filter((d) => d.length >= 3);
}

/** The digits of a typed phone fragment worth matching: «8 (916) 12» → «91612» (a leading 8/7 of a full number dropped). */
export function phoneSearchDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7')) return digits.slice(1);
  if (/^\s*(\+7|8)\s*\(/.test(value) || /^\s*\+7/.test(value)) return digits.slice(1);
  return digits;
}

/** `GET /api/clients/duplicates?phone=`: the clients that already have this phone (any format). */
export const clientDuplicatesQuerySchema = z.object({ phone: z.string({ error: 'Укажите телефон' }).trim().max(40, clientMessages.phoneFormat) });
export const clientDuplicateSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() }).meta({ id: 'ClientDuplicate' });
export const clientDuplicateListSchema = z.array(clientDuplicateSchema);
export type ClientDuplicate = z.infer<typeof clientDuplicateSchema>;

/** `POST /api/clients/:id/merge`: everything of this client moves onto `intoId`; this one is archived. */
export const mergeClientRequestSchema = z.object({ intoId: idSchema }).meta({ id: 'MergeClient' });
export type MergeClientRequest = z.input<typeof mergeClientRequestSchema>;

/** The tags and sources in use, for filters and suggestions. */
export const clientFacetsSchema = z.object({ tags: z.array(z.string()), sources: z.array(z.string()) }).meta({ id: 'ClientFacets' });
export type ClientFacets = z.infer<typeof clientFacetsSchema>;

/** One row of a client's history: what changed their balance (payments now; orders and sales as they land). */
export const clientHistoryItemSchema = z
  .object({
    seq: z.number().int(),
    at: z.string(),
    kind: z.string(),
    documentType: z.string().nullable(),
    documentId: z.string().nullable(),
    number: z.string().nullable(),
    /** Signed kopecks: + the client's balance went up, − down. */
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    locationId: z.string().nullable(),
    comment: z.string().nullable(),
    cancellation: z.boolean(),
  })
  .meta({ id: 'ClientHistoryItem' });
export type ClientHistoryItem = z.infer<typeof clientHistoryItemSchema>;
export const clientHistoryPageSchema = pageOf(clientHistoryItemSchema).meta({ id: 'ClientHistoryPage' });
export type ClientHistoryPage = z.infer<typeof clientHistoryPageSchema>;
export const clientHistoryQuerySchema = pageQuerySchema;
