import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, errorResponseSchema } from '@repo/contracts';
import { ctxOf } from '../../lib/ctx';
import { listAudit } from './service';

/** /api/audit: the audit log, for roles with `view:audit` (the scope narrows the rows). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { rule: 'view:audit' },
      schema: {
        tags: ['audit'],
        summary: 'Журнал изменений, новые записи первыми',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => listAudit(ctxOf(request), request.query),
  );
};
