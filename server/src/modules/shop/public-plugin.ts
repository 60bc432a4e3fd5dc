import { createHash } from 'node:crypto';
import { shopLimits } from '@repo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cachedSettings } from './content-service';

/** `W/"…"`: a weak tag of the JSON body (the same content, the same tag, in every process). */
export const etagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether `If-None-Match` names this tag (weak comparison; `*` matches anything). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * CORS for the browser origins of the settings (`allowedOrigins`) only: such an origin is echoed in
 * `Access-Control-Allow-Origin`; any other gets no CORS header at all (the browser then refuses to hand
 * the answer to the page). `Vary: Origin` on every answer, so a cache keeps them apart.
 */
async function cors(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  if (!origin) return false;
  const settings = await cachedSettings(request.server.db);
  if (!settings.allowedOrigins.includes(origin.toLowerCase())) return false;
  reply.header('access-control-allow-origin', origin);
  return true;
}

/**
 * The public storefront API's common behaviour (server/docs/shop.md), on the sibling route plugins of the
 * public module (hence fastify-plugin): CORS, `Cross-Origin-Resource-Policy: cross-origin` (these answers
 * are meant for other origins: the global security headers say `same-origin`), the preflight `OPTIONS`,
 * and on every GET 200 with a JSON body an `ETag` with `Cache-Control: public, max-age=60`, answered 304
 * when `If-None-Match` matches. The settings are read per request (kept a second or two in a process).
 */
export const publicPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.method !== 'OPTIONS') await cors(request, reply);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const etag = etagOf(payload);
      reply.header('etag', etag).header('cache-control', `public, max-age=${shopLimits.cacheSeconds}`);
      if (!matches(request.headers['if-none-match'], etag)) return payload;
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    });

    // The preflight of a browser's cross-origin call: allowed origins get the methods and headers they may use.
    app.options(
      '/*',
      { config: { auth: false }, schema: { hide: true } },
      async (request, reply) => {
        if (await cors(request, reply)) {
          reply
            .header('access-control-allow-methods', 'GET, POST, OPTIONS')
            .header('access-control-allow-headers', 'Content-Type, If-None-Match')
            .header('access-control-max-age', '600');
        }
        return reply.code(204).send();
      },
    );
  },
  { name: 'shop-public' },
);
