import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateReleaseRequestSchema,
  areaParamsSchema,
  areaReleasesSchema,
  errorResponseSchema,
  okSchema,
  releasesResponseSchema,
  reportReleaseFailureRequestSchema,
} from '@repo/contracts';
import { ctxOf } from '../../lib/ctx';
import * as service from './service';

const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** /api/releases: which build of each area is live, its history and load failures; activation and rollback. */
export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { rule: 'manage_settings' },
      schema: { summary: 'Версии разделов: рабочая, последняя исправная, история, сборки на диске, сбои загрузки', response: { 200: releasesResponseSchema, 403: errorResponseSchema } },
    },
    async (request) => service.listReleases(ctxOf(request)),
  );

  app.post(
    '/:area/activate',
    {
      config: { rule: 'manage_settings' },
      schema: {
        summary: 'Сделать версию раздела рабочей (выпуск или откат)',
        description: 'Версия должна лежать на сервере в `<DIST_DIR>/mfe/<area>/<version>/remoteEntry.js`. Открытые вкладки узнают об этом по realtime (`release`).',
        params: areaParamsSchema,
        body: activateReleaseRequestSchema,
        response: { 200: areaReleasesSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return service.activateRelease(ctx, request.params.area, request.body.version, ctx.auth.name);
    },
  );

  app.post(
    '/:area/failures',
    {
      schema: {
        summary: 'Сообщить, что версия раздела не загрузилась в браузере',
        description: 'Любой вошедший сотрудник; учитывается одно сообщение в минуту от сотрудника о версии, хранятся 50 последних на раздел.',
        params: areaParamsSchema,
        body: reportReleaseFailureRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await service.reportFailure(ctxOf(request), request.params.area, request.body.version, request.body.message);
      return { ok: true as const };
    },
  );
};

/** `/remotes.json` (outside /api, public, never cached): the live build of each area, from the database. */
export const remotesJsonRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    const body = await service.remotesManifest(app.db, app.config.distDir);
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
};
