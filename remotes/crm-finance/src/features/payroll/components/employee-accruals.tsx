import { GiftOutlined, WalletOutlined } from '@ant-design/icons';
import type { Employee } from '@repo/contracts';
import { Can, QueryError } from '@repo/ui';
import { Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccruals } from '../api';
import { periodOf, type Period } from '../period';
import { AccrualDetails } from './accrual-details';
import { AccrualSummary } from './accrual-summary';
import { AdjustmentDialog } from './adjustment-dialog';
import { PayoutDialog } from './payout-dialog';
import { PeriodPicker } from './period-picker';

/** The employee card's tab «Начисления»: the accrual of a month (this one by default, in the URL) with its documents, bonuses, penalties and payouts. */
export function EmployeeAccruals({ employee }: { employee: Pick<Employee, 'id' | 'name'> }) {
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search);
  const query = useAccruals({ ...period, employeeId: employee.id });
  const accrual = query.data?.find((a) => a.employeeId === employee.id) ?? null;
  const [dialog, setDialog] = useState<'payout' | 'adjust' | null>(null);
  const setPeriod = (p: Period) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('from', p.from);
      next.set('to', p.to);
      return next;
    }, { replace: true });

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <Can rule="create:payroll">
          <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
            <Button icon={<GiftOutlined />} onClick={() => setDialog('adjust')}>
              Премия/штраф
            </Button>
            <Can rule="create:finance">
              <Button type="primary" icon={<WalletOutlined />} onClick={() => setDialog('payout')} disabled={!accrual}>
                Выплатить
              </Button>
            </Can>
          </Flex>
        </Can>
      </Flex>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Skeleton active /> : null}
      {query.data && !accrual ? <Empty description="За период начислений нет" /> : null}
      {accrual ? (
        <>
          <AccrualSummary accrual={accrual} />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
            Начислено = оклад + проценты + премии − штрафы; к выплате = долг на начало + начислено − выплачено.
          </Typography.Paragraph>
          <AccrualDetails accrual={accrual} />
        </>
      ) : null}
      {dialog === 'adjust' ? <AdjustmentDialog employee={employee} defaultDate={period.to} onClose={() => setDialog(null)} /> : null}
      {dialog === 'payout' && accrual ? <PayoutDialog target={{ employeeId: employee.id, name: employee.name, due: accrual.due }} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
