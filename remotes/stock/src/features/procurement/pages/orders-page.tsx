import { PlusOutlined } from '@ant-design/icons';
import { purchaseOrderStatuses, purchaseOrderStatusLabels, type PurchaseOrderStatus, type PurchaseOrderSummary } from '@repo/contracts';
import { Can, DataTable, DateCell, MoneyCell, defineTableParams, useRule, useTableParams, type ColumnDrop } from '@repo/ui';
import { Button, Checkbox, Flex, Input, Select, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useWarehouses } from '../../stock/api';
import { SupplierPicker } from '../../stock/components/pickers';
import { useOrders } from '../api';
import { ExpectedDate, OrderStatus } from '../components/order-status';
import { ProcurementTabs } from '../components/procurement-tabs';
import { orderUrl } from '../statuses';

const spec = defineTableParams({ filters: { status: 'string', supplierId: 'string', warehouseId: 'string', search: 'string', overdue: 'boolean' }, pageSize: 20 });

/**
 * The supplier keeps its room: the warehouse (shown only when the shop has several) gives way below 1240 px
 * of list, the author below 1080, so at 1024 the list fits without scrolling; narrower it scrolls.
 */
const columnDrops: ColumnDrop[] = [
  { below: 1240, keys: ['warehouse'] },
  { below: 1080, keys: ['author'] },
];
const minTableWidth = 880;

/** `/procurement`: the purchase orders of the shop, newest first; filters in the URL; overdue ones stand out. */
export function OrdersPage() {
  const table = useTableParams(spec);
  const { filters: f, page, pageSize } = table.params;
  const navigate = useNavigate();
  const seesCost = useRule('see_cost');
  const warehouses = useWarehouses('mine');
  const query = useOrders({
    page,
    pageSize,
    status: f.status as PurchaseOrderStatus | undefined,
    supplierId: f.supplierId,
    warehouseId: f.warehouseId,
    search: f.search,
    overdue: f.overdue ? 'true' : undefined,
  });
  const severalWarehouses = (warehouses.data?.length ?? 0) > 1;
  const filtered = !!(f.status || f.supplierId || f.warehouseId || f.search || f.overdue);
  const supplierLabel = f.supplierId ? (query.data?.items.find((o) => o.supplierId === f.supplierId)?.supplierName ?? null) : null;

  return (
    <>
      <ProcurementTabs />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="Номер, поставщик, комментарий"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 230 }}
          aria-label="Поиск заказа"
        />
        <Select
          allowClear
          placeholder="Статус"
          value={f.status}
          onChange={(v: string | undefined) => table.setParams({ filters: { status: v } })}
          options={purchaseOrderStatuses.map((s) => ({ value: s, label: purchaseOrderStatusLabels[s] }))}
          style={{ width: 160 }}
          aria-label="Статус"
        />
        <SupplierPicker
          value={f.supplierId ?? null}
          label={supplierLabel}
          allowCreate={false}
          placeholder="Поставщик"
          onChange={(id) => table.setParams({ filters: { supplierId: id ?? undefined } })}
          style={{ width: 200 }}
        />
        {severalWarehouses ? (
          <Select
            allowClear
            placeholder="Склад"
            value={f.warehouseId}
            onChange={(v: string | undefined) => table.setParams({ filters: { warehouseId: v } })}
            options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
            style={{ width: 180 }}
            aria-label="Склад"
          />
        ) : null}
        <Checkbox checked={!!f.overdue} onChange={(e) => table.setParams({ filters: { overdue: e.target.checked || undefined } })}>
          Просроченные
        </Checkbox>
        <Can rule="create:purchase_order">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(orderUrl('new'))} style={{ marginInlineStart: 'auto' }}>
            Новый заказ
          </Button>
        </Can>
      </Flex>
      <DataTable
        rowKey="id"
        table={table}
        query={query}
        size="small"
        fit={{ drops: columnDrops, minWidth: minTableWidth }}
        emptyText={filtered ? 'Заказов с такими условиями нет' : 'Заказов поставщикам пока нет: создайте заказ или откройте рекомендации к заказу'}
        onRow={(o) => ({ onDoubleClick: () => navigate(orderUrl(o.id)) })}
        columns={[
          { key: 'number', title: 'Номер', width: 105, render: (_, o: PurchaseOrderSummary) => <Link to={orderUrl(o.id)}>{o.number}</Link> },
          { key: 'createdAt', title: 'Дата', width: 100, render: (_, o: PurchaseOrderSummary) => <DateCell value={o.orderedAt ?? o.createdAt} /> },
          { key: 'status', title: 'Статус', width: 150, render: (_, o: PurchaseOrderSummary) => <OrderStatus order={o} /> },
          { key: 'supplier', title: 'Поставщик', ellipsis: true, render: (_, o: PurchaseOrderSummary) => o.supplierName ?? <Typography.Text type="secondary">не выбран</Typography.Text> },
          ...(severalWarehouses ? [{ key: 'warehouse', title: 'Склад', ellipsis: true, width: 140, render: (_: unknown, o: PurchaseOrderSummary) => o.warehouseName }] : []),
          { key: 'expectedAt', title: 'Ожидается', width: 165, render: (_, o: PurchaseOrderSummary) => <ExpectedDate order={o} /> },
          {
            key: 'qty',
            title: 'Получено',
            align: 'right',
            width: 95,
            render: (_, o: PurchaseOrderSummary) => (
              <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} title={`Получено ${o.receivedQty} из ${o.totalQty}`}>
                {o.receivedQty} / {o.totalQty}
              </span>
            ),
          },
          ...(seesCost ? [{ key: 'total', title: 'Сумма', align: 'right' as const, width: 125, render: (_: unknown, o: PurchaseOrderSummary) => <MoneyCell value={o.total} /> }] : []),
          { key: 'author', title: 'Автор', ellipsis: true, width: 160, render: (_, o: PurchaseOrderSummary) => o.authorName ?? '—' },
        ]}
      />
    </>
  );
}
