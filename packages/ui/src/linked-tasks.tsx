import { taskStatusLabels, type TaskLinkKind, type TaskPage, type TaskStatus } from '@repo/contracts';
import { api, formatDateTime } from '@repo/shared-core';
import { useRule } from './can';
import { QueryError } from './query-states';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';

const statusColours: Record<TaskStatus, string> = { new: 'blue', in_progress: 'gold', done: 'green', cancelled: 'default' };

const empty: Record<TaskLinkKind, string> = { repair_order: 'Задач по заказу нет', client: 'Задач по клиенту нет', sale: 'Задач по продаже нет' };

/**
 * A card of the tasks linked to a record (issue #24, the link seen from its other end: a repair order's
 * or a client's card): each opens in the tasks screen, and «Создать задачу» opens its form there with the
 * link prefilled. Keyed by `task`, so a colleague's change refreshes it live. Hidden without `view:task`.
 */
export function LinkedTasks({ kind, id }: { kind: TaskLinkKind; id: string }) {
  const canView = useRule('view:task');
  const canCreate = useRule('create:task');
  const tasks = useQuery({
    queryKey: ['task', 'linked', kind, id],
    enabled: canView,
    queryFn: async () =>
      (await api.get<TaskPage>('tasks', { params: { linkKind: kind, linkId: id, pageSize: 50, sort: 'dueAt' }, silent: true })).data,
  });
  if (!canView) return null;
  const create = `/tasks?new=1&linkKind=${kind}&linkId=${id}`;
  let body;
  if (tasks.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (tasks.isError) body = <QueryError error={tasks.error} onRetry={() => tasks.refetch()} />;
  else if (!tasks.data.items.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty[kind]} />;
  else
    body = (
      <List
        size="small"
        dataSource={tasks.data.items}
        renderItem={(t) => (
          <List.Item style={{ paddingInline: 0 }}>
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Flex justify="space-between" gap={8} align="start">
                <Link to={`/tasks?task=${t.id}`}>{t.title}</Link>
                <Tag color={statusColours[t.status]} style={{ marginInlineEnd: 0 }}>
                  {taskStatusLabels[t.status]}
                </Tag>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.assigneeName}
                {t.dueAt ? (
                  <>
                    {' · до '}
                    <Typography.Text type={t.overdue ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                      {formatDateTime(t.dueAt)}
                    </Typography.Text>
                  </>
                ) : null}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    );
  return (
    <Card
      size="small"
      title="Задачи"
      extra={
        canCreate ? (
          <Link to={create}>
            <Button size="small">Создать задачу</Button>
          </Link>
        ) : null
      }
    >
      {body}
    </Card>
  );
}
