import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEmployeeRequestSchema,
  createEmployeeResponseSchema,
  createRoleRequestSchema,
  employeeListQuerySchema,
  employeePageSchema,
  employeeSchema,
  errorResponseSchema,
  idParamsSchema,
  okSchema,
  roleListSchema,
  roleSchema,
  temporaryPasswordSchema,
  updateEmployeeRequestSchema,
  updateRoleRequestSchema,
} from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['people'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/employees and /api/roles (issue #22). Rules `view|create|edit:employee` (scopes narrowed in the
 * service: own, the current location's staff, everyone) and `view|create|edit|delete:role`; the
 * anti-escalation and the owner's guards live in service.ts (server/docs/people.md).
 */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/employees',
    {
      config: { rule: 'view:employee' },
      schema: { tags, summary: 'Сотрудники: поиск по имени и телефону, фильтры по роли, магазину и состоянию', querystring: employeeListQuerySchema, response: { 200: employeePageSchema, ...errors } },
    },
    async (request) => service.listEmployees(ctx(request), request.query),
  );
  app.post(
    '/employees',
    {
      config: { rule: 'create:employee' },
      schema: { tags, summary: 'Новый сотрудник; ответ содержит временный пароль (показывается один раз)', body: createEmployeeRequestSchema, response: { 201: createEmployeeResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createEmployee(ctx(request), request.body)),
  );
  app.get(
    '/employees/:id',
    { config: { rule: 'view:employee' }, schema: { tags, summary: 'Сотрудник', params: idParamsSchema, response: { 200: employeeSchema, ...errors } } },
    async (request) => service.getEmployee(ctx(request), request.params.id),
  );
  app.patch(
    '/employees/:id',
    {
      config: { rule: 'edit:employee' },
      schema: { tags, summary: 'Изменить сотрудника (роль, магазины, схему оплаты…)', params: idParamsSchema, body: updateEmployeeRequestSchema, response: { 200: employeeSchema, ...errors } },
    },
    async (request) => service.updateEmployee(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/employees/:id/block',
    { config: { rule: 'edit:employee' }, schema: { tags, summary: 'Заблокировать: все сеансы сотрудника закрываются сразу', params: idParamsSchema, response: { 200: employeeSchema, ...errors } } },
    async (request) => service.blockEmployee(ctx(request), request.params.id),
  );
  app.post(
    '/employees/:id/unblock',
    { config: { rule: 'edit:employee' }, schema: { tags, summary: 'Разблокировать', params: idParamsSchema, response: { 200: employeeSchema, ...errors } } },
    async (request) => service.unblockEmployee(ctx(request), request.params.id),
  );
  app.post(
    '/employees/:id/reset-password',
    {
      config: { rule: 'edit:employee' },
      schema: { tags, summary: 'Новый временный пароль (показывается один раз); сеансы сотрудника закрываются', params: idParamsSchema, response: { 200: temporaryPasswordSchema, ...errors } },
    },
    async (request) => service.resetPassword(ctx(request), request.params.id),
  );

  app.get(
    '/roles',
    { config: { rule: 'view:role' }, schema: { tags, summary: 'Роли с числом сотрудников', response: { 200: roleListSchema, ...errors } } },
    async (request) => service.listRoles(ctx(request)),
  );
  app.post(
    '/roles',
    { config: { rule: 'create:role' }, schema: { tags, summary: 'Новая роль', body: createRoleRequestSchema, response: { 201: roleSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createRole(ctx(request), request.body)),
  );
  app.patch(
    '/roles/:id',
    {
      config: { rule: 'edit:role' },
      schema: { tags, summary: 'Изменить роль (роль «Владелец» не меняется); открытые вкладки её сотрудников получают новые права сразу', params: idParamsSchema, body: updateRoleRequestSchema, response: { 200: roleSchema, ...errors } },
    },
    async (request) => service.updateRole(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/roles/:id',
    { config: { rule: 'delete:role' }, schema: { tags, summary: 'Удалить роль (не встроенную и не назначенную никому)', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteRole(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
};
