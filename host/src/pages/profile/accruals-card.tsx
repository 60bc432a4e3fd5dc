import { salaryRuleKindLabels, type Accrual, type AccrualLine, type Profile } from '@repo/contracts';
import { api, dayjs, formatDate, formatMoney, useAuth } from '@repo/shared-core';
import { MoneyCell, QueryError } from '@repo/ui';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Descriptions, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';

const documentLabels: Record<AccrualLine['documentType'], string> = { repair_order: 'Заказ', sale: 'Продажа', sale_return: 'Возврат' };

/** The month's first and last Moscow days, as the accruals query takes them. */
export function monthRange(month: Dayjs): { from: string; to: string } {
  return { from: month.startOf('month').format('YYYY-MM-DD'), to: month.endOf('month').format('YYYY-MM-DD') };
}

/**
 * Profile → «Мои начисления» (issue #22): the signed-in employee's accruals for a month: base,
 * commission, bonuses, penalties, total, paid and due, and the documents the commission came from.
 * One's own accruals need no rule (`employeeId` = own id).
 */
export function AccrualsCard() {
  const profile = useAuth((s) => s.profile) as Profile | null;
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const range = monthRange(month);
  const query = useQuery({
    // `payroll` is the realtime entity: a payout or a bonus refreshes the card.
    queryKey: ['payroll', 'own', profile?.id, range.from, range.to],
    enabled: Boolean(profile?.id),
    queryFn: async () => (await api.get<Accrual[]>('payroll/accruals', { params: { ...range, employeeId: profile!.id }, silent: true })).data,
  });
  const row = query.data?.find((a) => a.employeeId === profile?.id) ?? query.data?.[0];

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => query.refetch()} />;
  else if (!row) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="За этот месяц начислений нет" />;
  else
    body = (
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 4 }}
          data-testid="own-accruals"
          items={[
            { key: 'base', label: 'Оклад', children: formatMoney(row.base) },
            { key: 'commission', label: 'Проценты', children: formatMoney(row.commission) },
            { key: 'bonuses', label: 'Премии', children: formatMoney(row.bonuses) },
            { key: 'penalties', label: 'Штрафы', children: row.penalties ? `−${formatMoney(row.penalties)}` : formatMoney(0) },
            { key: 'total', label: 'Начислено', children: <Typography.Text strong>{formatMoney(row.total)}</Typography.Text> },
            { key: 'paid', label: 'Выплачено', children: formatMoney(row.paid) },
            { key: 'opening', label: 'Долг на начало', children: formatMoney(row.opening) },
            { key: 'due', label: 'К выплате', children: <Typography.Text strong type={row.due < 0 ? 'danger' : undefined}>{formatMoney(row.due)}</Typography.Text> },
          ]}
        />
        <Table<AccrualLine>
          size="small"
          rowKey={(l) => `${l.documentId}:${l.kind}:${l.at}:${l.reversal}`}
          dataSource={row.lines}
          pagination={row.lines.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          locale={{ emptyText: 'Процентов за месяц нет' }}
          scroll={{ x: 720 }}
          columns={[
            { title: 'Дата', dataIndex: 'at', width: 110, render: (v: string) => formatDate(v) },
            { title: 'Документ', key: 'doc', render: (_: unknown, l) => `${documentLabels[l.documentType]} ${l.number}${l.reversal ? ' (возврат)' : ''}` },
            { title: 'Начисление', dataIndex: 'kind', render: (k: AccrualLine['kind']) => salaryRuleKindLabels[k] },
            { title: 'База', dataIndex: 'basis', align: 'right', width: 130, render: (v: number) => <MoneyCell value={v} /> },
            { title: '%', dataIndex: 'percent', align: 'right', width: 70, render: (v: number) => `${v}` },
            { title: 'Сумма', dataIndex: 'amount', align: 'right', width: 130, render: (v: number) => <MoneyCell value={v} /> },
          ]}
        />
      </Flex>
    );

  return (
    <Card
      title="Мои начисления"
      variant="borderless"
      extra={
        <DatePicker
          picker="month"
          allowClear={false}
          value={month}
          format="MMMM YYYY"
          aria-label="Месяц"
          onChange={(v) => v && setMonth(v.startOf('month'))}
          disabledDate={(d) => d.isAfter(dayjs().endOf('month'))}
        />
      }
    >
      {body}
    </Card>
  );
}
