import { stockDocumentStatusLabels, type StockDocumentStatus, type StockDocumentType } from '@repo/contracts';
import { defineStatuses } from '@repo/ui';

/** Where each document type lives in the area and what its screens call it. */
export const docKinds: Record<StockDocumentType, { base: string; list: string; one: string; create: string; empty: string }> = {
  receipt: { base: '/stock/posting', list: 'Оприходования', one: 'Оприходование', create: 'Новое оприходование', empty: 'Оприходований пока нет' },
  write_off: { base: '/stock/write-off', list: 'Списания', one: 'Списание', create: 'Новое списание', empty: 'Списаний пока нет' },
  transfer: { base: '/stock/displacement', list: 'Перемещения', one: 'Перемещение', create: 'Новое перемещение', empty: 'Перемещений пока нет' },
  stocktake: { base: '/stock/inventory', list: 'Инвентаризации', one: 'Инвентаризация', create: 'Новая инвентаризация', empty: 'Инвентаризаций пока нет' },
  supplier_return: { base: '/stock/refund', list: 'Возвраты поставщикам', one: 'Возврат поставщику', create: 'Новый возврат поставщику', empty: 'Возвратов поставщикам пока нет' },
};

export const docStatuses = defineStatuses<StockDocumentStatus>({
  draft: { label: stockDocumentStatusLabels.draft, color: 'default' },
  posted: { label: stockDocumentStatusLabels.posted, color: 'green' },
  in_transit: { label: stockDocumentStatusLabels.in_transit, color: 'blue' },
  received: { label: stockDocumentStatusLabels.received, color: 'green' },
  cancelled: { label: stockDocumentStatusLabels.cancelled, color: 'red' },
});

/** «Основной склад · Сервис+ на Белорусской»: every shop has its «Основной склад», so a transfer names the shops too. */
export function transferRoute(
  d: { warehouseName: string; locationId: string; toWarehouseName: string | null; toLocationId: string | null },
  locations: ReadonlyArray<{ _id: string; name: string }>,
): string {
  const shop = (id: string | null) => locations.find((l) => l._id === id)?.name;
  const from = [d.warehouseName, shop(d.locationId)].filter(Boolean).join(' · ');
  const to = [d.toWarehouseName ?? '', shop(d.toLocationId)].filter(Boolean).join(' · ');
  return `${from} → ${to}`;
}
