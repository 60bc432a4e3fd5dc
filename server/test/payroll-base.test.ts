/** The base by calendar days (src/modules/payroll/base.ts): what any split of a period adds up to. */
import { addDays, baseFor } from '../src/modules/payroll/base';

describe('baseFor', () => {
  it('a whole month is the monthly base; a month of 30 days accrues day by day, rounded half up at each day', () => {
    expect(baseFor(3_500_000, '2020-01-01', null, '2026-11-01', '2026-11-30')).toBe(3_500_000);
    expect(baseFor(3_500_000, '2020-01-01', null, '2026-02-01', '2026-02-28')).toBe(3_500_000);
    // 3 500 000 × 28 / 30 = 3 266 666.67 → 3 266 667 by the 28th; the 29th alone is the next day's accrual.
    expect(baseFor(3_500_000, '2020-01-01', null, '2026-11-01', '2026-11-28')).toBe(3_266_667);
    expect(baseFor(3_500_000, '2020-01-01', null, '2026-11-29', '2026-11-29')).toBe(3_383_333 - 3_266_667);
  });

  it('any split of a period into consecutive spans adds up to the whole, to the kopeck', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 300; i++) {
      const base = 1 + rnd(10_000_000);
      const hired = addDays('2024-01-01', rnd(400));
      const left = rnd(3) === 0 ? addDays(hired, rnd(500)) : null;
      const from = addDays('2024-01-01', rnd(700));
      const to = addDays(from, rnd(400));
      const cuts = [...new Set(Array.from({ length: 1 + rnd(5) }, () => addDays(from, rnd(400))).filter((d) => d > from && d <= to))].sort();
      const starts = [from, ...cuts];
      const parts = starts.map((s, k) => baseFor(base, hired, left, s, k + 1 < starts.length ? addDays(starts[k + 1], -1) : to));
      expect(parts.reduce((a, b) => a + b, 0)).toBe(baseFor(base, hired, left, from, to));
    }
  });
});
