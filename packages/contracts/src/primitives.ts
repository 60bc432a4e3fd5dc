import { z } from 'zod';

/**
 * Safe input types: every schema of a request (body, query, params, headers the server stores) builds
 * its fields from these, so that no user input can reach the database in a shape it refuses (a NUL byte
 * is PostgreSQL error 22021, year 0 or 10000 cannot be stored, a sum may overflow) and answer 500.
 * Each one rejects such input with a 400 and a Russian message instead.
 *
 * - `safeText` / `safeMultilineText` / `optionalSafeText`: trimmed text with a length cap and no
 *   control characters (C0, DEL, C1), no unpaired UTF-16 surrogates and no bidirectional overrides;
 *   the multi-line variant keeps line breaks (`\r\n` becomes `\n`) and tabs.
 * - `secretText`: a password: not trimmed, no control characters, length limits.
 * - `uuidSchema` / `idSchema`: a uuid, lower-cased at the edge so ids compare equal in any case.
 * - `safeDate`, `safeDateTime`, `dateQuery`: ISO dates within `dateLimits` (years 1900..2999).
 * - `moneySchema`, `signedMoneySchema`: an amount in kopecks, an integer within `moneyLimits`.
 */

export const textMessages = {
  invalidCharacters: 'Недопустимые символы',
  required: 'Заполните поле',
  notText: 'Ожидается строка',
} as const;

/** What no text field may contain (besides `\t` and `\n` in multi-line text, see below). */
const forbiddenSingleLine =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const forbiddenMultiLine =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string holds a character that no text field accepts (NUL and other control characters). */
export function hasForbiddenCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? forbiddenMultiLine : forbiddenSingleLine).test(value);
}

export interface SafeTextOptions {
  /** Maximum length after trimming (required: every text has a cap). */
  max: number;
  /** Minimum length after trimming (default: none, the empty string is accepted). */
  min?: number;
  /** The field's Russian name for default messages: «Адрес: не больше 300 символов». */
  label?: string;
  /** Line breaks and tabs allowed (a comment, a description). */
  multiline?: boolean;
  /** Own texts instead of the defaults. */
  messages?: { required?: string; tooShort?: string; tooLong?: string; invalid?: string };
}

function textMessagesOf({ max, min, label, messages = {} }: SafeTextOptions) {
  const required = messages.required ?? textMessages.required;
  return {
    required,
    tooShort: messages.tooShort ?? (min !== undefined && min <= 1 ? required : label ? `${label}: не короче ${min} символов` : `Не короче ${min} символов`),
    tooLong: messages.tooLong ?? (label ? `${label}: не больше ${max} символов` : `Не длиннее ${max} символов`),
    invalid: messages.invalid ?? textMessages.invalidCharacters,
  };
}

/**
 * A trimmed text with a length cap and no control characters. Stays a `ZodString`, so forms read its
 * `maxLength` and a caller may chain more checks (`.regex(...)`).
 *
 *   name: safeText({ min: 2, max: 120, messages: { required: 'Укажите название', tooShort: '…', tooLong: '…' } })
 */
export function safeText(options: SafeTextOptions) {
  const text = textMessagesOf(options);
  const forbidden = options.multiline ? forbiddenMultiLine : forbiddenSingleLine;
  let schema = z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? text.required : textMessages.notText) }).trim();
  if (options.multiline) schema = schema.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  schema = schema.refine((v) => !forbidden.test(v), { message: text.invalid, abort: true });
  if (options.min !== undefined && options.min > 0) schema = schema.min(options.min, text.tooShort);
  return schema.max(options.max, text.tooLong);
}

/** `safeText` that keeps line breaks and tabs (`\r\n` is stored as `\n`). */
export function safeMultilineText(options: Omit<SafeTextOptions, 'multiline'>) {
  return safeText({ ...options, multiline: true });
}

/** An optional text: absent, null or empty (after trimming) all become null. */
export function optionalSafeText(options: Omit<SafeTextOptions, 'min'>) {
  return safeText(options)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A password or another secret: never trimmed or changed, no control characters. */
export function secretText({ min = 1, max, messages = {} }: { min?: number; max: number; messages?: SafeTextOptions['messages'] }) {
  const required = messages.required ?? textMessages.required;
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : textMessages.notText) })
    .refine((v) => !forbiddenSingleLine.test(v), { message: messages.invalid ?? textMessages.invalidCharacters, abort: true })
    .min(min, messages.tooShort ?? required)
    .max(max, messages.tooLong ?? `Не длиннее ${max} символов`);
}

/** A uuid in any case, lower-cased: `id = $1` and `ids.includes(id)` then agree with the database. */
export function uuidSchema(message = 'Неверный идентификатор') {
  return z.uuid({ error: message }).toLowerCase();
}

// ---------------------------------------------------------------------------------------------------
// Dates

/**
 * The years a date may have. PostgreSQL stores 4713 BC..294276 AD, but JavaScript's `toISOString`
 * writes years past 9999 as `+010000`, which PostgreSQL does not read, and year 0 does not exist
 * there: a sane business range keeps every date storable, also after `+1 day` arithmetic.
 */
export const dateLimits = { minYear: 1900, maxYear: 2999 } as const;

export const dateMessages = {
  invalid: 'Неверная дата',
  outOfRange: `Дата должна быть в пределах ${dateLimits.minYear}–${dateLimits.maxYear} годов`,
} as const;

