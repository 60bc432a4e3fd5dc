import {
  convertShopRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  shopRequestCountsSchema,
  shopRequestPageSchema,
  shopRequestQuerySchema,
  shopRequestSchema,
  shopRequestToOrderSchema,
  shopRequestToSaleSchema,
  updateShopRequestSchema,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './request-service';

const tags = ['shop'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/shop/requests: the requests from the site (server/docs/shop.md, «Requests»). Rules on
 * `shop_content` (view, edit); which requests by the scope: «location» = the current location's and
 * those without one, «all» = every location of the employee's and those without one.
 */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/requests',
    {
      config: { rule: 'view:shop_content' },
      schema: { tags, summary: 'Заявки с сайта, новые сверху: фильтры status и kind (через запятую), search, locationId', querystring: shopRequestQuerySchema, response: { 200: shopRequestPageSchema, ...errors } },
    },
    async (request) => service.listRequests(ctx(request), request.query),
  );
  app.get(
    '/requests/counts',
    { config: { rule: 'view:shop_content' }, schema: { tags, summary: 'Сколько новых заявок видит сотрудник — для значка в меню', response: { 200: shopRequestCountsSchema, ...errors } } },
    async (request) => service.counts(ctx(request)),
  );
  app.get(
    '/requests/:id',
    { config: { rule: 'view:shop_content' }, schema: { tags, summary: 'Заявка с сайта', params: idParamsSchema, response: { 200: shopRequestSchema, ...errors } } },
    async (request) => service.getRequest(ctx(request), request.params.id),
  );
  app.patch(
    '/requests/:id',
    {
      config: { rule: 'edit:shop_content' },
      schema: { tags, summary: 'Изменить заявку: статус (отказ — с причиной), комментарий, магазин', params: idParamsSchema, body: updateShopRequestSchema, response: { 200: shopRequestSchema, ...errors } },
    },
    async (request) => service.updateRequest(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/requests/:id/to-order',
    {
      config: { rule: 'edit:shop_content' },
      schema: {
        tags,
        summary: 'Оформить заказ на ремонт из заявки (ремонт, обратный звонок): клиент по телефону или новый, устройство из модели',
        params: idParamsSchema,
        body: convertShopRequestSchema,
        response: { 201: shopRequestToOrderSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.toOrder(ctx(request), request.params.id, request.body ?? {})),
  );
  app.post(
    '/requests/:id/to-sale',
    {
      config: { rule: 'edit:shop_content' },
      schema: {
        tags,
        summary: 'Оформить черновик продажи из заявки (заказ товаров, обратный звонок) с её товарами',
        params: idParamsSchema,
        body: convertShopRequestSchema,
        response: { 201: shopRequestToSaleSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.toSale(ctx(request), request.params.id, request.body ?? {})),
  );
};
