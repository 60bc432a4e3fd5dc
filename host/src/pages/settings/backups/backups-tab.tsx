import { CloudDownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { BackupRun } from '@repo/contracts';
import { getApiError } from '@repo/shared-core';
import { EmptyState, PageHeader, QueryState } from '@repo/ui';
import { Alert, Button, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useBackupStatus, useCreateBackup } from './api';

const kindLabel: Record<BackupRun['kind'], string> = { daily: 'ежедневная', manual: 'из настроек', cli: 'pnpm backup' };

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('ru-RU') : '—');

function StatusTag({ run }: { run: BackupRun }) {
  if (run.status === 'ok') return <Tag color="green">готова</Tag>;
  if (run.status === 'running') return <Tag color="blue">создаётся</Tag>;
  return <Tag color="red">ошибка</Tag>;
}

/**
 * «Резервные копии» (rule `manage_settings`, the same the API checks): the last good copy (time, size,
 * file), a failed attempt in red with its message, the schedule, and «Создать копию сейчас».
 */
export function BackupsTab() {
  const status = useBackupStatus();
  const create = useCreateBackup();
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Резервные копии"
        icon={<CloudDownloadOutlined />}
        subtitle="Копия всей базы: ежедневно сама и по кнопке; восстановление — pnpm restore (docs/operations.md)"
        actions={
          <Flex gap={8}>
            <Button icon={<ReloadOutlined />} onClick={() => void status.refetch()} loading={status.isFetching && !status.isPending}>
              Обновить
            </Button>
            <Button type="primary" loading={create.isPending} disabled={status.data ? !status.data.dir : false} onClick={() => create.mutate()}>
              Создать копию сейчас
            </Button>
          </Flex>
        }
      />
      {create.isError && <Alert type="error" showIcon title="Не удалось создать копию" description={getApiError(create.error).message} />}
      <QueryState query={status} errorTitle="Не удалось загрузить сведения о копиях">
        {(data) => {
          const lastFailed = data.recent[0]?.status === 'failed' ? data.recent[0] : null;
          return (
            <Flex vertical gap={16}>
              {lastFailed && (
                <Alert
                  type="error"
                  showIcon
                  title={`Последняя копия не создана (${formatTime(lastFailed.startedAt)}, ${kindLabel[lastFailed.kind]})`}
                  description={<Typography.Text type="danger">{lastFailed.error ?? 'Причина не записана'}</Typography.Text>}
                  data-testid="backup-failed"
                />
              )}
              <Card title="Последняя удачная копия" size="small">
                {data.lastSuccess ? (
                  <Descriptions column={1} size="small" data-testid="backup-last">
                    <Descriptions.Item label="Время">{formatTime(data.lastSuccess.finishedAt ?? data.lastSuccess.startedAt)}</Descriptions.Item>
                    <Descriptions.Item label="Размер">{formatSize(data.lastSuccess.size)}</Descriptions.Item>
                    <Descriptions.Item label="Файл">
                      <Typography.Text copyable={data.lastSuccess.file ? { text: data.lastSuccess.file } : false}>{data.lastSuccess.fileName ?? '—'}</Typography.Text>
                    </Descriptions.Item>
                  </Descriptions>
                ) : (
                  <EmptyState description="Копий ещё не было" />
                )}
              </Card>
              <Card title="Расписание" size="small">
                {data.dir ? (
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label="Папка">{data.dir}</Descriptions.Item>
                    <Descriptions.Item label="Ежедневно">{data.daily ? `в ${data.time} (время сервера)` : 'выключено (BACKUP_DAILY=false)'}</Descriptions.Item>
                    <Descriptions.Item label="Хранятся">{`${data.keepDays} дн.`}</Descriptions.Item>
                  </Descriptions>
                ) : (
                  <Typography.Text type="warning">Папка для копий не задана (BACKUP_DIR): ежедневные копии выключены. Копию можно сделать командой pnpm backup.</Typography.Text>
                )}
              </Card>
              {data.recent.length > 0 && (
                <Card title="Последние попытки" size="small">
                  <Table<BackupRun>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={data.recent}
                    columns={[
                      { title: 'Начата', dataIndex: 'startedAt', render: formatTime },
                      { title: 'Как', dataIndex: 'kind', render: (k: BackupRun['kind']) => kindLabel[k] },
                      { title: 'Итог', key: 'status', render: (_: unknown, run) => <StatusTag run={run} /> },
                      { title: 'Размер', dataIndex: 'size', render: formatSize },
                      {
                        title: 'Файл или ошибка',
                        key: 'file',
                        render: (_: unknown, run) =>
                          run.status === 'failed' ? <Typography.Text type="danger">{run.error}</Typography.Text> : (run.fileName ?? '—'),
                      },
                    ]}
                  />
                </Card>
              )}
            </Flex>
          );
        }}
      </QueryState>
    </Flex>
  );
}
