/**
 * Calendar arithmetic of the monthly base (server/docs/payroll.md): a month's base × the days of the
 * period the employee was employed in that month ÷ the days of that month, rounded half up per month.
 * Days are Moscow calendar days `YYYY-MM-DD`; both ends are included.
 */

const DAY = 86_400_000;

/** The Moscow calendar day of an instant. */
export const moscowDay = (d: Date): string => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => toDay(toTime(day) + n * DAY);
export const daysBetween = (from: string, to: string): number => Math.round((toTime(to) - toTime(from)) / DAY) + 1;

/** The instant a Moscow day starts. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+03:00`);

const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;
const monthEndOf = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return toDay(Date.UTC(y, m, 0));
};

/** a × b / c rounded half up, in integers (a, b, c ≥ 0). */
export const mulDivHalfUp = (a: number, b: number, c: number): number => Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));

/**
 * The base accrued over [from, to] for an employee employed over [hired, left] (left null: still
 * employed). A month's base accrues day by day: by the end of its day d, monthlyBase × d ÷ days of the
 * month, rounded half up; a span of days in it gets the accrued at its last day less the accrued before its
 * first. So the base of any split of a period (the statement's opening and its days, a report's spans)
 * adds up to the base of the whole, to the kopeck, and a whole month is exactly monthlyBase.
 */
export function baseFor(monthlyBase: number, hired: string, left: string | null, from: string, to: string): number {
  if (monthlyBase <= 0) return 0;
  const start = from > hired ? from : hired;
  const end = left !== null && left < to ? left : to;
  let total = 0;
  for (let ms = monthStartOf(start); ms <= end; ms = addDays(monthEndOf(ms), 1)) {
    const me = monthEndOf(ms);
    const s = start > ms ? start : ms;
    const e = end < me ? end : me;
    if (s > e) continue;
    const days = daysBetween(ms, me);
    total += mulDivHalfUp(monthlyBase, daysBetween(ms, e), days) - (s > ms ? mulDivHalfUp(monthlyBase, daysBetween(ms, addDays(s, -1)), days) : 0);
  }
  return total;
}

export const firstOfMonth = monthStartOf;
