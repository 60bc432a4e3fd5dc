import { repairsReportBys, type OverdueOrder, type RepairsReport, type RepairsReportRow } from '@repo/contracts';
import { DateCell, MoneyCell, QueryError, useRule } from '@repo/ui';
import { Card, Segmented, Table, Tag, Typography } from 'antd';
import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { useRepairsReport } from '../api';
import { formatCount, formatHours } from '../compare';
import { KpiCards, type Kpi } from '../components/kpi-cards';
import { ChartCard, ReportTable, type ReportColumn } from '../components/report-table';
import { ReportTabs } from '../components/report-tabs';
import { AllLocationsSwitch, ExcelButton, PeriodFilter, ReportToolbar } from '../components/report-toolbar';
import { rangeLabel } from '../period';
import { choice, useReportParams } from '../report-params';
import { orderUrl } from '../urls';

const RepairsChart = lazy(() => import('../charts/repairs-chart'));

const byOptions = [
  { value: 'status', label: 'По статусам' },
  { value: 'engineer', label: 'По инженерам' },
];
const drops = [{ below: 900, keys: ['avgHoursToReady'] }];

type Totals = RepairsReport['totals'];

function columns(by: 'status' | 'engineer', seesCost: boolean, t: Totals | undefined): ReportColumn<RepairsReportRow>[] {
  const count = (key: 'count' | 'issued', title: string, hint: string): ReportColumn<RepairsReportRow> => ({
    key,
    title: <span title={hint}>{title}</span>,
    align: 'right',
    width: 95,
    render: (_, r) => formatCount(r[key]),
    sortValue: (r) => r[key],
    total: t ? formatCount(t[key]) : null,
  });
  const hours = (key: 'avgHoursToReady' | 'avgHoursToIssue', title: string): ReportColumn<RepairsReportRow> => ({
    key,
    title,
    align: 'right',
    width: 125,
    render: (_, r) => formatHours(r[key]),
    sortValue: (r) => r[key],
    total: t ? formatHours(t[key]) : null,
  });
  return [
    {
      key: 'label',
      title: by === 'status' ? 'Статус' : 'Инженер',
      ellipsis: true,
      render: (_, r) =>
        r.colour ? (
          <Tag color={r.colour} style={{ marginInlineEnd: 0 }}>
            {r.label}
          </Tag>
        ) : (
          r.label
        ),
      sortValue: (r) => r.label,
    },
    count('count', 'Принято', 'Заказы, принятые за период'),
    count('issued', 'Выдано', 'Заказы, выданные за период'),
    hours('avgHoursToReady', 'До готовности'),
    hours('avgHoursToIssue', 'До выдачи'),
    { key: 'worksRevenue', title: 'Работы', align: 'right', width: 125, render: (_, r) => <MoneyCell value={r.worksRevenue} />, sortValue: (r) => r.worksRevenue, total: t ? <MoneyCell value={t.worksRevenue} /> : null },
    ...(seesCost
      ? [
          {
            key: 'partsMargin',
            title: 'Маржа запчастей',
            align: 'right',
            width: 135,
            render: (_: unknown, r: RepairsReportRow) => <MoneyCell value={r.partsMargin} />,
            sortValue: (r: RepairsReportRow) => r.partsMargin,
            total: t ? <MoneyCell value={t.partsMargin} /> : null,
          } satisfies ReportColumn<RepairsReportRow>,
        ]
      : []),
  ];
}

function kpis(report: RepairsReport | undefined, seesCost: boolean): Kpi[] {
  const t = report?.totals;
  const p = report?.previous.totals;
  return [
    { key: 'count', title: 'Принято заказов', value: t?.count ?? null, previous: p?.count ?? null, kind: 'count' },
    { key: 'issued', title: 'Выдано', value: t?.issued ?? null, previous: p?.issued ?? null, kind: 'count' },
    { key: 'avgHoursToReady', title: 'Ремонт до готовности', value: t?.avgHoursToReady ?? null, previous: p?.avgHoursToReady ?? null, kind: 'hours', tone: 'lowerIsBetter', hint: 'В среднем от приёма до статуса «Готов», по заказам, выданным за период' },
    { key: 'avgHoursToIssue', title: 'От приёма до выдачи', value: t?.avgHoursToIssue ?? null, previous: p?.avgHoursToIssue ?? null, kind: 'hours', tone: 'lowerIsBetter', hint: 'В среднем, по заказам, выданным за период' },
    { key: 'worksRevenue', title: 'Выручка работ', value: t?.worksRevenue ?? null, previous: p?.worksRevenue ?? null, hint: 'Работы заказов, выданных за период' },
    ...(seesCost ? [{ key: 'partsMargin', title: 'Маржа запчастей', value: t?.partsMargin ?? null, previous: p?.partsMargin ?? null, hint: 'Цена запчастей выданных заказов − их себестоимость' }] : []),
    { key: 'overdue', title: 'Просрочено сейчас', value: t?.overdue ?? null, kind: 'count', hint: 'Заказы в работе, у которых прошёл срок' },
  ];
}

