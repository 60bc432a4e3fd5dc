import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { messages } from '@repo/contracts';
import { bus } from '../bus';
import { cookies } from '../cookies';
import { notify } from '../notify/notify';
import { clearSession } from '../session';
import { authStore } from '../stores/auth';
import { locationStore } from '../stores/location';
import { uiStore } from '../stores/ui';
import { getApiError } from './errors';
import { api, buildBaseUrl } from './instance';

export { api };

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the toast for this call (the caller shows the error itself); it is still logged to debug. */
    silent?: boolean;
  }
}

export interface ApiConfig {
  /** Origin (and path prefix) of the server; '' means same origin. */
  apiRoot?: string;
  /** Called after a 403 `unauthenticated` has cleared the session; the host navigates to /login. */
  onUnauthenticated?: () => void;
  /** The current route's name, so no toast shows on the Login route. */
  getRouteName?: () => string | undefined;
}

const config: ApiConfig = {};

export function configureApi(options: ApiConfig): void {
  Object.assign(config, options);
  if (options.apiRoot !== undefined) api.defaults.baseURL = buildBaseUrl(options.apiRoot);
}

export function isLoginRoute(): boolean {
  if (config.getRouteName?.() === 'Login') return true;
  return typeof window !== 'undefined' && window.location.pathname === '/login';
}

/** Seed §7: bearer from the `token` cookie; the `Shop` header only when a token exists. */
function attachHeaders(request: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = cookies.getToken() ?? authStore.getState().token;
  if (!token) {
    request.headers.delete('Authorization');
    request.headers.delete('Shop');
    return request;
  }
  request.headers.set('Authorization', `Bearer ${token}`);
  const shop = cookies.getLocation() ?? locationStore.getState().current?._id;
  if (shop) request.headers.set('Shop', shop);
  return request;
}

function handleError(error: unknown): Promise<never> {
  // react-query aborts queries on unmount; a cancelled call is not a failure and must not toast.
  if (axios.isCancel(error)) return Promise.reject(error);
  const info = getApiError(error);
  const request = axios.isAxiosError(error) ? (error as AxiosError).config : undefined;
  uiStore.getState().addDebug({
    status: info.status,
    message: info.message,
    code: info.code,
    url: request?.url,
    method: request?.method?.toUpperCase(),
  });
  // A temporary password (issue #22): the host shows only the password change until it is changed.
  if (info.status === 403 && info.code === 'password_change_required') {
    requirePasswordChange();
    return Promise.reject(error);
  }
  if (!request?.silent && !isLoginRoute()) {
    // The id collapses identical toasts when several parallel calls fail the same way.
    notify.error(info.message, { toastId: `api-error:${info.status ?? 'none'}:${info.message}` });
  }
  // A 403 without a code predates the error contract and is treated as the seed's 403: sign out.
  if (info.status === 403 && (info.code === 'unauthenticated' || !info.code)) signOutUnauthenticated();
  return Promise.reject(error);
}

/** Marks the signed-in profile as having to change its temporary password (the host's gate reads it). */
function requirePasswordChange(): void {
  const { profile, setProfile } = authStore.getState();
  if (profile && !profile.mustChangePassword) setProfile({ ...profile, mustChangePassword: true });
}

/** The seed's 403 rule: clear the session and let the host go to Login. */
function signOutUnauthenticated(): void {
  clearSession();
  config.onUnauthenticated?.();
}

// The realtime connection learns of a revoked session first when no API call is in flight.
bus.on('realtime:unauthorized', () => {
  if (!isLoginRoute()) notify.error(messages.unauthenticated, { toastId: 'api-error:403:unauthenticated' });
  signOutUnauthenticated();
});

api.interceptors.request.use(attachHeaders);
api.interceptors.response.use((response) => response, handleError);
