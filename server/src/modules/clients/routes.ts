import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientListQuerySchema, clientPageSchema, clientSchema, createClientRequestSchema, errorResponseSchema, idParamsSchema, updateClientRequestSchema } from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['clients'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** /api/clients: counterparties (clients and suppliers), company-wide. Thin routes; rules in service.ts. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { rule: 'view:client' },
      schema: { tags, summary: 'Клиенты и поставщики: поиск по имени, e-mail, любой части телефона; ?isSupplier=true — поставщики', querystring: clientListQuerySchema, response: { 200: clientPageSchema, ...errors } },
    },
    async (request) => service.listClients(ctx(request), request.query),
  );
  app.post(
    '/',
    {
      config: { rule: 'create:client' },
      schema: { tags, summary: 'Создать клиента или поставщика', body: createClientRequestSchema, response: { 201: clientSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createClient(ctx(request), request.body)),
  );
  app.get(
    '/:id',
    { config: { rule: 'view:client' }, schema: { tags, summary: 'Клиент или поставщик', params: idParamsSchema, response: { 200: clientSchema, ...errors } } },
    async (request) => service.getClient(ctx(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { rule: 'edit:client' },
      schema: { tags, summary: 'Изменить клиента или поставщика', params: idParamsSchema, body: updateClientRequestSchema, response: { 200: clientSchema, ...errors } },
    },
    async (request) => service.updateClient(ctx(request), request.params.id, request.body),
  );
};
