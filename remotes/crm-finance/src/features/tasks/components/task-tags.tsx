import { taskPriorityLabels, taskStatusLabels, type TaskPriority, type TaskStatus } from '@repo/contracts';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Task } from '@repo/contracts';
import { dayjs } from '@repo/shared-core';
import { linkHref } from '../filters';
import { taskLinkKindLabels } from '@repo/contracts';

export const priorityColors: Record<TaskPriority, string | undefined> = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' };
export const statusColors: Record<TaskStatus, string> = { new: 'blue', in_progress: 'gold', done: 'green', cancelled: 'default' };

export const PriorityTag = ({ value }: { value: TaskPriority }) => <Tag color={priorityColors[value]}>{taskPriorityLabels[value]}</Tag>;
export const StatusTag = ({ value }: { value: TaskStatus }) => <Tag color={statusColors[value]}>{taskStatusLabels[value]}</Tag>;

/** DD.MM.YYYY HH:mm, red when the task is overdue; «—» without a due moment. */
export function DueText({ task, small }: { task: Pick<Task, 'dueAt' | 'overdue'>; small?: boolean }) {
  if (!task.dueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text type={task.overdue ? 'danger' : undefined} style={small ? { fontSize: 12 } : undefined} title={task.overdue ? 'Просрочена' : undefined}>
      {dayjs(task.dueAt).format('DD.MM.YYYY HH:mm')}
    </Typography.Text>
  );
}

/** «Заказ A-0012», «Клиент Иван Петров», «Продажа П-0007» as a link to its page. */
export function TaskLinkLabel({ link, onClick }: { link: Task['link']; onClick?: (e: React.MouseEvent) => void }) {
  if (!link) return null;
  return (
    <Link to={linkHref(link.kind, link.id)} onClick={onClick} data-testid="task-link">
      {taskLinkKindLabels[link.kind]} {link.label ?? '(удалён)'}
    </Link>
  );
}
