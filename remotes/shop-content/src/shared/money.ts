import { toKopecks } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';

/** Kopecks as the roubles an InputNumber shows (`150000` → `1500`); null stays empty. */
export function toRoubles(kopecks: number | null | undefined): number | null {
  return kopecks === null || kopecks === undefined ? null : kopecks / 100;
}

/** Roubles typed in an InputNumber as kopecks; empty → null. */
export function roublesToKopecks(roubles: number | string | null | undefined): number | null {
  return toKopecks(roubles);
}

/** «1 500,00 ₽», or «от 1 500,00 ₽» for a price «от». */
export function priceText(kopecks: number | null | undefined, from = false): string {
  if (kopecks === null || kopecks === undefined) return '—';
  return `${from ? 'от ' : ''}${formatMoney(kopecks)}`;
}

/** The InputNumber props of a roubles field: two decimals, a comma as the separator, «₽» inside. */
export const roublesInput = { min: 0, step: 100, precision: 2, decimalSeparator: ',', suffix: '₽' } as const;
