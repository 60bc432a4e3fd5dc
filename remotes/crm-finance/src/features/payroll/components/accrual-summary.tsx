import type { Accrual } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { Descriptions, Typography } from 'antd';

/** An employee's accrual of the period in one block: what it is made of and what is owed. */
export function AccrualSummary({ accrual }: { accrual: Accrual }) {
  const money = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(v)}</span>;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 4 }}
      data-testid="accrual-summary"
      items={[
        { key: 'base', label: 'Оклад', children: money(accrual.base) },
        { key: 'commission', label: 'Проценты', children: money(accrual.commission) },
        { key: 'bonuses', label: 'Премии', children: money(accrual.bonuses) },
        { key: 'penalties', label: 'Штрафы', children: money(-accrual.penalties) },
        { key: 'total', label: 'Начислено', children: <strong>{money(accrual.total)}</strong> },
        { key: 'opening', label: 'Долг на начало', children: money(accrual.opening) },
        { key: 'paid', label: 'Выплачено', children: money(accrual.paid) },
        {
          key: 'due',
          label: 'К выплате',
          children: (
            <Typography.Text strong type={accrual.due < 0 ? 'danger' : undefined} data-testid="accrual-due">
              {formatMoney(accrual.due)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
