import { formatDate, formatDateTime, formatMoney } from '../format';

const nbsp = '\u00a0';

describe('formatMoney', () => {
  it.each([
    [123456, `1${nbsp}234,56${nbsp}₽`],
    [0, `0,00${nbsp}₽`],
    [5, `0,05${nbsp}₽`],
    [100000000, `1${nbsp}000${nbsp}000,00${nbsp}₽`],
    [-150, `-1,50${nbsp}₽`],
  ])('formats %p kopecks as %p', (kopecks, text) => {
    expect(formatMoney(kopecks)).toBe(text);
  });

  it('reads as "1 234,56 ₽" once non-breaking spaces are shown as spaces', () => {
    expect(formatMoney(123456).replace(/\u00a0/g, ' ')).toBe('1 234,56 ₽');
  });

  it('is empty for a missing amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatDate / formatDateTime', () => {
  it('formats as DD.MM.YYYY and DD.MM.YYYY HH:mm (24-hour)', () => {
    const evening = new Date(2024, 5, 5, 18, 7);
    expect(formatDate(evening)).toBe('05.06.2024');
    expect(formatDateTime(evening)).toBe('05.06.2024 18:07');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
