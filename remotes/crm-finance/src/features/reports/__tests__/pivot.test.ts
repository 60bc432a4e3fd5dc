import { barsByKey, pivotByKey } from '../pivot';

const row = (period: string, key: string, revenue: number) => ({ period, key, label: `Категория ${key}`, revenue });

describe('the chart pivot of a cut', () => {
  it('keeps the 8 largest keys over the whole answer and sums the rest into «Прочие», per period', () => {
    // Ten keys: k1 is the largest (10 per period), k10 the smallest; k9 and k10 fall into «Прочие».
    const rows = ['2026-06-01', '2026-06-02'].flatMap((p) => Array.from({ length: 10 }, (_, i) => row(p, `k${i + 1}`, (10 - i) * 100)));
    const { series, data } = pivotByKey(rows, (r) => r.revenue);
    expect(series.map((s) => s.label)).toEqual([...Array.from({ length: 8 }, (_, i) => `Категория k${i + 1}`), 'Прочие']);
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ period: '2026-06-01', s0: 1000, s7: 300, other: 200 + 100 });
    // Nothing is lost: every period's segments add up to its rows.
    for (const point of data) {
      const sum = series.reduce((s, x) => s + (point[x.id] as number), 0);
      expect(sum).toBe(rows.filter((r) => r.period === point.period).reduce((s, r) => s + r.revenue, 0));
    }
  });

  it('ranks by the whole period, fills missing keys with 0, and orders periods', () => {
    const rows = [row('2026-06-02', 'a', 100), row('2026-06-01', 'b', 500), row('2026-06-02', 'b', -50)];
    const { series, data } = pivotByKey(rows, (r) => r.revenue);
    expect(series.map((s) => s.key)).toEqual(['b', 'a']);
    expect(data).toEqual([
      { period: '2026-06-01', s0: 500, s1: 0 },
      { period: '2026-06-02', s0: -50, s1: 100 },
    ]);
  });

  it('one period: a bar per key, largest first, with «Прочие»', () => {
    const rows = Array.from({ length: 9 }, (_, i) => row('2026-06-01', `k${i}`, (i + 1) * 10));
    const bars = barsByKey(rows, (r) => r.revenue);
    expect(bars).toHaveLength(9);
    expect(bars[0]).toEqual({ id: 's0', label: 'Категория k8', value: 90 });
    expect(bars[8]).toEqual({ id: 'other', label: 'Прочие', value: 10 });
    expect(barsByKey(rows.slice(0, 3), (r) => r.revenue).map((b) => b.label)).toEqual(['Категория k2', 'Категория k1', 'Категория k0']);
  });
});
