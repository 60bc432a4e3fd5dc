import { DownOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { PurchaseOrder, Template } from '@repo/contracts';
import { formatDate, getApiError, notify } from '@repo/shared-core';
import { useRule } from '@repo/ui';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { printPurchaseOrder, usePurchaseOrderTemplates } from '../api';

/** «Печать»: the order on the «Заказ поставщику» template (the first one; others in the menu). */
export function PrintOrderButton({ order }: { order: PurchaseOrder }) {
  const canPrint = useRule(['print:purchase_order', 'print:template', 'view:template']);
  const templates = usePurchaseOrderTemplates(canPrint);
  const [printing, setPrinting] = useState(false);
  if (!canPrint) return null;
  const list = templates.data ?? [];
  const print = async (t: Pick<Template, 'id' | 'name'>) => {
    setPrinting(true);
    try {
      await printPurchaseOrder(t, order);
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setPrinting(false);
    }
  };
  const first = list[0];
  const title = templates.isError ? 'Шаблоны печати недоступны' : !templates.isPending && !first ? 'Нет шаблона «Заказ поставщику»' : undefined;
  if (list.length > 1) {
    return (
      <Space.Compact>
        <Button icon={<PrinterOutlined />} loading={printing} onClick={() => void print(first!)} title={first!.name}>
          Печать
        </Button>
        <Dropdown menu={{ items: list.map((t) => ({ key: t.id, label: t.name, onClick: () => void print(t) })) }}>
          <Button icon={<DownOutlined />} aria-label="Другие шаблоны печати" />
        </Dropdown>
      </Space.Compact>
    );
  }
  return (
    <Button icon={<PrinterOutlined />} loading={printing || templates.isPending} disabled={!first} title={title} onClick={() => first && void print(first)}>
      Печать
    </Button>
  );
}

/** «Excel»: the order for the supplier — number, date, supplier, then the lines with SKU, quantity, price and amount. */
export async function exportOrderExcel(order: PurchaseOrder, seesCost: boolean): Promise<void> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "write-excel-file" */ 'write-excel-file/browser');
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const money = (kopecks: number | null) => ({ value: (kopecks ?? 0) / 100, type: Number, format: '#,##0.00' });
  const head = [
    [bold(`Заказ поставщику ${order.number}`)],
    // The label spills over the empty second column; the value stands in the wide «Товар» column.
    [{ value: 'Дата' }, null, { value: formatDate(order.orderedAt ?? order.createdAt) }],
    [{ value: 'Поставщик' }, null, { value: order.supplierName ?? '' }],
    [{ value: 'Склад' }, null, { value: order.warehouseName }],
    ...(order.expectedAt ? [[{ value: 'Ожидается' }, null, { value: formatDate(order.expectedAt) }]] : []),
    ...(order.comment ? [[{ value: 'Комментарий' }, null, { value: order.comment }]] : []),
    [],
    ['№', 'Артикул', 'Товар', 'Кол-во', 'Ед.', ...(seesCost ? ['Цена, ₽', 'Сумма, ₽'] : [])].map(bold),
  ];
  const lines = order.lines.map((l, i) => [
    { value: i + 1, type: Number },
    { value: l.sku ?? '' },
    { value: l.productName },
    { value: l.qty, type: Number },
    { value: l.unit },
    ...(seesCost ? [money(l.price), money(l.amount)] : []),
  ]);
  const total = [bold('Итого'), null, null, { value: order.totalQty, type: Number, fontWeight: 'bold' as const }, null, ...(seesCost ? [null, { ...money(order.total), fontWeight: 'bold' as const }] : [])];
  await writeXlsxFile([...head, ...lines, total] as never, { columns: [6, 16, 48, 10, 8, 14, 16].map((width) => ({ width })) }).toFile(`${order.number}${order.supplierName ? ` ${order.supplierName}` : ''}.xlsx`);
}

export function ExcelButton({ order }: { order: PurchaseOrder }) {
  const seesCost = useRule('see_cost');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await exportOrderExcel(order, seesCost);
        } catch (e) {
          notify.error(getApiError(e).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      Excel
    </Button>
  );
}
