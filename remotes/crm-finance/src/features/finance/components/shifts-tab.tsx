import type { CashShift } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { DataTable, DateCell, StatusCell, defineStatuses, defineTableParams, useTableParams } from '@repo/ui';
import { Typography } from 'antd';
import { useShifts } from '../api';

const spec = defineTableParams({ filters: {}, pageSize: 20, prefix: 'shifts' });

const shiftStatuses = defineStatuses({
  open: { label: 'Открыта', color: 'green' },
  closed: { label: 'Закрыта', color: 'default' },
});

/** The shifts of the shop's cash cashboxes, newest first: who opened and closed them, and what was counted. */
export function ShiftsTab() {
  const table = useTableParams(spec);
  const query = useShifts({ page: table.params.page, pageSize: table.params.pageSize });
  return (
    <DataTable
      rowKey="id"
      table={table}
      query={query}
      size="small"
      scroll={{ x: 1100 }}
      emptyText="Смен пока не было: откройте смену на карточке кассы"
      columns={[
        { key: 'number', title: 'Смена', width: 120, render: (_, s: CashShift) => s.number },
        { key: 'status', title: 'Статус', width: 100, render: (_, s: CashShift) => <StatusCell value={s.status} statuses={shiftStatuses} /> },
        { key: 'cashbox', title: 'Касса', width: 160, ellipsis: true, render: (_, s: CashShift) => s.cashboxName },
        {
          key: 'opened',
          title: 'Открыта',
          width: 220,
          render: (_, s: CashShift) => (
            <>
              <DateCell value={s.openedAt} time />
              {s.openedByName ? <Typography.Text type="secondary"> · {s.openedByName}</Typography.Text> : null}
            </>
          ),
        },
        {
          key: 'closed',
          title: 'Закрыта',
          width: 220,
          render: (_, s: CashShift) =>
            s.closedAt ? (
              <>
                <DateCell value={s.closedAt} time />
                {s.closedByName ? <Typography.Text type="secondary"> · {s.closedByName}</Typography.Text> : null}
              </>
            ) : (
              '—'
            ),
        },
        { key: 'float', title: 'Размен', align: 'right', width: 120, render: (_, s: CashShift) => formatMoney(s.float) },
        { key: 'expected', title: 'Ожидалось', align: 'right', width: 120, render: (_, s: CashShift) => (s.expected === null ? (s.figures ? formatMoney(s.figures.balance) : '—') : formatMoney(s.expected)) },
        { key: 'counted', title: 'Посчитано', align: 'right', width: 120, render: (_, s: CashShift) => (s.counted === null ? '—' : formatMoney(s.counted)) },
        {
          key: 'difference',
          title: 'Расхождение',
          align: 'right',
          width: 130,
          render: (_, s: CashShift) =>
            s.difference === null ? '—' : s.difference === 0 ? <Typography.Text type="success">0</Typography.Text> : (
              <Typography.Text strong type={s.difference < 0 ? 'danger' : 'warning'}>
                {s.difference > 0 ? '+' : ''}
                {formatMoney(s.difference)}
              </Typography.Text>
            ),
        },
      ]}
    />
  );
}
