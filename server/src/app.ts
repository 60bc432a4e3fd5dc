import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serverTimeoutOptions, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { allSeeders, seedDatabase } from './db/seed';
import type { ModuleDefinition } from './lib/module';
import { modules as allModules } from './modules';
import { registerLocationReference } from './modules/location/references';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import bodyPlugin from './plugins/body';
import securityPlugin, { logRedactPaths, logSerializers } from './plugins/security';
import docsPlugin from './plugins/docs';
import authPlugin from './plugins/auth';
import accessPlugin from './plugins/access';
import realtimePlugin from './plugins/realtime';
import staticPlugin from './plugins/static';
import './types';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per file); otherwise opened from the config and closed with the app. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The modules to mount (default: every module of `modules/index.ts`); tests add seeders this way. */
  modules?: ModuleDefinition[];
}

/** Builds the whole app: plugins first, then routes. `server.ts` only starts it. */
export async function buildApp({ config, database, logger, logStream, modules = allModules }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No token in the log: `?token=` values are redacted from req.url, headers are not logged.
    logger: logger === false ? false : { level: config.logLevel, serializers: logSerializers, redact: logRedactPaths, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Only trust X-Forwarded-For behind a known proxy: otherwise a client could dodge the per-address login throttle.
    trustProxy: config.trustProxy,
    // Slow or stalled clients are cut off (408); malformed HTTP and addresses get the error contract (plugins/errors.ts).
    ...serverTimeoutOptions(config.timeouts),
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  if (!database) app.addHook('onClose', async () => db.close());
  await seedDatabase(db.db, config, allSeeders(modules));
  for (const m of modules) for (const ref of m.locationReferences ?? []) registerLocationReference(ref);

  await app.register(errorsPlugin);
  await app.register(bodyPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(docsPlugin, { tags: modules.flatMap((m) => (m.tag ? [m.tag] : [])) });
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(realtimePlugin);

  await app.register(
    async (api) => {
      for (const m of modules) {
        await api.register(
          async (scope) => {
            // Routes that name no OpenAPI tag get their module's.
            const tag = m.tag?.name;
            if (tag) scope.addHook('onRoute', (route) => {
              if (route.schema && !route.schema.tags) route.schema = { ...route.schema, tags: [tag] };
            });
            await scope.register(m.routes);
          },
          { prefix: m.prefix },
        );
      }
    },
    { prefix: '/api' },
  );

  if (config.distDir) {
    for (const m of modules) if (m.siteRoutes) await app.register(m.siteRoutes);
    await app.register(staticPlugin, { distDir: config.distDir });
  }
  for (const m of modules) if (m.onStart) await m.onStart(app);
  return app;
}
