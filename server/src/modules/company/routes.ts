import { companySettingsSchema, companySettingsViewSchema, errorResponseSchema, numberingListSchema, numberingUpdateRequestSchema } from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['company'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** /api/settings: the company's details and document numbering (server/docs/company.md). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company',
    { config: { rule: 'view:settings' }, schema: { tags, summary: 'Реквизиты компании', response: { 200: companySettingsViewSchema, ...errors } } },
    async (request) => service.getCompany(ctx(request)),
  );
  app.put(
    '/company',
    {
      config: { rule: 'edit:settings' },
      schema: { tags, summary: 'Изменить реквизиты (ИНН, ОГРН, счета проверяются по контрольным числам)', body: companySettingsSchema, response: { 200: companySettingsViewSchema, ...errors } },
    },
    async (request) => service.updateCompany(ctx(request), request.body),
  );
  app.get(
    '/numbering',
    { config: { rule: 'view:settings' }, schema: { tags, summary: 'Нумерация документов: префикс, следующий номер, по магазинам или общая', response: { 200: numberingListSchema, ...errors } } },
    async (request) => service.listNumbering(ctx(request)),
  );
  app.put(
    '/numbering',
    {
      config: { rule: 'edit:settings' },
      schema: { tags, summary: 'Изменить нумерацию (действует со следующего документа; номер не может повториться)', body: numberingUpdateRequestSchema, response: { 200: numberingListSchema, ...errors } },
    },
    async (request) => service.updateNumbering(ctx(request), request.body),
  );
};
