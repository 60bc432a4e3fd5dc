import { auditQuerySchema } from '../audit';
import { changePasswordRequestSchema, loginRequestSchema, updateProfileRequestSchema } from '../auth';
import { idSchema, pageQuerySchema } from '../common';
import { createLocationRequestSchema, removeLocationImageRequestSchema } from '../location';
import {
  dateLimits,
  dateQuery,
  hasForbiddenCharacters,
  moneyLimits,
  moneySchema,
  optionalSafeText,
  safeDate,
  safeDateTime,
  safeMultilineText,
  safeText,
  signedMoneySchema,
  uuidSchema,
} from '../primitives';
import { activateReleaseRequestSchema, reportReleaseFailureRequestSchema } from '../releases';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0].message);

describe('safeText', () => {
  const name = safeText({ min: 2, max: 10 });

  it('trims and keeps ordinary text, Cyrillic and emoji included', () => {
    expect(name.parse('  Сервис №1 ')).toBe('Сервис №1');
    expect(name.parse('Ёжик 📱')).toBe('Ёжик 📱');
  });

  it.each([
    ['NUL', 'ab\u0000cd'],
    ['another C0 control', 'ab\u0007cd'],
    ['a tab in one-line text', 'ab\tcd'],
    ['a line break in one-line text', 'ab\ncd'],
    ['DEL', 'ab\u007fcd'],
    ['a C1 control', 'ab\u0085cd'],
    ['a bidi override', 'ab\u202ecd'],
    ['an unpaired surrogate', 'ab\ud800cd'],
  ])('rejects %s with «Недопустимые символы»', (_what, value) => {
    expect(firstMessage(name.safeParse(value))).toBe('Недопустимые символы');
  });

  it('caps the length after trimming, with Russian messages (label or not)', () => {
    expect(firstMessage(name.safeParse('x'.repeat(11)))).toBe('Не длиннее 10 символов');
    expect(firstMessage(name.safeParse(' x '))).toBe('Не короче 2 символов');
    expect(firstMessage(safeText({ max: 5, label: 'Адрес' }).safeParse('x'.repeat(6)))).toBe('Адрес: не больше 5 символов');
    expect(firstMessage(name.safeParse(undefined))).toBe('Заполните поле');
    expect(firstMessage(name.safeParse(42))).toBe('Ожидается строка');
    expect(name.maxLength).toBe(10);
  });

  it('rejects a 1 MB string with NUL with the characters message first', () => {
    const big = `${'x'.repeat(1024 * 1024)}\u0000`;
    expect(firstMessage(name.safeParse(big))).toBe('Недопустимые символы');
  });

  it('multi-line text keeps tabs and line breaks, stores \\r\\n as \\n, still refuses NUL', () => {
    const text = safeMultilineText({ max: 100 });
    expect(text.parse(' a\r\n\tb\rc ')).toBe('a\n\tb\nc');
    expect(firstMessage(text.safeParse('a\n\u0000'))).toBe('Недопустимые символы');
  });

  it('optional text: absent, null and blank become null; the cap still applies', () => {
    const address = optionalSafeText({ max: 5, label: 'Адрес' });
    expect(address.parse(undefined)).toBeNull();
    expect(address.parse(null)).toBeNull();
    expect(address.parse('   ')).toBeNull();
    expect(address.parse(' ул ')).toBe('ул');
    expect(firstMessage(address.safeParse('x'.repeat(6)))).toBe('Адрес: не больше 5 символов');
    expect(firstMessage(address.safeParse('a\u0000'))).toBe('Недопустимые символы');
  });

  it('hasForbiddenCharacters tells the two variants apart', () => {
    expect(hasForbiddenCharacters('a\tb')).toBe(true);
    expect(hasForbiddenCharacters('a\tb\nc', { multiline: true })).toBe(false);
    expect(hasForbiddenCharacters('a\u0000b', { multiline: true })).toBe(true);
  });
});

