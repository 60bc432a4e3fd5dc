import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const docsPrefix = '/api/docs';

const description = [
  'API бэк-офиса сети магазинов и сервисных центров.',
  '',
  '* **Авторизация**: непрозрачный токен из `POST /api/auth/login` в заголовке `Authorization: Bearer <token>`',
  '  (или в cookie `token` — для `<img src>` и WebSocket).',
  '* **Магазин**: заголовок `Shop: <id магазина>` выбирает текущий магазин. Маршруты, работающие внутри магазина,',
  '  требуют его (403 `forbidden`, если магазин не указан или чужой); остальные записывают его в журнал изменений.',
  '* **Ошибки**: всегда `{ message, code, errors? }`, сообщения на русском.',
  '* **Realtime**: WebSocket `/ws` (токен — в cookie `token`, в заголовке Bearer или первым сообщением `{ type: \'auth\', token }`,',
  '  никогда в адресе); сервер шлёт только JSON-массивы, события `{ type, locationId, entity, id }`.',
].join('\n');

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Adds what the route config declares to the generated operation: public routes need no token, a
 * declared rule is named in the description, and location routes document the required `Shop` header.
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const config = (input.route.config ?? {}) as { auth?: boolean; rule?: string; location?: boolean };
  const schema = { ...(out.schema as Record<string, unknown>) };
  if (config.auth === false) schema.security = [];
  if (config.rule) {
    const note = `Требуется право \`${config.rule}\` (любая область).`;
    schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
    // Machine-readable too: the fuzz suite (test/fuzz) derives who may succeed from the document alone.
    schema['x-rule'] = config.rule;
  }
  if (config.location) {
    const headers = (schema.headers as { properties?: Record<string, unknown>; required?: string[] } | undefined) ?? {};
    schema.headers = {
      type: 'object',
      ...headers,
      properties: { ...headers.properties, shop: { type: 'string', format: 'uuid', description: 'ID текущего магазина' } },
      required: [...(headers.required ?? []), 'shop'],
    };
  }
  // A body the route reads itself (multipart) has no schema, so OpenAPI would not show it at all.
  if (!schema.body && Array.isArray(schema.consumes)) schema['x-consumes'] = schema.consumes;
  return { ...out, schema };
}

/** OpenAPI generated from the zod contracts: JSON at /api/docs/json, Swagger UI at /api/docs; both public. */
export interface DocsOptions {
  /** The modules' OpenAPI tags (app.ts passes them from the module list). */
  tags?: { name: string; description: string }[];
}

export default fp<DocsOptions>(
  async (app, opts) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Back-office API', version: '0.1.0', description },
        servers: [],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Токен из POST /api/auth/login' },
            cookieAuth: { type: 'apiKey', in: 'cookie', name: 'token' },
          },
        },
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
        tags: opts.tags ?? [],
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });

    // The documentation routes are public: the auth plugin skips routes with `config.auth === false`.
    app.addHook('onRoute', (route) => {
      if (route.url === docsPrefix || route.url.startsWith(`${docsPrefix}/`)) route.config = { ...route.config, auth: false };
    });
    await app.register(swaggerUi, {
      routePrefix: docsPrefix,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
