import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPurchaseOrderRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  okSchema,
  orderSuggestionsRequestSchema,
  orderSuggestionsResponseSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderPageSchema,
  purchaseOrderSchema,
  receivePurchaseOrderRequestSchema,
  receivePurchaseOrderResponseSchema,
  suggestionListSchema,
  suggestionQuerySchema,
  supplierPriceListSchema,
  supplierPriceQuerySchema,
  updatePurchaseOrderRequestSchema,
} from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import * as queries from './queries';
import * as service from './service';

const tags = ['procurement'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/procurement: purchase orders of the current location (`Shop`), receiving against them, reorder
 * suggestions and the last purchase prices. Rules on `purchase_order` (scopes narrowed in the service);
 * thin routes, the rules live in service.ts (server/docs/procurement.md).
 */
export const procurementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      config: { rule: 'view:purchase_order', location: true },
      schema: { tags, summary: 'Заказы поставщикам магазина (новые сверху) с фильтрами', querystring: purchaseOrderListQuerySchema, response: { 200: purchaseOrderPageSchema, ...errors } },
    },
    async (request) => service.listOrders(ctx(request), request.query),
  );
  app.post(
    '/orders',
    {
      config: { rule: 'create:purchase_order', location: true },
      schema: { tags, summary: 'Новый заказ поставщику (черновик)', body: createPurchaseOrderRequestSchema, response: { 201: purchaseOrderSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createOrder(ctx(request), request.body)),
  );
  app.get(
    '/orders/:id',
    {
      config: { rule: 'view:purchase_order', location: true },
      schema: { tags, summary: 'Заказ поставщику: строки (получено, ожидается) и приходы по нему', params: idParamsSchema, response: { 200: purchaseOrderSchema, ...errors } },
    },
    async (request) => service.getOrder(ctx(request), request.params.id),
  );
  app.patch(
    '/orders/:id',
    {
      config: { rule: 'edit:purchase_order', location: true },
      schema: { tags, summary: 'Изменить черновик заказа (строки заменяются целиком)', params: idParamsSchema, body: updatePurchaseOrderRequestSchema, response: { 200: purchaseOrderSchema, ...errors } },
    },
    async (request) => service.updateOrder(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/orders/:id',
    {
      config: { rule: 'edit:purchase_order', location: true },
      schema: { tags, summary: 'Удалить черновик заказа', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await service.deleteOrder(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/orders/:id/order',
    {
      config: { rule: 'post:purchase_order', location: true },
      schema: { tags, summary: 'Заказать: черновик с поставщиком и строками становится заказом', params: idParamsSchema, response: { 200: purchaseOrderSchema, ...errors } },
    },
    async (request) => service.placeOrder(ctx(request), request.params.id),
  );
  app.post(
    '/orders/:id/receive',
    {
      config: { rule: 'post:purchase_order', location: true },
      schema: {
        tags,
        summary: 'Принять часть заказа: проводится приход на склад заказа (нужно и право проводить складские документы); больше ожидаемого — 409 over_receipt без allowOver',
        params: idParamsSchema,
        body: receivePurchaseOrderRequestSchema,
        response: { 200: receivePurchaseOrderResponseSchema, ...errors },
      },
    },
    async (request) => service.receiveOrder(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/orders/:id/cancel',
    {
      config: { rule: 'cancel:purchase_order', location: true },
      schema: { tags, summary: 'Отменить заказ (ничего не получено) или закрыть частично полученный', params: idParamsSchema, response: { 200: purchaseOrderSchema, ...errors } },
    },
    async (request) => service.cancelOrder(ctx(request), request.params.id),
  );
  app.get(
    '/suggestions',
    {
      config: { rule: 'view:purchase_order', location: true },
      schema: { tags, summary: 'Рекомендации к заказу: товары склада ниже минимума с учётом ожидаемого по открытым заказам', querystring: suggestionQuerySchema, response: { 200: suggestionListSchema, ...errors } },
    },
    async (request) => queries.suggestions(ctx(request), request.query.warehouseId),
  );
  app.post(
    '/suggestions/order',
    {
      config: { rule: 'create:purchase_order', location: true },
      schema: { tags, summary: 'Черновики заказов из выбранных рекомендаций: по одному на поставщика', body: orderSuggestionsRequestSchema, response: { 201: orderSuggestionsResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.orderSuggestions(ctx(request), request.body)),
  );
  app.get(
    '/prices',
    {
      config: { rule: 'view:product' },
      schema: { tags, summary: 'Последние закупочные цены товара (по поставщикам) или поставщика (по товарам), новые сверху', querystring: supplierPriceQuerySchema, response: { 200: supplierPriceListSchema, ...errors } },
    },
    async (request) => queries.prices(ctx(request), request.query),
  );
};