describe('the contracts use the safe types', () => {
  it.each([
    ['location name', () => createLocationRequestSchema.safeParse({ name: 'ab\u0000cd' }), 'name'],
    ['location address', () => createLocationRequestSchema.safeParse({ name: 'Магазин', address: 'a\u0000' }), 'address'],
    ['location phone', () => createLocationRequestSchema.safeParse({ name: 'Магазин', phone: '+7\u0000' }), 'phone'],
    ['location hours', () => createLocationRequestSchema.safeParse({ name: 'Магазин', workingHours: '9\u0000' }), 'workingHours'],
    ['own name', () => updateProfileRequestSchema.safeParse({ name: 'Ан\u0000на' }), 'name'],
    ['audit entity', () => auditQuerySchema.safeParse({ entity: 'loc\u0000' }), 'entity'],
    ['audit entity id', () => auditQuerySchema.safeParse({ entityId: 'x\u0000' }), 'entityId'],
    ['password', () => loginRequestSchema.safeParse({ phone: '+79000000001', password: 'demo\u00001234' }), 'password'],
    ['new password', () => changePasswordRequestSchema.safeParse({ currentPassword: 'demo1234', newPassword: 'abcdefgh\u0000' }), 'newPassword'],
    ['release version', () => activateReleaseRequestSchema.safeParse({ version: 'v1\u0000' }), 'version'],
    ['release failure message', () => reportReleaseFailureRequestSchema.safeParse({ version: 'v1', message: 'x\u0000' }), 'message'],
  ])('%s refuses NUL', (_what, parse, field) => {
    const r = parse();
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe('Недопустимые символы');
  });

  it('keeps the seed messages of existing fields', () => {
    expect(firstMessage(createLocationRequestSchema.safeParse({}))).toBe('Укажите название');
    expect(firstMessage(createLocationRequestSchema.safeParse({ name: ' a ' }))).toBe('Название должно быть не короче 2 символов');
    expect(firstMessage(createLocationRequestSchema.safeParse({ name: 'x'.repeat(121) }))).toBe('Название: не больше 120 символов');
    expect(firstMessage(createLocationRequestSchema.safeParse({ name: 'ab', workingHours: 'x'.repeat(201) }))).toBe('Часы работы: не больше 200 символов');
    expect(firstMessage(updateProfileRequestSchema.safeParse({ name: 'x'.repeat(121) }))).toBe('Имя слишком длинное');
    expect(firstMessage(loginRequestSchema.safeParse({ phone: '+79000000001', password: '' }))).toBe('Укажите пароль');
    expect(firstMessage(changePasswordRequestSchema.safeParse({ currentPassword: 'a', newPassword: 'short' }))).toBe('Пароль должен быть не короче 8 символов');
  });

  it('passwords are not trimmed (a space is part of a password)', () => {
    expect(loginRequestSchema.parse({ phone: '+79000000001', password: ' demo1234 ' }).password).toBe(' demo1234 ');
  });
});

describe('uuids', () => {
  const upper = '5F0C5A1E-1B2C-4D3E-8F40-123456789ABC';

  it('are lower-cased at the edge, so an id in any case names the same record', () => {
    expect(idSchema.parse(upper)).toBe(upper.toLowerCase());
    expect(uuidSchema('x').parse(upper)).toBe(upper.toLowerCase());
    expect(auditQuerySchema.parse({ employeeId: upper }).employeeId).toBe(upper.toLowerCase());
    expect(removeLocationImageRequestSchema.parse({ locationId: upper, imageId: upper })).toEqual({ locationId: upper.toLowerCase(), imageId: upper.toLowerCase() });
  });

  it('keep their own Russian message for anything else', () => {
    expect(firstMessage(idSchema.safeParse('nobody'))).toBe('Неверный идентификатор');
    expect(firstMessage(idSchema.safeParse(`${upper}\u0000`))).toBe('Неверный идентификатор');
  });
});

