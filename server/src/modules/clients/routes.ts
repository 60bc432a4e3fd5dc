import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientDuplicateListSchema,
  clientDuplicatesQuerySchema,
  clientFacetsSchema,
  clientHistoryPageSchema,
  clientHistoryQuerySchema,
  clientListQuerySchema,
  clientPageSchema,
  clientSchema,
  createClientRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  mergeClientRequestSchema,
  okSchema,
  updateClientRequestSchema,
} from '@repo/contracts';
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
    '/duplicates',
    {
      config: { rule: 'view:client' },
      schema: { tags, summary: 'Клиенты, у которых уже есть этот телефон (в любом формате)', querystring: clientDuplicatesQuerySchema, response: { 200: clientDuplicateListSchema, ...errors } },
    },
    async (request) => service.findDuplicates(ctx(request), request.query.phone),
  );
  app.get(
    '/facets',
    { config: { rule: 'view:client' }, schema: { tags, summary: 'Метки и источники клиентов (для фильтров)', response: { 200: clientFacetsSchema, ...errors } } },
    async (request) => service.facets(ctx(request)),
  );
  app.get(
    '/:id/history',
    {
      config: { rule: 'view:client' },
      schema: { tags, summary: 'История клиента: всё, что меняло его баланс (оплаты; заказы и продажи — по мере появления)', params: idParamsSchema, querystring: clientHistoryQuerySchema, response: { 200: clientHistoryPageSchema, ...errors } },
    },
    async (request) => service.clientHistory(ctx(request), request.params.id, request.query),
  );
  app.post(
    '/:id/merge',
    {
      config: { rule: 'delete:client' },
      schema: { tags, summary: 'Объединить дубликат с другим клиентом: всё переносится на intoId, дубликат уходит в архив (нужны права edit:client и delete:client)', params: idParamsSchema, body: mergeClientRequestSchema, response: { 200: clientSchema, ...errors } },
    },
    async (request) => service.mergeClient(ctx(request), request.params.id, request.body.intoId),
  );
  app.delete(
    '/:id',
    { config: { rule: 'delete:client' }, schema: { tags, summary: 'Убрать клиента в архив (история остаётся)', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.archiveClient(ctx(request), request.params.id);
      return { ok: true as const };
    },
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
