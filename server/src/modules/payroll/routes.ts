import {
  accrualListSchema,
  accrualsQuerySchema,
  adjustmentSchema,
  createAdjustmentRequestSchema,
  createPayoutRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  okSchema,
  payoutResponseSchema,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf as ctx } from '../../lib/ctx';
import { idempotencyKeyOf } from '../../lib/idempotency';
import * as service from './service';

const tags = ['payroll'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/payroll: the pay statement of a period, bonuses and penalties, payouts (server/docs/payroll.md).
 * One's own accruals need no rule; the service narrows the others by the scope of `view:payroll`.
 * The Excel file of a statement is built by the screen from this answer (like every export of the
 * product), under `export:payroll`.
 */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accruals',
    {
      // A month of a busy chain is tens of thousands of document lines (bench/payroll.ts): the answer is
      // built by typed code from the ledger and the lines come as JSON text from the database, spliced in
      // (`serializeAccruals`) instead of being parsed, re-validated by the zod serializer and written again
      // (~100 ms and more for 35k lines); the schema still documents it.
      serializerCompiler: () => service.serializeAccruals,
      schema: {
        tags,
        summary: 'Начисления за период по сотрудникам: оклад по дням, проценты (каждый документ), премии, штрафы, выплаты, долг на начало и конец',
        querystring: accrualsQuerySchema,
        response: { 200: accrualListSchema, ...errors },
      },
    },
    async (request) => service.listAccruals(ctx(request), request.query),
  );
  app.post(
    '/adjustments',
    {
      config: { rule: 'create:payroll' },
      schema: { tags, summary: 'Премия или штраф сотруднику (с комментарием)', body: createAdjustmentRequestSchema, response: { 201: adjustmentSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createAdjustment(ctx(request), request.body)),
  );
  app.delete(
    '/adjustments/:id',
    {
      config: { rule: 'delete:payroll' },
      schema: { tags, summary: 'Удалить премию или штраф', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await service.deleteAdjustment(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/payouts',
    {
      config: { rule: 'create:payroll' },
      schema: {
        tags,
        summary: 'Выплата зарплаты: расход из кассы в категории «Зарплата» (нужно и право create:finance). Больше долга — 409 payout_exceeds_due без confirm. Заголовок Idempotency-Key',
        body: createPayoutRequestSchema,
        response: { 201: payoutResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.createPayout(ctx(request), request.body, idempotencyKeyOf(request.headers));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};
