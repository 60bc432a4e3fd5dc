import type { CreateTaskCommentRequest, CreateTaskRequest, TaskAssignees, Task, TaskComment, TaskPage, TaskStatus, UpdateTaskRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toApiQuery, type TaskFilters } from './filters';

/**
 * The tasks' API hooks (server/docs/tasks.md). Keys start with `task`, the entity the server announces,
 * so the host's realtime invalidation refetches every open list and board when a task changes.
 */
export const taskKeys = entityKeys('task');

/** How many cards the board loads (the API's largest page); more are counted, not drawn. */
export const boardPageSize = 200;

export function useTasks(filters: TaskFilters, pageSize = 50, enabled = true) {
  const params = { ...toApiQuery(filters), pageSize };
  return useQuery({
    queryKey: taskKeys.list(params),
    queryFn: async () => (await api.get<TaskPage>('tasks', { params })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The board's cards: every status (the columns), the other filters as on the list, one big page. */
export function boardQueryKey(filters: TaskFilters): QueryKey {
  return taskKeys.list({ ...toApiQuery({ ...filters, page: 1 }), pageSize: boardPageSize, board: true });
}

export function useBoardTasks(filters: TaskFilters) {
  const params = { ...toApiQuery({ ...filters, page: 1 }), pageSize: boardPageSize };
  return useQuery({
    queryKey: boardQueryKey(filters),
    queryFn: async () => (await api.get<TaskPage>('tasks', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: string | null) {
  return useQuery({
    queryKey: taskKeys.detail(id ?? ''),
    queryFn: async () => (await api.get<Task>(`tasks/${id}`)).data,
    enabled: !!id,
  });
}

export function useTaskComments(id: string | null) {
  return useQuery({
    queryKey: [...taskKeys.detail(id ?? ''), 'comments'],
    queryFn: async () => (await api.get<{ items: TaskComment[] }>(`tasks/${id}/comments`)).data.items,
    enabled: !!id,
  });
}

/** Who a task of the current shop can be assigned to (`GET /tasks/assignees`), for the assignee pickers. */
export function useTaskStaff() {
  return useQuery({
    queryKey: [...taskKeys.scope(), 'staff'],
    queryFn: async () => (await api.get<TaskAssignees>('tasks/assignees', { silent: true })).data,
    staleTime: 60_000,
    retry: false,
  });
}

export function useTaskMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: taskKeys.all });
  return {
    create: useMutation({ mutationFn: async (body: CreateTaskRequest) => (await api.post<Task>('tasks', body)).data, onSuccess: refresh }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateTaskRequest & { id: string }) => (await api.patch<Task>(`tasks/${id}`, body)).data,
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`tasks/${id}`)).data, onSuccess: refresh }),
    comment: useMutation({
      mutationFn: async ({ id, ...body }: CreateTaskCommentRequest & { id: string }) => (await api.post<TaskComment>(`tasks/${id}/comments`, body)).data,
      onSuccess: refresh,
    }),
  };
}

/** A status change from the board: quiet (the board says what went wrong itself). */
export async function patchTaskStatus(id: string, status: TaskStatus): Promise<Task> {
  return (await api.patch<Task>(`tasks/${id}`, { status }, { silent: true })).data;
}
