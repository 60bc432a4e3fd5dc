import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { Profile } from '@repo/contracts';
import { api } from '../api/instance';
import { bus } from '../bus';
import { cookies } from '../cookies';
import { applyRules } from '../rules-handler';

export interface AuthState {
  token: string | null;
  profile: Profile | null;
  isAuthenticated: boolean;
  /** Signs in: stores the token, writes the `token` cookie and the bearer header. */
  setToken: (token: string) => void;
  /** Stores the profile and applies its role.rules, so every profile load keeps the flags right. */
  setProfile: (profile: Profile | null) => void;
  /** Clears token and profile, the cookie and the header. */
  signOut: () => void;
}

// A reload keeps the session: the cookie is the persisted token and the host re-checks it at start-up.
const initialToken = cookies.getToken() ?? null;

export const authStore = createStore<AuthState>()((set, get) => ({
  token: initialToken,
  profile: null,
  isAuthenticated: initialToken !== null,
  setToken: (token) => {
    if (!token) {
      get().signOut();
      return;
    }
    cookies.setToken(token);
    api.defaults.headers.common.Authorization = `Bearer ${token}`;
    set({ token, isAuthenticated: true });
  },
  setProfile: (profile) => {
    set({ profile });
    if (profile) applyRules(profile);
  },
  signOut: () => {
    const wasSignedIn = get().isAuthenticated || get().token !== null;
    cookies.removeToken();
    delete api.defaults.headers.common.Authorization;
    set({ token: null, profile: null, isAuthenticated: false });
    // Only a real transition is announced, so parallel 403s do not make every area react N times.
    if (wasSignedIn) bus.emit('auth:signed-out', undefined);
  },
}));

export function useAuth(): AuthState;
export function useAuth<T>(selector: (state: AuthState) => T): T;
export function useAuth<T>(selector?: (state: AuthState) => T) {
  return useStore(authStore, selector ?? ((s: AuthState) => s as unknown as T));
}