describe('dates', () => {
  it('accept what the client sends: a date, or a moment from toISOString', () => {
    expect(dateQuery.parse('2024-05-01')).toBe('2024-05-01');
    expect(dateQuery.parse('2024-05-01T21:00:00.000Z')).toBe('2024-05-01T21:00:00.000Z');
    expect(dateQuery.parse('2024-05-01T10:00+03:00')).toBe('2024-05-01T10:00+03:00');
    expect(dateQuery.parse(undefined)).toBeUndefined();
  });

  it.each(['9999-12-31', '0000-01-01', '1899-12-31', '3000-01-01', '3000-12-31T23:59:59Z'])(
    '%s is outside the storable range: a Russian message, not a database error',
    (value) => {
      expect(firstMessage(dateQuery.safeParse(value))).toBe(`Дата должна быть в пределах ${dateLimits.minYear}–${dateLimits.maxYear} годов`);
    },
  );

  it('accepts the ends of the range', () => {
    expect(dateQuery.safeParse('1900-01-01').success).toBe(true);
    expect(dateQuery.safeParse('2999-12-31').success).toBe(true);
  });

  it.each(['yesterday', '2024-02-30', '2023-02-29', '2024-13-01', '2024-05-01T24:00:00Z', '+010000-01-01', '1', 'May 1, 2024', '2024-05-01\u0000', 'x'.repeat(100_000)])(
    '%s is not a date',
    (value) => {
      expect(firstMessage(dateQuery.safeParse(value))).toBe('Неверная дата');
    },
  );

  it('safeDate takes only a calendar date, safeDateTime only a moment', () => {
    expect(safeDate().safeParse('2024-02-29').success).toBe(true);
    expect(safeDate().safeParse('2024-02-29T00:00:00Z').success).toBe(false);
    expect(safeDateTime().safeParse('2024-02-29T00:00:00Z').success).toBe(true);
    expect(safeDateTime().safeParse('2024-02-29').success).toBe(false);
  });
});

describe('money', () => {
  it('is integer kopecks within the limits', () => {
    expect(moneySchema.parse(0)).toBe(0);
    expect(moneySchema.parse(moneyLimits.maxKopecks)).toBe(moneyLimits.maxKopecks);
    expect(firstMessage(moneySchema.safeParse(-1))).toBe('Сумма не может быть отрицательной');
    expect(firstMessage(moneySchema.safeParse(10.5))).toBe('Сумма указывается в копейках, целым числом');
    expect(firstMessage(moneySchema.safeParse(moneyLimits.maxKopecks + 1))).toBe('Сумма не больше 1 000 000 000 ₽');
    expect(firstMessage(moneySchema.safeParse('100'))).toBe('Сумма должна быть числом');
    expect(moneySchema.safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
    expect(signedMoneySchema.parse(-500)).toBe(-500);
    expect(firstMessage(signedMoneySchema.safeParse(-moneyLimits.maxKopecks - 1))).toBe('Сумма по модулю не больше 1 000 000 000 ₽');
  });

  it('bounds a sum of 90 000 amounts within exact JavaScript integers', () => {
    expect(moneyLimits.maxKopecks * 90_000).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });
});

describe('pages', () => {
  it('cap the page number so the OFFSET cannot overflow', () => {
    expect(pageQuerySchema.safeParse({ page: '99999999999999999999' }).success).toBe(false);
    expect(pageQuerySchema.parse({ page: '100000', pageSize: '200' }).page).toBe(100_000);
  });
});

describe('page query messages', () => {
  it.each([
    [{ page: '99999999999999999999' }, 'page', 'Слишком большой номер страницы'],
    [{ page: '1.5' }, 'page', 'Ожидается целое число'],
    [{ page: 'abc' }, 'page', 'Ожидается число'],
    [{ page: '0' }, 'page', 'Номер страницы начинается с 1'],
    [{ pageSize: '1e30' }, 'pageSize', 'Не больше 200 строк на странице'],
    [{ pageSize: '0' }, 'pageSize', 'Не меньше 1 строки на странице'],
  ])('%j → %s: %s', (query, field, message) => {
    const r = pageQuerySchema.safeParse(query);
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
