import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSaleRequestSchema,
  confirmSaleCreditRequestSchema,
  createSaleRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  postSaleRequestSchema,
  saleListQuerySchema,
  salePageSchema,
  saleReturnRequestSchema,
  saleSchema,
  saleLookupItemSchema,
  saleLookupQuerySchema,
  warehouseListSchema,
  returnableSalesQuerySchema,
} from '@repo/contracts';
import { z } from 'zod';
import { ctxOf as ctx } from '../../lib/ctx';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { confirmCredit } from './credit';
import { lookup, shopWarehouses } from './lookup';
import * as service from './service';

const tags = ['sales'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const idem = ' Заголовок `Idempotency-Key`: повтор с тем же ключом не проводит продажу и деньги второй раз.';

/**
 * /api/sales: sales at the counter, their posting, same-day cancellation and customer returns. Rules on
 * `sale` (scopes narrowed in the service); thin routes, the rules live in service.ts (server/docs/sales.md).
 */
export const saleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { rule: 'view:sale' }, schema: { tags, summary: 'Продажи магазина с фильтрами и итогами', querystring: saleListQuerySchema, response: { 200: salePageSchema, ...errors } } },
    async (request) => service.listSales(ctx(request), request.query),
  );
  app.post(
    '/',
    { config: { rule: 'create:sale' }, schema: { tags, summary: `Новая продажа (черновик или сразу проведённая, post: true).${idem}`, body: createSaleRequestSchema, response: { 201: saleSchema, ...errors } } },
    async (request, reply) => {
      const answer = await service.createSale(ctx(request), request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.get(
    '/lookup',
    {
      config: { rule: 'create:sale' },
      schema: { tags, summary: 'Поиск товара на кассе: штрихкод, серийный номер, артикул, название (и в русской раскладке)', querystring: saleLookupQuerySchema, response: { 200: z.array(saleLookupItemSchema), ...errors } },
    },
    async (request) => lookup(ctx(request), request.query),
  );
  app.get(
    '/warehouses',
    { config: { rule: 'create:sale' }, schema: { tags, summary: 'Склады текущего магазина: откуда продаётся и куда возвращается товар', response: { 200: warehouseListSchema, ...errors } } },
    async (request) => shopWarehouses(ctx(request)),
  );
  app.get(
    '/returnable',
    {
      config: { rule: 'create:sale' },
      schema: { tags, summary: 'Проведённые продажи всей компании по номеру — для возврата в любом магазине', querystring: returnableSalesQuerySchema, response: { 200: z.array(saleSchema), ...errors } },
    },
    async (request) => service.returnableSales(ctx(request), request.query.search),
  );
  app.get(
    '/:id',
    { config: { rule: 'view:sale' }, schema: { tags, summary: 'Продажа: строки, оплаты, возвраты', params: idParamsSchema, response: { 200: saleSchema, ...errors } } },
    async (request) => service.getSale(ctx(request), request.params.id),
  );
  app.post(
    '/:id/post',
    { config: { rule: 'post:sale' }, schema: { tags, summary: `Провести черновик продажи.${idem}`, params: idParamsSchema, body: postSaleRequestSchema, response: { 200: saleSchema, ...errors } } },
    async (request, reply) => {
      const answer = await service.postSale(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/:id/cancel',
    {
      config: { rule: 'cancel:sale' },
      schema: { tags, summary: `Отменить продажу (черновик — всегда, проведённую — в тот же день и без возвратов).${idem}`, params: idParamsSchema, body: cancelSaleRequestSchema, response: { 200: saleSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.cancelSale(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/:id/credit/confirm',
    {
      config: { rule: 'post:sale' },
      schema: {
        tags,
        summary: `Подтвердить поступление доли кредитного партнёра на расчётный счёт компании.${idem}`,
        params: idParamsSchema,
        body: confirmSaleCreditRequestSchema,
        response: { 200: saleSchema, ...errors },
      },
    },
    async (request) => {
      await confirmCredit(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return service.getSale(ctx(request), request.params.id);
    },
  );
  app.post(
    '/:id/returns',
    {
      config: { rule: 'create:sale' },
      schema: { tags, summary: `Возврат покупателя по продаже (в любом магазине компании).${idem}`, params: idParamsSchema, body: saleReturnRequestSchema, response: { 201: saleSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.createReturn(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};
