import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import staticPlugin, { cacheControlFor } from '../src/plugins/static';

/** A dist folder as scripts/build.mjs leaves it. */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-dist-'));
  const write = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.writeFileSync(path.join(dist, rel), body);
  };
  write('host/index.html', '<!doctype html><title>host</title><div id="root"></div>');
  write('host/main.js', 'console.log("main")');
  write('host/835.477ec9ced168.js', 'console.log("chunk")');
  write('host/favicon.svg', '<svg/>');
  write('mfe/stock/0.1.0-abc123/remoteEntry.js', 'var stock;');
  write('mfe/stock/0.1.0-abc123/mf-manifest.json', '{"id":"stock"}');
  write('mfe/stock/0.1.0-abc123/154.883cd522fa31.js', 'chunk');
  write('remotes.json', JSON.stringify({ stock: { name: 'stock', version: '0.1.0-abc123', entry: '/mfe/stock/0.1.0-abc123/remoteEntry.js' } }));
  write('secret.txt', 'outside host and mfe');
  return dist;
}

/** A bare app: a JSON 404 like the server's own, one API route, and only the static plugin. */
async function buildApp(distDir: string, extra: Partial<{ remotesManifest: string }> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Запрос не найден', code: 'not_found' }));
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(staticPlugin, { distDir, ...extra });
  await app.ready();
  return app;
}

describe('static plugin', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = makeDist();
    app = await buildApp(dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('falls back to index.html for client routes (SPA), query strings included', async () => {
    for (const url of ['/stock/leftovers', '/request/42', '/login?next=%2Fsales', '/no/such/screen']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>host</title>');
    }
  });

  it('does not catch /api/*: known routes answer, unknown ones keep the JSON 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    for (const url of ['/api/nope', '/api', '/api/auth/unknown?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Запрос не найден', code: 'not_found' });
    }
  });

  it('does not catch /ws or missing /mfe files', async () => {
    for (const url of ['/ws', '/mfe/stock/0.1.0-abc123/missing.js', '/mfe/nope/1/remoteEntry.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/main.0123456789ab.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends hashed host chunks immutable and unhashed entries no-cache', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/835.477ec9ced168.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.body).toBe('console.log("chunk")');
    const main = await app.inject({ method: 'GET', url: '/main.js?f89628ed9a197da14c05' });
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves remote builds under /mfe with entries no-cache and chunks immutable', async () => {
    const entry = await app.inject({ method: 'GET', url: '/mfe/stock/0.1.0-abc123/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var stock;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/mfe/stock/0.1.0-abc123/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/mfe/stock/0.1.0-abc123/154.883cd522fa31.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves /remotes.json with no-store, re-read on every request', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().stock.entry).toBe('/mfe/stock/0.1.0-abc123/remoteEntry.js');
    // A rollback is an edit of the manifest: the next request sees it without a restart.
    fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify({ stock: { name: 'stock', version: 'old', entry: '/mfe/stock/old/remoteEntry.js' } }));
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().stock.version).toBe('old');
  });

  it('never serves files outside host/ and mfe/', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/mfe/../secret.txt', '/mfe/%2e%2e/secret.txt', '/secret.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('outside host and mfe');
    }
  });

  it('leaves non-GET requests to the server', async () => {
    const res = await app.inject({ method: 'POST', url: '/stock' });
    expect(res.statusCode).toBe(404);
  });
});

describe('static plugin options', () => {
  it('reads /remotes.json from the remotesManifest option (REMOTES_MANIFEST)', async () => {
    const dist = makeDist();
    const other = path.join(dist, 'rollback.json');
    fs.writeFileSync(other, '{"stock":{"name":"stock","version":"rollback","entry":"/mfe/stock/x/remoteEntry.js"}}');
    const app = await buildApp(dist, { remotesManifest: other });
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().stock.version).toBe('rollback');
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('registers nothing when the dist folder is missing (API-only mode)', async () => {
    const app = await buildApp(path.join(os.tmpdir(), 'no-such-dist-folder-xyz'));
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('decides cache headers by file name', () => {
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/2.321c49ebae2d.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/assets/logo.1a2b3c4d5e6f.png')).toBe('public, max-age=31536000, immutable');
  });
});
