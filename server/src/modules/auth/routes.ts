import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authBootstrapResponseSchema,
  changePasswordRequestSchema,
  checkTokenResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  loginRequestSchema,
  loginResponseSchema,
  okSchema,
  profileSchema,
  revokeSessionsResponseSchema,
  sessionListSchema,
  updateProfileRequestSchema,
} from '@repo/contracts';
import { ctxOf, publicCtxOf } from '../../lib/ctx';
import { allowedShop } from '../../plugins/access';
import { authenticateToken, tokenFromRequest } from '../../plugins/auth';
import * as service from './service';

const tags = ['auth'];
const signedIn = { 403: errorResponseSchema };
const clientOf = (request: FastifyRequest): service.ClientInfo => ({
  ip: request.ip ?? 'unknown',
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

/** /api/auth: sign-in, the profile and the employee's own sessions. Rules live in service.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { auth: false },
      schema: {
        tags,
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => service.login(publicCtxOf(request), request.body.phone, request.body.password, clientOf(request)),
  );

  app.get(
    '/check-token',
    { config: { auth: false, cookieAuth: true }, schema: { tags, response: { 200: checkTokenResponseSchema } } },
    async (request) => ({ status: await service.checkToken(publicCtxOf(request), tokenFromRequest(request)) }),
  );

  // The start-up check in one round trip (docs/performance.md, «The start of a signed-in page»): what
  // check-token answers, and for a valid token the profile as GET /me gives it (the same Shop scoping as
  // the access plugin). Public like check-token: an invalid token gets 200 `invalid`, not a 403. The token
  // is read from the Authorization header only (no cookieAuth: the cookie stays off routes that answer data).
  app.get(
    '/bootstrap',
    { config: { auth: false }, schema: { tags, response: { 200: authBootstrapResponseSchema } } },
    async (request) => {
      const auth = await authenticateToken(app, tokenFromRequest(request)).catch(() => null);
      if (!auth) return { status: 'invalid' as const };
      const ctx = { ...publicCtxOf(request), auth, locationId: allowedShop(auth, request.headers.shop) };
      return { status: 'valid' as const, profile: await service.getProfile(ctx) };
    },
  );

  app.get('/me', { schema: { tags, response: { 200: profileSchema, ...signedIn } } }, async (request) =>
    service.getProfile(ctxOf(request)),
  );

  app.patch(
    '/me',
    { schema: { tags, body: updateProfileRequestSchema, response: { 200: profileSchema, 400: errorResponseSchema, ...signedIn } } },
    async (request) => service.updateProfile(ctxOf(request), request.body.name),
  );

  app.post('/logout', { schema: { tags, response: { 200: okSchema, ...signedIn } } }, async (request) => {
    await service.logout(ctxOf(request));
    return { ok: true as const };
  });

  app.post(
    '/password',
    { schema: { tags, body: changePasswordRequestSchema, response: { 200: okSchema, 400: errorResponseSchema, 429: errorResponseSchema, ...signedIn } } },
    async (request) => {
      await service.changePassword(ctxOf(request), request.body.currentPassword, request.body.newPassword);
      return { ok: true as const };
    },
  );

  app.get('/sessions', { schema: { tags, response: { 200: sessionListSchema, ...signedIn } } }, async (request) => ({
    items: await service.listSessions(ctxOf(request)),
  }));

  app.delete(
    '/sessions/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okSchema, 404: errorResponseSchema, ...signedIn } } },
    async (request) => {
      await service.revokeSession(ctxOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post('/logout-all', { schema: { tags, response: { 200: revokeSessionsResponseSchema, ...signedIn } } }, async (request) => ({
    revoked: await service.logoutAll(ctxOf(request)),
  }));
};
