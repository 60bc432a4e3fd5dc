import Cookies from 'js-cookie';

/** Cookie names fixed by the seed (§9): the server and e2e tests read them too. */
export const cookieNames = { token: 'token', location: 'location' } as const;

function attributes(days: number): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { path: '/', sameSite: 'lax', secure, expires: days };
}

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
