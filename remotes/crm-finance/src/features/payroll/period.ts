import type { Accrual } from '@repo/contracts';
import { dayjs } from '@repo/shared-core';

/**
 * The statement's period, kept in the URL (`?from=2024-06-01&to=2024-06-30`): a calendar month by default
 * (this one), or any range. Days are calendar days `YYYY-MM-DD` as the API takes them.
 */
export interface Period {
  from: string;
  to: string;
}

const day = 'YYYY-MM-DD';
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, day, true).isValid();

export function monthPeriod(d: dayjs.Dayjs = dayjs()): Period {
  return { from: d.startOf('month').format(day), to: d.endOf('month').format(day) };
}

/** The period of the URL, or this month when it has none (or a broken one). */
export function periodOf(search: URLSearchParams, now: dayjs.Dayjs = dayjs()): Period {
  const from = search.get('from');
  const to = search.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  return monthPeriod(now);
}

/** The month a period is exactly, or null for a custom range. */
export function monthOf(p: Period): dayjs.Dayjs | null {
  const start = dayjs(p.from, day);
  return start.date() === 1 && p.to === start.endOf('month').format(day) ? start : null;
}

/** «июнь 2024» or «01.06.2024 — 15.06.2024». */
export function periodLabel(p: Period): string {
  const month = monthOf(p);
  return month ? month.format('MMMM YYYY') : `${dayjs(p.from).format('DD.MM.YYYY')} — ${dayjs(p.to).format('DD.MM.YYYY')}`;
}

export type StatementTotals = Pick<Accrual, 'base' | 'commission' | 'bonuses' | 'penalties' | 'total' | 'opening' | 'paid' | 'due'>;
const totalKeys = ['base', 'commission', 'bonuses', 'penalties', 'total', 'opening', 'paid', 'due'] as const;

/** The statement's totals row: each column summed over the employees (kopecks, so exact). */
export function statementTotals(rows: readonly Accrual[]): StatementTotals {
  const sum = Object.fromEntries(totalKeys.map((k) => [k, 0])) as StatementTotals;
  for (const r of rows) for (const k of totalKeys) sum[k] += r[k];
  return sum;
}

/** What a payout offers by default: what is owed at the end of the period, never below zero. */
export const defaultPayout = (row: Pick<Accrual, 'due'>) => Math.max(row.due, 0);
