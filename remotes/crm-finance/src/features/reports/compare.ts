import { formatMoney } from '@repo/shared-core';

/**
 * A figure against the previous period of the same length (the KPI cards). `tone` says which way is good:
 * more revenue is good, more expense or a longer repair is bad (the colours swap), pay is just shown.
 */
export type Tone = 'higherIsBetter' | 'lowerIsBetter' | 'neutral';
export type FigureKind = 'money' | 'count' | 'percent' | 'hours';

export interface Change {
  /** current − previous, in the figure's own unit (kopecks, pieces, percentage points, hours). */
  diff: number;
  /** The change relative to the previous value, percent with one decimal; null when the previous was 0 (or a percent figure). */
  percent: number | null;
  direction: 'up' | 'down' | 'same';
  /** Whether the change is good news: true (green), false (red), null (neither: no change or a neutral figure). */
  good: boolean | null;
}

export function compare(current: number | null | undefined, previous: number | null | undefined, tone: Tone = 'higherIsBetter', kind: FigureKind = 'money'): Change | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  // Kopecks and counts are integers; percents and hours come with decimals: compare them rounded as shown.
  const diff = kind === 'money' || kind === 'count' ? current - previous : Math.round((current - previous) * 100) / 100;
  const direction = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
  const percent = kind === 'percent' || previous === 0 ? null : Math.round((diff / Math.abs(previous)) * 1000) / 10;
  const good = direction === 'same' || tone === 'neutral' ? null : (direction === 'up') === (tone === 'higherIsBetter');
  return { diff, percent, direction, good };
}

const NBSP = '\u00a0';
const MINUS = '\u2212';
const groups = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/** 1234 → «1 234» (non-breaking spaces, as money). */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  return `${n < 0 ? MINUS : ''}${groups(Math.abs(Math.round(n)))}`;
}

/** 12.345 → «12,3 %» (null: «—»). */
export function formatPercent(v: number | null | undefined, digits = 1): string {
  if (v === null || v === undefined) return '—';
  return `${v < 0 ? MINUS : ''}${Math.abs(v).toFixed(digits).replace('.', ',')}${NBSP}%`;
}

/**
 * A duration in hours, the way the repairs report shows every duration: under a day «5,5 ч», from a day on
 * «2 д 5 ч» (whole hours); «—» when there is none.
 */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '—';
  const sign = hours < 0 ? MINUS : '';
  const h = Math.abs(hours);
  if (h < 24) return `${sign}${h.toFixed(1).replace('.', ',')}${NBSP}ч`;
  const whole = Math.round(h);
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  return `${sign}${days}${NBSP}д${rest ? ` ${rest}${NBSP}ч` : ''}`;
}

/** A value of a kind, as the cards and tables show it. */
export function formatFigure(v: number | null | undefined, kind: FigureKind): string {
  if (kind === 'money') return formatMoney(v) || '—';
  if (kind === 'count') return v === null || v === undefined ? '—' : formatCount(v);
  if (kind === 'percent') return formatPercent(v, 2);
  return formatHours(v);
}

/** «+1 234,00 ₽ (+12,3 %)», «−2 п.п.», «без изменений». */
export function formatChange(change: Change, kind: FigureKind): string {
  if (change.direction === 'same') return 'без изменений';
  const sign = change.diff > 0 ? '+' : MINUS;
  const abs = Math.abs(change.diff);
  const amount =
    kind === 'money'
      ? formatMoney(abs)
      : kind === 'count'
        ? groups(abs)
        : kind === 'percent'
          ? `${abs.toFixed(2).replace('.', ',')}${NBSP}п.п.`
          : formatHours(abs);
  const percent = change.percent === null ? '' : ` (${change.percent > 0 ? '+' : change.percent < 0 ? MINUS : ''}${Math.abs(change.percent).toFixed(1).replace('.', ',')}${NBSP}%)`;
  return `${sign}${amount}${percent}`;
}
