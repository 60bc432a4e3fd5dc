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

/** Host files: hashed ones never change; `main.js`, `index.html` and the rest are revalidated on every load. */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(path.basename(filePath)) ? cacheControl.immutable : cacheControl.revalidate;
}

/**
 * A remote's files, by their path under `mfe/`. A version folder (`<area>/<version>/…`) is written once,
 * whole (scripts/build-bundle.mjs moves a finished build into place and never rewrites it), and every
 * release gets a new folder, so its entry and manifest are as immutable as its hashed chunks: a visit
 * then costs no revalidation of the entry the loader has just fetched. Anything else is revalidated.
 */
export function remoteCacheControl(relPath: string): string {
  const parts = relPath.split(/[\\/]/);
  return parts.length >= 3 && parts.every(Boolean) ? cacheControl.immutable : cacheControlFor(relPath);
}

/** Text assets that scripts/precompress.mjs may have stored as `<file>.br` / `<file>.gz`. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|txt)$/i;
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.cjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
/** The Content-Type of an original file (the same as @fastify/send gives it uncompressed). */
function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** q-values of `br` and `gzip` in an Accept-Encoding header (`*` stands for any encoding not named). */
export function acceptedEncodings(header: string | undefined): { br: number; gzip: number } {
  const q = { br: 0, gzip: 0 };
  if (!header) return q;
  let star: number | null = null;
  const named = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const name = token.trim();
    if (!name) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) value = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    if (name === '*') star = value;
    else if (name === 'br' || name === 'gzip' || name === 'x-gzip') {
      const key = name === 'br' ? 'br' : 'gzip';
      named.add(key);
      q[key] = Math.max(q[key], value);
    }
  }
  if (star !== null) for (const key of ['br', 'gzip'] as const) if (!named.has(key)) q[key] = star;
  return q;
}

/**
 * The precompressed copy to send for `abs`, or null for the original: br when accepted, then gzip;
 * never for a Range request (ranges address the original bytes) or when no copy was built.
 */
function compressedVariant(request: FastifyRequest, abs: string): { file: string; encoding: 'br' | 'gzip' } | null {
  if (!COMPRESSIBLE.test(abs) || request.headers.range) return null;
  const q = acceptedEncodings(request.headers['accept-encoding']);
  const order = (['br', 'gzip'] as const).filter((e) => q[e] > 0).sort((a, b) => q[b] - q[a]);
  for (const encoding of order) {
    const file = `${abs}${encoding === 'br' ? '.br' : '.gz'}`;
    try {
      if (fs.statSync(file).isFile()) return { file, encoding };
    } catch {
      // No such copy (small file, or an older build): try the next encoding.
    }
  }
  return null;
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

/** The host build's `preload.json` (scripts/webpack-config.cjs, PreloadListPlugin). */
export interface PreloadList {
  signedOut: string[];
  signedIn: string[];
  main: string[];
}

/**
 * The `Link` header sent with `index.html`: the scripts of the screen this request will show, so the
 * browser downloads them alongside `main.js` rather than after it has run. Without the `token` cookie
 * the app shows the sign-in page (any path but an unknown one, whose small page needs no preload to be
 * worth it); with it, the signed-in shell, and on `/` the main page too. Only plain root file names.
 */
export function preloadLink(list: PreloadList | null, { signedIn, path: p }: { signedIn: boolean; path: string }): string | null {
  if (!list) return null;
  const files = signedIn ? [...list.signedIn, ...(p === '/' ? list.main : [])] : list.signedOut;
  const safe = files.filter((f) => /^\/[\w.-]+\.js$/.test(f));
  return safe.length ? safe.map((f) => `<${f}>; rel=preload; as=script`).join(', ') : null;
}

/**
 * A host build file parsed once per build: read again whenever its mtime changes (the host was rebuilt);
 * a missing or broken file gives `fallback`.
 */
function perBuild<T>(file: string, parse: (text: string) => T, fallback: T): () => T {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return fallback;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let value: T;
      try {
        value = parse(fs.readFileSync(file, 'utf8'));
      } catch {
        value = fallback;
      }
      cached = { mtimeMs, value };
    }
    return cached.value;
  };
}

