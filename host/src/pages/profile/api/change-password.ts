import type { ChangePasswordRequest } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from './profile-keys';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.post('auth/password', body);
}

/** The server revokes the other sessions on a password change, so the sessions table is refreshed. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
