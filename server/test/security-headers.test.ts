import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { hstsValue, redactUrl } from '../src/plugins/security';
import { buildTestApp, createTestDatabase, demoPhones, login, testConfig } from './helpers';
import { connect } from './realtime-client';

/** The CSP as { directive: sources[] }. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

/** A dist folder with the host page, as the static plugin serves it. */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'security-dist-'));
  fs.mkdirSync(path.join(dist, 'host'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host/index.html'), '<!doctype html><title>host</title><div id="root"></div><script defer src="/main.js"></script>');
  fs.writeFileSync(path.join(dist, 'host/main.js'), 'console.log("main")');
  return dist;
}

describe('security headers', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist();
    app = await buildTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const expectStrictPolicy = (headers: Record<string, unknown>, host: string) => {
    const policy = csp(headers['content-security-policy'] as string);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    expect(String(headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it.each([
    ['an API answer', '/api/health', 200],
    ['an error answer (403)', '/api/auth/me', 403],
    ['a 404', '/api/nothing-here', 404],
    ['the host page (SPA fallback)', '/stock/items', 200],
  ])('puts the CSP and the other headers on %s', async (_label, url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: { host: 'shop.example:8443' } });
    expect(res.statusCode).toBe(status);
    expectStrictPolicy(res.headers, 'shop.example:8443');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends a script only the headers a subresource uses (nosniff, CORP, Referrer-Policy), not the document ones', async () => {
    const res = await app.inject({ method: 'GET', url: '/main.js', headers: { host: 'shop.example:8443' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    for (const h of ['content-security-policy', 'x-frame-options', 'x-xss-protection', 'cross-origin-opener-policy']) expect(res.headers[h]).toBeUndefined();
  });

  it('never copies a Host header that is not a plain host name into the policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { host: "evil.example; script-src 'unsafe-eval'" } });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval|evil/);
  });

  it('serves the API documentation page under a policy that lets it run', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    // Swagger UI's page loads its scripts from files (same origin) and has no inline script.
    expect(res.body).toContain('swagger-initializer.js');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(csp(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });

  it('sends no HSTS over plain http, even when an untrusted client claims https', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted https proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ trustProxy: true });
  });
  afterAll(() => app.close());

  it('is sent when the proxy says the request came over https, and not when it came over http', async () => {
    const https = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' } });
    expect(https.headers['strict-transport-security']).toBe(hstsValue);
    expect(csp(https.headers['content-security-policy'])['connect-src']).toEqual(["'self'", 'ws://shop.example', 'wss://shop.example']);
    const http = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('tokens never reach the request log', () => {
  it('redacts token-like query parameters and keeps the rest of the URL', () => {
    expect(redactUrl('/ws?token=abc')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/ws?a=1&TOKEN=abc&b=2#x')).toBe('/ws?a=1&TOKEN=[redacted]&b=2#x');
    expect(redactUrl('/ws?%74oken=abc&token')).toBe('/ws?%74oken=[redacted]&token=[redacted]');
    expect(redactUrl('/api/x?access_token=abc&tokens=keep')).toBe('/api/x?access_token=[redacted]&tokens=keep');
    expect(redactUrl('/api/x?%E0%A4%A=1')).toBe('/api/x?%E0%A4%A=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('logs /ws?token=… and an API URL with ?token= without the token', async () => {
    const lines: string[] = [];
    const test = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ databaseUrl: test.databaseUrl, logLevel: 'info' }),
      database: test.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    app.addHook('onClose', async () => test.dispose());
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { token } = await login(app, demoPhones.cashier);
      const port = (app.server.address() as AddressInfo).port;
      // An old client: the token in the address (and the cookie, which signs it in).
      const socket = await connect(`ws://127.0.0.1:${port}/ws?token=${token}`, { cookie: `token=${token}` });
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual([{ type: 'pong' }]);
      socket.ws.terminate();
      await app.inject({ method: 'GET', url: `/api/auth/check-token?token=${token}`, headers: { authorization: `Bearer ${token}`, cookie: `token=${token}` } });

      const text = lines.join('');
      expect(text).toContain('/ws?token=[redacted]');
      expect(text).toContain('/api/auth/check-token?token=[redacted]');
      expect(text).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
