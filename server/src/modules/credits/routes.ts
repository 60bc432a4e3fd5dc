import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calculateCreditRequestSchema,
  createCreditOfferRequestSchema,
  creditCalculationSchema,
  creditOfferListQuerySchema,
  creditOfferListSchema,
  creditOfferSchema,
  errorResponseSchema,
  idParamsSchema,
  updateCreditOfferRequestSchema,
} from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['credits'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** /api/credits: partners' instalment and credit offers (company-wide) and the calculator. Thin routes (server/docs/credits.md). */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers',
    {
      config: { rule: 'view:credit_offer' },
      schema: { tags, summary: 'Кредитные предложения партнёров (archived=true — архив)', querystring: creditOfferListQuerySchema, response: { 200: creditOfferListSchema, ...errors } },
    },
    async (request) => service.listOffers(ctx(request), request.query),
  );
  app.get(
    '/offers/:id',
    {
      config: { rule: 'view:credit_offer' },
      schema: { tags, summary: 'Кредитное предложение (в том числе из архива)', params: idParamsSchema, response: { 200: creditOfferSchema, ...errors } },
    },
    async (request) => service.getOffer(ctx(request), request.params.id),
  );
  app.post(
    '/offers',
    {
      config: { rule: 'create:credit_offer' },
      schema: {
        tags,
        summary: 'Добавить кредитное предложение: партнёр, название, суммы от и до (копейки), сроки со ставкой или комиссией',
        body: createCreditOfferRequestSchema,
        response: { 201: creditOfferSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createOffer(ctx(request), request.body)),
  );
  app.patch(
    '/offers/:id',
    {
      config: { rule: 'edit:credit_offer' },
      schema: {
        tags,
        summary: 'Изменить кредитное предложение; terms заменяет все сроки; archived: true — убрать в архив, false — вернуть',
        params: idParamsSchema,
        body: updateCreditOfferRequestSchema,
        response: { 200: creditOfferSchema, ...errors },
      },
    },
    async (request) => service.updateOffer(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/calculate',
    {
      config: { rule: 'view:credit_offer' },
      schema: {
        tags,
        summary: 'Рассчитать платежи: ежемесячный, последний, всего и переплата (копейки)',
        description:
          'Ставка — аннуитет: платёж P·r/(1−(1+r)^−n), r = ставка/12, округление до копейки вверх от половины; последний платёж закрывает остаток. Комиссия — равные части суммы с комиссией партнёра. 404 — предложение не найдено или в архиве; 400 — сумма вне диапазона предложения (`amount`) или срок не из его условий (`months`).',
        body: calculateCreditRequestSchema,
        response: { 200: creditCalculationSchema, ...errors },
      },
    },
    async (request) => service.calculate(ctx(request), request.body),
  );
};
