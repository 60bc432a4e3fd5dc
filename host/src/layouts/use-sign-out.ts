import { api, clearSession, realtime } from '@repo/shared-core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Signs the employee out: the server revokes the token first (so a copied token stops working),
 * then the client forgets it. A failed logout call must not trap the user inside the app, so the
 * session is cleared locally whatever the server answered.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Close the socket first: the server closes a revoked session's socket with 4401, which would
    // otherwise read as "signed out by someone else" and show a needless warning.
    realtime.disconnect();
    try {
      await api.post('auth/logout');
    } catch {
      // Already reported by the api client; signing out locally still has to happen.
    } finally {
      clearSession();
      navigate('/login', { replace: true });
    }
  }, [navigate]);
}
