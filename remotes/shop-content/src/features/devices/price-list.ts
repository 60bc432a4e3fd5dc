import { putShopModelPricesSchema, shopLimits, type PutShopModelPricesRequest, type ShopModelPrice } from '@repo/contracts';
import { roublesToKopecks, toRoubles } from '../../shared/money';

/** One row of the editor: roubles as typed, a local key that survives reordering. */
export interface PriceRow {
  key: string;
  service: string;
  priceFrom: boolean;
  /** Roubles; null while empty. */
  price: number | null;
  /** Minutes; null = not said. */
  minutes: number | null;
}

let seq = 0;
export const newRowKey = () => `row-${++seq}`;

export const emptyRow = (): PriceRow => ({ key: newRowKey(), service: '', priceFrom: false, price: null, minutes: null });

export function toRows(prices: readonly ShopModelPrice[]): PriceRow[] {
  return prices.map((p) => ({ key: newRowKey(), service: p.service, priceFrom: p.priceFrom, price: toRoubles(p.price), minutes: p.minutes }));
}

/** The rows as `PUT /api/shop/models/:id/prices` takes them, in display order; wholly empty rows are left out. */
export function toPricesBody(rows: readonly PriceRow[]): PutShopModelPricesRequest {
  return rows
    .filter((r) => !isBlankRow(r))
    .map((r) => ({ service: r.service.trim(), price: roublesToKopecks(r.price) as number, priceFrom: r.priceFrom, minutes: r.minutes ?? null }));
}

export const isBlankRow = (r: PriceRow) => !r.service.trim() && r.price === null && r.minutes === null;

export const priceRequired = 'Укажите цену';

/**
 * What the server would refuse, checked by the contract's own schema: messages keyed `<row>.<field>`
 * (row = the index among the rows shown) and `list` for the whole list. Empty = fine to send.
 */
export function validatePriceRows(rows: readonly PriceRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const sent = rows.map((r, i) => ({ r, i })).filter(({ r }) => !isBlankRow(r));
  sent.forEach(({ r, i }) => {
    if (r.price === null) errors[`${i}.price`] = priceRequired;
  });
  if (sent.length > shopLimits.pricesMax) errors.list = `Не больше ${shopLimits.pricesMax} строк прайса`;
  const body = sent.map(({ r }) => ({ service: r.service.trim(), price: r.price === null ? 0 : (roublesToKopecks(r.price) ?? -1), priceFrom: r.priceFrom, minutes: r.minutes ?? null }));
  const result = putShopModelPricesSchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [index, field] = issue.path;
      if (typeof index === 'number' && typeof field === 'string') {
        const key = `${sent[index].i}.${field}`;
        errors[key] ??= issue.message;
      } else errors.list ??= issue.message;
    }
  }
  return errors;
}

/** The server's 400 (`errors: { "2.service": … }`, indexes of the body sent) as the editor's keys. */
export function serverRowErrors(rows: readonly PriceRow[], errors: Record<string, string> | undefined): Record<string, string> {
  const shown = rows.map((r, i) => ({ r, i })).filter(({ r }) => !isBlankRow(r));
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const m = /^(\d+)\.(\w+)$/.exec(path);
    if (m && shown[Number(m[1])]) out[`${shown[Number(m[1])].i}.${m[2]}`] = message;
    else out.list = message;
  }
  return out;
}

/** Whether the rows differ from the saved list. */
export function pricesChanged(rows: readonly PriceRow[], saved: readonly ShopModelPrice[]): boolean {
  const now = rows.filter((r) => !isBlankRow(r));
  if (now.length !== saved.length) return true;
  return now.some((r, i) => {
    const s = saved[i];
    return r.service.trim() !== s.service || r.priceFrom !== s.priceFrom || roublesToKopecks(r.price) !== s.price || (r.minutes ?? null) !== s.minutes;
  });
}
