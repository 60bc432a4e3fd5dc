import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line (`/ws?token=…` of old clients, anything like it). */
const SECRET_PARAMS = new Set(['token', 'access_token', 'ticket', 'password']);

/**
 * The URL with the value of every secret query parameter (`token`, …; names compared after decoding,
 * case-insensitively) replaced by `[redacted]`. Everything else is kept as sent.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A broken escape: compare the name as sent.
    }
    return SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=[redacted]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}${hash === -1 ? '' : url.slice(hash)}`;
}

/**
 * Pino serializers for the request log: Fastify's default `req` fields, with the URL redacted.
 * Headers are not logged at all (the token also travels in `Authorization` and `Cookie`).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Should anything log headers after all, these never appear (pino `redact`). */
export const logRedactPaths = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

/** `host[:port]` as the browser addressed us, or null when it is not a plain host name (never copied into a header then). */
function safeHost(host: string | undefined): string | null {
  if (!host) return null;
  return /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host) ? host.toLowerCase() : null;
}

/**
 * The CSP of every answer (pages, API, files). Module Federation loads the host's and every area's
 * chunks as `<script src>` from this origin, so scripts come from `'self'` only — no eval, no inline
 * script. Styles allow `'unsafe-inline'`: antd's cssinjs and style-loader insert `<style>` tags at run
 * time (an injected style cannot run code). `connect-src` names the socket's ws:/wss: address
 * explicitly, since older browsers do not count it as `'self'`.
 */
export function cspDirectives(socketSources: (req: IncomingMessage) => string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socketSources],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

const SUBRESOURCE = /^(text\/javascript|application\/javascript|text\/css|image\/|font\/)/i;
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** 180 days; `includeSubDomains` and `preload` are the deployment's decision (docs/security.md). */
export const hstsValue = 'max-age=15552000';

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`, COOP/CORP same-origin; and
 * `Strict-Transport-Security` only when the request came over https (directly, or through a trusted
 * proxy's `X-Forwarded-Proto` with TRUST_PROXY) — over plain http browsers ignore it, and a local
 * http run must never be pinned to https.
 */
export default fp(
  async (app) => {
    const hosts = new WeakMap<IncomingMessage, string | null>();
    // Before helmet's own onRequest hooks (hooks run in the order added): the host the browser used.
    app.addHook('onRequest', async (request, reply) => {
      hosts.set(request.raw, safeHost(request.host));
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', hstsValue);
    });
    const socketSources = (req: IncomingMessage) => {
      const host = hosts.get(req);
      return host ? `ws://${host} wss://${host}` : '';
    };

    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(socketSources) },
      // Set above for https requests only.
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    // A script, style sheet, image or font is never a document: the document headers (the CSP alone is
    // ~400 bytes) would only add to every chunk a slow shop link downloads. It keeps `nosniff`, CORP
    // and the Referrer-Policy, the ones a subresource uses.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (SUBRESOURCE.test(String(reply.getHeader('content-type') ?? ''))) for (const h of DOCUMENT_ONLY) reply.removeHeader(h);
      return payload;
    });
  },
  { name: 'security' },
);
