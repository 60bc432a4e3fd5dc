import { PlusOutlined } from '@ant-design/icons';
import { stockDocumentStatuses, stockDocumentStatusLabels, type StockDocumentSummary, type StockDocumentType } from '@repo/contracts';
import { dayjs, useLocationStore } from '@repo/shared-core';
import { Can, DataTable, DateCell, MoneyCell, StatusCell, defineTableParams, useRule, useTableParams } from '@repo/ui';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { StockTabs } from '../../../shared/stock-tabs';
import { useDocuments } from '../api';
import { docKinds, docStatuses, transferRoute } from '../doc-kinds';

const spec = defineTableParams({ filters: { status: 'string', search: 'string', dateFrom: 'string', dateTo: 'string' }, pageSize: 20 });

const statusesOf = (type: StockDocumentType) =>
  stockDocumentStatuses.filter((s) => (type === 'transfer' ? s !== 'posted' : s !== 'in_transit' && s !== 'received'));

/** Every document list of the stock tabs: number, date, status, warehouse, author, total; filters in the URL. */
export function DocumentListPage({ type, extra }: { type: StockDocumentType; extra?: ReactNode }) {
  const kind = docKinds[type];
  const table = useTableParams(spec);
  const { filters, page, pageSize } = table.params;
  const navigate = useNavigate();
  const seesCost = useRule('see_cost');
  const shops = useLocationStore((s) => s.list);
  const query = useDocuments(type, { page, pageSize, status: filters.status as never, search: filters.search, dateFrom: filters.dateFrom, dateTo: filters.dateTo });

  return (
    <>
      <StockTabs />
      {extra}
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="Номер документа"
          defaultValue={filters.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 220 }}
          aria-label="Поиск по номеру"
        />
        <Select
          allowClear
          placeholder="Статус"
          value={filters.status}
          onChange={(v) => table.setParams({ filters: { status: v } })}
          options={statusesOf(type).map((s) => ({ value: s, label: stockDocumentStatusLabels[s] }))}
          style={{ width: 160 }}
          aria-label="Статус"
        />
        <DatePicker.RangePicker
          format="DD.MM.YYYY"
          value={[filters.dateFrom ? dayjs(filters.dateFrom) : null, filters.dateTo ? dayjs(filters.dateTo) : null]}
          onChange={(range) =>
            table.setParams({ filters: { dateFrom: range?.[0]?.format('YYYY-MM-DD'), dateTo: range?.[1]?.format('YYYY-MM-DD') } })
          }
          allowEmpty={[true, true]}
          aria-label="Период"
        />
        <Can rule="create:stock_document">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${kind.base}/new`)} style={{ marginInlineStart: 'auto' }}>
            {kind.create}
          </Button>
        </Can>
      </Flex>
      <DataTable
        rowKey="id"
        table={table}
        query={query}
        size="small"
        scroll={{ x: 1000 }}
        emptyText={kind.empty}
        onRow={(d) => ({ onDoubleClick: () => navigate(`${kind.base}/${d.id}`) })}
        columns={[
          { key: 'number', title: 'Номер', render: (_, d) => <Link to={`${kind.base}/${d.id}`}>{d.number}</Link>, width: 130 },
          { key: 'createdAt', title: 'Дата', render: (_, d) => <DateCell value={d.postedAt ?? d.createdAt} time />, width: 150 },
          { key: 'status', title: 'Статус', render: (_, d) => <StatusCell value={d.status} statuses={docStatuses} />, width: 120 },
          {
            key: 'warehouse',
            title: type === 'transfer' ? 'Откуда → куда' : 'Склад',
            ellipsis: true,
            render: (_, d) => (type === 'transfer' ? transferRoute(d, shops) : d.warehouseName),
          },
          ...(type === 'receipt' || type === 'supplier_return' ? [{ key: 'supplier', title: 'Поставщик', ellipsis: true, render: (_: unknown, d: StockDocumentSummary) => d.supplierName ?? '—' }] : []),
          ...(type === 'write_off' ? [{ key: 'reason', title: 'Причина', ellipsis: true, render: (_: unknown, d: StockDocumentSummary) => d.reason ?? '—' }] : []),
          { key: 'qty', title: 'Кол-во', align: 'right' as const, render: (_, d) => d.totalQty, width: 100 },
          ...(seesCost ? [{ key: 'total', title: 'Сумма', align: 'right' as const, render: (_: unknown, d: StockDocumentSummary) => <MoneyCell value={d.total} />, width: 140 }] : []),
          { key: 'author', title: 'Автор', ellipsis: true, width: 170, render: (_, d) => d.authorName ?? '—' },
        ]}
      />
    </>
  );
}
