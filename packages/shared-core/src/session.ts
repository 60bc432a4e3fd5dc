import type { LocationRef, Profile } from '@repo/contracts';
import { api } from './api/instance';
import { cookies } from './cookies';
import { queryClient } from './query';
import { disconnect } from './realtime/socket';
import { applyRules } from './rules-handler';
import { authStore } from './stores/auth';
import { locationStore } from './stores/location';
import { uiStore } from './stores/ui';

function applyProfileLocation(ref: LocationRef | null): void {
  if (!ref) return;
  // The profile carries only { id, name }; setList/getCurrentLocation fill in the rest later.
  locationStore.getState().setLocation({ _id: ref.id, id: ref.id, name: ref.name });
}

/** After a successful login: cookie token + auth store + rules + the profile's location. */
export function signIn(token: string, profile: Profile): void {
  authStore.getState().setToken(token);
  authStore.getState().setProfile(profile);
  applyRules(profile); // setProfile does this too; kept explicit because sign-in must never skip it
  applyProfileLocation(profile.location);
}

/** The start-up profile load (`GET auth/me`): stores the profile, applies rules, sets its location. */
export async function loadProfile(): Promise<Profile> {
  const { data } = await api.get<Profile>('auth/me');
  authStore.getState().setProfile(data);
  applyProfileLocation(data.location);
  return data;
}

/**
 * Everything a signed-out browser must not keep: the socket, the token, the shop, cached data
 * (the next employee must not see the previous one's lists) and the previous role's flags.
 */
export function clearSession(): void {
  disconnect();
  authStore.getState().signOut();
  cookies.removeLocation();
  locationStore.getState().reset();
  uiStore.getState().setChangeLocation(true);
  queryClient.clear();
}
