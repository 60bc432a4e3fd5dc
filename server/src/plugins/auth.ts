import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { peopleMessages } from '@repo/contracts';
import { AppError, unauthenticated } from '../lib/errors';
import { resolveToken } from '../modules/auth/sessions';
import type { AuthContext } from '../types';

/**
 * The caller behind a token, or null. Slides the session's expiry (at most once a minute).
 * Exported for the WebSocket handshake, which may authenticate inside its own handler.
 */
export function authenticateToken(app: FastifyInstance, token: string | null | undefined): Promise<AuthContext | null> {
  return resolveToken(app.db, token, { sessionTtlMs: app.config.sessionTtlMs });
}

/**
 * Where the token comes from: `Authorization: Bearer`; else the `token` cookie, on `/ws` and on routes
 * that declare `cookieAuth` (the WebSocket handshake and `<img src>` cannot set headers). Never from the
 * query string: URLs end up in logs and proxies' logs (a socket without a cookie signs in with its first
 * message instead, see plugins/realtime.ts).
 */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : null;
  }
  const isSocket = request.routeOptions.url === '/ws';
  const cookie = request.cookies?.token;
  if (cookie && (isSocket || request.routeOptions.config?.cookieAuth === true)) return cookie;
  return null;
}

/** Every /api route and `/ws` need a signed-in employee unless the route says `config: { auth: false }`. */
function needsAuth(request: FastifyRequest): boolean {
  if (request.is404) return false; // unknown routes answer 404, not 403
  if (request.routeOptions.config?.auth === false) return false;
  const url = request.routeOptions.url ?? '';
  return url.startsWith('/api/') || url === '/ws';
}

/**
 * What an employee signed in with a temporary password may still call (issue #22): their profile and
 * the host's start-up (bootstrap, check-token, the location list and the current location), the
 * password change, signing out, and the socket. Everything else answers 403 `password_change_required`
 * until `POST /auth/password` clears the flag. Keep this list small (server/docs/people.md).
 */
export const passwordChangeAllowed = new Set([
  'GET /api/auth/me',
  'GET /api/auth/bootstrap',
  'GET /api/auth/check-token',
  'POST /api/auth/password',
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'GET /api/location',
  'GET /api/location/current/:id',
  'GET /ws',
]);

export default fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('locationId', null);
    // onRequest, before the body is parsed: an anonymous client gets 403 unauthenticated, never a 400 about its body.
    app.addHook('onRequest', async (request) => {
      if (!needsAuth(request)) return;
      const auth = await authenticateToken(app, tokenFromRequest(request));
      if (!auth) throw unauthenticated();
      request.auth = auth;
      if (auth.mustChangePassword && !passwordChangeAllowed.has(`${request.method} ${request.routeOptions.url}`)) {
        throw new AppError(403, 'password_change_required', peopleMessages.passwordChangeRequired);
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
