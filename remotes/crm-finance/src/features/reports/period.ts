import type { ReportGroupBy } from '@repo/contracts';
import { dayjs } from '@repo/shared-core';

/**
 * A report's period: calendar days `YYYY-MM-DD`, both included (the API's `from`/`to`). The presets of the
 * seed's date-range filter end today for the current week, month, quarter and year: a period still under
 * way is compared with the same number of days before it (contracts' previousPeriod), so «this month so
 * far» meets the days just before it, not a whole month of which half is still ahead.
 */
export interface Period {
  from: string;
  to: string;
}

export const dayFormat = 'YYYY-MM-DD';
const shown = 'DD.MM.YYYY';

const isDay = (v: string | null | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, dayFormat, true).isValid();
const range = (from: dayjs.Dayjs, to: dayjs.Dayjs): Period => ({ from: from.format(dayFormat), to: to.format(dayFormat) });

export type PresetName = 'today' | 'yesterday' | 'week' | 'month' | 'lastMonth' | 'quarter' | 'year';

/** The presets in the order the picker lists them, with their Russian labels. */
export const presetLabels: Record<PresetName, string> = {
  today: 'Сегодня',
  yesterday: 'Вчера',
  week: 'Эта неделя',
  month: 'Этот месяц',
  lastMonth: 'Прошлый месяц',
  quarter: 'Квартал',
  year: 'Год',
};

/** A preset's days as of `now`: weeks start on Monday (ISO), the quarter is the calendar quarter. */
export function presetPeriod(name: PresetName, now: dayjs.Dayjs = dayjs()): Period {
  const today = now.startOf('day');
  switch (name) {
    case 'today':
      return range(today, today);
    case 'yesterday':
      return range(today.subtract(1, 'day'), today.subtract(1, 'day'));
    case 'week':
      // isoWeekday: Monday = 1, whatever the locale's week start.
      return range(today.subtract(today.isoWeekday() - 1, 'day'), today);
    case 'month':
      return range(today.startOf('month'), today);
    case 'lastMonth': {
      const last = today.startOf('month').subtract(1, 'month');
      return range(last, last.endOf('month'));
    }
    case 'quarter':
      return range(today.startOf('year').add(Math.floor(today.month() / 3) * 3, 'month'), today);
    case 'year':
      return range(today.startOf('year'), today);
  }
}

/** The period of the URL; else the one remembered for reports this session; else this month so far. */
export function periodOf(search: URLSearchParams, remembered: readonly [string, string] | null | undefined, now: dayjs.Dayjs = dayjs()): Period {
  const from = search.get('from');
  const to = search.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  if (remembered && isDay(remembered[0]) && isDay(remembered[1]) && remembered[0] <= remembered[1]) return { from: remembered[0], to: remembered[1] };
  return presetPeriod('month', now);
}

/** «01.06.2026 — 15.06.2026», or one day «01.06.2026». */
export function rangeLabel(p: Period): string {
  const from = dayjs(p.from).format(shown);
  return p.from === p.to ? from : `${from} — ${dayjs(p.to).format(shown)}`;
}

/**
 * A row's period (its first day from the API) as the table and chart show it: a day «05.06.2026», an ISO
 * week «01.06–07.06.2026» (across a year «29.12.2025–04.01.2026»), a month «июнь 2026».
 */
export function periodLabel(first: string, groupBy: ReportGroupBy): string {
  const d = dayjs(first);
  if (groupBy === 'day') return d.format(shown);
  if (groupBy === 'month') return d.format('MMMM YYYY');
  const end = d.add(6, 'day');
  return `${d.format(end.year() === d.year() ? 'DD.MM' : shown)}–${end.format(shown)}`;
}

/** A short axis tick for a period: «05.06», «01.06–07.06», «июн 2026». */
export function periodTick(first: string, groupBy: ReportGroupBy): string {
  const d = dayjs(first);
  if (groupBy === 'day') return d.format('DD.MM');
  if (groupBy === 'month') return d.format('MMM YYYY');
  return `${d.format('DD.MM')}–${d.add(6, 'day').format('DD.MM')}`;
}
