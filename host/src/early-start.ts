/**
 * The start of a signed-in page without waiting for the app's code (docs/performance.md, «The start of
 * a signed-in page»). Runs at the top of `main.js`, before the federation runtime and React: with a
 * session cookie and on any page but the sign-in page, it asks at once for the two things the first
 * screen waits on, `GET /api/auth/bootstrap` (the seed's token check and profile, one round trip) and
 * `/remotes.json` (which build of each area to load). The answers are taken once, by the start-up check
 * (app/session.ts) and the area registry; anything else (no cookie, a failed request) falls back to the
 * ordinary call. Plain code only: nothing shared may be imported before the federation's async boundary.
 */
type EarlyKey = 'bootstrap' | 'remotes';
const early: Partial<Record<EarlyKey, Promise<Response>>> = {};

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name && v.length) {
      try {
        return decodeURIComponent(v.join('=')) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Starts the early requests; called once by index.ts. */
export function startEarly(): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return;
  if (window.location.pathname === '/login') return;
  const token = readCookie('token');
  if (!token) return;
  const shop = readCookie('location');
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (shop) headers.Shop = shop;
  early.bootstrap = fetch('/api/auth/bootstrap', { headers, credentials: 'same-origin' });
  // The same request as fetchRemotesManifest's (`/remotes.json` is never cached).
  early.remotes = fetch('/remotes.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  // A failure is handled by whoever takes the answer (or by no one): never an unhandled rejection.
  for (const p of Object.values(early)) p?.catch(() => undefined);
}

/** The early answer for `key`, once (the next caller asks the ordinary way). */
export function takeEarly(key: EarlyKey): Promise<Response> | undefined {
  const p = early[key];
  delete early[key];
  return p;
}
