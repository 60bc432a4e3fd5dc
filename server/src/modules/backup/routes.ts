import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupRunSchema, backupStatusSchema, errorResponseSchema } from '@repo/contracts';
import { AppError, forbidden } from '../../lib/errors';
import { backupNow, backupStatus, streamRecordedBackup } from './service';
import { isBackupCaller } from './access';

/** /api/backup: the last backups for Settings, «Создать копию сейчас», and the stream `pnpm backup` asks for. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { rule: 'manage_settings' },
      schema: { summary: 'Резервные копии: папка, расписание, последняя удачная и последние попытки', response: { 200: backupStatusSchema, 403: errorResponseSchema } },
    },
    async (request) => backupStatus(request.server.db, request.server.config),
  );

  app.post(
    '/',
    {
      config: { rule: 'manage_settings' },
      schema: {
        summary: 'Создать копию сейчас (в папку копий сервера)',
        description: 'Ответ — запись о попытке: `status` `ok` или `failed` с `error`. 409, когда папка для копий не задана (PostgreSQL без BACKUP_DIR).',
        response: { 200: backupRunSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => backupNow(request.server.database, request.server.config),
  );

  /**
   * `pnpm backup` while this server holds the PGlite folder: the copy streamed to the command. Only from
   * this machine, and only with the secret the server wrote into `DATA_DIR/backup-access.json` (0600).
   */
  app.post(
    '/stream',
    {
      config: { auth: false },
      schema: { hide: true, body: z.object({ file: z.string().max(4096).optional() }).optional() },
    },
    async (request, reply) => {
      const ok = isBackupCaller(request.server, request.headers['x-backup-secret'], request.socket.remoteAddress);
      if (!ok) throw forbidden('Нет доступа к резервному копированию: нужен секрет из папки данных сервера.');
      const database = request.server.database;
      if (database.kind !== 'pglite') throw new AppError(409, 'conflict', 'На PostgreSQL pnpm backup подключается к базе сам.');
      const stream = await streamRecordedBackup(database, request.body?.file ?? null, (err) => request.log.error({ err }, 'backup: the streamed copy failed'));
      return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(stream);
    },
  );
};
