import type { z } from 'zod';
import { ru } from 'zod/locales';

/**
 * zod's default messages in Russian, worded for staff: what a schema leaves unsaid
 * (`z.string().max(200)`, a field of the wrong type) reads «Не длиннее 200 символов» or
 * «Ожидается список, а не строка», not zod's English. A message the schema states itself
 * (`{ error: 'Укажите название' }`) always wins: zod asks the locale last. Installed once for every
 * consumer of the package, server and browser bundles alike, by `zod-config.ts`.
 */

type Issue = z.core.$ZodRawIssue;

/** Russian plural by the number: `plural(n, 'символа', 'символов', 'символов')` after «не длиннее». */
export function plural(n: number, one: string, few: string, many: string): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  if (abs >= 11 && abs <= 19) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** What a field should be, as zod's `expected` names it. */
const expectedNames: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'логическое значение (true или false)',
  object: 'объект',
  array: 'список',
  tuple: 'список',
  record: 'объект',
  date: 'дата',
  file: 'файл',
  map: 'объект',
  set: 'список',
  null: 'пустое значение (null)',
  nan: 'NaN',
  symbol: 'символ',
  literal: 'определённое значение',
};

/** What arrived instead. */
function receivedName(input: unknown): string {
  if (input === null) return 'пустое значение (null)';
  if (Array.isArray(input)) return 'список';
  if (input instanceof Date) return 'дата';
  switch (typeof input) {
    case 'string':
      return 'строка';
    case 'number':
      return Number.isNaN(input) ? 'NaN' : 'число';
    case 'bigint':
      return 'число';
    case 'boolean':
      return 'логическое значение';
    case 'object':
      return 'объект';
    default:
      return 'значение другого типа';
  }
}

const formatNames: Record<string, string> = {
  email: 'Неверный адрес электронной почты',
  url: 'Неверная ссылка',
  uuid: 'Неверный идентификатор',
  uuidv4: 'Неверный идентификатор',
  uuidv6: 'Неверный идентификатор',
  uuidv7: 'Неверный идентификатор',
  guid: 'Неверный идентификатор',
  datetime: 'Неверные дата и время',
  date: 'Неверная дата (нужна ГГГГ-ММ-ДД)',
  time: 'Неверное время',
  e164: 'Неверный номер телефона',
};

const show = (v: unknown) => (typeof v === 'string' ? `«${v}»` : String(v));
const list = (values: readonly unknown[]) => (values.length > 8 ? `${values.slice(0, 8).map(show).join(', ')}…` : values.map(show).join(', '));

function sizeText(origin: string | undefined, bound: number | bigint, kind: 'min' | 'max', inclusive: boolean | undefined): string | undefined {
  const n = Number(bound);
  if (origin === 'string') {
    const unit = plural(n, 'символа', 'символов', 'символов');
    if (kind === 'min') return n <= 1 ? 'Заполните поле' : `Не короче ${n} ${unit}`;
    return `Не длиннее ${n} ${unit}`;
  }
  if (origin === 'array' || origin === 'set') {
    const unit = plural(n, 'элемента', 'элементов', 'элементов');
    if (kind === 'min') return n === 1 ? 'Нужен хотя бы один элемент' : `Не меньше ${n} ${unit}`;
    return `Не больше ${n} ${unit}`;
  }
  if (origin === 'file') return kind === 'min' ? `Файл не меньше ${n} байт` : `Файл не больше ${n} байт`;
  if (origin === 'date') {
    const at = new Date(n).toISOString().slice(0, 10);
    return kind === 'min' ? `Не раньше ${at}` : `Не позже ${at}`;
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    if (kind === 'min') return inclusive === false ? `Должно быть больше ${bound}` : `Не меньше ${bound}`;
    return inclusive === false ? `Должно быть меньше ${bound}` : `Не больше ${bound}`;
  }
  return undefined;
}

const zodRussian = ru().localeError;

/** The package's locale: own wording first, zod's Russian locale for anything rarer. Never English. */
export function ruErrorMap(issue: Issue): string {
  const own = (() => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return 'Обязательное поле';
        if (issue.expected === 'int' && typeof issue.input === 'number') return 'Ожидается целое число';
        return `Ожидается ${expectedNames[issue.expected] ?? 'значение другого типа'}, а не ${receivedName(issue.input)}`;
      case 'too_small':
        return sizeText(issue.origin, issue.minimum, 'min', issue.inclusive);
      case 'too_big':
        return sizeText(issue.origin, issue.maximum, 'max', issue.inclusive);
      case 'invalid_format':
        return formatNames[issue.format] ?? 'Неверный формат';
      case 'not_multiple_of':
        return `Должно быть кратно ${issue.divisor}`;
      case 'unrecognized_keys':
        return `${issue.keys.length > 1 ? 'Лишние поля' : 'Лишнее поле'}: ${issue.keys.join(', ')}`;
      case 'invalid_value':
        return issue.values.length === 1 ? `Допустимое значение: ${show(issue.values[0])}` : `Допустимые значения: ${list(issue.values)}`;
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
      case 'custom':
        return 'Неверное значение';
      default:
        return undefined;
    }
  })();
  if (own) return own;
  const fallback = zodRussian(issue);
  const text = typeof fallback === 'string' ? fallback : fallback?.message;
  return text && /[а-яё]/i.test(text) ? text : 'Неверное значение';
}
