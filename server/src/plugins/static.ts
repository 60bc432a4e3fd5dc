import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface StaticPluginOptions {
  /** Build output: `host/` (the shell), `mfe/<area>/<version>/` (remotes), `remotes.json`. */
  distDir: string;
  /** Overrides where `/remotes.json` is read from (default: $REMOTES_MANIFEST, else `<distDir>/remotes.json`). */
  remotesManifest?: string;
}

/** Hashed file names (`835.477ec9ced168.js`, `assets/logo.1a2b3c4d5e6f.png`) never change content. */
const HASHED = /\.[0-9a-f]{8,}\.[^/]+$/i;
export const cacheControl = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  never: 'no-store',
} as const;

/** Entries, manifests, index.html and any file without a hash must be revalidated on every load. */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(path.basename(filePath)) ? cacheControl.immutable : cacheControl.revalidate;
}

/** Paths the SPA fallback must leave alone: the API and the socket answer their own 404s. */
function isReserved(urlPath: string): boolean {
  return /^\/(api|ws|mfe)(\/|$)/.test(urlPath);
}

/** A path with a file extension in its last segment is a file request, never a screen. */
function looksLikeFile(urlPath: string): boolean {
  return /\.[a-z0-9]+$/i.test(path.posix.basename(urlPath));
}

/** `rel` inside `root`, or null when it escapes or is not a regular file. */
function resolveInside(root: string, rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const abs = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (abs !== root && !abs.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(abs).isFile() ? abs : null;
  } catch {
    return null;
  }
}

function urlPath(request: FastifyRequest): string {
  const raw = request.raw.url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

/**
 * Serves the built front end on the API's own port:
 *  - `/remotes.json` (no-store): which immutable build of each remote is live;
 *  - `/mfe/<area>/<version>/...`: remote bundles;
 *  - everything else that is a GET outside /api, /ws and /mfe: the host, with the SPA fallback
 *    to index.html. Unknown /api paths keep the server's JSON 404.
 * Without a dist folder it registers nothing (API-only mode).
 */
async function staticPlugin(app: FastifyInstance, opts: StaticPluginOptions) {
  const distDir = path.resolve(opts.distDir);
  if (!fs.existsSync(distDir)) {
    app.log.info({ distDir }, 'static: no build found, serving the API only');
    return;
  }
  const hostDir = path.join(distDir, 'host');
  const mfeDir = path.join(distDir, 'mfe');
  const manifestPath = path.resolve(opts.remotesManifest ?? process.env.REMOTES_MANIFEST ?? path.join(distDir, 'remotes.json'));

  // Encapsulated: the `sendFile` decorator stays private to these routes, and reply.callNotFound
  // still reaches the server's own not-found handler (registered on the root before this plugin).
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: distDir, serve: false });

    const sendFile = (reply: FastifyReply, abs: string, cache: string) => {
      reply.header('Cache-Control', cache);
      return reply.sendFile(path.basename(abs), path.dirname(abs), { cacheControl: false, dotfiles: 'deny' });
    };

    scope.get('/remotes.json', async (_request, reply) => {
      let body: string;
      try {
        body = await fs.promises.readFile(manifestPath, 'utf8');
      } catch {
        reply.header('Cache-Control', cacheControl.never);
        return reply.callNotFound();
      }
      return reply
        .header('Cache-Control', cacheControl.never)
        .type('application/json; charset=utf-8')
        .send(body);
    });

    scope.get('/mfe/*', async (request, reply) => {
      const rel = urlPath(request).slice('/mfe/'.length);
      const abs = resolveInside(mfeDir, rel);
      if (!abs) return reply.callNotFound();
      return sendFile(reply, abs, cacheControlFor(abs));
    });

    const indexHtml = path.join(hostDir, 'index.html');
    const spa = async (request: FastifyRequest, reply: FastifyReply) => {
      const p = urlPath(request);
      if (isReserved(p)) return reply.callNotFound();
      const file = p === '/' ? null : resolveInside(hostDir, p.slice(1));
      if (file) return sendFile(reply, file, cacheControlFor(file));
      if (looksLikeFile(p) || !fs.existsSync(indexHtml)) return reply.callNotFound();
      return sendFile(reply, indexHtml, cacheControl.revalidate);
    };
    scope.get('/', spa);
    scope.get('/*', spa);
  });
}

export default fp(staticPlugin, { name: 'static', fastify: '5.x' });
