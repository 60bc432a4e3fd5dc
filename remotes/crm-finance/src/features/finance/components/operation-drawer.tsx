import { CopyOutlined, RollbackOutlined } from '@ant-design/icons';
import { cashOperationKindLabels, cashOperationStatusLabels, type CashOperationDraft } from '@repo/contracts';
import { formatDateTime, formatMoney, getApiError, notify } from '@repo/shared-core';
import { Can, QueryError, StatusCell, defineStatuses } from '@repo/ui';
import { Button, Descriptions, Drawer, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { newIdempotencyKey, useFinanceMutations, useOperation } from '../api';

export const operationStatuses = defineStatuses({
  posted: { label: cashOperationStatusLabels.posted, color: 'green' },
  cancelled: { label: cashOperationStatusLabels.cancelled, color: 'red' },
});

/** One operation, opened from the ledger (`?op=<id>` in the URL): its fields, cancel and copy. */
export function OperationDrawer({ id, onClose, onCopy }: { id: string | null; onClose: () => void; onCopy: (draft: CashOperationDraft) => void }) {
  const op = useOperation(id);
  const { cancel, copy } = useFinanceMutations();
  // One key per opened drawer: a second click on «Отменить» (or a retry) cancels once.
  const [cancelKey, setCancelKey] = useState(newIdempotencyKey);
  const d = op.data;

  async function doCancel() {
    if (!d) return;
    try {
      await cancel.mutateAsync({ id: d.id, key: cancelKey });
      notify.success(`${d.number} отменён`);
      setCancelKey(newIdempotencyKey());
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  async function doCopy() {
    if (!d) return;
    try {
      onCopy(await copy.mutateAsync(d.id));
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={520}
      title={d ? `${cashOperationKindLabels[d.kind]} ${d.number}` : 'Операция'}
      destroyOnHidden
      extra={
        d ? (
          <Flex gap={8}>
            <Can rule="create:finance">
              <Button icon={<CopyOutlined />} onClick={() => void doCopy()} loading={copy.isPending}>
                Копировать
              </Button>
            </Can>
            {d.status === 'posted' ? (
              <Can rule="cancel:finance">
                <Popconfirm
                  title={`Отменить ${d.number}?`}
                  description="Деньги вернутся обратной записью; операция останется в истории отменённой."
                  okText="Отменить операцию"
                  cancelText="Нет"
                  onConfirm={() => void doCancel()}
                >
                  <Button danger icon={<RollbackOutlined />} loading={cancel.isPending}>
                    Отменить
                  </Button>
                </Popconfirm>
              </Can>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {op.isError ? <QueryError error={op.error} onRetry={() => void op.refetch()} /> : null}
      {op.isPending && id ? <Skeleton active /> : null}
      {d ? (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 170 } }}>
          <Descriptions.Item label="Статус">
            <StatusCell value={d.status} statuses={operationStatuses} />
            {d.cancelledAt ? <Typography.Text type="secondary"> {formatDateTime(d.cancelledAt)}</Typography.Text> : null}
          </Descriptions.Item>
          <Descriptions.Item label="Дата">{formatDateTime(d.at)}</Descriptions.Item>
          <Descriptions.Item label="Сумма">
            <Typography.Text strong type={d.kind === 'income' ? 'success' : d.kind === 'expense' ? 'danger' : undefined}>
              {formatMoney(d.amount)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={d.kind === 'transfer' ? 'Из кассы' : 'Касса'}>{d.cashboxName}</Descriptions.Item>
          {d.kind === 'transfer' ? <Descriptions.Item label="В кассу">{d.toCashboxName ?? '—'}</Descriptions.Item> : null}
          {d.kind !== 'transfer' ? <Descriptions.Item label="Статья">{d.categoryName ?? '—'}</Descriptions.Item> : null}
          {d.kind !== 'transfer' ? (
            <Descriptions.Item label="Клиент">{d.clientId ? <Link to={`/clients?open=${d.clientId}`}>{d.clientName ?? 'Клиент'}</Link> : '—'}</Descriptions.Item>
          ) : null}
          {d.documentNumber ? <Descriptions.Item label="Документ">{d.documentNumber}</Descriptions.Item> : null}
          <Descriptions.Item label="Комментарий">{d.comment ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Автор">{d.authorName ?? '—'}</Descriptions.Item>
          {d.shiftId ? <Descriptions.Item label="Смена">входит в кассовую смену</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
