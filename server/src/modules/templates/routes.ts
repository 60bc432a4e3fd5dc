import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTemplateRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  okSchema,
  renderedTemplateSchema,
  renderTemplateRequestSchema,
  templateListSchema,
  templateSchema,
  updateTemplateRequestSchema,
} from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['templates'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const listRule = 'Требуется право `view:template` или право печати (`print:template`, `print:repair_order`, `print:sale`, `print:product`): по нему экран заказа выбирает документ.';

/**
 * /api/templates: printed document templates (company-wide). Thin routes; the rules that depend on the
 * request (listing for printing, preview or print) are checked in service.ts (server/docs/templates.md).
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, summary: 'Шаблоны документов', description: listRule, response: { 200: templateListSchema, ...errors } } },
    async (request) => service.listTemplates(ctx(request)),
  );
  app.get(
    '/:id',
    { schema: { tags, summary: 'Шаблон документа', description: listRule, params: idParamsSchema, response: { 200: templateSchema, ...errors } } },
    async (request) => service.getTemplate(ctx(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { rule: 'create:template' },
      schema: { tags, summary: 'Создать шаблон (HTML очищается от скриптов и обработчиков, Liquid проверяется)', body: createTemplateRequestSchema, response: { 201: templateSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createTemplate(ctx(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { rule: 'edit:template' },
      schema: {
        tags,
        summary: 'Изменить шаблон; restoreDefault: true — вернуть встроенному шаблону текст и формат по умолчанию',
        params: idParamsSchema,
        body: updateTemplateRequestSchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) => service.updateTemplate(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { rule: 'delete:template' },
      schema: { tags, summary: 'Убрать шаблон в архив (встроенный — нельзя: 409)', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await service.deleteTemplate(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/:id/render',
    {
      schema: {
        tags,
        summary: 'Заполнить шаблон для заказа, продажи или товаров (ценники): { html, paper, css }',
        description:
          'Предпросмотр (в том числе несохранённого `body`) — право `view:template`. `print: true` записывает печать в журнал (и в историю заказа) и требует права печати предмета: `print:repair_order` для документов заказа, `print:sale` или `print:template` для продажи, `print:product` или `print:template` для ценников.',
        params: idParamsSchema,
        body: renderTemplateRequestSchema,
        response: { 200: renderedTemplateSchema, ...errors },
      },
    },
    async (request) => service.renderFor(ctx(request), request.params.id, request.body),
  );
};
