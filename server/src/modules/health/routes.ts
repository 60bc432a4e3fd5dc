import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@repo/contracts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { auth: false }, schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );
};
