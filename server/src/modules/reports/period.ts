/**
 * The company's days are Moscow calendar days (UTC+3 all year, as pay and the sales journal count them).
 * A report's `from`..`to` are whole days, both included: `[from 00:00 MSK, to + 1 day 00:00 MSK)`.
 */
export const REPORT_TIME_ZONE = 'Europe/Moscow';

/** The moment a Moscow day starts. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** The moment after a Moscow day ends (the next day's start). */
export function dayEnd(day: string): Date {
  return new Date(dayStart(day).getTime() + 86_400_000);
}

/** Today as a Moscow calendar day `YYYY-MM-DD`. */
export function moscowToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** The same day a month earlier (the 31st of a shorter month becomes its last day). */
export function monthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Gross profit ÷ revenue in percent with two decimals; null with no revenue. */
export function marginOf(grossProfit: number, revenue: number): number | null {
  return revenue === 0 ? null : Math.round((grossProfit / revenue) * 10_000) / 100;
}

/** Revenue ÷ count, rounded half up to the kopeck; 0 with no count. */
export function averageOf(total: number, count: number): number {
  if (count === 0) return 0;
  const q = Math.floor(Math.abs(total) / count);
  const r = Math.abs(total) - q * count;
  const v = 2 * r >= count ? q + 1 : q;
  return total < 0 ? -v : v;
}
