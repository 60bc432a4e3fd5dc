import { compare, formatChange, formatHours } from '../compare';

const NBSP = '\u00a0';
const strip = (s: string) => s.replace(/\u00a0/g, ' ');

describe('the comparison with the previous period', () => {
  it('Δ and % of a money figure: up is good, down is bad', () => {
    expect(compare(1_250_000, 1_000_000)).toEqual({ diff: 250_000, percent: 25, direction: 'up', good: true });
    expect(compare(900_000, 1_000_000)).toEqual({ diff: -100_000, percent: -10, direction: 'down', good: false });
    expect(strip(formatChange(compare(1_250_000, 1_000_000)!, 'money'))).toBe('+2 500,00 ₽ (+25,0 %)');
    expect(strip(formatChange(compare(900_000, 1_000_000)!, 'money'))).toBe('\u22121 000,00 ₽ (\u221210,0 %)');
  });

  it('for expense-like figures the colours swap; a neutral figure has none', () => {
    expect(compare(120, 100, 'lowerIsBetter')!.good).toBe(false);
    expect(compare(80, 100, 'lowerIsBetter')!.good).toBe(true);
    expect(compare(80, 100, 'neutral')!.good).toBeNull();
    expect(compare(100, 100)).toEqual({ diff: 0, percent: 0, direction: 'same', good: null });
    expect(formatChange(compare(100, 100)!, 'money')).toBe('без изменений');
  });

  it('no % from nothing; a negative previous counts by its size; no comparison without figures', () => {
    expect(compare(50_000, 0)).toEqual({ diff: 50_000, percent: null, direction: 'up', good: true });
    expect(strip(formatChange(compare(50_000, 0)!, 'money'))).toBe('+500,00 ₽');
    // A loss of 1 000 ₽ becoming a loss of 500 ₽ is +50 %, an improvement.
    expect(compare(-50_000, -100_000)).toMatchObject({ percent: 50, good: true });
    expect(compare(null, 100)).toBeNull();
    expect(compare(100, null)).toBeNull();
  });

  it('a margin changes in percentage points; hours and counts in their units', () => {
    expect(compare(31.5, 28.25, 'higherIsBetter', 'percent')).toEqual({ diff: 3.25, percent: null, direction: 'up', good: true });
    expect(formatChange(compare(31.5, 28.25, 'higherIsBetter', 'percent')!, 'percent')).toBe(`+3,25${NBSP}п.п.`);
    expect(strip(formatChange(compare(1200, 1000, 'higherIsBetter', 'count')!, 'count'))).toBe('+200 (+20,0 %)');
    expect(compare(30, 40, 'lowerIsBetter', 'hours')!.good).toBe(true);
  });

  it('durations: hours with one decimal under a day, days and hours from a day', () => {
    expect(strip(formatHours(5.46))).toBe('5,5 ч');
    expect(strip(formatHours(53.2))).toBe('2 д 5 ч');
    expect(strip(formatHours(48))).toBe('2 д');
    expect(formatHours(null)).toBe('—');
  });
});
