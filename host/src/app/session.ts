import type { AuthBootstrapResponse, LocationRef, Profile } from '@repo/contracts';
import { api, authStore, clearSession, locationStore } from '@repo/shared-core';
import { takeEarly } from '../early-start';

export type StartupResult = 'signed-in' | 'signed-out' | 'unavailable';

function applyProfile(profile: Profile): void {
  authStore.getState().setProfile(profile);
  const ref: LocationRef | null = profile.location;
  // As shared-core's loadProfile: the profile carries only { id, name }; the list fills in the rest.
  if (ref) locationStore.getState().setLocation({ _id: ref.id, id: ref.id, name: ref.name });
}

/**
 * Seed §2 start-up: check the token; if it is invalid the user goes to Login, otherwise the
 * profile is loaded and applied (rules, current location).
 *
 * The decisions are the seed's, the round trips are not (docs/performance.md, «The start of a signed-in
 * page»): `GET auth/bootstrap` answers what `check-token` answers and, only for a valid token, the
 * profile `me` gives, in one round trip instead of two in a row. An invalid token gets a 200 `invalid`
 * (no profile, no 403, nothing in the console), and the user goes to Login as before. main.js asks for
 * it before the app's code has loaded (early-start.ts); without that answer it is asked for here.
 */
/** The answer main.js asked for before the app's code had loaded (early-start.ts), when it got one. */
async function earlyBootstrap(): Promise<AuthBootstrapResponse | undefined> {
  const pending = takeEarly('bootstrap');
  if (!pending) return undefined;
  try {
    const res = await pending;
    if (!res.ok) return undefined;
    const data = (await res.json()) as AuthBootstrapResponse;
    return data?.status === 'valid' || data?.status === 'invalid' ? data : undefined;
  } catch {
    return undefined;
  }
}

export async function checkSession(): Promise<StartupResult> {
  const { token } = authStore.getState();
  if (!token) return 'signed-out';
  // The page's area loads alongside the check, not after it (federation-runtime.ts). Imported here, not
  // above: the sign-in page's bundle does not carry the federation's loader.
  const path = window.location.pathname;
  void import(/* webpackChunkName: "shell" */ '../federation/federation-runtime').then((m) => m.warmAreaFor(path)).catch(() => undefined);
  try {
    const data = (await earlyBootstrap()) ?? (await api.get<AuthBootstrapResponse>('auth/bootstrap', { silent: true })).data;
    if (data?.status !== 'valid' || !data.profile) {
      clearSession();
      return 'signed-out';
    }
    applyProfile(data.profile);
    return 'signed-in';
  } catch {
    // A 403 `unauthenticated` has already cleared the session in the api client. Any other
    // failure (server down) keeps the token: the shell offers a retry instead of Login.
    return authStore.getState().token ? 'unavailable' : 'signed-out';
  }
}
