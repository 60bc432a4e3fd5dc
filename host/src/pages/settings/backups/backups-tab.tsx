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

const nowrap = { whiteSpace: 'nowrap' } as const;

/** What a system error of a failed backup means, in words (the message itself is shown under it). */
export function explainError(error: string | null): string | null {
  if (!error) return null;
  if (/\b(EEXIST|ENOTDIR)\b/.test(error)) return 'Папку для копий не удалось создать: на её месте (или на месте одной из папок пути) лежит файл.';
  if (/\b(EACCES|EPERM|EROFS)\b/.test(error)) return 'Нет прав на запись в папку для копий (или диск только для чтения).';
  if (/\bENOSPC\b/.test(error)) return 'На диске с папкой для копий закончилось место.';
  if (/\bENOENT\b/.test(error)) return 'Папка для копий недоступна (диск отключён?).';
  return null;
}

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
  // PageHeader keeps its own space below; the parts under it are spaced by the inner Flex.
  return (
    <div>
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
      <Flex vertical gap={16}>
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
                    description={
                      <Flex vertical gap={4}>
                        {explainError(lastFailed.error) && <Typography.Text>{explainError(lastFailed.error)}</Typography.Text>}
                        <Typography.Text type="danger">{lastFailed.error ?? 'Причина не записана'}</Typography.Text>
                      </Flex>
                    }
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
                    <EmptyState bare description="Копий ещё не было" />
                  )}
                </Card>
                <Card title="Расписание" size="small">
                  {data.dir ? (
                    <Descriptions column={1} size="small">
                      <Descriptions.Item label="Папка">
                        <Typography.Text data-testid="backup-dir">{data.dir}</Typography.Text>
                      </Descriptions.Item>
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
                        { title: 'Начата', dataIndex: 'startedAt', render: (iso: string) => <span style={nowrap}>{formatTime(iso)}</span> },
                        { title: 'Как', dataIndex: 'kind', render: (k: BackupRun['kind']) => <span style={nowrap}>{kindLabel[k]}</span> },
                        { title: 'Итог', key: 'status', render: (_: unknown, run) => <StatusTag run={run} /> },
                        { title: 'Размер', dataIndex: 'size', render: (size: number | null) => <span style={nowrap}>{formatSize(size)}</span> },
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
    </div>
  );
}
