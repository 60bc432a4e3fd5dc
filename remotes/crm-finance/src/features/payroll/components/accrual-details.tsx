import { adjustmentKindLabels, salaryRuleKindLabels, type Accrual, type AccrualLine } from '@repo/contracts';
import { formatDate, formatDateTime } from '@repo/shared-core';
import { MoneyCell } from '@repo/ui';
import { Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';

/** A document of a commission line opens its own screen (another area: the host's router takes the path). */
export function documentUrl(line: Pick<AccrualLine, 'documentType' | 'documentId'>): string {
  return line.documentType === 'repair_order' ? `/orders/${line.documentId}` : `/sales/${line.documentId}`;
}

const documentLabel = (l: AccrualLine) => `${l.documentType === 'repair_order' ? 'Заказ' : l.documentType === 'sale_return' ? 'Возврат' : 'Продажа'} ${l.number}`;
const percent = (p: number) => `${String(p).replace('.', ',')}%`;

/**
 * What an accrual is made of: each document's commission (a take-back in red), the bonuses and penalties,
 * the payouts of the period. The statement shows it under an expanded row, the employee's card in its tab.
 */
export function AccrualDetails({ accrual }: { accrual: Accrual }) {
  const { lines, adjustments, payouts } = accrual;
  return (
    <div data-testid="accrual-details">
      <Table<AccrualLine>
        size="small"
        rowKey={(l) => `${l.documentType}:${l.documentId}:${l.kind}:${l.at}:${l.reversal}`}
        dataSource={lines}
        pagination={lines.length > 50 ? { pageSize: 50, size: 'small', hideOnSinglePage: true } : false}
        locale={{ emptyText: 'Процентов за период нет: нет выданных заказов и продаж' }}
        title={() => <Typography.Text strong>Проценты по документам</Typography.Text>}
        columns={[
          { key: 'at', title: 'Дата', width: 100, render: (_, l) => <span title={formatDateTime(l.at)}>{formatDate(l.at)}</span> },
          {
            key: 'doc',
            title: 'Документ',
            render: (_, l) => (
              <>
                <Link to={documentUrl(l)}>{documentLabel(l)}</Link>
                {l.reversal ? (
                  <Tag color="red" style={{ marginInlineStart: 6 }}>
                    отмена
                  </Tag>
                ) : null}
              </>
            ),
          },
          { key: 'kind', title: 'Начисление', ellipsis: true, render: (_, l) => salaryRuleKindLabels[l.kind] },
          { key: 'basis', title: 'База', width: 120, align: 'right', render: (_, l) => <MoneyCell value={l.basis} /> },
          { key: 'percent', title: '%', width: 60, align: 'right', render: (_, l) => percent(l.percent) },
          { key: 'amount', title: 'Сумма', width: 120, align: 'right', render: (_, l) => <MoneyCell value={l.amount} /> },
        ]}
      />
      {adjustments.length ? (
        <Table
          size="small"
          rowKey="id"
          dataSource={adjustments}
          pagination={false}
          style={{ marginTop: 8 }}
          title={() => <Typography.Text strong>Премии и штрафы</Typography.Text>}
          columns={[
            { key: 'date', title: 'Дата', width: 100, render: (_, a) => formatDate(a.date) },
            { key: 'kind', title: 'Вид', width: 90, render: (_, a) => <Tag color={a.kind === 'bonus' ? 'green' : 'red'}>{adjustmentKindLabels[a.kind]}</Tag> },
            { key: 'comment', title: 'Комментарий', ellipsis: true, render: (_, a) => a.comment },
            { key: 'author', title: 'Кто', width: 150, ellipsis: true, render: (_, a) => a.authorName ?? '—' },
            { key: 'amount', title: 'Сумма', width: 120, align: 'right', render: (_, a) => <MoneyCell value={a.kind === 'penalty' ? -a.amount : a.amount} /> },
          ]}
        />
      ) : null}
      {payouts.length ? (
        <Table
          size="small"
          rowKey="id"
          dataSource={payouts}
          pagination={false}
          style={{ marginTop: 8 }}
          title={() => <Typography.Text strong>Выплаты</Typography.Text>}
          columns={[
            { key: 'date', title: 'Дата', width: 100, render: (_, p) => formatDate(p.date) },
            {
              key: 'op',
              title: 'Операция',
              render: (_, p) => (
                <>
                  <Link to={`/finance?op=${p.operationId}`}>{p.operationNumber}</Link>
                  {p.cancelled ? <Tag style={{ marginInlineStart: 6 }}>отменена</Tag> : null}
                </>
              ),
            },
            { key: 'cashbox', title: 'Касса', ellipsis: true, render: (_, p) => p.cashboxName },
            { key: 'author', title: 'Кто', width: 150, ellipsis: true, render: (_, p) => p.authorName ?? '—' },
            { key: 'amount', title: 'Сумма', width: 120, align: 'right', render: (_, p) => <MoneyCell value={p.amount} /> },
          ]}
        />
      ) : null}
    </div>
  );
}
