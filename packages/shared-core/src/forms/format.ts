import { dayjs } from '../dayjs';

// Non-breaking spaces (U+00A0): an amount or its ₽ never wraps onto a second line in a table cell.
const NBSP = '\u00a0';

/** Kopecks (integers, so sums never suffer float error) as `1 234,56 ₽`. */
export function formatMoney(kopecks: number | null | undefined): string {
  if (kopecks === null || kopecks === undefined || !Number.isFinite(kopecks)) return '';
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.round(Math.abs(kopecks));
  const rubles = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${rubles},${cents}${NBSP}₽`;
}

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

function format(value: DateInput, template: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(template) : '';
}

/** `05.06.2024`; empty for a missing or invalid date, so tables show a blank, not "Invalid Date". */
export function formatDate(value: DateInput): string {
  return format(value, 'DD.MM.YYYY');
}

/** `05.06.2024 14:30`, 24-hour. */
export function formatDateTime(value: DateInput): string {
  return format(value, 'DD.MM.YYYY HH:mm');
}
