import type { CheckTokenResponse } from '@repo/contracts';
import { api, authStore, clearSession, loadProfile } from '@repo/shared-core';

export type StartupResult = 'signed-in' | 'signed-out' | 'unavailable';

/**
 * Seed §2 start-up: check the token; if it is invalid the user goes to Login, otherwise the
 * profile is loaded and applied (rules, current location) by shared-core's loadProfile.
 */
export async function checkSession(): Promise<StartupResult> {
  const { token } = authStore.getState();
  if (!token) return 'signed-out';
  try {
    const { data } = await api.get<CheckTokenResponse>('auth/check-token', { silent: true });
    if (data?.status !== 'valid') {
      clearSession();
      return 'signed-out';
    }
    await loadProfile();
    return 'signed-in';
  } catch {
    // A 403 `unauthenticated` has already cleared the session in the api client. Any other
    // failure (server down) keeps the token: the shell offers a retry instead of Login.
    return authStore.getState().token ? 'unavailable' : 'signed-out';
  }
}
