import { useEffect } from 'react';
import type { Profile, RealtimeEvent } from '@repo/contracts';
import { api } from './api/instance';
import { bus } from './bus';
import { authStore } from './stores/auth';

/**
 * Live rules (issue #22): a change to the signed-in employee's role (`role` event with the role's id)
 * or to the employee themself (`employee` event with their id) re-reads `/auth/me` and replaces the
 * profile in the auth store (`setProfile` applies the rules), so the menu, the main page's tiles, the
 * guards and the buttons follow with no reload and no sign-out. A blocked employee needs nothing here:
 * the server closes the socket with 4401 and the tab signs out (realtime/socket.ts).
 */
export function isOwnProfileEvent(event: Pick<RealtimeEvent, 'entity' | 'id'>, profile: Pick<Profile, 'id' | 'role'> | null): boolean {
  if (!profile) return false;
  if (event.entity === 'role') return event.id === profile.role.id;
  if (event.entity === 'employee') return event.id === profile.id;
  return false;
}

let inFlight: Promise<Profile | null> | null = null;
let again = false;

/**
 * Re-reads the profile (quietly: a failure keeps the current one) and stores it. Calls that arrive
 * while one is in flight are folded into one more read after it, so a burst of events costs two reads.
 */
export function refreshProfile(): Promise<Profile | null> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  const run = async (): Promise<Profile | null> => {
    try {
      const { data } = await api.get<Profile>('auth/me', { silent: true });
      // Signed out meanwhile (or someone else signed in): the answer belongs to nobody.
      const current = authStore.getState().profile;
      if (!current || current.id !== data.id) return null;
      authStore.getState().setProfile(data);
      return data;
    } catch {
      return null;
    }
  };
  inFlight = run().finally(() => {
    inFlight = null;
    if (again) {
      again = false;
      void refreshProfile();
    }
  });
  return inFlight;
}

/** Subscribes to the realtime events that change the signed-in employee's rules. Returns the unsubscribe. */
export function watchOwnProfile(): () => void {
  const onEvent = (event: RealtimeEvent) => {
    if (isOwnProfileEvent(event, authStore.getState().profile)) void refreshProfile();
  };
  bus.on('realtime:event', onEvent);
  return () => bus.off('realtime:event', onEvent);
}

/** Mounted once by the host while signed in. */
export function useLiveProfile(enabled = true): void {
  useEffect(() => (enabled ? watchOwnProfile() : undefined), [enabled]);
}
