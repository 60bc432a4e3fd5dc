import {
  createTaskCommentRequestSchema,
  createTaskRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  okSchema,
  taskCommentListSchema,
  taskCommentSchema,
  taskAssigneesSchema,
  taskCountsSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskSchema,
  updateTaskRequestSchema,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf as ctx } from '../../lib/ctx';
import * as service from './service';

const tags = ['tasks'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/tasks: tasks, their comments and the signed-in employee's counts (server/docs/tasks.md). Rules on
 * `task` (scopes narrowed in the service); a new task belongs to the current location (`Shop`).
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/counts',
    { schema: { tags, summary: 'Мои открытые задачи (новые и в работе) и сколько из них просрочено — для значка в меню', response: { 200: taskCountsSchema, ...errors } } },
    async (request) => service.counts(ctx(request)),
  );
  app.get(
    '/assignees',
    {
      config: { rule: 'view:task', location: true },
      schema: { tags, summary: 'Кому можно поручить задачу в текущем магазине: его сотрудники и сотрудники всех магазинов', response: { 200: taskAssigneesSchema, ...errors } },
    },
    async (request) => service.assignees(ctx(request)),
  );
  app.get(
    '/',
    {
      config: { rule: 'view:task' },
      schema: {
        tags,
        summary: 'Задачи: фильтры status (через запятую), assigneeId, authorId, priority, mine, overdue, search, linkKind+linkId, locationId; sort',
        querystring: taskListQuerySchema,
        response: { 200: taskPageSchema, ...errors },
      },
    },
    async (request) => service.listTasks(ctx(request), request.query),
  );
  app.post(
    '/',
    {
      config: { rule: 'create:task', location: true },
      schema: { tags, summary: 'Новая задача в текущем магазине (исполнитель по умолчанию — автор)', body: createTaskRequestSchema, response: { 201: taskSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createTask(ctx(request), request.body)),
  );
  app.get(
    '/:id',
    { config: { rule: 'view:task' }, schema: { tags, summary: 'Задача', params: idParamsSchema, response: { 200: taskSchema, ...errors } } },
    async (request) => service.getTask(ctx(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { rule: 'edit:task' },
      schema: { tags, summary: 'Изменить задачу: поля, статус, исполнителя, срок, связь', params: idParamsSchema, body: updateTaskRequestSchema, response: { 200: taskSchema, ...errors } },
    },
    async (request) => service.updateTask(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    { config: { rule: 'delete:task' }, schema: { tags, summary: 'Удалить задачу', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteTask(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/:id/comments',
    { config: { rule: 'view:task' }, schema: { tags, summary: 'Комментарии к задаче', params: idParamsSchema, response: { 200: taskCommentListSchema, ...errors } } },
    async (request) => service.listComments(ctx(request), request.params.id),
  );
  app.post(
    '/:id/comments',
    {
      config: { rule: 'view:task' },
      schema: { tags, summary: 'Комментарий к задаче (может любой, кто видит задачу)', params: idParamsSchema, body: createTaskCommentRequestSchema, response: { 201: taskCommentSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.addComment(ctx(request), request.params.id, request.body)),
  );
};
