import { slowDaysOptions, stockReportSorts, type Category, type StockReport, type StockReportRow, type Warehouse } from '@repo/contracts';
import { dayjs, useLocationStore } from '@repo/shared-core';
import { DataTable, DateCell, MoneyCell, QueryError, defineTableParams, useRule, useTableParams } from '@repo/ui';
import { DatePicker, Flex, Input, Segmented, Select, TreeSelect, Typography, type TableColumnType } from 'antd';
import { lazy, useMemo } from 'react';
import { useCatalogCategories } from '../../employees/api';
import { useStockReport, useWarehouses } from '../api';
import { formatCount } from '../compare';
import { KpiCards, type Kpi } from '../components/kpi-cards';
import { ChartCard } from '../components/report-table';
import { ReportTabs } from '../components/report-tabs';
import { AllLocationsSwitch, ExcelButton, ReportToolbar } from '../components/report-toolbar';
import { dayFormat } from '../period';
import { choice, useReportParams } from '../report-params';

const StockChart = lazy(() => import('../charts/stock-chart'));

/** The table's page, size, sort and the filters, in the URL (`at` absent: today). */
const spec = defineTableParams({
  filters: { at: 'string', warehouseId: 'string', categoryId: 'string', slowDays: 'number', search: 'string' },
  sort: stockReportSorts,
  defaultSort: { field: 'value', order: 'desc' },
  pageSize: 20,
  pageSizes: [20, 50, 100, 200],
});
const fit = { drops: [{ below: 900, keys: ['category'] }, { below: 760, keys: ['lastSaleAt'] }], minWidth: 600 };

/** Each sort has one direction on the server: value, quantity and days without sale from the largest, names A→Я. */
const descending = ['descend'] as const;

type Slices = 'category' | 'warehouse';

function kpis(report: StockReport | undefined, seesCost: boolean): Kpi[] {
  return [
    ...(seesCost ? [{ key: 'value', title: 'Стоимость остатков', value: report?.value ?? null, previous: report?.previous.value ?? null, hint: 'По себестоимости, на конец дня' }] : []),
    { key: 'qty', title: 'Количество, шт.', value: report?.qty ?? null, previous: report?.previous.qty ?? null, kind: 'count' as const },
    { key: 'total', title: 'Товаров', value: report?.total ?? null, kind: 'count' as const, hint: 'Позиций в наличии, подходящих под фильтры' },
  ];
}

/** Two levels of catalogue categories (a sub-category under its parent), for the picker. */
function categoryTree(categories: Category[]) {
  const top = categories.filter((c) => !c.parentId);
  return top.map((c) => ({
    value: c.id,
    title: c.name,
    children: categories.filter((s) => s.parentId === c.id).map((s) => ({ value: s.id, title: s.name })),
  }));
}

/**
 * `/reports/stock`: the stock at cost at the end of a day (today by default) by warehouse and category, from
 * the stock ledger; «Неликвиды» keeps the goods with no sale for 30, 60 or 90 days. The table is paged and
 * sorted by the server; the chart and the totals cover every matching product. Excel is the server's file of
 * every matching product in the table's sort (all pages, not only the one on screen).
 */
