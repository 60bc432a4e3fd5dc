import {
  createPlannerEventRequestSchema,
  errorResponseSchema,
  idSchema,
  okSchema,
  plannerEmployeesSchema,
  plannerEventListSchema,
  plannerEventSchema,
  plannerEventsQuerySchema,
  updatePlannerEventRequestSchema,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['planner'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
/** An event's id: a uuid, or `task:<id>` of a task's due moment (read-only: 400 on PATCH and DELETE). */
const eventParams = z.object({ id: z.string().min(1).max(100) });

/**
 * /api/planner: the calendar of appointments, shifts and tasks' due moments (server/docs/planner.md).
 * Rules on `planner` (scopes narrowed in the service); locations checked against the employee's.
 */
export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { rule: 'view:planner' },
      schema: {
        tags,
        summary: 'События календаря в периоде [from, to) (не больше 62 дней): записи, смены и сроки задач; locationId (через запятую), employeeId, kinds',
        querystring: plannerEventsQuerySchema,
        response: { 200: plannerEventListSchema, ...errors },
      },
    },
    async (request) => service.listEvents(ctx(request), request.query),
  );
  app.post(
    '/events',
    {
      config: { rule: 'create:planner' },
      schema: {
        tags,
        summary: 'Новая запись или смена (магазин по умолчанию — текущий); 409 shift_overlap / appointment_overlap (force: true — записать всё равно)',
        body: createPlannerEventRequestSchema,
        response: { 201: plannerEventSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createEvent(ctx(request), request.body)),
  );
  app.get(
    '/events/:id',
    { config: { rule: 'view:planner' }, schema: { tags, summary: 'Событие календаря', params: eventParams, response: { 200: plannerEventSchema, ...errors } } },
    async (request) => service.getEvent(ctx(request), request.params.id),
  );
  app.patch(
    '/events/:id',
    {
      config: { rule: 'edit:planner' },
      schema: {
        tags,
        summary: 'Изменить событие: перенести, растянуть, сменить сотрудника, клиента, устройство, комментарий (срок задачи — только в задаче)',
        params: eventParams,
        body: updatePlannerEventRequestSchema,
        response: { 200: plannerEventSchema, ...errors },
      },
    },
    async (request) => service.updateEvent(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/events/:id',
    { config: { rule: 'delete:planner' }, schema: { tags, summary: 'Удалить событие', params: eventParams, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteEvent(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/employees',
    {
      config: { rule: 'view:planner' },
      schema: {
        tags,
        summary: 'Кого можно поставить в смену или запись в магазине (по умолчанию — текущем): его активные сотрудники',
        querystring: z.object({ locationId: idSchema.optional() }),
        response: { 200: plannerEmployeesSchema, ...errors },
      },
    },
    async (request) => service.employees(ctx(request), request.query.locationId),
  );
};
