import { DownloadOutlined } from '@ant-design/icons';
import type { BalanceRow, Category } from '@repo/contracts';
import { api, formatMoney, getApiError, notify } from '@repo/shared-core';
import { Can, DataTable, MoneyCell, defineTableParams, useRule, useTableParams } from '@repo/ui';
import { Button, Checkbox, Flex, Input, Select, Tag, TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StockTabs } from '../../../shared/stock-tabs';
import { useBalances, useWarehouses } from '../api';

/** The balances fit a 1024 screen: the reserve, the minimum and the retail price give way there (the product card shows them). */
const balancesFit = { drops: [{ below: 1100, keys: ['reserved', 'min', 'price'] }], minWidth: 760 };

const spec = defineTableParams({
  filters: { search: 'string', categoryId: 'string', warehouseId: 'string', belowMin: 'boolean', zero: 'boolean', inTransit: 'boolean', all: 'boolean' },
  pageSize: 50,
});

function useCategories() {
  return useQuery({
    queryKey: ['category', 'company', 'tree'],
    queryFn: async () => (await api.get<Category[]>('catalog/categories')).data,
    staleTime: 60_000,
  });
}

/** `/stock/leftovers`: balances per warehouse of this shop (or of every shop the employee works in). */
export function LeftoversPage() {
  const table = useTableParams(spec);
  const f = table.params.filters;
  const seesCost = useRule('see_cost');
  const query = useBalances({
    page: table.params.page,
    pageSize: table.params.pageSize,
    search: f.search,
    categoryId: f.categoryId,
    warehouseId: f.warehouseId,
    belowMin: f.belowMin ? 'true' : undefined,
    zero: f.zero ? 'true' : undefined,
    inTransit: f.inTransit ? 'true' : undefined,
    allLocations: f.all ? 'true' : undefined,
  } as never);
  const warehouses = useWarehouses('mine');
  const categories = useCategories();
  const [exporting, setExporting] = useState(false);
  const tree = (categories.data ?? [])
    .filter((c) => c.parentId === null)
    .map((c) => ({
      value: c.id,
      title: c.name,
      children: (categories.data ?? []).filter((s) => s.parentId === c.id).map((s) => ({ value: s.id, title: s.name })),
    }));

  async function exportExcel() {
    setExporting(true);
    try {
      const rows: BalanceRow[] = [];
      for (let page = 1; page <= 100; page++) {
        const { data } = await api.get<{ items: BalanceRow[]; total: number }>('stock/balances', {
          params: { ...Object.fromEntries(Object.entries({ search: f.search, categoryId: f.categoryId, warehouseId: f.warehouseId, belowMin: f.belowMin, zero: f.zero, inTransit: f.inTransit, allLocations: f.all }).filter(([, v]) => v !== undefined && v !== false)), page, pageSize: 200 },
        });
        rows.push(...data.items);
        if (rows.length >= data.total || data.items.length === 0) break;
      }
      const { default: writeXlsxFile } = await import('write-excel-file/browser');
      const header = ['Товар', 'Артикул', 'Склад', 'Остаток', 'Резерв', 'В пути', 'Мин. остаток', ...(seesCost ? ['Себестоимость, ₽', 'Стоимость, ₽'] : [])].map((value) => ({ value, fontWeight: 'bold' as const }));
      const data = rows.map((r) => [
        { value: r.productName },
        { value: r.sku ?? '' },
        { value: r.warehouseName },
        { value: r.qty, type: Number },
        { value: r.reserved, type: Number },
        { value: r.inTransit, type: Number },
        { value: r.minStock, type: Number },
        ...(seesCost ? [{ value: (r.cost ?? 0) / 100, type: Number, format: '#,##0.00' }, { value: (r.value ?? 0) / 100, type: Number, format: '#,##0.00' }] : []),
      ]);
      await writeXlsxFile([header, ...data] as never, { columns: [{ width: 40 }, { width: 16 }, { width: 22 }, { width: 10 }, { width: 10 }, { width: 10 }, { width: 12 }, { width: 16 }, { width: 16 }] }).toFile(`Остатки ${new Date().toLocaleDateString('ru-RU')}.xlsx`);
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <StockTabs />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="Название, артикул или штрихкод"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 280 }}
          aria-label="Поиск товара"
        />
        <TreeSelect
          allowClear
          placeholder="Категория"
          value={f.categoryId}
          treeData={tree}
          treeDefaultExpandAll
          onChange={(v: string | undefined) => table.setParams({ filters: { categoryId: v } })}
          style={{ width: 220 }}
          aria-label="Категория"
        />
        <Select
          allowClear
          placeholder={f.all ? 'Все склады' : 'Склады магазина'}
          value={f.warehouseId}
          onChange={(v: string | undefined) => table.setParams({ filters: { warehouseId: v } })}
          options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.name} · ${w.locationName}` }))}
          style={{ width: 260 }}
          aria-label="Склад"
        />
        <Checkbox checked={!!f.belowMin} onChange={(e) => table.setParams({ filters: { belowMin: e.target.checked || undefined } })}>Ниже минимума</Checkbox>
        <Checkbox checked={!!f.zero} onChange={(e) => table.setParams({ filters: { zero: e.target.checked || undefined } })}>Нулевые</Checkbox>
        <Checkbox checked={!!f.inTransit} onChange={(e) => table.setParams({ filters: { inTransit: e.target.checked || undefined } })}>В пути</Checkbox>
        <Checkbox checked={!!f.all} onChange={(e) => table.setParams({ filters: { all: e.target.checked || undefined, warehouseId: undefined } })}>Все магазины</Checkbox>
        <Flex gap={12} align="center" style={{ marginInlineStart: 'auto' }}>
          {query.data ? (
            <Typography.Text type="secondary" data-testid="leftovers-summary">
              {query.data.total} поз. · {query.data.totalQty} шт.{seesCost && query.data.totalValue !== null ? ` · ${formatMoney(query.data.totalValue)}` : ''}
            </Typography.Text>
          ) : null}
          <Can rule="export:stock_document">
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting}>
              Excel
            </Button>
          </Can>
        </Flex>
      </Flex>
      <DataTable
        rowKey={(r: BalanceRow) => `${r.warehouseId}:${r.productId}`}
        table={table}
        query={query}
        size="small"
        fit={balancesFit}
        emptyText={f.search || f.categoryId || f.belowMin || f.zero || f.inTransit ? 'Ничего не найдено' : 'На складах пока пусто: оприходуйте товар'}
        columns={[
          {
            key: 'product',
            title: 'Товар',
            width: 300,
            render: (_, r: BalanceRow) => (
              <>
                <Link to={`/stock/product/${r.productId}`}>{r.productName}</Link>
                {r.sku ? <Typography.Text type="secondary"> · {r.sku}</Typography.Text> : null}
              </>
            ),
          },
          { key: 'warehouse', title: 'Склад', render: (_, r: BalanceRow) => (f.all ? `${r.warehouseName}` : r.warehouseName), width: 150 },
          {
            key: 'qty',
            title: 'Остаток',
            align: 'right',
            width: 90,
            render: (_, r: BalanceRow) => (
              <Typography.Text strong type={r.minStock > 0 && r.qty < r.minStock ? 'danger' : undefined}>
                {r.qty}
              </Typography.Text>
            ),
          },
          { key: 'reserved', title: 'Резерв', align: 'right', width: 80, render: (_, r: BalanceRow) => r.reserved || '—' },
          { key: 'inTransit', title: 'В пути', align: 'right', width: 80, render: (_, r: BalanceRow) => (r.inTransit ? <Tag color="blue">+{r.inTransit}</Tag> : '—') },
          { key: 'min', title: 'Мин.', align: 'right', width: 70, render: (_, r: BalanceRow) => r.minStock || '—' },
          { key: 'price', title: 'Цена', align: 'right', width: 110, render: (_, r: BalanceRow) => <MoneyCell value={r.price} /> },
          ...(seesCost
            ? [
                { key: 'cost', title: 'Себестоимость', align: 'right' as const, width: 120, render: (_: unknown, r: BalanceRow) => <MoneyCell value={r.cost} /> },
                { key: 'value', title: 'Стоимость', align: 'right' as const, width: 120, render: (_: unknown, r: BalanceRow) => <MoneyCell value={r.value} /> },
              ]
            : []),
        ]}
      />
    </>
  );
}