export function StockReportPage() {
  const { search, all, canAll, setAll, update } = useReportParams({ period: false });
  const table = useTableParams(spec);
  const f = table.params.filters;
  const seesCost = useRule('see_cost');
  const current = useLocationStore((s) => s.current?._id);
  const today = dayjs().format(dayFormat);
  const slices = choice<Slices>(search, 'chart', ['category', 'warehouse'], 'category');
  const params = {
    at: f.at,
    warehouseId: f.warehouseId,
    categoryId: f.categoryId,
    slowDays: f.slowDays,
    search: f.search,
    sort: table.params.sort?.field,
    page: table.params.page,
    pageSize: table.params.pageSize,
    allLocations: all ? ('true' as const) : undefined,
  };
  const query = useStockReport(params);
  const report = query.data;
  const pageQuery = { ...query, data: report ? { items: report.rows, total: report.total } : undefined };

  const warehouses = useWarehouses(useRule('view:stock_document'));
  const categories = useCatalogCategories(useRule('view:category'));
  const warehouseOptions = useMemo(() => {
    const mine = (warehouses.data ?? []).filter((w: Warehouse) => all || w.locationId === current);
    if (mine.length) return mine.map((w) => ({ value: w.id, label: all ? `${w.name} · ${w.locationName}` : w.name }));
    // Without the right to the warehouse list: those the report itself names.
    return (report?.byWarehouse ?? []).map((s) => ({ value: s.key, label: s.label }));
  }, [warehouses.data, all, current, report?.byWarehouse]);
  const categoryOptions = useMemo(
    () => (categories.data?.length ? categoryTree(categories.data) : (report?.byCategory ?? []).filter((s) => s.key !== '-').map((s) => ({ value: s.key, title: s.label, children: [] }))),
    [categories.data, report?.byCategory],
  );

  const columns: TableColumnType<StockReportRow>[] = [
    {
      key: 'name',
      title: 'Товар',
      sortDirections: ['ascend'],
      render: (_, r) => (
        <>
          <div>{r.name}</div>
          {r.sku ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.sku}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { key: 'category', title: 'Категория', width: 180, ellipsis: true, render: (_, r) => r.categoryName ?? '—' },
    { key: 'qty', title: 'Кол-во', align: 'right', width: 90, sortDirections: [...descending], render: (_, r) => formatCount(r.qty) },
    ...(seesCost ? [{ key: 'value', title: 'Стоимость', align: 'right' as const, width: 135, sortDirections: [...descending], render: (_: unknown, r: StockReportRow) => <MoneyCell value={r.value} /> }] : []),
    { key: 'lastSaleAt', title: 'Последняя продажа', width: 150, render: (_, r) => (r.lastSaleAt ? <DateCell value={r.lastSaleAt} /> : <Typography.Text type="secondary">не продавался</Typography.Text>) },
    {
      key: 'daysWithoutSale',
      title: 'Дней без продаж',
      align: 'right',
      width: 130,
      sortDirections: [...descending],
      render: (_, r) => (r.daysWithoutSale === null ? '—' : <Typography.Text type={r.daysWithoutSale >= 90 ? 'danger' : r.daysWithoutSale >= 30 ? 'warning' : undefined}>{formatCount(r.daysWithoutSale)}</Typography.Text>),
    },
  ];

  return (
    <>
      <ReportTabs />
      <ReportToolbar actions={<ExcelButton report="stock" params={params} fileName={`Остатки на ${dayjs(report?.at ?? f.at ?? today).format('DD.MM.YYYY')}`} disabled={!report?.total} />}>
        <DatePicker
          aria-label="Остатки на дату"
          format="DD.MM.YYYY"
          allowClear={false}
          value={dayjs(f.at ?? today)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(d) => d && table.setParams({ filters: { at: d.format(dayFormat) === today ? undefined : d.format(dayFormat) } })}
          style={{ width: 140 }}
        />
        <Select
          allowClear
          aria-label="Склад"
          placeholder="Все склады"
          value={f.warehouseId}
          options={warehouseOptions}
          onChange={(v: string | undefined) => table.setParams({ filters: { warehouseId: v } })}
          style={{ width: 200 }}
          popupMatchSelectWidth={false}
        />
        <TreeSelect
          allowClear
          showSearch
          aria-label="Категория"
          placeholder="Все категории"
          value={f.categoryId}
          treeData={categoryOptions}
          treeNodeFilterProp="title"
          onChange={(v: string | undefined) => table.setParams({ filters: { categoryId: v } })}
          style={{ width: 200 }}
          popupMatchSelectWidth={false}
        />
        <Flex gap={6} align="center">
          <Typography.Text type="secondary">Неликвиды:</Typography.Text>
          <Segmented
            aria-label="Неликвиды: без продаж дней"
            value={f.slowDays ? String(f.slowDays) : ''}
            options={[{ value: '', label: 'Нет' }, ...slowDaysOptions.map((d) => ({ value: String(d), label: `${d}+ дн.` }))]}
            onChange={(v) => table.setParams({ filters: { slowDays: v ? Number(v) : undefined } })}
          />
        </Flex>
        <Input.Search
          allowClear
          aria-label="Поиск товара"
          placeholder="Товар или артикул"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 220 }}
        />
        {canAll ? <AllLocationsSwitch value={all} onChange={setAll} /> : null}
      </ReportToolbar>
      {query.isError && !report ? (
        <QueryError error={query.error} title="Не удалось построить отчёт" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <KpiCards items={kpis(report, seesCost)} previousLabel={report ? `На ${dayjs(report.previous.at).format('DD.MM.YYYY')}` : undefined} loading={query.isPending} />
          <ChartCard
            title={`${seesCost ? 'Стоимость' : 'Количество'} ${slices === 'category' ? 'по категориям' : 'по складам'}`}
            extra={
              <Segmented
                size="small"
                aria-label="Разрез графика"
                value={slices}
                options={[
                  { value: 'category', label: 'Категории' },
                  { value: 'warehouse', label: 'Склады' },
                ]}
                onChange={(v) => update({ chart: v === 'category' ? null : String(v) }, { keepPage: true, replace: true })}
              />
            }
            loading={query.isPending}
            empty={!report?.total}
          >
            {report ? <StockChart slices={slices === 'category' ? report.byCategory : report.byWarehouse} seesCost={seesCost} /> : null}
          </ChartCard>
          <div data-testid="stock-table">
            <DataTable
              rowKey={(r: StockReportRow) => r.productId}
              table={table}
              query={pageQuery}
              size="small"
              fit={fit}
              emptyText={f.slowDays ? `Товаров без продаж ${f.slowDays} дней и больше нет` : 'На эту дату товаров в наличии нет'}
              errorTitle="Не удалось построить отчёт"
              columns={columns}
            />
          </div>
        </>
      )}
    </>
  );
}
