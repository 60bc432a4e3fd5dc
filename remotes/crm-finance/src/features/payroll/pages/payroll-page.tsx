import { DownloadOutlined, GiftOutlined, WalletOutlined } from '@ant-design/icons';
import type { Accrual } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Can, MoneyCell, QueryError, fitColumns, useElementWidth, useRule, type ColumnDrop } from '@repo/ui';
import { Button, Flex, Skeleton, Table, Tooltip, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PeopleTabs, employeeUrl } from '../../employees/components/people-tabs';
import { exportStatement, useAccruals } from '../api';
import { AccrualDetails } from '../components/accrual-details';
import { AdjustmentDialog } from '../components/adjustment-dialog';
import { PayoutDialog, type PayoutTarget } from '../components/payout-dialog';
import { PeriodPicker } from '../components/period-picker';
import { periodLabel, periodOf, statementTotals, type Period, type StatementTotals } from '../period';

/**
 * Secondary figures give way first: the debt at the start below 1130 px of list, bonuses and penalties
 * below 1030 (the expanded row still shows every figure), so at 1024 px wide the statement fits and names keep 200 px.
 */
const columnDrops: ColumnDrop[] = [
  { below: 1130, keys: ['opening'] },
  { below: 1030, keys: ['bonuses', 'penalties'] },
];
const minTableWidth = 700;

type Figure = keyof StatementTotals;
const figures: Array<{ key: Figure; title: string; hint?: string; strong?: boolean; negative?: boolean }> = [
  { key: 'base', title: 'Оклад', hint: 'По календарным дням периода' },
  { key: 'commission', title: 'Проценты', hint: 'С выданных заказов и продаж; возвраты и отмены забирают их обратно' },
  { key: 'bonuses', title: 'Премии' },
  { key: 'penalties', title: 'Штрафы', negative: true },
  { key: 'total', title: 'Начислено', strong: true, hint: 'Оклад + проценты + премии − штрафы' },
  { key: 'opening', title: 'Долг на начало', hint: 'Начислено раньше и не выплачено к началу периода' },
  { key: 'paid', title: 'Выплачено' },
  { key: 'due', title: 'К выплате', strong: true, hint: 'Долг на начало + начислено − выплачено' },
];

const money = (v: number, strong?: boolean) => (strong ? <strong><MoneyCell value={v} /></strong> : <MoneyCell value={v} />);

/** `/profileworker/payroll`: the pay statement of a month or any period; a row expands to its documents; payouts, bonuses and penalties. */
export function PayrollPage() {
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search);
  // The statement of everyone comes without the document lines (a busy month of a chain is tens of
  // thousands of them); an expanded row reads its employee's lines.
  const query = useAccruals({ ...period, lines: 'false' });
  const rows = query.data ?? [];
  const totals = statementTotals(rows);
  const [box, width] = useElementWidth();
  const [payout, setPayout] = useState<PayoutTarget | null>(null);
  const [adjusting, setAdjusting] = useState<{ id: string; name: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const canPay = useRule(['create:payroll', 'create:finance'], 'all');
  const canAdjust = useRule('create:payroll');

  const setPeriod = (p: Period) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('from', p.from);
      next.set('to', p.to);
      return next;
    });

  async function exportExcel() {
    setExporting(true);
    try {
      await exportStatement(rows, period, totals);
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setExporting(false);
    }
  }

  /** Below 1300 px of list «Выплатить» is an icon (named for keyboards and screen readers), so names keep their room. */
  const compact = !!width && width < 1300;

  const columns: TableColumnType<Accrual>[] = [
    {
      key: 'name',
      title: 'Сотрудник',
      width: 200,
      ellipsis: true,
      render: (_, a) => (
        <>
          <Link to={`${employeeUrl(a.employeeId)}?tab=accruals&from=${period.from}&to=${period.to}`}>{a.name}</Link>
          {a.position || !a.active ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[a.position, a.active ? null : 'заблокирован'].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    ...figures.map(
      (f): TableColumnType<Accrual> => ({
        key: f.key,
        title: f.hint ? <Tooltip title={f.hint}>{f.title}</Tooltip> : f.title,
        align: 'right',
        width: 100,
        render: (_, a) => money(f.negative ? -a[f.key] : a[f.key], f.strong),
      }),
    ),
    ...(canPay || canAdjust
      ? [
          {
            key: 'actions',
            title: '',
            width: (canPay ? (compact ? 36 : 115) : 0) + (canAdjust ? 36 : 0) + 8,
            render: (_: unknown, a: Accrual) => (
              <Flex gap={4} justify="end">
                {canPay ? (
                  <Tooltip title={compact ? 'Выплатить' : undefined}>
                    <Button size="small" icon={<WalletOutlined />} aria-label="Выплатить" onClick={() => setPayout({ employeeId: a.employeeId, name: a.name, due: a.due })}>
                      {compact ? null : 'Выплатить'}
                    </Button>
                  </Tooltip>
                ) : null}
                {canAdjust ? (
                  <Tooltip title="Премия/штраф">
                    <Button size="small" icon={<GiftOutlined />} aria-label={`Премия/штраф: ${a.name}`} onClick={() => setAdjusting({ id: a.employeeId, name: a.name })} />
                  </Tooltip>
                ) : null}
              </Flex>
            ),
          } satisfies TableColumnType<Accrual>,
        ]
      : []),
  ];
  const shown = fitColumns(columns, width, columnDrops);
  const shownFigures = figures.filter((f) => shown.some((c) => c.key === f.key));

  return (
    <>
      <PeopleTabs />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          <Typography.Text type="secondary">Зарплата за {periodLabel(period)}</Typography.Text>
          <Can rule="export:payroll">
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting} disabled={!rows.length}>
              Excel
            </Button>
          </Can>
        </Flex>
      </Flex>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <div ref={box} data-testid="payroll-table">
        <Table<Accrual>
          rowKey="employeeId"
          size="small"
          tableLayout="fixed"
          loading={query.isFetching && !query.isError}
          dataSource={rows}
          columns={shown}
          pagination={false}
          {...(width && width < minTableWidth ? { scroll: { x: minTableWidth } } : {})}
          locale={{ emptyText: query.isError ? 'Не удалось загрузить ведомость' : 'За период нет начислений: у сотрудников нет оклада и процентов' }}
          expandable={{
            expandedRowRender: (a) => <EmployeeLines period={period} employeeId={a.employeeId} />,
            rowExpandable: () => true,
          }}
          summary={() =>
            rows.length ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="payroll-totals">
                  <Table.Summary.Cell index={0} />
                  <Table.Summary.Cell index={1}>
                    <strong>Итого</strong>
                  </Table.Summary.Cell>
                  {shownFigures.map((f, i) => (
                    <Table.Summary.Cell key={f.key} index={i + 2} align="right">
                      {money(f.negative ? -totals[f.key] : totals[f.key], true)}
                    </Table.Summary.Cell>
                  ))}
                  {canPay || canAdjust ? <Table.Summary.Cell index={shownFigures.length + 2} /> : null}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </div>
      {payout ? <PayoutDialog target={payout} onClose={() => setPayout(null)} /> : null}
      {adjusting ? <AdjustmentDialog employee={adjusting} defaultDate={period.to} onClose={() => setAdjusting(null)} /> : null}
    </>
  );
}

/** One employee's lines of the period, read when their row is expanded. */
function EmployeeLines({ period, employeeId }: { period: Period; employeeId: string }) {
  const query = useAccruals({ ...period, employeeId });
  const accrual = query.data?.find((a) => a.employeeId === employeeId);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!accrual) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <AccrualDetails accrual={accrual} />;
}