const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

type DateCheck = 'ok' | 'invalid' | 'range';

function checkDateParts(year: number, month: number, day: number): DateCheck {
  if (month < 1 || month > 12 || day < 1 || day > 31) return 'invalid';
  // The day must exist in that month (no 30 February); checked on a year that has the same calendar.
  const probe = new Date(Date.UTC(2000 + (year % 400), month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return 'invalid';
  if (year < dateLimits.minYear || year > dateLimits.maxYear) return 'range';
  return 'ok';
}

function checkDate(value: string, { date, dateTime }: { date: boolean; dateTime: boolean }): DateCheck {
  if (value.length > 40) return 'invalid';
  const d = date ? dateOnlyPattern.exec(value) : null;
  if (d) return checkDateParts(Number(d[1]), Number(d[2]), Number(d[3]));
  const t = dateTime ? dateTimePattern.exec(value) : null;
  if (!t) return 'invalid';
  const [hours, minutes, seconds] = [Number(t[4]), Number(t[5]), Number(t[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return 'invalid';
  const offset = t[7];
  if (offset && offset !== 'Z') {
    const digits = offset.replace(':', '');
    if (Number(digits.slice(1, 3)) > 23 || Number(digits.slice(3, 5)) > 59) return 'invalid';
  }
  const parts = checkDateParts(Number(t[1]), Number(t[2]), Number(t[3]));
  if (parts !== 'ok') return parts;
  return Number.isNaN(Date.parse(value)) ? 'invalid' : 'ok';
}

function dateSchema(kinds: { date: boolean; dateTime: boolean }, messages: { invalid?: string; outOfRange?: string } = {}) {
  return z.string({ error: messages.invalid ?? dateMessages.invalid }).superRefine((value, ctx) => {
    const result = checkDate(value, kinds);
    if (result === 'invalid') ctx.addIssue({ code: 'custom', message: messages.invalid ?? dateMessages.invalid });
    else if (result === 'range') ctx.addIssue({ code: 'custom', message: messages.outOfRange ?? dateMessages.outOfRange });
  });
}

/** A calendar date `YYYY-MM-DD` within `dateLimits` (kept as that string). */
export function safeDate(messages?: { invalid?: string; outOfRange?: string }) {
  return dateSchema({ date: true, dateTime: false }, messages);
}

/** A moment `YYYY-MM-DDTHH:mm[:ss[.sss]][Z|±hh:mm]` within `dateLimits` (kept as that string). */
export function safeDateTime(messages?: { invalid?: string; outOfRange?: string }) {
  return dateSchema({ date: false, dateTime: true }, messages);
}

/**
 * An optional date filter of a query string: a date (`2024-05-01`, a whole day) or a moment
 * (`2024-05-01T00:00:00.000Z`, as `toISOString` writes it), within `dateLimits`.
 */
export const dateQuery = dateSchema({ date: true, dateTime: true }).optional();

/** True when the string is a date-only value (`YYYY-MM-DD`), not a moment. */
export const isDateOnly = (value: string) => dateOnlyPattern.test(value);

// ---------------------------------------------------------------------------------------------------
// Money

/**
 * Amounts are integer kopecks (`12345` = 123,45 ₽), never floats. One amount is at most 1 000 000 000 ₽,
 * so a sum of up to 90 000 of them stays exact in a JavaScript number (2^53) and far from PostgreSQL's
 * bigint limit (9.2·10^18); sums over more rows belong in SQL (`sum(bigint)` is numeric).
 */
export const moneyLimits = { maxKopecks: 100_000_000_000 } as const;

export const moneyMessages = {
  notNumber: 'Сумма должна быть числом',
  notInteger: 'Сумма указывается в копейках, целым числом',
  negative: 'Сумма не может быть отрицательной',
  tooLarge: 'Сумма не больше 1 000 000 000 ₽',
  tooLargeSigned: 'Сумма по модулю не больше 1 000 000 000 ₽',
} as const;

function money(signed: boolean) {
  const schema = z.number({ error: moneyMessages.notNumber }).int(moneyMessages.notInteger);
  return signed
    ? schema.min(-moneyLimits.maxKopecks, moneyMessages.tooLargeSigned).max(moneyLimits.maxKopecks, moneyMessages.tooLargeSigned)
    : schema.min(0, moneyMessages.negative).max(moneyLimits.maxKopecks, moneyMessages.tooLarge);
}

/** A non-negative amount in kopecks (a price, a payment). */
export const moneySchema = money(false);
/** An amount in kopecks that may be negative (a correction, a balance change). */
export const signedMoneySchema = money(true);

/**
 * Roubles typed in a form (`1 234,50`, or a number from an input) as kopecks; null when it is not a
 * non-negative amount. Forms show roubles and send kopecks.
 */
export function toKopecks(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/**
 * Kopecks as «1 200,00 ₽» with non-breaking spaces (an amount never wraps): the one format of money in
 * server messages and printed documents; the screens' `formatMoney` (shared-core) writes the same.
 */
export function formatKopecks(kopecks: number): string {
  const abs = Math.round(Math.abs(kopecks));
  const rubles = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${kopecks < 0 ? '-' : ''}${rubles},${String(abs % 100).padStart(2, '0')}\u00a0₽`;
}
