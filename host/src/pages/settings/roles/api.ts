import type { CreateRoleRequest, Role, UpdateRoleRequest } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys start with the realtime entity (`role`), so another tab's change refreshes the list. */
export const roleKeys = { all: ['role'] as const, list: () => ['role', 'list'] as const };

export function useRoles(enabled = true) {
  return useQuery({ queryKey: roleKeys.list(), queryFn: async () => (await api.get<Role[]>('roles')).data, enabled });
}

export function useRoleMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: roleKeys.all });
  // Field errors and 409s are shown by the editor itself, next to what caused them.
  return {
    create: useMutation({ mutationFn: async (body: CreateRoleRequest) => (await api.post<Role>('roles', body, { silent: true })).data, onSuccess: done }),
    update: useMutation({
      mutationFn: async ({ id, body }: { id: string; body: UpdateRoleRequest }) => (await api.patch<Role>(`roles/${id}`, body, { silent: true })).data,
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`roles/${id}`, { silent: true })).data, onSuccess: done }),
  };
}
