import { errorResponseSchema, publicRequestCreatedSchema, publicRequestSchema } from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCtxOf } from '../../lib/ctx';
import * as service from './request-service';

/**
 * `POST /api/public/requests`: a request from the site, no staff login (server/docs/shop.md, «Requests»).
 * The address is `request.ip` (behind a proxy only with TRUST_PROXY).
 */
export const publicRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/requests',
    {
      config: { auth: false },
      schema: {
        tags: ['public'],
        summary: 'Заявка с сайта: обратный звонок, ремонт или заказ товаров → номер «З-000123». Не больше 5 заявок с адреса за 10 минут',
        body: publicRequestSchema,
        response: { 201: publicRequestCreatedSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createPublicRequest(publicCtxOf(request), request.body, request.ip)),
  );
};
