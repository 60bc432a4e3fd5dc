import { cashflowReportBys, type CashflowReport, type CashflowReportRow } from '@repo/contracts';
import { MoneyCell, QueryError } from '@repo/ui';
import { Segmented, Typography } from 'antd';
import { lazy } from 'react';
import { useCashflowReport } from '../api';
import { KpiCards, type Kpi } from '../components/kpi-cards';
import { ChartCard, ReportTable, type ReportColumn } from '../components/report-table';
import { ReportTabs } from '../components/report-tabs';
import { AllLocationsSwitch, ExcelButton, PeriodFilter, ReportToolbar } from '../components/report-toolbar';
import { rangeLabel } from '../period';
import { choice, useReportParams } from '../report-params';

const CashflowChart = lazy(() => import('../charts/cashflow-chart'));

const byOptions = [
  { value: 'category', label: 'По статьям' },
  { value: 'cashbox', label: 'По кассам' },
];

type Totals = CashflowReport['totals'];

function columns(by: 'category' | 'cashbox', t: Totals | undefined): ReportColumn<CashflowReportRow>[] {
  return [
    { key: 'label', title: by === 'category' ? 'Статья' : 'Касса', ellipsis: true, render: (_, r) => r.label, sortValue: (r) => r.label },
    {
      key: 'income',
      title: 'Приход',
      align: 'right',
      width: 140,
      render: (_, r) => (r.income ? <Typography.Text type="success"><MoneyCell value={r.income} colorNegative={false} /></Typography.Text> : ''),
      sortValue: (r) => r.income,
      total: t ? <MoneyCell value={t.income} /> : null,
    },
    {
      key: 'expense',
      title: 'Расход',
      align: 'right',
      width: 140,
      render: (_, r) => (r.expense ? <MoneyCell value={r.expense} /> : ''),
      sortValue: (r) => r.expense,
      total: t ? <MoneyCell value={t.expense} /> : null,
    },
    { key: 'net', title: 'Итого', align: 'right', width: 140, render: (_, r) => <MoneyCell value={r.net} />, sortValue: (r) => r.net, total: t ? <MoneyCell value={t.net} /> : null },
  ];
}

function kpis(report: CashflowReport | undefined): Kpi[] {
  const p = report?.previous;
  return [
    { key: 'opening', title: 'На начало', value: report?.opening ?? null, previous: p?.opening ?? null, hint: 'Остаток в кассах на начало первого дня периода' },
    { key: 'income', title: 'Приход', value: report?.totals.income ?? null, previous: p?.totals.income ?? null },
    { key: 'expense', title: 'Расход', value: report?.totals.expense ?? null, previous: p?.totals.expense ?? null, tone: 'lowerIsBetter' },
    { key: 'net', title: 'Итого за период', value: report?.totals.net ?? null, previous: p?.totals.net ?? null, hint: 'Приход − расход' },
    { key: 'closing', title: 'На конец', value: report?.closing ?? null, previous: p?.closing ?? null, hint: 'Остаток в кассах на конец последнего дня периода' },
  ];
}

/** `/reports/cashflow`: income and expense by category or cashbox, the net, the opening and closing balances. */
export function CashflowReportPage() {
  const { search, period, all, canAll, setPeriod, setAll, update } = useReportParams();
  const by = choice(search, 'by', cashflowReportBys, 'category');
  const params = { ...period, by, allLocations: all ? ('true' as const) : undefined };
  const query = useCashflowReport(params);
  const report = query.data;
  const rows = report?.rows ?? [];

  return (
    <>
      <ReportTabs />
      <ReportToolbar actions={<ExcelButton report="cashflow" params={params} fileName={`Движение денег ${rangeLabel(period)}`} disabled={!rows.length} />}>
        <PeriodFilter value={period} onChange={setPeriod} />
        <Segmented aria-label="Разрез" value={by} options={byOptions} onChange={(v) => update({ by: v === 'category' ? null : String(v) })} />
        {canAll ? <AllLocationsSwitch value={all} onChange={setAll} /> : null}
      </ReportToolbar>
      {query.isError ? (
        <QueryError error={query.error} title="Не удалось построить отчёт" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <KpiCards items={kpis(report)} previousLabel={report ? `За ${rangeLabel(report.previous)}` : undefined} loading={query.isPending} />
          <ChartCard title={by === 'category' ? 'Приход и расход по статьям' : 'Приход и расход по кассам'} loading={query.isPending} empty={!rows.length}>
            {report ? <CashflowChart report={report} /> : null}
          </ChartCard>
          <ReportTable rows={rows} columns={columns(by, report?.totals)} rowKey={(r) => r.key} loading={query.isFetching} search={search} update={update} />
        </>
      )}
    </>
  );
}
