import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The storefront preview's files (server/storefront/): plain HTML, an ES module and a style sheet, no build step. */
export const storefrontDir = path.resolve(__dirname, '../../../storefront');

const files: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'storefront.js': 'application/javascript; charset=utf-8',
  'storefront.css': 'text/css; charset=utf-8',
};

/**
 * `/storefront`: a small public page built only on `/api/public/*` (server/docs/shop.md), registered when
 * the app serves a build (`DIST_DIR`). The page has no inline script or style (the CSP allows scripts from
 * `'self'` only), so its script and styles are files beside it. Revalidated on every load.
 */
export const storefrontSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = async (name: string, reply: import('fastify').FastifyReply) => {
    const type = files[name];
    if (!type) return reply.callNotFound();
    const body = await readFile(path.join(storefrontDir, name));
    return reply.header('Cache-Control', 'no-cache').type(type).send(body);
  };
  app.get('/storefront', { schema: { hide: true } }, async (_request, reply) => serve('index.html', reply));
  app.get('/storefront/', { schema: { hide: true } }, async (_request, reply) => serve('index.html', reply));
  app.get<{ Params: { file: string } }>('/storefront/:file', { schema: { hide: true } }, async (request, reply) => serve(request.params.file, reply));
};
