import { timingSafeEqual } from 'node:crypto';
import { Transform } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupRunSchema, backupStatusSchema, errorResponseSchema } from '@repo/contracts';
import { AppError, forbidden } from '../../lib/errors';
import { backupStream } from './format';
import { backupNow, backupStatus, finishRun, startRun } from './service';
import { readAccessSecret } from './access';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

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
      const secret = readAccessSecret(request.server);
      const given = request.headers['x-backup-secret'];
      const ok =
        secret !== null &&
        typeof given === 'string' &&
        given.length === secret.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(secret)) &&
        loopback.has(request.socket.remoteAddress ?? '');
      if (!ok) throw forbidden('Нет доступа к резервному копированию: нужен секрет из папки данных сервера.');
      const database = request.server.database;
      if (database.kind !== 'pglite') throw new AppError(409, 'conflict', 'На PostgreSQL pnpm backup подключается к базе сам.');
      const id = await startRun(database.db, 'cli', request.body?.file ?? null);
      const started = Date.now();
      const { stream, done } = backupStream(database.db, database.kind);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          cb(null, chunk);
        },
      });
      stream.on('error', (err) => counter.destroy(err));
      stream.pipe(counter);
      const sent = new Promise<void>((resolve, reject) => {
        counter.once('end', resolve);
        counter.once('close', () => (counter.readableEnded ? resolve() : reject(new Error('Копия не передана целиком'))));
      });
      const record = async () => {
        try {
          const [summary] = await Promise.all([done, sent]);
          if (id) await finishRun(database.db, id, started, { ok: true, size, rows: summary.rows });
        } catch (err) {
          if (id) await finishRun(database.db, id, started, { ok: false, error: (err as Error).message || String(err) });
        }
      };
      record().catch((err) => request.log.error({ err }, 'backup: could not record the outcome'));
      return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(counter);
    },
  );
};
