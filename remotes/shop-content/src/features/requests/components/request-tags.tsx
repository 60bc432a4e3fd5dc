import { formatPhone, shopRequestKindLabels, shopRequestStatusLabels, type ShopRequest, type ShopRequestKind, type ShopRequestStatus } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { Tag } from 'antd';

export const statusColors: Record<ShopRequestStatus, string> = { new: 'blue', in_work: 'gold', done: 'green', rejected: 'default' };
export const kindColors: Record<ShopRequestKind, string> = { callback: 'purple', repair: 'volcano', order: 'cyan' };

export const StatusTag = ({ value }: { value: ShopRequestStatus }) => (
  <Tag color={statusColors[value]} style={{ marginInlineEnd: 0 }}>
    {shopRequestStatusLabels[value]}
  </Tag>
);
export const KindTag = ({ value }: { value: ShopRequestKind }) => (
  <Tag color={kindColors[value]} style={{ marginInlineEnd: 0 }} variant="outlined">
    {shopRequestKindLabels[value]}
  </Tag>
);

/** `+7 (900) 123-45-67`. */
export const showPhone = (phone: string) => formatPhone(phone);

/** «товар», «товара», «товаров». */
export function plural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

/**
 * What the request is about, in one line: the model (a repair), the items and their total (a goods
 * order: «Чехол для iPhone 13 и ещё 2 · 3 товара · 2 970,00 ₽»), or nothing for a bare call-back.
 */
export function requestSummary(r: Pick<ShopRequest, 'kind' | 'modelName' | 'items' | 'total'>): string {
  if (r.kind === 'order' || r.items.length > 0) {
    if (r.items.length === 0) return 'Без товаров';
    const qty = r.items.reduce((n, i) => n + i.qty, 0);
    const first = r.items[0].title + (r.items.length > 1 ? ` и ещё ${r.items.length - 1}` : '');
    return `${first} · ${qty} ${plural(qty, 'товар', 'товара', 'товаров')} · ${formatMoney(r.total)}`;
  }
  return r.modelName ?? (r.kind === 'repair' ? 'Модель не указана' : '');
}
