import axios from 'axios';

/** `<API root>/api/` (seed §7). Trailing slashes of the root are dropped so `//api/` never happens. */
export function buildBaseUrl(apiRoot = ''): string {
  return `${apiRoot.replace(/\/+$/, '')}/api/`;
}

/**
 * The bare axios instance. Interceptors are added in ./client; the stores import this file
 * instead so that client → stores → instance has no import cycle.
 */
export const api = axios.create({ baseURL: buildBaseUrl() });
