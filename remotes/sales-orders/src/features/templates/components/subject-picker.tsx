import { templateSubjects, type TemplateKind } from '@repo/contracts';
import { formatMoney, getApiError } from '@repo/shared-core';
import { Alert, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useOrderOptions, useProductOptions, usePurchaseOrderOptions } from '../api';
import { useDebounced } from '../use-debounced';

export interface Subject {
  orderId?: string;
  productIds?: string[];
  purchaseOrderId?: string;
}

/**
 * What the preview is filled with: a recent order of the shop (order documents), products (price
 * labels) or a purchase order of the shop («Заказ поставщику»); a sales receipt has no subject until
 * sales exist. Searched on the server as one types.
 */
export function SubjectPicker({ kind, value, onChange }: { kind: TemplateKind; value: Subject; onChange: (next: Subject) => void }) {
  const subject = templateSubjects[kind];
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const orders = useOrderOptions(term, subject === 'order');
  const products = useProductOptions(term, subject === 'products');
  const purchases = usePurchaseOrderOptions(term, subject === 'purchase_order');
  // The preview shows something at once: the newest order of the shop, or the first three products.
  const firstOrder = subject === 'order' && !value.orderId && !term ? orders.data?.[0]?.id : undefined;
  const firstProducts = subject === 'products' && !value.productIds?.length && !term ? (products.data ?? []).slice(0, 3).map((p) => p.id) : [];
  const firstPurchase = subject === 'purchase_order' && !value.purchaseOrderId && !term ? purchases.data?.[0]?.id : undefined;
  useEffect(() => {
    if (firstOrder) onChange({ orderId: firstOrder });
    else if (firstProducts.length) onChange({ productIds: firstProducts });
    else if (firstPurchase) onChange({ purchaseOrderId: firstPurchase });
  }, [firstOrder, firstProducts.join(','), firstPurchase]); // eslint-disable-line react-hooks/exhaustive-deps

  if (subject === 'sale') {
    return <Alert type="info" showIcon title="Продажи появятся с разделом «Продажи»: предпросмотр товарного чека пока не на чем показать." />;
  }

  if (subject === 'purchase_order') {
    const options = (purchases.data ?? []).map((o) => ({ value: o.id, label: `${o.number} · ${o.supplierName ?? 'без поставщика'} · ${o.warehouseName}` }));
    if (value.purchaseOrderId && !options.some((o) => o.value === value.purchaseOrderId)) options.unshift({ value: value.purchaseOrderId, label: 'Заказ поставщику из ссылки' });
    return (
      <>
        <Select
          aria-label="Заказ поставщику для предпросмотра"
          showSearch
          filterOption={false}
          onSearch={setSearch}
          allowClear
          placeholder="Заказ поставщику: номер, поставщик"
          value={value.purchaseOrderId}
          onChange={(purchaseOrderId?: string) => onChange({ purchaseOrderId: purchaseOrderId ?? undefined })}
          options={options}
          loading={purchases.isFetching}
          notFoundContent={purchases.isPending ? 'Загружаю…' : 'Заказы поставщикам не найдены'}
          style={{ width: '100%' }}
        />
        {purchases.isError ? (
          <Alert type="error" showIcon style={{ marginTop: 8 }} title="Не удалось загрузить заказы поставщикам" description={getApiError(purchases.error).message} />
        ) : null}
      </>
    );
  }

  if (subject === 'order') {
    const options = (orders.data ?? []).map((o) => ({ value: o.id, label: `${o.number} · ${o.client.name} · ${[o.device.brand, o.device.model].filter(Boolean).join(' ')}` }));
    if (value.orderId && !options.some((o) => o.value === value.orderId)) options.unshift({ value: value.orderId, label: 'Заказ из ссылки' });
    return (
      <>
        <Select
          aria-label="Заказ для предпросмотра"
          showSearch
          filterOption={false}
          onSearch={setSearch}
          allowClear
          placeholder="Заказ для предпросмотра: номер, клиент, телефон, IMEI"
          value={value.orderId}
          onChange={(orderId?: string) => onChange({ orderId: orderId ?? undefined })}
          options={options}
          loading={orders.isFetching}
          notFoundContent={orders.isPending ? 'Загружаю…' : 'Заказы не найдены'}
          style={{ width: '100%' }}
        />
        {orders.isError ? (
          <Alert type="error" showIcon style={{ marginTop: 8 }} title="Не удалось загрузить заказы" description={getApiError(orders.error).message} />
        ) : null}
      </>
    );
  }

  const options = (products.data ?? []).map((p) => ({ value: p.id, label: `${p.name}${p.sku ? ` · ${p.sku}` : ''} · ${formatMoney(p.price)}` }));
  for (const id of value.productIds ?? []) if (!options.some((o) => o.value === id)) options.unshift({ value: id, label: 'Товар из ссылки' });
  return (
    <>
      <Select
        aria-label="Товары для ценников"
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={setSearch}
        allowClear
        placeholder="Товары для ценников: название, артикул, штрихкод"
        value={value.productIds ?? []}
        onChange={(productIds: string[]) => onChange({ productIds: productIds.length ? productIds : undefined })}
        options={options}
        loading={products.isFetching}
        maxCount={200}
        notFoundContent={products.isPending ? 'Загружаю…' : 'Товары не найдены'}
        style={{ width: '100%' }}
      />
      {products.isError ? (
        <Alert type="error" showIcon style={{ marginTop: 8 }} title="Не удалось загрузить товары" description={getApiError(products.error).message} />
      ) : null}
    </>
  );
}
