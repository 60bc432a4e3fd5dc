import { reportGroupBys, salesReportBys, type SalesReport, type SalesReportBy, type SalesReportRow } from '@repo/contracts';
import { MoneyCell, QueryError, useRule } from '@repo/ui';
import { Segmented, Select } from 'antd';
import { lazy } from 'react';
import { useSalesReport } from '../api';
import { formatCount, formatPercent } from '../compare';
import { KpiCards, type Kpi } from '../components/kpi-cards';
import { ChartCard, ReportTable, type ReportColumn } from '../components/report-table';
import { ReportTabs } from '../components/report-tabs';
import { AllLocationsSwitch, ExcelButton, PeriodFilter, ReportToolbar } from '../components/report-toolbar';
import { periodLabel, rangeLabel } from '../period';
import { choice, useReportParams } from '../report-params';

const SalesChart = lazy(() => import('../charts/sales-chart'));

const groupByOptions = [
  { value: 'day', label: 'День' },
  { value: 'week', label: 'Неделя' },
  { value: 'month', label: 'Месяц' },
] as const;
const byOptions = [
  { value: 'none', label: 'Без разреза' },
  { value: 'location', label: 'Магазин' },
  { value: 'employee', label: 'Сотрудник' },
  { value: 'category', label: 'Категория' },
];
const cutTitles: Record<Exclude<SalesReportBy, 'none'>, string> = { location: 'Магазин', employee: 'Продавец', category: 'Категория' };
const chartTitles = { day: 'по дням', week: 'по неделям', month: 'по месяцам' } as const;

/**
 * Secondary columns give way on a narrow screen, so the cut's names keep ~190 px (the cards above still show
 * every total): with cost figures the table is wide, without them it fits down to a phone's width.
 */
const dropsOf = (seesCost: boolean) =>
  seesCost
    ? [
        { below: 1150, keys: ['returns'] },
        { below: 1000, keys: ['avgCheck'] },
        { below: 820, keys: ['cost'] },
      ]
    : [{ below: 760, keys: ['returns'] }];

type Totals = SalesReport['totals'];
const money = (v: number | null) => <MoneyCell value={v} />;

/** The sales table's columns: cost, gross profit and margin only with `see_cost`. */
export function salesColumns(groupBy: (typeof reportGroupBys)[number], by: SalesReportBy, seesCost: boolean, t: Totals | undefined): ReportColumn<SalesReportRow>[] {
  // Sortable: the figures one ranks rows by (revenue, profit, margin); the others keep their headers narrow.
  const figure = (key: 'revenue' | 'cost' | 'grossProfit' | 'avgCheck' | 'returns', title: string, width: number, sortable = false): ReportColumn<SalesReportRow> => ({
    key,
    title,
    align: 'right',
    width,
    render: (_, r) => money(r[key]),
    ...(sortable ? { sortValue: (r: SalesReportRow) => r[key] } : {}),
    total: t ? money(t[key]) : null,
  });
  return [
    { key: 'period', title: 'Период', width: groupBy === 'week' ? 150 : groupBy === 'month' ? 130 : 110, render: (_, r) => periodLabel(r.period, groupBy), sortValue: (r) => r.period },
    ...(by === 'none' ? [] : [{ key: 'label', title: cutTitles[by], ellipsis: true, render: (_: unknown, r: SalesReportRow) => r.label, sortValue: (r: SalesReportRow) => r.label } satisfies ReportColumn<SalesReportRow>]),
    figure('revenue', 'Выручка', 130, true),
    ...(seesCost
      ? [
          figure('cost', 'Себестоимость', 130),
          figure('grossProfit', 'Валовая прибыль', 140, true),
          { key: 'margin', title: 'Маржа', align: 'right', width: 90, render: (_: unknown, r: SalesReportRow) => formatPercent(r.margin), sortValue: (r: SalesReportRow) => r.margin, total: t ? formatPercent(t.margin) : null } satisfies ReportColumn<SalesReportRow>,
        ]
      : []),
    { key: 'count', title: 'Продаж', align: 'right', width: 80, render: (_, r) => formatCount(r.count), total: t ? formatCount(t.count) : null },
    figure('avgCheck', 'Средний чек', 120),
    figure('returns', 'Возвраты', 115),
  ];
}

