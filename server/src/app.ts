import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDatabase } from './db/seed';
import errorsPlugin from './plugins/errors';
import docsPlugin from './plugins/docs';
import authPlugin from './plugins/auth';
import accessPlugin from './plugins/access';
import realtimePlugin from './plugins/realtime';
import staticPlugin from './plugins/static';
import { healthRoutes } from './modules/health/routes';
import { authRoutes } from './modules/auth/routes';
import { locationRoutes } from './modules/location/routes';
import { auditRoutes } from './modules/audit/routes';
import './types';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per file); otherwise opened from the config and closed with the app. */
  database?: Database;
  logger?: boolean;
}

/** Builds the whole app: plugins first, then routes. `server.ts` only starts it. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Only trust X-Forwarded-For behind a known proxy: otherwise a client could dodge the per-address login throttle.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  if (!database) app.addHook('onClose', async () => db.close());
  await seedDatabase(db.db, config);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(realtimePlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(locationRoutes, { prefix: '/location' });
      await api.register(auditRoutes, { prefix: '/audit' });
    },
    { prefix: '/api' },
  );

  if (config.distDir) await app.register(staticPlugin, { distDir: config.distDir });
  return app;
}
