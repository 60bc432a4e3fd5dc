import { CommentOutlined } from '@ant-design/icons';
import type { Task } from '@repo/contracts';
import { QueryError, useRule } from '@repo/ui';
import { Empty, Table, Typography } from 'antd';
import { useBoardTasks, boardQueryKey, useTasks } from '../api';
import { useBoardMove } from '../board-move';
import { isFiltered } from '../filters';
import { TaskBoard } from '../components/task-board';
import { TaskCreateModal } from '../components/task-form';
import { TaskDrawer } from '../components/task-drawer';
import { DueText, PriorityTag, StatusTag, TaskLinkLabel } from '../components/task-tags';
import { TaskToolbar } from '../components/task-toolbar';
import { useTasksScreen } from '../components/use-tasks-screen';

const pageSize = 50;

function TaskList({ screen }: { screen: ReturnType<typeof useTasksScreen> }) {
  const { filters, setFilters, openTask } = screen;
  const query = useTasks(filters, pageSize);
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось загрузить задачи" />;
  return (
    <div data-testid="tasks-table">
      <Table<Task>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        loading={query.isFetching && !query.data ? true : query.isFetching ? { delay: 300, spinning: true } : false}
        dataSource={query.data?.items ?? []}
        scroll={{ x: 760 }}
        onRow={(t) => ({ onClick: () => openTask(t.id), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: query.isPending ? ' ' : <Empty description={isFiltered(filters) ? 'Задач с такими условиями нет: измените фильтры' : 'Задач пока нет: создайте первую'} />,
        }}
        pagination={{
          current: filters.page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (page) => setFilters({ ...filters, page }),
        }}
        columns={[
          {
            key: 'title',
            title: 'Задача',
            render: (_, t) => (
              <>
                <Typography.Link onClick={() => openTask(t.id)} style={{ display: 'block' }} ellipsis>
                  {t.title}
                </Typography.Link>
                {t.link ? (
                  <span style={{ fontSize: 12 }}>
                    <TaskLinkLabel link={t.link} onClick={(e) => e.stopPropagation()} />
                  </span>
                ) : null}
                {t.commentCount ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: t.link ? 8 : 0 }} title="Комментарии">
                    <CommentOutlined /> {t.commentCount}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          { key: 'assignee', title: 'Исполнитель', width: 200, ellipsis: true, render: (_, t) => t.assigneeName },
          { key: 'due', title: 'Срок', width: 140, render: (_, t) => <DueText task={t} /> },
          { key: 'priority', title: 'Приоритет', width: 110, render: (_, t) => <PriorityTag value={t.priority} /> },
          { key: 'status', title: 'Статус', width: 110, render: (_, t) => <StatusTag value={t.status} /> },
        ]}
      />
    </div>
  );
}

function Board({ screen }: { screen: ReturnType<typeof useTasksScreen> }) {
  const { filters, openTask } = screen;
  const query = useBoardTasks(filters);
  const move = useBoardMove(boardQueryKey(filters));
  const canEdit = useRule('edit:task');
  return (
    <TaskBoard
      query={query}
      statuses={filters.status.length ? filters.status : undefined}
      onMove={move}
      onOpen={openTask}
      canMove={() => canEdit}
      filtered={isFiltered(filters)}
    />
  );
}

/** `/tasks` (list) and `/tasks/board` (board): the same filters in the URL, the open task in a drawer. */
export function TasksPage() {
  const screen = useTasksScreen();
  const total = useTasks(screen.filters, pageSize, screen.view === 'list').data?.total;
  return (
    <>
      <TaskToolbar
        filters={screen.filters}
        onChange={screen.setFilters}
        view={screen.view}
        onView={screen.setView}
        onCreate={() => screen.setCreating(true)}
        total={screen.view === 'list' ? total : undefined}
      />
      {screen.view === 'board' ? <Board screen={screen} /> : <TaskList screen={screen} />}
      <TaskDrawer id={screen.openId} onClose={() => screen.openTask(null)} />
      <TaskCreateModal open={screen.creating} onClose={() => screen.setCreating(false)} onCreated={screen.onCreated} initialLink={screen.initialLink} />
    </>
  );
}
