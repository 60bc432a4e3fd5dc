import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AreaMeta, AreaReleases, ReleasesResponse } from '@repo/contracts';
import { openDatabase, type Database } from '../src/db/client';
import { areaReleaseFailures, areaReleases, auditLog } from '../src/db/schema';
import { realtimeChannel } from '../src/lib/realtime';
import { failuresKept } from '../src/modules/releases/service';
import { authHeaders, buildTestApp, createTestDatabase, demoPhones, login, type TestDatabase } from './helpers';
import { connect } from './realtime-client';

const stockMeta: AreaMeta = {
  area: 'stock',
  title: 'Склад и товары',
  prefixes: ['/stock'],
  routes: [{ path: '/stock', title: 'Склад' }],
  menu: [{ menu: 'main', name: 'Stock', label: 'Склад', icon: 'InboxOutlined', route: '/stock', order: 10 }],
};

/** A dist folder with builds of stock v1..v3 (v1 with area.json and release.json) and a build manifest naming v1. */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-dist-'));
  const write = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.writeFileSync(path.join(dist, rel), body);
  };
  for (const v of ['v1', 'v2', 'v3']) write(`mfe/stock/${v}/remoteEntry.js`, `var stock; // ${v}`);
  write('mfe/stock/v1/area.json', JSON.stringify(stockMeta));
  write('mfe/stock/v1/release.json', JSON.stringify({ version: 'v1', commit: 'abc123', builtAt: '2026-11-20T10:00:00.000Z', builtBy: 'ci' }));
  write('mfe/stock/no-entry/readme.txt', 'not a build');
  write('mfe/sales-orders/s1/remoteEntry.js', 'var salesOrders;');
  write('remotes.json', JSON.stringify({ stock: { name: 'stock', version: 'v1', entry: '/mfe/stock/v1/remoteEntry.js' }, 'sales-orders': { name: 'salesOrders', version: 's1', entry: '/mfe/sales-orders/s1/remoteEntry.js' } }));
  return dist;
}

