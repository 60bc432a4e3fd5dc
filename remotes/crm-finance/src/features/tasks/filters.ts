import { taskPriorities, taskStatuses, type TaskLinkKind, type TaskListQuery, type TaskPriority, type TaskStatus } from '@repo/contracts';

/**
 * The list's and the board's filters, kept in the URL so a view can be shared and survives a reload:
 * `?mine=1&status=new,in_progress&priority=high&assigneeId=…&overdue=1&q=…&page=2`.
 * Unknown values are dropped rather than sent (the server would refuse the whole query).
 */
export interface TaskFilters {
  mine: boolean;
  overdue: boolean;
  status: TaskStatus[];
  priority: TaskPriority[];
  assigneeId?: string;
  q?: string;
  page: number;
}

export const emptyFilters: TaskFilters = { mine: false, overdue: false, status: [], priority: [], page: 1 };

/** The URL keys the filters own; everything else (`task`, `new`, `linkKind`…) is left as it is. */
const ownKeys = ['mine', 'overdue', 'status', 'priority', 'assigneeId', 'q', 'page'] as const;

const list = <T extends string>(raw: string | null, values: readonly T[]): T[] =>
  [...new Set((raw ?? '').split(',').map((s) => s.trim()))].filter((s): s is T => (values as readonly string[]).includes(s));

const flag = (raw: string | null) => raw === '1' || raw === 'true';

export function parseFilters(search: URLSearchParams): TaskFilters {
  const page = Number(search.get('page'));
  return {
    mine: flag(search.get('mine')),
    overdue: flag(search.get('overdue')),
    status: list(search.get('status'), taskStatuses),
    priority: list(search.get('priority'), taskPriorities),
    assigneeId: search.get('assigneeId') || undefined,
    q: search.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * Writes `change` into `search` (a copy): a filter change goes back to page 1 unless it sets the page,
 * and defaults leave no key behind, so the plain list is plain `/tasks`.
 */
export function writeFilters(search: URLSearchParams, current: TaskFilters, change: Partial<TaskFilters>): URLSearchParams {
  const next = new URLSearchParams(search);
  const merged: TaskFilters = { ...current, ...change, page: change.page ?? 1 };
  for (const key of ownKeys) next.delete(key);
  if (merged.mine) next.set('mine', '1');
  if (merged.status.length) next.set('status', merged.status.join(','));
  if (merged.priority.length) next.set('priority', merged.priority.join(','));
  if (merged.assigneeId) next.set('assigneeId', merged.assigneeId);
  if (merged.overdue) next.set('overdue', '1');
  if (merged.q?.trim()) next.set('q', merged.q.trim());
  if (merged.page > 1) next.set('page', String(merged.page));
  return next;
}

/** The API's query for the filters (`GET /api/tasks`). */
export function toApiQuery(f: TaskFilters): TaskListQuery {
  const q: Record<string, unknown> = { page: f.page };
  if (f.mine) q.mine = 'true';
  if (f.overdue) q.overdue = 'true';
  if (f.status.length) q.status = f.status.join(',');
  if (f.priority.length) q.priority = f.priority.join(',');
  if (f.assigneeId) q.assigneeId = f.assigneeId;
  if (f.q) q.search = f.q;
  return q as TaskListQuery;
}

export const isFiltered = (f: TaskFilters) => f.mine || f.overdue || f.status.length > 0 || f.priority.length > 0 || !!f.assigneeId || !!f.q;

/** Where a task's link leads in the other areas (orders and sales have pages; a client opens in the list's card). */
export function linkHref(kind: TaskLinkKind, id: string): string {
  if (kind === 'repair_order') return `/orders/${id}`;
  if (kind === 'sale') return `/sales/${id}`;
  return `/clients?open=${encodeURIComponent(id)}`;
}
