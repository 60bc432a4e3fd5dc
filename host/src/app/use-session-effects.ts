import { realtime, useAuth, useLiveProfile, useRealtimeInvalidation } from '@repo/shared-core';
import { useEffect } from 'react';
import { useLocationList } from './use-location-list';

/**
 * Whatever a signed-in session needs, however it started (start-up check or the login page's
 * signIn): the location list, the realtime connection and the live profile. Sign-out closes the socket.
 */
export function useSessionEffects(): void {
  const signedIn = useAuth((s) => s.isAuthenticated && s.profile !== null);
  const profileId = useAuth((s) => s.profile?.id ?? null);

  useEffect(() => {
    if (!signedIn) return;
    realtime.connect();
    return () => realtime.disconnect();
  }, [signedIn, profileId]);

  useLocationList(signedIn);
  useRealtimeInvalidation();
  // A change to the employee's role or record re-reads the profile: menu, guards and buttons follow live.
  useLiveProfile(signedIn);
}
