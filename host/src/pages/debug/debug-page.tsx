import { DeleteOutlined } from '@ant-design/icons';
import { dayjs, uiStore, useUi } from '@repo/shared-core';
import { Button, Card, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { describeError, safeJson, type DebugEntry } from './debug-entry';

const statusColor = (status?: number) =>
  !status ? 'default' : status >= 500 ? 'red' : status === 401 || status === 403 ? 'orange' : 'gold';

/**
 * The errors this browser has met (the api client stores each one). Support asks staff to open
 * this page and read out or copy an entry, so each row expands to the full JSON.
 */
export function DebugPage() {
  const entries = (useUi((s) => s.debug) ?? []) as DebugEntry[];
  // Newest first: the error someone is asking about is the one that just happened.
  const rows = entries.map((e, i) => ({ key: i, entry: e, ...describeError(e.error) })).reverse();

  const columns: TableColumnsType<(typeof rows)[number]> = [
    {
      title: 'Дата',
      key: 'date',
      width: 170,
      render: (_, r) => (r.entry.createdDate ? dayjs(r.entry.createdDate).format('DD.MM.YYYY HH:mm:ss') : '—'),
    },
    {
      title: 'Статус',
      key: 'status',
      width: 100,
      render: (_, r) => <Tag color={statusColor(r.status)}>{r.status ?? 'нет ответа'}</Tag>,
    },
    {
      title: 'Запрос',
      key: 'request',
      render: (_, r) =>
        r.url ? (
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {r.method ? `${r.method.toUpperCase()} ` : ''}
            {r.url}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: 'Сообщение', key: 'message', render: (_, r) => r.message ?? '—' },
  ];

  return (
    <Card
      variant="borderless"
      title={`Ошибки в этом браузере: ${entries.length}`}
      extra={
        entries.length > 0 && (
          // No confirmation: the list is a local diagnostic copy, nothing of value is lost.
          <Button icon={<DeleteOutlined />} onClick={() => uiStore.getState().clearDebug()}>
            Очистить
          </Button>
        )
      }
    >
      {entries.length === 0 ? (
        <Empty description="Ошибок нет" />
      ) : (
        <Table
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            expandable={{
              expandedRowRender: (r) => (
                <pre style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}>
                  {safeJson(r.entry)}
                </pre>
              ),
            }}
          />
      )}
    </Card>
  );
}