/** `/reports/repairs`: orders by status or engineer, the average repair time, works and parts; the overdue orders. */
export function RepairsReportPage() {
  const { search, period, all, canAll, setPeriod, setAll, update } = useReportParams();
  const by = choice(search, 'by', repairsReportBys, 'status');
  const seesCost = useRule('see_cost');
  const params = { ...period, by, allLocations: all ? ('true' as const) : undefined };
  const query = useRepairsReport(params);
  const report = query.data;
  const rows = report?.rows ?? [];

  return (
    <>
      <ReportTabs />
      <ReportToolbar actions={<ExcelButton report="repairs" params={params} fileName={`Ремонты ${rangeLabel(period)}`} disabled={!rows.length} />}>
        <PeriodFilter value={period} onChange={setPeriod} />
        <Segmented aria-label="Разрез" value={by} options={byOptions} onChange={(v) => update({ by: v === 'status' ? null : String(v) })} />
        {canAll ? <AllLocationsSwitch value={all} onChange={setAll} /> : null}
      </ReportToolbar>
      {query.isError ? (
        <QueryError error={query.error} title="Не удалось построить отчёт" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <KpiCards items={kpis(report, seesCost)} previousLabel={report ? `За ${rangeLabel(report.previous)}` : undefined} loading={query.isPending} />
          <ChartCard title={by === 'status' ? 'Заказы по статусам' : 'Заказы по инженерам'} loading={query.isPending} empty={!rows.length}>
            {report ? <RepairsChart report={report} /> : null}
          </ChartCard>
          <ReportTable rows={rows} columns={columns(by, seesCost, report?.totals)} rowKey={(r) => r.key} loading={query.isFetching} search={search} update={update} drops={drops} />
          <OverdueOrders orders={report?.overdue ?? []} total={report?.totals.overdue ?? 0} loading={query.isPending} />
        </>
      )}
    </>
  );
}

/** The working orders past their deadline now (the most overdue first), each a link to its card. */
function OverdueOrders({ orders, total, loading }: { orders: OverdueOrder[]; total: number; loading: boolean }) {
  return (
    <Card
      size="small"
      title={`Просроченные заказы${total ? `: ${formatCount(total)}` : ''}`}
      extra={total > orders.length ? <Typography.Text type="secondary">показаны {orders.length} самых просроченных</Typography.Text> : null}
      style={{ marginTop: 16 }}
      data-testid="overdue-orders"
    >
      <Table<OverdueOrder>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={orders}
        pagination={orders.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: 'Просроченных заказов нет' }}
        scroll={{ x: 760 }}
        columns={[
          { key: 'number', title: 'Заказ', width: 110, render: (_, o) => <Link to={orderUrl(o.id)}>{o.number}</Link> },
          {
            key: 'status',
            title: 'Статус',
            width: 140,
            render: (_, o) => (
              <Tag color={o.statusColour} style={{ marginInlineEnd: 0 }}>
                {o.statusName}
              </Tag>
            ),
          },
          { key: 'device', title: 'Устройство', ellipsis: true, render: (_, o) => o.device },
          { key: 'client', title: 'Клиент', ellipsis: true, render: (_, o) => o.clientName },
          { key: 'engineer', title: 'Инженер', ellipsis: true, render: (_, o) => o.engineerName ?? '—' },
          { key: 'overdueAt', title: 'Срок', width: 135, render: (_, o) => <DateCell value={o.overdueAt} time /> },
          {
            key: 'hours',
            title: 'Просрочен на',
            width: 115,
            align: 'right',
            render: (_, o) => <Typography.Text type="danger">{formatHours(o.hoursOverdue)}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