/** `preload.json` of the host build; a broken one is ignored. */
function parsePreload(text: string): PreloadList {
  const raw = JSON.parse(text) as Partial<PreloadList>;
  const arr = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return { signedOut: arr(raw.signedOut), signedIn: arr(raw.signedIn), main: arr(raw.main) };
}

/**
 * The files `index.html` names with a build hash in the query (`/main.js?5ee410f6dd4ca911eef7`,
 * html-webpack-plugin's `hash`; the entry's own name has none, the federation runtime needs it plain).
 */
export function hashedReferences(html: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const m of html.matchAll(/\b(?:src|href)="(\/[\w./-]+)\?([0-9a-f]{8,})"/gi)) refs.set(m[1], m[2]);
  return refs;
}

/**
 * The Cache-Control of a host file: hashed names are immutable; a file asked for by the very URL the
 * current `index.html` names (`/main.js?<build hash>`) is immutable too: that URL changes with every
 * build, and `index.html` itself is revalidated on every load, so a warm reload no longer revalidates
 * `main.js` (one round trip before anything else could start). Any other query (an old page's hash, none)
 * keeps `no-cache`.
 */
export function hostCacheControl(filePath: string, urlPath: string, query: string, refs: Map<string, string>): string {
  const byName = cacheControlFor(filePath);
  if (byName === cacheControl.immutable) return byName;
  return query && refs.get(urlPath) === query ? cacheControl.immutable : byName;
}

function urlQuery(request: FastifyRequest): string {
  const raw = request.raw.url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? '' : raw.slice(q + 1);
}

function urlPath(request: FastifyRequest): string {
  const raw = request.raw.url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

/**
 * Serves the built front end on the API's own port:
 *  - (`/remotes.json` is served by the releases module from the database's live pointers;)
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

  // Encapsulated: the `sendFile` decorator stays private to these routes, and reply.callNotFound
  // still reaches the server's own not-found handler (registered on the root before this plugin).
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: distDir, serve: false });

    const sendFile = (request: FastifyRequest, reply: FastifyReply, abs: string, cache: string, vary = 'Accept-Encoding') => {
      reply.header('Cache-Control', cache);
      const variant = compressedVariant(request, abs);
      if (!variant) {
        if (COMPRESSIBLE.test(abs)) reply.header('Vary', vary);
        return reply.sendFile(path.basename(abs), path.dirname(abs), { cacheControl: false, dotfiles: 'deny' });
      }
      // The precompressed copy, typed as the original; no ranges over an encoded body.
      reply.header('Content-Type', contentTypeOf(abs)).header('Content-Encoding', variant.encoding).header('Vary', vary);
      return reply.sendFile(path.basename(variant.file), path.dirname(variant.file), {
        cacheControl: false,
        dotfiles: 'deny',
        contentType: false,
        acceptRanges: false,
      });
    };

    scope.get('/mfe/*', async (request, reply) => {
      const rel = urlPath(request).slice('/mfe/'.length);
      const abs = resolveInside(mfeDir, rel);
      if (!abs) return reply.callNotFound();
      return sendFile(request, reply, abs, remoteCacheControl(path.relative(mfeDir, abs)));
    });

    const indexHtml = path.join(hostDir, 'index.html');
    const readPreload = perBuild<PreloadList | null>(path.join(hostDir, 'preload.json'), parsePreload, null);
    const readRefs = perBuild(indexHtml, hashedReferences, new Map<string, string>());
    const spa = async (request: FastifyRequest, reply: FastifyReply) => {
      const p = urlPath(request);
      if (isReserved(p)) return reply.callNotFound();
      const file = p === '/' ? null : resolveInside(hostDir, p.slice(1));
      if (file) return sendFile(request, reply, file, hostCacheControl(file, p, urlQuery(request), readRefs()));
      if (looksLikeFile(p) || !fs.existsSync(indexHtml)) return reply.callNotFound();
      // The session cookie (parsed by @fastify/cookie, as auth reads it); whether it is still valid does not matter here.
      const link = preloadLink(readPreload(), { signedIn: !!request.cookies?.token, path: p });
      if (link) reply.header('Link', link);
      // The preload list depends on the session cookie.
      return sendFile(request, reply, indexHtml, cacheControl.revalidate, 'Accept-Encoding, Cookie');
    };
    scope.get('/', spa);
    scope.get('/*', spa);
  });
}

export default fp(staticPlugin, { name: 'static', fastify: '5.x' });