let dist: string;
let test: TestDatabase;
let app: FastifyInstance;
let owner: string;
let cashier: string;
const build = (db: Database = test.database, extra = {}) => buildTestApp({ distDir: dist, databaseUrl: test.databaseUrl, ...extra }, { database: db });
const remotes = async (a = app) => {
  const res = await a.inject({ method: 'GET', url: '/remotes.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
};
const activate = (version: string, token = owner, area = 'stock') =>
  app.inject({ method: 'POST', url: `/api/releases/${area}/activate`, headers: authHeaders(token), payload: { version } });
const stockReleases = async (a = app): Promise<AreaReleases> => {
  const res = await a.inject({ method: 'GET', url: '/api/releases', headers: authHeaders(owner) });
  expect(res.statusCode).toBe(200);
  return (res.json() as ReleasesResponse).areas.find((x) => x.area === 'stock')!;
};

beforeAll(async () => {
  dist = makeDist();
  test = await createTestDatabase();
  app = await build();
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
});
afterAll(async () => {
  await app.close();
  await test.dispose();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('adopting the build at start', () => {
  it('records the build manifest versions as releases by "build" and serves them live, with meta', async () => {
    const doc = await remotes();
    expect(doc.stock).toEqual({ name: 'stock', version: 'v1', entry: '/mfe/stock/v1/remoteEntry.js', meta: stockMeta });
    expect(doc['sales-orders']).toEqual({ name: 'salesOrders', version: 's1', entry: '/mfe/sales-orders/s1/remoteEntry.js' });
    expect(doc['crm-finance']).toBeUndefined();
    const stock = await stockReleases();
    expect(stock).toMatchObject({ live: 'v1', lastGood: 'v1', failures: [] });
    expect(stock.history).toEqual([expect.objectContaining({ version: 'v1', commit: 'abc123', builtAt: '2026-11-20T10:00:00.000Z', releasedBy: 'build', failures: 0 })]);
    expect(stock.available.sort()).toEqual(['v1', 'v2', 'v3']);
  });

  it('records a version once: another start adopts nothing and does not undo a rollback', async () => {
    const again = await build();
    await again.close();
    expect(await app.db.select().from(areaReleases).where(eq(areaReleases.area, 'stock'))).toHaveLength(1);
    expect((await activate('v2')).statusCode).toBe(200);
    const third = await build();
    expect((await remotes(third)).stock.version).toBe('v2');
    await third.close();
    expect((await activate('v1')).statusCode).toBe(200);
  });

  it('adopts the REMOTES_MANIFEST file when it names a new version', async () => {
    const other = path.join(dist, 'other-remotes.json');
    fs.writeFileSync(other, JSON.stringify({ stock: { name: 'stock', version: 'v3', entry: '/mfe/stock/v3/remoteEntry.js' } }));
    const started = await build(test.database, { remotesManifest: other });
    expect((await remotes(started)).stock).toMatchObject({ version: 'v3', fallback: { version: 'v1', entry: '/mfe/stock/v1/remoteEntry.js' } });
    await started.close();
    expect((await activate('v1')).statusCode).toBe(200);
  });
});

describe('POST /api/releases/:area/activate', () => {
  it('makes a version live for /remotes.json, offers the previous one as fallback, audits and announces it to every tab', async () => {
    const events: unknown[] = [];
    const unlisten = await test.database.listen(realtimeChannel, (p) => events.push(JSON.parse(p)));
    const res = await activate('v2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ area: 'stock', live: 'v2', lastGood: 'v2' });
    expect(res.json().history[0]).toMatchObject({ version: 'v2', releasedBy: 'Смирнов Алексей Петрович' });
    const doc = await remotes();
    expect(doc.stock).toEqual({
      name: 'stock',
      version: 'v2',
      entry: '/mfe/stock/v2/remoteEntry.js',
      fallback: { version: 'v1', entry: '/mfe/stock/v1/remoteEntry.js' },
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'release'), eq(auditLog.entityId, 'stock'), eq(auditLog.action, 'update')))
      .orderBy(auditLog.createdAt);
    expect(entry).toMatchObject({ locationId: null });
    await new Promise((r) => setTimeout(r, 200));
    await unlisten();
    expect(events).toContainEqual({ type: 'updated', entity: 'release', id: 'stock', locationId: null });
  });

  it('delivers the release event (no location) to every connected employee, the cashier too', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = await connect(`ws://127.0.0.1:${port}/ws`, { cookie: `token=${cashier}` });
    try {
      expect((await activate('v3')).statusCode).toBe(200);
      expect(await socket.next(5000)).toEqual([{ type: 'updated', entity: 'release', id: 'stock', locationId: null }]);
    } finally {
      socket.ws.close();
    }
  });

  it('answers 404 in Russian for a version without remoteEntry.js, and a bad area 400', async () => {
    for (const version of ['v9', 'no-entry', '..', '../stock']) {
      const res = await activate(version);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: `Версия ${version} раздела stock не найдена на сервере` });
    }
    expect((await activate('v1', owner, 'nope')).statusCode).toBe(400);
  });

  it('is forbidden without manage_settings (cashier, manager)', async () => {
    const manager = (await login(app, demoPhones.manager)).token;
    for (const token of [cashier, manager]) {
      expect((await activate('v1', token)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/releases', headers: authHeaders(token) })).statusCode).toBe(403);
    }
  });

  it('records a version on disk that was never released', async () => {
    fs.mkdirSync(path.join(dist, 'mfe/stock/v4'));
    fs.writeFileSync(path.join(dist, 'mfe/stock/v4/remoteEntry.js'), 'var stock;');
    const res = await activate('v4');
    expect(res.json().history.map((r: { version: string }) => r.version)).toEqual(['v4', 'v3', 'v2', 'v1']);
    expect((await remotes()).stock).toMatchObject({ version: 'v4', fallback: { version: 'v3' } });
  });
});

describe('POST /api/releases/:area/failures', () => {
  it('lets any employee report a failed load; the version stops being last good and the fallback skips it', async () => {
    expect((await activate('v3')).statusCode).toBe(200);
    expect((await activate('v4')).statusCode).toBe(200);
    let res = await app.inject({ method: 'POST', url: '/api/releases/stock/failures', headers: authHeaders(cashier), payload: { version: 'v3', message: 'ChunkLoadError' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await remotes()).stock).toMatchObject({ version: 'v4', fallback: { version: 'v2' } });
    res = await app.inject({ method: 'POST', url: '/api/releases/stock/failures', headers: authHeaders(cashier), payload: { version: 'v4', message: 'entry timed out' } });
    expect(res.statusCode).toBe(200);
    const stock = await stockReleases();
    expect(stock.lastGood).toBe('v2');
    expect(stock.history.find((r) => r.version === 'v4')?.failures).toBe(1);
    expect(stock.failures[0]).toMatchObject({ version: 'v4', message: 'entry timed out', employeeName: 'Попова Анна Игоревна' });
  });

  it('counts one report a minute per employee and version, keeps the newest per area, refuses unknown versions', async () => {
    const report = (version: string) =>
      app.inject({ method: 'POST', url: '/api/releases/stock/failures', headers: authHeaders(cashier), payload: { version, message: 'again' } });
    expect((await report('v4')).statusCode).toBe(200);
    expect((await stockReleases()).history.find((r) => r.version === 'v4')?.failures).toBe(1);
    expect((await report('v7')).statusCode).toBe(404);
    const rows = Array.from({ length: failuresKept + 5 }, (_, i) => ({ area: 'stock', version: 'v2', message: `m${i}`, employeeId: null }));
    await app.db.insert(areaReleaseFailures).values(rows);
    const owners = await app.inject({ method: 'POST', url: '/api/releases/stock/failures', headers: authHeaders(owner), payload: { version: 'v1', message: 'x' } });
    expect(owners.statusCode).toBe(200);
    expect(await app.db.select().from(areaReleaseFailures).where(eq(areaReleaseFailures.area, 'stock'))).toHaveLength(failuresKept);
  });

  it('needs a signed-in employee', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/releases/stock/failures', payload: { version: 'v1', message: 'x' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('several server processes', () => {
  it('agree on the live version, because the pointer is in the database', async () => {
    // A second connection to the same database (PostgreSQL), or the same embedded database (PGlite).
    const second = test.databaseUrl ? await openDatabase({ databaseUrl: test.databaseUrl, dataDir: '' }) : test.database;
    const other = await build(second);
    try {
      expect((await activate('v2')).statusCode).toBe(200);
      expect((await remotes(other)).stock.version).toBe('v2');
      const otherOwner = (await login(other, demoPhones.owner)).token;
      const res = await other.inject({ method: 'POST', url: '/api/releases/stock/activate', headers: authHeaders(otherOwner), payload: { version: 'v1' } });
      expect(res.statusCode).toBe(200);
      expect((await remotes()).stock.version).toBe('v1');
    } finally {
      await other.close();
      if (second !== test.database) await second.close();
    }
  });
});
