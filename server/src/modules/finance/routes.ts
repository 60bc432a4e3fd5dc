import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashboxListQuerySchema,
  cashboxListSchema,
  cashboxSchema,
  cashLedgerPageSchema,
  cashLedgerQuerySchema,
  cashOperationDraftSchema,
  cashOperationListQuerySchema,
  cashOperationPageSchema,
  cashOperationSchema,
  cashShiftListQuerySchema,
  cashShiftPageSchema,
  cashShiftSchema,
  closeCashShiftRequestSchema,
  createCashboxRequestSchema,
  createCashOperationRequestSchema,
  createFinanceCategoryRequestSchema,
  errorResponseSchema,
  financeCategoryListQuerySchema,
  financeCategoryListSchema,
  financeCategorySchema,
  idParamsSchema,
  openCashShiftRequestSchema,
  updateCashboxRequestSchema,
  updateFinanceCategoryRequestSchema,
} from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import { idempotencyKeyOf } from '../../lib/idempotency';
import * as queries from './queries';
import * as service from './service';
import * as settings from './settings';

const tags = ['finance'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const idem = ' Заголовок `Idempotency-Key`: повтор с тем же ключом не двигает деньги второй раз и отвечает первым результатом.';

/**
 * /api/finance: cashboxes, categories, operations, the ledger and cash shifts. Rules on `finance`
 * (scopes narrowed in the service); money-moving calls need the `Shop` location and take an
 * `Idempotency-Key`. Thin routes; the rules live in service.ts and engine.ts (server/docs/finance.md).
 */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cashboxes',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Кассы магазина (или ?locationId=all — всех магазинов сотрудника) с остатками', querystring: cashboxListQuerySchema, response: { 200: cashboxListSchema, ...errors } },
    },
    async (request) => service.listCashboxes(ctx(request), request.query.locationId),
  );
  app.post(
    '/cashboxes',
    {
      config: { rule: 'manage_settings' },
      schema: { tags, summary: 'Создать кассу (наличные, расчётный счёт, эквайринг)', body: createCashboxRequestSchema, response: { 201: cashboxSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await settings.createCashbox(ctx(request), request.body)),
  );
  app.patch(
    '/cashboxes/:id',
    {
      config: { rule: 'manage_settings' },
      schema: { tags, summary: 'Переименовать кассу, сменить тип или сделать основной', params: idParamsSchema, body: updateCashboxRequestSchema, response: { 200: cashboxSchema, ...errors } },
    },
    async (request) => settings.updateCashbox(ctx(request), request.params.id, request.body),
  );

  app.get(
    '/categories',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Статьи доходов и расходов (дерево списком)', querystring: financeCategoryListQuerySchema, response: { 200: financeCategoryListSchema, ...errors } },
    },
    async (request) => settings.listCategories(ctx(request), request.query),
  );
  app.post(
    '/categories',
    {
      config: { rule: 'edit:finance' },
      schema: { tags, summary: 'Создать статью', body: createFinanceCategoryRequestSchema, response: { 201: financeCategorySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await settings.createCategory(ctx(request), request.body)),
  );
  app.patch(
    '/categories/:id',
    {
      config: { rule: 'edit:finance' },
      schema: { tags, summary: 'Переименовать, перенести, убрать в архив или вернуть статью', params: idParamsSchema, body: updateFinanceCategoryRequestSchema, response: { 200: financeCategorySchema, ...errors } },
    },
    async (request) => settings.updateCategory(ctx(request), request.params.id, request.body),
  );

  app.get(
    '/operations',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Операции (новые сверху) с фильтрами', querystring: cashOperationListQuerySchema, response: { 200: cashOperationPageSchema, ...errors } },
    },
    async (request) => queries.listOperations(ctx(request), request.query),
  );
  app.post(
    '/operations',
    {
      config: { rule: 'create:finance', location: true },
      schema: { tags, summary: `Провести приход, расход или перемещение между кассами.${idem}`, body: createCashOperationRequestSchema, response: { 200: cashOperationSchema, 201: cashOperationSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.createOperation(ctx(request), request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.get(
    '/operations/:id',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Операция', params: idParamsSchema, response: { 200: cashOperationSchema, ...errors } },
    },
    async (request) => service.getOperation(ctx(request), request.params.id),
  );
  app.post(
    '/operations/:id/cancel',
    {
      config: { rule: 'cancel:finance', location: true },
      schema: { tags, summary: `Отменить операцию (обратные движения; операция закрытой смены — с правом изменения закрытого периода).${idem}`, params: idParamsSchema, response: { 200: cashOperationSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.cancelOperation(ctx(request), request.params.id, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/operations/:id/copy',
    {
      config: { rule: 'create:finance' },
      schema: { tags, summary: 'Копия операции: поля новой формы (ничего не проводится)', params: idParamsSchema, response: { 200: cashOperationDraftSchema, ...errors } },
    },
    async (request) => service.copyOperation(ctx(request), request.params.id),
  );

  app.get(
    '/ledger',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Движения денег (новые сверху) с остатком кассы после каждой строки и итогами', querystring: cashLedgerQuerySchema, response: { 200: cashLedgerPageSchema, ...errors } },
    },
    async (request) => queries.ledger(ctx(request), request.query),
  );

  app.get(
    '/shifts',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Кассовые смены и открытые смены с текущими цифрами', querystring: cashShiftListQuerySchema, response: { 200: cashShiftPageSchema, ...errors } },
    },
    async (request) => queries.listShifts(ctx(request), request.query),
  );
  app.post(
    '/shifts',
    {
      config: { rule: 'create:finance', location: true },
      schema: { tags, summary: `Открыть смену кассы наличных с суммой в ящике (расхождение с остатком проводится сразу).${idem}`, body: openCashShiftRequestSchema, response: { 200: cashShiftSchema, 201: cashShiftSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.openShift(ctx(request), request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.get(
    '/shifts/:id',
    {
      config: { rule: 'view:finance' },
      schema: { tags, summary: 'Смена', params: idParamsSchema, response: { 200: cashShiftSchema, ...errors } },
    },
    async (request) => service.getShift(ctx(request), request.params.id),
  );
  app.post(
    '/shifts/:id/close',
    {
      config: { rule: 'create:finance', location: true },
      schema: { tags, summary: `Закрыть смену с пересчитанной суммой: ожидаемая, фактическая, расхождение (проводится по системной статье).${idem}`, params: idParamsSchema, body: closeCashShiftRequestSchema, response: { 200: cashShiftSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await service.closeShift(ctx(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};
