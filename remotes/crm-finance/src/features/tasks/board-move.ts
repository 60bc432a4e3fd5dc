import { taskStatusLabels, type Task, type TaskPage, type TaskStatus } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { patchTaskStatus, taskKeys } from './api';

/** The page with one task in another status (a new array, the rest untouched); null when nothing changes. */
export function withStatus(page: TaskPage, id: string, status: TaskStatus): TaskPage | null {
  const task = page.items.find((t) => t.id === id);
  if (!task || task.status === status) return null;
  const open = status === 'new' || status === 'in_progress';
  const overdue = open && !!task.dueAt && new Date(task.dueAt).getTime() < Date.now();
  return { ...page, items: page.items.map((t) => (t.id === id ? { ...t, status, overdue } : t)) };
}

/**
 * A card dropped on another column: the board shows it there at once, PATCHes the status, and on a
 * refusal puts it back and says why. Every other task query refetches after either way.
 */
export function useBoardMove(key: QueryKey) {
  const qc = useQueryClient();
  return async function move(task: Task, status: TaskStatus): Promise<boolean> {
    const before = qc.getQueryData<TaskPage>(key);
    const after = before ? withStatus(before, task.id, status) : null;
    if (!after) return false;
    await qc.cancelQueries({ queryKey: key });
    qc.setQueryData(key, after);
    try {
      await patchTaskStatus(task.id, status);
      notify.success(`«${task.title}»: ${taskStatusLabels[status]}`, { autoClose: 2500 });
      return true;
    } catch (e) {
      qc.setQueryData(key, before);
      notify.error(`Не удалось перенести «${task.title}» в «${taskStatusLabels[status]}»: ${getApiError(e).message}`);
      return false;
    } finally {
      void qc.invalidateQueries({ queryKey: taskKeys.all });
    }
  };
}
