import { z } from 'zod';
import { normalizeSearchText, plural } from './catalog';
import { pageOf, pageQuerySchema } from './common';
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
} as const;

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

export const createClientRequestSchema = z
  .object({
    ...clientFields,
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
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: clientMessages.noChanges })
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
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

/** `GET /api/clients`: `search` by name, e-mail or any part of a phone (typed in any format). */
export const clientListQuerySchema = pageQuerySchema.extend({
  search: safeText({ max: 100, label: 'Поиск' }).optional(),
  isSupplier: z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true').optional(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;
export type ClientListFilter = z.output<typeof clientListQuerySchema>;
export const clientPageSchema = pageOf(clientSchema).meta({ id: 'ClientPage' });
export type ClientPage = z.infer<typeof clientPageSchema>;

/** What a name is searched by (shared with the server's `search_name`). */
export const clientSearchName = (name: string) => normalizeSearchText(name);
/** The digits of a typed phone fragment worth matching: «8 (916) 12» → «91612» (a leading 8/7 of a full number dropped). */
export function phoneSearchDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7')) return digits.slice(1);
  if (/^\s*(\+7|8)\s*\(/.test(value) || /^\s*\+7/.test(value)) return digits.slice(1);
  return digits;
}
