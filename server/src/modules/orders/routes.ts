import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addOrderPartRequestSchema,
  addOrderWorkRequestSchema,
  changeOrderStatusRequestSchema,
  createOrderRequestSchema,
  createOrderStatusRequestSchema,
  deviceDictionaryQuerySchema,
  deviceDictionarySchema,
  deviceHistoryQuerySchema,
  deviceHistorySchema,
  errorResponseSchema,
  idParamsSchema,
  idSchema,
  issueOrderRequestSchema,
  okSchema,
  orderBoardQuerySchema,
  orderBoardSchema,
  orderCommentRequestSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  orderStaffSchema,
  orderStatusListSchema,
  orderStatusSchema,
  orderTimelineSchema,
  partLookupListSchema,
  partLookupQuerySchema,
  paymentRequestSchema,
  updateOrderRequestSchema,
  updateOrderStatusRequestSchema,
  warrantyRequestSchema,
} from '@repo/contracts';
import { z } from 'zod';
import { ctxOf as ctx } from '../../lib/ctx';
import { idempotencyKeyOf } from '../../lib/idempotency';
import * as queries from './queries';
import * as repo from './repository';
import * as service from './service';
import * as statuses from './statuses';

const tags = ['orders'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const lineParams = z.object({ id: idSchema, lineId: idSchema });
const idem = ' Заголовок `Idempotency-Key`: повтор с тем же ключом не проводит деньги второй раз.';
const reopenSchema = z.object({ statusId: idSchema.nullish(), comment: z.string().trim().max(2000, 'Не больше 2000 символов').nullish() });

/**
 * /api/orders: repair orders, their statuses (settings), lines, money, issue, warranty and timeline.
 * Rules on `repair_order` (scopes narrowed in the service); statuses under `manage_settings`. Thin
 * routes; the rules live in service.ts (server/docs/orders.md).
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Statuses (settings) first: `/statuses` must not be taken for an order id.
  app.get(
    '/statuses',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'Статусы заказов (группа, цвет, срок, разрешённые переходы)', response: { 200: orderStatusListSchema, ...errors } } },
    async (request) => statuses.listStatuses(ctx(request)),
  );
  app.post(
    '/statuses',
    { config: { rule: 'manage_settings' }, schema: { tags, summary: 'Создать статус заказа', body: createOrderStatusRequestSchema, response: { 201: orderStatusSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await statuses.createStatus(ctx(request), request.body)),
  );
  app.patch(
    '/statuses/:id',
    { config: { rule: 'manage_settings' }, schema: { tags, summary: 'Изменить статус заказа', params: idParamsSchema, body: updateOrderStatusRequestSchema, response: { 200: orderStatusSchema, ...errors } } },
    async (request) => statuses.updateStatus(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/statuses/:id',
    { config: { rule: 'manage_settings' }, schema: { tags, summary: 'Удалить неиспользуемый статус', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await statuses.deleteStatus(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/devices',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'Справочник устройств: типы, бренды, модели', querystring: deviceDictionaryQuerySchema, response: { 200: deviceDictionarySchema, ...errors } } },
    async (request) => repo.deviceDictionary(ctx(request).db, request.query),
  );
  app.get(
    '/staff',
    { config: { rule: 'view:repair_order', location: true }, schema: { tags, summary: 'Сотрудники магазина (для выбора мастера и менеджера)', response: { 200: orderStaffSchema, ...errors } } },
    async (request) => queries.staff(ctx(request)),
  );
  app.get(
    '/parts',
    {
      config: { rule: 'view:repair_order', location: true },
      schema: { tags, summary: 'Товары со свободным остатком на складах магазина (для запчастей заказа)', querystring: partLookupQuerySchema, response: { 200: partLookupListSchema, ...errors } },
    },
    async (request) => queries.partLookup(ctx(request), request.query.search),
  );
  app.get(
    '/board',
    { config: { rule: 'view:repair_order', location: true }, schema: { tags, summary: 'Доска заказов по группам статусов', querystring: orderBoardQuerySchema, response: { 200: orderBoardSchema, ...errors } } },
    async (request) => queries.board(ctx(request), request.query),
  );

  app.get(
    '/',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'Заказы с фильтрами (статус, группа, инженер, просроченные, даты, поиск)', querystring: orderListQuerySchema, response: { 200: orderPageSchema, ...errors } } },
    async (request) => queries.listOrders(ctx(request), request.query),
  );
  app.post(
    '/',
    {
      config: { rule: 'create:repair_order', location: true },
      schema: { tags, summary: `Принять устройство в ремонт (клиент, устройство, неисправность, предоплата).${idem}`, body: createOrderRequestSchema, response: { 201: orderSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.createOrder(ctx(request), request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.get(
    '/:id',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'Заказ с работами, запчастями и оплатами', params: idParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => service.getOrder(ctx(request), request.params.id),
  );
  app.patch(
    '/:id',
    { config: { rule: 'edit:repair_order' }, schema: { tags, summary: 'Изменить заказ', params: idParamsSchema, body: updateOrderRequestSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => service.updateOrder(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/:id/status',
    {
      config: { rule: 'edit:repair_order' },
      schema: { tags, summary: 'Сменить статус (409, если переход не разрешён)', params: idParamsSchema, body: changeOrderStatusRequestSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => service.changeStatus(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/:id/works',
    { config: { rule: 'edit:repair_order' }, schema: { tags, summary: 'Добавить работу', params: idParamsSchema, body: addOrderWorkRequestSchema, response: { 201: orderSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.addWork(ctx(request), request.params.id, request.body)),
  );
  app.delete(
    '/:id/works/:lineId',
    { config: { rule: 'edit:repair_order' }, schema: { tags, summary: 'Убрать работу', params: lineParams, response: { 200: orderSchema, ...errors } } },
    async (request) => service.removeWork(ctx(request), request.params.id, request.params.lineId),
  );
  app.post(
    '/:id/parts',
    {
      config: { rule: 'edit:repair_order' },
      schema: { tags, summary: 'Добавить запчасть со склада (резервирует её)', params: idParamsSchema, body: addOrderPartRequestSchema, response: { 201: orderSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.addPart(ctx(request), request.params.id, request.body)),
  );
  app.delete(
    '/:id/parts/:lineId',
    { config: { rule: 'edit:repair_order' }, schema: { tags, summary: 'Убрать запчасть (снимает резерв)', params: lineParams, response: { 200: orderSchema, ...errors } } },
    async (request) => service.removePart(ctx(request), request.params.id, request.params.lineId),
  );
  app.post(
    '/:id/payments',
    {
      config: { rule: 'view:repair_order' },
      schema: { tags, summary: `Принять оплату (или вернуть: сумма со знаком минус) в кассу.${idem}`, params: idParamsSchema, body: paymentRequestSchema, response: { 200: orderSchema, 201: orderSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.addPayment(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/:id/issue',
    {
      config: { rule: 'post:repair_order' },
      schema: { tags, summary: `Выдать заказ: оплата, списание запчастей, закрытие.${idem}`, params: idParamsSchema, body: issueOrderRequestSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.issueOrder(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/:id/reopen',
    { config: { rule: 'cancel:repair_order' }, schema: { tags, summary: 'Отменить выдачу: вернуть запчасти на склад и заказ в работу', params: idParamsSchema, body: reopenSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => service.reopenOrder(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/:id/warranty',
    {
      config: { rule: 'create:repair_order', location: true },
      schema: { tags, summary: 'Гарантийный заказ по выданному', params: idParamsSchema, body: warrantyRequestSchema, response: { 201: orderSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.warrantyClaim(ctx(request), request.params.id, request.body)),
  );
  app.post(
    '/:id/comments',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'Комментарий (внутренний или для клиента)', params: idParamsSchema, body: orderCommentRequestSchema, response: { 201: orderSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.addComment(ctx(request), request.params.id, request.body)),
  );
  app.get(
    '/:id/timeline',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'Хронология заказа', params: idParamsSchema, response: { 200: orderTimelineSchema, ...errors } } },
    async (request) => {
      await service.orderFor(ctx(request), ctx(request).db, request.params.id, 'view');
      return queries.timeline(ctx(request), request.params.id);
    },
  );
};

/** /api/devices: everything that happened to an IMEI or serial. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history',
    { config: { rule: 'view:repair_order' }, schema: { tags, summary: 'История устройства по IMEI или серийному номеру', querystring: deviceHistoryQuerySchema, response: { 200: deviceHistorySchema, ...errors } } },
    async (request) => queries.deviceHistory(ctx(request), request.query.q),
  );
};
