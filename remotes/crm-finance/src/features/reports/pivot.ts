/**
 * The sales chart with a cut (by shop, seller or category): one stacked bar per period, a segment per key.
 * More than `top` keys would be an unreadable rainbow, so the `top` largest over the whole answer keep
 * their own colour and the rest are summed into «Прочие» (the table still lists every key).
 */
export interface PivotRow {
  period: string;
  key: string;
  label: string;
}

export interface PivotSeries {
  /** The data field of the series (`s0`…, `other`): safe for recharts' dataKey whatever the key is. */
  id: string;
  key: string;
  label: string;
}

export interface Pivot {
  series: PivotSeries[];
  /** One object per period, in period order: `{ period, s0: 120000, s1: …, other: … }`. */
  data: Array<Record<string, string | number>>;
}

export const otherSeries = { id: 'other', key: '__other', label: 'Прочие' } as const;

export function pivotByKey<R extends PivotRow>(rows: readonly R[], value: (row: R) => number, top = 8): Pivot {
  const totals = new Map<string, { label: string; sum: number }>();
  for (const r of rows) {
    const t = totals.get(r.key) ?? { label: r.label, sum: 0 };
    t.sum += value(r);
    totals.set(r.key, t);
  }
  // Largest first by size (a net negative key is large too); equal sizes by label, so the order is stable.
  const ranked = [...totals.entries()].sort((a, b) => Math.abs(b[1].sum) - Math.abs(a[1].sum) || a[1].label.localeCompare(b[1].label, 'ru'));
  const kept = ranked.length > top ? ranked.slice(0, top) : ranked;
  const series: PivotSeries[] = kept.map(([key, t], i) => ({ id: `s${i}`, key, label: t.label }));
  const idOf = new Map(series.map((s) => [s.key, s.id]));
  const others = ranked.length > top;
  if (others) series.push({ ...otherSeries });

  const byPeriod = new Map<string, Record<string, string | number>>();
  for (const r of rows) {
    let point = byPeriod.get(r.period);
    if (!point) {
      point = { period: r.period, ...Object.fromEntries(series.map((s) => [s.id, 0])) };
      byPeriod.set(r.period, point);
    }
    const id = idOf.get(r.key) ?? otherSeries.id;
    point[id] = (point[id] as number) + value(r);
  }
  const data = [...byPeriod.values()].sort((a, b) => String(a.period).localeCompare(String(b.period)));
  return { series, data };
}

/** One bar per key (a cut over a single period): the same top keys and «Прочие», largest first. */
export function barsByKey<R extends PivotRow>(rows: readonly R[], value: (row: R) => number, top = 8): Array<{ id: string; label: string; value: number }> {
  const { series, data } = pivotByKey(rows, value, top);
  const sum = (id: string) => data.reduce((s, p) => s + (p[id] as number), 0);
  return series.map((s) => ({ id: s.id, label: s.label, value: sum(s.id) }));
}
