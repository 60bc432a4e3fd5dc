import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceListQuerySchema,
  balancePageSchema,
  createStockDocumentRequestSchema,
  createWarehouseRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  movementListQuerySchema,
  movementPageSchema,
  okSchema,
  productStockSummarySchema,
  productSummariesQuerySchema,
  productSummaryListSchema,
  receiveTransferRequestSchema,
  serialListQuerySchema,
  serialPageSchema,
  stockDocumentListQuerySchema,
  stockDocumentPageSchema,
  stockDocumentPaths,
  stockDocumentSchema,
  stockDocumentTypeLabels,
  stockDocumentTypes,
  updateStockDocumentRequestSchema,
  updateWarehouseRequestSchema,
  warehouseListQuerySchema,
  warehouseListSchema,
  warehouseSchema,
} from '@repo/contracts';
import { z } from 'zod';
import { ctxOf as ctx } from '../../lib/ctx';
import * as queries from './queries';
import * as service from './service';

const tags = ['stock'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/stock: warehouses, the five document types (one set of routes each, `/receipts`, `/write-offs`,
 * `/transfers`, `/stocktakes`, `/supplier-returns`), balances, the ledger and serials. Documents need the
 * `Shop` location; rules are on `stock_document`. Thin routes; the rules live in service.ts and engine.ts.
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/warehouses',
    {
      config: { rule: 'view:stock_document' },
      schema: {
        tags,
        summary: 'Склады магазинов сотрудника (или одного магазина); ?scope=company — все склады компании для перемещения',
        querystring: warehouseListQuerySchema.extend({ scope: z.enum(['company'], { error: 'Ожидается company' }).optional() }),
        response: { 200: warehouseListSchema, ...errors },
      },
    },
    async (request) => (request.query.scope === 'company' ? service.listAllWarehouses(ctx(request)) : service.listWarehouses(ctx(request), request.query.locationId)),
  );

  app.post(
    '/warehouses',
    {
      config: { rule: 'manage_settings' },
      schema: { tags, summary: 'Создать склад в магазине', body: createWarehouseRequestSchema, response: { 201: warehouseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createWarehouse(ctx(request), request.body)),
  );

  app.patch(
    '/warehouses/:id',
    {
      config: { rule: 'manage_settings' },
      schema: { tags, summary: 'Переименовать склад или сделать его основным', params: idParamsSchema, body: updateWarehouseRequestSchema, response: { 200: warehouseSchema, ...errors } },
    },
    async (request) => service.updateWarehouse(ctx(request), request.params.id, request.body),
  );

  for (const type of stockDocumentTypes) {
    const base = `/${stockDocumentPaths[type]}`;
    const label = stockDocumentTypeLabels[type];

    app.get(
      base,
      {
        config: { rule: 'view:stock_document', location: true },
        schema: { tags, summary: `${label}: список документов магазина`, querystring: stockDocumentListQuerySchema, response: { 200: stockDocumentPageSchema, ...errors } },
      },
      async (request) => service.listDocuments(ctx(request), type, request.query),
    );
    app.post(
      base,
      {
        config: { rule: 'create:stock_document', location: true },
        schema: { tags, summary: `${label}: создать черновик`, body: createStockDocumentRequestSchema, response: { 201: stockDocumentSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await service.createDocument(ctx(request), type, request.body)),
    );
    app.get(
      `${base}/:id`,
      {
        config: { rule: 'view:stock_document', location: true },
        schema: { tags, summary: `${label}: документ со строками`, params: idParamsSchema, response: { 200: stockDocumentSchema, ...errors } },
      },
      async (request) => service.getDocument(ctx(request), type, request.params.id),
    );
    app.patch(
      `${base}/:id`,
      {
        config: { rule: 'edit:stock_document', location: true },
        schema: { tags, summary: `${label}: изменить черновик`, params: idParamsSchema, body: updateStockDocumentRequestSchema, response: { 200: stockDocumentSchema, ...errors } },
      },
      async (request) => service.updateDocument(ctx(request), type, request.params.id, request.body),
    );
    app.delete(
      `${base}/:id`,
      {
        config: { rule: 'delete:stock_document', location: true },
        schema: { tags, summary: `${label}: удалить черновик`, params: idParamsSchema, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.deleteDocument(ctx(request), type, request.params.id);
        return { ok: true as const };
      },
    );
    if (type === 'transfer') {
      app.post(
        `${base}/:id/send`,
        {
          config: { rule: 'post:stock_document', location: true },
          schema: { tags, summary: 'Перемещение: отправить (товар уходит со склада в путь)', params: idParamsSchema, response: { 200: stockDocumentSchema, ...errors } },
        },
        async (request) => service.sendTransfer(ctx(request), request.params.id),
      );
      app.post(
        `${base}/:id/receive`,
        {
          config: { rule: 'post:stock_document', location: true },
          schema: {
            tags,
            summary: 'Перемещение: принять в магазине назначения (недостача списывается как потеря в пути)',
            params: idParamsSchema,
            body: receiveTransferRequestSchema,
            response: { 200: stockDocumentSchema, ...errors },
          },
        },
        async (request) => service.receiveTransfer(ctx(request), request.params.id, request.body ?? {}),
      );
    } else {
      app.post(
        `${base}/:id/post`,
        {
          config: { rule: 'post:stock_document', location: true },
          schema: { tags, summary: `${label}: провести`, params: idParamsSchema, response: { 200: stockDocumentSchema, ...errors } },
        },
        async (request) => service.postDocument(ctx(request), type, request.params.id),
      );
    }
    app.post(
      `${base}/:id/cancel`,
      {
        config: { rule: 'cancel:stock_document', location: true },
        schema: { tags, summary: `${label}: отменить (обратные движения; запрещено, если от документа зависят более поздние)`, params: idParamsSchema, response: { 200: stockDocumentSchema, ...errors } },
      },
      async (request) => service.cancelDocument(ctx(request), type, request.params.id),
    );
    app.post(
      `${base}/:id/copy`,
      {
        config: { rule: 'create:stock_document', location: true },
        schema: { tags, summary: `${label}: скопировать в новый черновик`, params: idParamsSchema, response: { 201: stockDocumentSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await service.copyDocument(ctx(request), type, request.params.id)),
    );
  }

  app.get(
    '/balances',
    {
      config: { rule: 'view:stock_document', location: true },
      schema: { tags, summary: 'Остатки по складам магазина (или всех магазинов сотрудника)', querystring: balanceListQuerySchema, response: { 200: balancePageSchema, ...errors } },
    },
    async (request) => queries.listBalances(ctx(request), request.query),
  );

  app.get(
    '/products/summaries',
    {
      config: { rule: 'view:stock_document' },
      schema: { tags, summary: 'Остаток по компании и средняя себестоимость нескольких товаров (до 200)', querystring: productSummariesQuerySchema, response: { 200: productSummaryListSchema, ...errors } },
    },
    async (request) => queries.productSummaries(ctx(request), request.query.ids),
  );

  app.get(
    '/products/:id/summary',
    {
      config: { rule: 'view:stock_document' },
      schema: { tags, summary: 'Остаток товара по компании: количество, в пути, стоимость, по складам', params: idParamsSchema, response: { 200: productStockSummarySchema, ...errors } },
    },
    async (request) => queries.productSummary(ctx(request), request.params.id),
  );

  app.get(
    '/movements',
    {
      config: { rule: 'view:stock_document' },
      schema: { tags, summary: 'Движения товара (новые сверху) со ссылками на документы', querystring: movementListQuerySchema, response: { 200: movementPageSchema, ...errors } },
    },
    async (request) => queries.listMovements(ctx(request), request.query),
  );

  app.get(
    '/serials',
    {
      config: { rule: 'view:stock_document' },
      schema: { tags, summary: 'Серийные номера: где каждый сейчас', querystring: serialListQuerySchema, response: { 200: serialPageSchema, ...errors } },
    },
    async (request) => queries.listSerials(ctx(request), request.query),
  );
};
