import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from './profile-keys';

export async function deleteSession(id: string): Promise<void> {
  await api.delete(`auth/sessions/${encodeURIComponent(id)}`);
}

export function useDeleteSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => qc.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
