import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import staticPlugin, { acceptedEncodings, cacheControlFor, preloadLink, remoteCacheControl } from '../src/plugins/static';

/** A dist folder as scripts/build.mjs leaves it. */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-dist-'));
  const write = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.writeFileSync(path.join(dist, rel), body);
  };
  write('host/index.html', '<!doctype html><title>host</title><link rel="icon" href="/favicon.svg?5ee410f6dd4ca911eef7"><script defer="defer" src="/main.js?5ee410f6dd4ca911eef7"></script><div id="root"></div>');
  write('host/main.js', 'console.log("main")');
  write('host/835.477ec9ced168.js', 'console.log("chunk")');
  write('host/favicon.svg', '<svg/>');
  write('host/preload.json', JSON.stringify({ signedOut: ['/861.eb36c505b770.js', '/page-login.d7e53671f2ef.js'], signedIn: ['/shell.fd2d03486b82.js'], main: ['/page-main.2514d629e3e7.js'] }));
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
  await app.register(cookie);
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

  it('serves main.js immutable by the URL index.html names (its build hash), no-cache by any other', async () => {
    const named = await app.inject({ method: 'GET', url: '/main.js?5ee410f6dd4ca911eef7' });
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg?5ee410f6dd4ca911eef7' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // An old page's hash, no hash, a hash of another file: revalidated.
    for (const url of ['/main.js?0123456789abcdef0123', '/main.js', '/main.js?5ee410f6dd4ca911eef7x', '/remoteEntry.js?5ee410f6dd4ca911eef7']) {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode === 200) expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('falls back to index.html for client routes (SPA), query strings included', async () => {
    for (const url of ['/stock/leftovers', '/request/42', '/login?next=%2Fsales', '/no/such/screen']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>host</title>');
    }
  });

  it('sends index.html with preload hints for the screen it will show: sign-in without the session cookie, the shell with it', async () => {
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.headers.link).toBe('</861.eb36c505b770.js>; rel=preload; as=script, </page-login.d7e53671f2ef.js>; rel=preload; as=script');
    expect(login.headers.vary).toBe('Accept-Encoding, Cookie');
    // A signed-out visit to any screen is sent to the sign-in page.
    expect((await app.inject({ method: 'GET', url: '/stock/leftovers' })).headers.link).toContain('page-login');
    const area = await app.inject({ method: 'GET', url: '/stock/leftovers', headers: { cookie: 'location=l1; token=abc.def' } });
    expect(area.headers.link).toBe('</shell.fd2d03486b82.js>; rel=preload; as=script');
    const main = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'token=abc' } });
    expect(main.headers.link).toBe('</shell.fd2d03486b82.js>; rel=preload; as=script, </page-main.2514d629e3e7.js>; rel=preload; as=script');
    // Files are not documents: no hints.
    expect((await app.inject({ method: 'GET', url: '/main.js' })).headers.link).toBeUndefined();
  });

  it('serves index.html without hints when preload.json is broken, and picks up a rebuilt one', async () => {
    const own = makeDist();
    fs.writeFileSync(path.join(own, 'host/preload.json'), '{ not json');
    const ownApp = await buildApp(own);
    try {
      const res = await ownApp.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBeUndefined();
      const file = path.join(own, 'host/preload.json');
      fs.writeFileSync(file, JSON.stringify({ signedOut: ['/x.js'], signedIn: [], main: [] }));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect((await ownApp.inject({ method: 'GET', url: '/login' })).headers.link).toBe('</x.js>; rel=preload; as=script');
    } finally {
      await ownApp.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('builds preload hints only from plain root script names', () => {
    const list = { signedOut: ['/a.js', '//evil.example/x.js', '/b.js>; rel=stylesheet', '/c.css'], signedIn: [], main: ['/m.js'] };
    expect(preloadLink(list, { signedIn: false, path: '/login' })).toBe('</a.js>; rel=preload; as=script');
    expect(preloadLink(list, { signedIn: true, path: '/stock' })).toBeNull();
    expect(preloadLink(null, { signedIn: false, path: '/login' })).toBeNull();
  });

  it('reads the session cookie by name: another cookie or an empty one is signed out', async () => {
    const linkFor = async (cookieHeader?: string) =>
      (await app.inject({ method: 'GET', url: '/stock', headers: cookieHeader ? { cookie: cookieHeader } : {} })).headers.link as string;
    expect(await linkFor('token=x')).toContain('shell');
    expect(await linkFor('location=1; token=x')).toContain('shell');
    expect(await linkFor('mytoken=x')).toContain('page-login');
    expect(await linkFor('token=')).toContain('page-login');
    expect(await linkFor()).toContain('page-login');
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

  it('serves remote builds under /mfe immutable: a version folder never changes, entry and manifest included', async () => {
    const entry = await app.inject({ method: 'GET', url: '/mfe/stock/0.1.0-abc123/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var stock;');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ method: 'GET', url: '/mfe/stock/0.1.0-abc123/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await app.inject({ method: 'GET', url: '/mfe/stock/0.1.0-abc123/154.883cd522fa31.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
  // /remotes.json is served by the releases module from the database (test/releases.test.ts).
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
    // Under mfe/: inside a version folder everything is immutable; a file beside the folders is not.
    expect(remoteCacheControl('stock/0.1.0-abc123/remoteEntry.js')).toBe('public, max-age=31536000, immutable');
    expect(remoteCacheControl('stock/0.1.0-abc123/assets/logo.png')).toBe('public, max-age=31536000, immutable');
    expect(remoteCacheControl('stock/remoteEntry.js')).toBe('no-cache');
    expect(remoteCacheControl('stock/154.883cd522fa31.js')).toBe('public, max-age=31536000, immutable');
  });
});

describe('static plugin: precompressed files (scripts/precompress.mjs)', () => {
  const big = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const css = `.a{color:red}\n`.repeat(200);
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = makeDist();
    const withCopies = (rel: string, body: string, copies: Array<'br' | 'gz'> = ['br', 'gz']) => {
      const abs = path.join(dist, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, body);
      if (copies.includes('br')) fs.writeFileSync(`${abs}.br`, zlib.brotliCompressSync(body));
      if (copies.includes('gz')) fs.writeFileSync(`${abs}.gz`, zlib.gzipSync(body));
    };
    withCopies('host/main.js', big);
    withCopies('host/index.html', `<!doctype html><title>host</title><div id="root"></div><!--${'p'.repeat(2000)}-->`);
    withCopies('host/835.477ec9ced168.js', big);
    withCopies('host/styles.0123456789ab.css', css, ['gz']);
    withCopies('mfe/stock/0.1.0-abc123/remoteEntry.js', big);
    withCopies('mfe/stock/0.1.0-abc123/mf-manifest.json', JSON.stringify({ id: 'stock', pad: 'y'.repeat(3000) }));
    withCopies('mfe/stock/0.1.0-abc123/154.883cd522fa31.js', big, []);
    app = await buildApp(dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const enc = res.headers['content-encoding'];
    if (enc === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
    if (enc === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
    return res.rawPayload.toString();
  };

  it('prefers brotli, with the original type, Vary and unchanged Cache-Control', async () => {
    const res = await get('/835.477ec9ced168.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(big.length / 4);
    expect(decode(res)).toBe(big);
  });

  it('sends gzip when brotli is not accepted, and identity when nothing is', async () => {
    const gz = await get('/main.js?f89628ed9a197da14c05', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(decode(gz)).toBe(big);
    const variants: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of variants) {
      const plain = await get('/main.js', headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(plain.body).toBe(big);
    }
  });

  it('compresses the same way as it types: identical Content-Type for every encoding', async () => {
    for (const url of ['/', '/stock/leftovers', '/main.js', '/mfe/stock/0.1.0-abc123/mf-manifest.json', '/mfe/stock/0.1.0-abc123/remoteEntry.js']) {
      const types = new Set<unknown>();
      for (const ae of ['br', 'gzip', 'identity']) types.add((await get(url, { 'accept-encoding': ae })).headers['content-type']);
      expect(types.size).toBe(1);
    }
  });

  it('serves the SPA fallback and remote files compressed too', async () => {
    const page = await get('/stock/leftovers', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decode(page)).toContain('<div id="root">');
    const entry = await get('/mfe/stock/0.1.0-abc123/remoteEntry.js', { 'accept-encoding': 'gzip, br' });
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await get('/mfe/stock/0.1.0-abc123/mf-manifest.json', { 'accept-encoding': 'gzip' });
    expect(manifest.headers['content-encoding']).toBe('gzip');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(decode(manifest)).id).toBe('stock');
  });

  it('honours q-values: gzip preferred over br when the client says so; falls back when a copy is missing', async () => {
    expect((await get('/main.js', { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    // Only a .gz was built for the stylesheet.
    const css1 = await get('/styles.0123456789ab.css', { 'accept-encoding': 'br, gzip' });
    expect(css1.headers['content-encoding']).toBe('gzip');
    expect(css1.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(decode(css1)).toBe(css);
    expect((await get('/styles.0123456789ab.css', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    // No copies at all: the original.
    const chunk = await get('/mfe/stock/0.1.0-abc123/154.883cd522fa31.js', { 'accept-encoding': 'br, gzip' });
    expect(chunk.headers['content-encoding']).toBeUndefined();
    expect(chunk.body).toBe(big);
  });

  it('never compresses a Range request', async () => {
    const res = await get('/835.477ec9ced168.js', { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(big.slice(0, 10));
  });

  it('answers conditional requests per encoding (ETag of the copy actually sent)', async () => {
    const first = await get('/835.477ec9ced168.js', { 'accept-encoding': 'br' });
    const plain = await get('/835.477ec9ced168.js');
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe(plain.headers.etag);
    const again = await get('/835.477ec9ced168.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('HEAD gets the same headers', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/main.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
  });

  it('parses Accept-Encoding', () => {
    expect(acceptedEncodings(undefined)).toEqual({ br: 0, gzip: 0 });
    expect(acceptedEncodings('gzip, deflate, br')).toEqual({ br: 1, gzip: 1 });
    expect(acceptedEncodings('*')).toEqual({ br: 1, gzip: 1 });
    expect(acceptedEncodings('br;q=0, *;q=0.5')).toEqual({ br: 0, gzip: 0.5 });
    expect(acceptedEncodings('x-gzip;q=0.3')).toEqual({ br: 0, gzip: 0.3 });
  });
});
