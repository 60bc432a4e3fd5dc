import type { Profile, UpdateProfileRequest } from '@repo/contracts';
import { api, authStore } from '@repo/shared-core';
import { useMutation } from '@tanstack/react-query';

export async function updateMe(body: UpdateProfileRequest): Promise<Profile> {
  const { data } = await api.patch<Profile>('auth/me', body);
  return data;
}

/** The profile lives in the auth store (the header shows the name), so the answer goes there. */
export function useUpdateMe() {
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => authStore.getState().setProfile(profile),
  });
}
