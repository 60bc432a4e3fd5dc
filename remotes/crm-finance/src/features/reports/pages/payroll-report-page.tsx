import type { PayrollReport, PayrollReportRow } from '@repo/contracts';
import { MoneyCell, QueryError } from '@repo/ui';
import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { employeeUrl } from '../../employees/components/people-tabs';
import { usePayrollReport } from '../api';
import { KpiCards, type Kpi } from '../components/kpi-cards';
import { ChartCard, ReportTable, type ReportColumn } from '../components/report-table';
import { ReportTabs } from '../components/report-tabs';
import { AllLocationsSwitch, ExcelButton, PeriodFilter, ReportToolbar } from '../components/report-toolbar';
import { rangeLabel, type Period } from '../period';
import { useReportParams } from '../report-params';

const PayrollChart = lazy(() => import('../charts/payroll-chart'));

type Totals = PayrollReport['totals'];

function columns(period: Period, t: Totals | undefined): ReportColumn<PayrollReportRow>[] {
  const figure = (key: 'accrued' | 'paid' | 'due', title: string, hint: string): ReportColumn<PayrollReportRow> => ({
    key,
    title: <span title={hint}>{title}</span>,
    align: 'right',
    width: 150,
    render: (_, r) => <MoneyCell value={r[key]} />,
    sortValue: (r) => r[key],
    total: t ? <MoneyCell value={t[key]} /> : null,
  });
  return [
    {
      key: 'name',
      title: 'Сотрудник',
      ellipsis: true,
      // The employee's accruals of the same period, on their card.
      render: (_, r) => <Link to={`${employeeUrl(r.employeeId)}?tab=accruals&from=${period.from}&to=${period.to}`}>{r.name}</Link>,
      sortValue: (r) => r.name,
    },
    figure('accrued', 'Начислено', 'Оклад + проценты + премии − штрафы за период'),
    figure('paid', 'Выплачено', 'Выплаты за период'),
    figure('due', 'К выплате', 'Долг перед сотрудником на конец периода'),
  ];
}

function kpis(report: PayrollReport | undefined): Kpi[] {
  const t = report?.totals;
  const p = report?.previous.totals;
  return [
    { key: 'accrued', title: 'Начислено', value: t?.accrued ?? null, previous: p?.accrued ?? null, tone: 'lowerIsBetter', hint: 'Оклад + проценты + премии − штрафы за период' },
    { key: 'paid', title: 'Выплачено', value: t?.paid ?? null, previous: p?.paid ?? null, tone: 'neutral' },
    { key: 'due', title: 'К выплате', value: t?.due ?? null, previous: p?.due ?? null, tone: 'lowerIsBetter', hint: 'Долг перед сотрудниками на конец периода' },
  ];
}

/** `/reports/payroll` (with `view:payroll`): each employee's accruals, payouts and what is due for the period. */
export function PayrollReportPage() {
  const { search, period, all, canAll, setPeriod, setAll, update } = useReportParams();
  const params = { ...period, allLocations: all ? ('true' as const) : undefined };
  const query = usePayrollReport(params);
  const report = query.data;
  const rows = report?.rows ?? [];

  return (
    <>
      <ReportTabs />
      <ReportToolbar actions={<ExcelButton report="payroll" params={params} fileName={`Зарплата ${rangeLabel(period)}`} disabled={!rows.length} />}>
        <PeriodFilter value={period} onChange={setPeriod} />
        {canAll ? <AllLocationsSwitch value={all} onChange={setAll} /> : null}
      </ReportToolbar>
      {query.isError ? (
        <QueryError error={query.error} title="Не удалось построить отчёт" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <KpiCards items={kpis(report)} previousLabel={report ? `За ${rangeLabel(report.previous)}` : undefined} loading={query.isPending} />
          <ChartCard title="Начислено и выплачено по сотрудникам" loading={query.isPending} empty={!rows.length}>
            {report ? <PayrollChart report={report} /> : null}
          </ChartCard>
          <ReportTable rows={rows} columns={columns(period, report?.totals)} rowKey={(r) => r.employeeId} loading={query.isFetching} search={search} update={update} />
        </>
      )}
    </>
  );
}