/** The KPI cards of the totals against the previous period: cost, gross profit and margin only with `see_cost`. */
export function salesKpis(report: SalesReport | undefined, seesCost: boolean): Kpi[] {
  const t = report?.totals;
  const p = report?.previous.totals;
  return [
    { key: 'revenue', title: 'Выручка', value: t?.revenue ?? null, previous: p?.revenue ?? null, hint: 'Проведённые продажи за вычетом возвратов покупателей' },
    ...(seesCost
      ? [
          { key: 'cost', title: 'Себестоимость', value: t?.cost ?? null, previous: p?.cost ?? null, tone: 'lowerIsBetter' as const, hint: 'Себестоимость проданного по складскому учёту за вычетом возвращённого' },
          { key: 'grossProfit', title: 'Валовая прибыль', value: t?.grossProfit ?? null, previous: p?.grossProfit ?? null, hint: 'Выручка − себестоимость' },
          { key: 'margin', title: 'Маржа', value: t?.margin ?? null, previous: p?.margin ?? null, kind: 'percent' as const, hint: 'Валовая прибыль ÷ выручка' },
        ]
      : []),
    { key: 'count', title: 'Продаж', value: t?.count ?? null, previous: p?.count ?? null, kind: 'count' },
    { key: 'avgCheck', title: 'Средний чек', value: t?.avgCheck ?? null, previous: p?.avgCheck ?? null },
    { key: 'returns', title: 'Возвраты', value: t?.returns ?? null, previous: p?.returns ?? null, tone: 'lowerIsBetter', hint: 'Деньги, возвращённые покупателям (уже вычтены из выручки)' },
  ];
}

/** `/reports`: sales and gross profit by day, week or month, with an optional cut by shop, seller or category. */
export function SalesReportPage() {
  const { search, period, all, canAll, setPeriod, setAll, update } = useReportParams();
  const groupBy = choice(search, 'groupBy', reportGroupBys, 'day');
  const by = choice(search, 'by', salesReportBys, 'none');
  const seesCost = useRule('see_cost');
  const params = { ...period, groupBy, by, allLocations: all ? ('true' as const) : undefined };
  const query = useSalesReport(params);
  const report = query.data;
  const rows = report?.rows ?? [];

  return (
    <>
      <ReportTabs />
      <ReportToolbar actions={<ExcelButton report="sales" params={params} fileName={`Продажи ${rangeLabel(period)}`} disabled={!rows.length} />}>
        <PeriodFilter value={period} onChange={setPeriod} />
        <Segmented aria-label="Группировка по периодам" value={groupBy} options={[...groupByOptions]} onChange={(v) => update({ groupBy: v === 'day' ? null : String(v) })} />
        <Select aria-label="Разрез" value={by} options={byOptions} onChange={(v: string) => update({ by: v === 'none' ? null : v })} style={{ width: 160 }} />
        {canAll ? <AllLocationsSwitch value={all} onChange={setAll} /> : null}
      </ReportToolbar>
      {query.isError ? (
        <QueryError error={query.error} title="Не удалось построить отчёт" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <KpiCards items={salesKpis(report, seesCost)} previousLabel={report ? `За ${rangeLabel(report.previous)}` : undefined} loading={query.isPending} />
          <ChartCard title={`Выручка ${chartTitles[groupBy]}${by === 'none' ? '' : ` · ${cutTitles[by].toLowerCase()}`}`} loading={query.isPending} empty={!rows.length}>
            {report ? <SalesChart report={report} groupBy={groupBy} cut={by !== 'none'} seesCost={seesCost} /> : null}
          </ChartCard>
          <ReportTable
            rows={rows}
            columns={salesColumns(groupBy, by, seesCost, report?.totals)}
            rowKey={(r) => `${r.period}|${r.key}`}
            loading={query.isFetching}
            search={search}
            update={update}
            drops={dropsOf(seesCost)}
            minWidth={seesCost ? 900 : 640}
          />
        </>
      )}
    </>
  );
}
