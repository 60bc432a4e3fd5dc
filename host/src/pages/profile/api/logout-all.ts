import { api } from '@repo/shared-core';
import { useMutation } from '@tanstack/react-query';

export async function logoutAll(): Promise<{ revoked: number }> {
  const { data } = await api.post<{ revoked: number }>('auth/logout-all');
  return data;
}

/** Revokes every session including this one; the caller then clears the local session. */
export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll });
}
