import Cookies from 'js-cookie';

/** Cookie names fixed by the seed (§9): the server and e2e tests read them too. */
export const cookieNames = { token: 'token', location: 'location' } as const;

/**
 * Not HttpOnly, by design: the seed (§6) has the client send `Authorization: Bearer {token}` "from the
 * cookie named token", so script must read it (docs/security.md). What a cookie can still do: never
 * go to another site's requests (SameSite=Lax: no cross-site POST, fetch or WebSocket carries it),
 * and never travel over plain http when the page is https (Secure).
 */
export function cookieAttributes(days: number, protocol = typeof window !== 'undefined' ? window.location.protocol : ''): Cookies.CookieAttributes {
  return { path: '/', sameSite: 'lax', secure: protocol === 'https:', expires: days };
}
const attributes = (days: number) => cookieAttributes(days);

export const cookies = {
  getToken: (): string | undefined => Cookies.get(cookieNames.token) || undefined,
  // 30 days: the server decides validity; the client only has to survive a reload.
  setToken: (token: string) => Cookies.set(cookieNames.token, token, attributes(30)),
  removeToken: () => Cookies.remove(cookieNames.token, { path: '/' }),
  getLocation: (): string | undefined => Cookies.get(cookieNames.location) || undefined,
  // The chosen shop is "persisted" (seed §3), so it outlives the token.
  setLocation: (id: string) => Cookies.set(cookieNames.location, id, attributes(365)),
  removeLocation: () => Cookies.remove(cookieNames.location, { path: '/' }),
};
