/**
 * Two real server processes on one fresh PostgreSQL database, on two ports, as a deployment behind a
 * sticky-free balancer runs them (docs/deploy.md): PostgreSQL holds every piece of state, the processes
 * hold none of their own. Sessions, realtime, the live area versions and the postings must agree
 * whichever process a request reaches. PostgreSQL only (TEST_DATABASE_URL): the embedded database is
 * one process by nature.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/lib/sql';
import { createTestDatabase, demoPhones, type TestDatabase } from './helpers';
import { counterBaseline, failing, halfPosted, ledgerDrift, numbering } from './ledgers';
import { connect, type TestSocket } from './realtime-client';
import { call, randomPort, signIn, startServer, stopServer, type ServerProcess } from './server-processes';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A dist folder with two builds of `stock` (v1 named by the build manifest, v2 to release). */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-process-dist-'));
  for (const v of ['v1', 'v2']) {
    fs.mkdirSync(path.join(dist, 'mfe/stock', v), { recursive: true });
    fs.writeFileSync(path.join(dist, 'mfe/stock', v, 'remoteEntry.js'), `var stock; // ${v}`);
  }
  fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify({ stock: { name: 'stock', version: 'v1', entry: '/mfe/stock/v1/remoteEntry.js' } }));
  return dist;
}

/** The next message carrying an event that `match` accepts (other events are skipped). */
async function eventOf(socket: TestSocket, match: (e: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('no such event');
    const items = (await socket.next(left)) as Array<Record<string, unknown>>;
    const hit = items.find(match);
    if (hit) return hit;
  }
}

(onPostgres ? describe : describe.skip)('two server processes on one PostgreSQL database', () => {
  let pg: TestDatabase;
  let dist: string;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  let owner: string; // signed in on A
  let shop: string;
  let warehouseId: string;
  let cash: string;
  let card: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    pg = await createTestDatabase();
    await pg.database.close(); // the processes migrate and seed it themselves; this handle only owns it
    dist = makeDist();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-process-'));
    const env = { DATABASE_URL: pg.databaseUrl!, DIST_DIR: dist, DATA_DIR: dataDir, DB_POOL_SIZE: '8' };
    // Both start at once on the empty database: migrations, demo seeders and the build's adoption are
    // serialised by advisory locks, so neither fails and nothing is seeded twice.
    [a, b] = await Promise.all([startServer(randomPort(51000), env), startServer(randomPort(56000), env)]);
    db = await openDatabase({ databaseUrl: pg.databaseUrl, dataDir: '' });
    owner = await signIn(a.base, demoPhones.owner);
    const locations = (await call(a.base, 'GET', '/api/location', { token: owner })).body as Array<{ _id: string; name: string }>;
    shop = locations[0]._id;
    warehouseId = ((await call(a.base, 'GET', `/api/stock/warehouses?locationId=${shop}`, { token: owner, shop })).body as Array<{ id: string; isDefault: boolean }>).find((w) => w.isDefault)!.id;
    const boxes = (await call(a.base, 'GET', `/api/finance/cashboxes?locationId=${shop}`, { token: owner, shop })).body as Array<{ id: string; kind: string; isDefault: boolean }>;
    cash = boxes.find((x) => x.kind === 'cash' && x.isDefault)!.id;
    card = boxes.find((x) => x.kind !== 'cash')!.id;
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await db?.close();
    if (a) expect(await stopServer(a)).toBe(0);
    if (b) expect(await stopServer(b)).toBe(0);
    await pg?.dispose().catch(() => undefined);
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('seeded the demo once although both processes started on the empty database at once', async () => {
    const locations = (await call(b.base, 'GET', '/api/location', { token: owner })).body as unknown[];
    expect(locations).toHaveLength(3);
    expect(rowsOf(await db.db.execute(sql`select name from seed_runs group by name having count(*) > 1`))).toEqual([]);
  });

  it('accepts a token of one process on the other, and a sign-out on one revokes it on both (and closes its sockets)', async () => {
    const token = await signIn(a.base, demoPhones.manager);
    expect((await call(b.base, 'GET', '/api/location', { token })).status).toBe(200);
    const socketOnA = await connect(`ws://127.0.0.1:${a.port}/ws`, { authorization: `Bearer ${token}` });
    const socketOnB = await connect(`ws://127.0.0.1:${b.port}/ws`, { authorization: `Bearer ${token}` });
    sockets.push(socketOnA, socketOnB);
    socketOnB.send({ type: 'ping' });
    expect(await socketOnB.next()).toEqual([{ type: 'pong' }]);

    expect((await call(b.base, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    for (const base of [a.base, b.base]) expect((await call(base, 'GET', '/api/location', { token })).status).toBe(403);
    // Both processes close the revoked session's sockets at once (the event reaches A through NOTIFY).
    expect((await socketOnA.closed).code).toBe(4401);
    expect((await socketOnB.closed).code).toBe(4401);
  });

  it('delivers a sale posted through one process to a socket open on the other', async () => {
    const socket = await connect(`ws://127.0.0.1:${b.port}/ws`, { authorization: `Bearer ${owner}` });
    sockets.push(socket);
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual([{ type: 'pong' }]);
    const product = await call(a.base, 'POST', '/api/catalog/products', { token: owner, shop, body: { name: 'Проверка двух процессов, событие', price: 5_000 } });
    expect(product.status).toBe(201);
    const receipt = await call(a.base, 'POST', '/api/stock/receipts', { token: owner, shop, body: { warehouseId, lines: [{ productId: product.body.id, qty: 2, cost: 2_000 }] } });
    expect((await call(a.base, 'POST', `/api/stock/receipts/${receipt.body.id}/post`, { token: owner, shop })).status).toBe(200);

    const sale = await call(a.base, 'POST', '/api/sales', {
      token: owner,
      shop,
      body: { warehouseId, lines: [{ productId: product.body.id, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash, amount: 5_000 }], post: true },
    });
    expect(sale.status).toBe(201);
    const event = await eventOf(socket, (e) => e.entity === 'sale' && e.id === sale.body.id);
    expect(event).toMatchObject({ type: 'created', entity: 'sale', id: sale.body.id, locationId: shop });
  });

  it('keeps delivering after the LISTEN connections are cut (each process listens again by itself)', async () => {
    const listeners = async () =>
      rowsOf<{ pid: number }>(
        await db.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`),
      ).map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(2); // one per process
    await db.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(before.map((p) => sql`${p}`), sql`, `)})`);
    const deadline = Date.now() + 15_000;
    let after: number[] = [];
    while (Date.now() < deadline) {
      after = (await listeners()).filter((p) => !before.includes(p));
      if (after.length === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).toHaveLength(2);

    const socket = await connect(`ws://127.0.0.1:${b.port}/ws`, { authorization: `Bearer ${owner}` });
    sockets.push(socket);
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual([{ type: 'pong' }]);
    const renamed = await call(a.base, 'PATCH', `/api/location/${shop}`, { token: owner, body: { name: 'Сервис+ после обрыва LISTEN' } });
    expect(renamed.status).toBe(200);
    expect(await eventOf(socket, (e) => e.entity === 'location' && e.id === shop)).toMatchObject({ type: 'updated' });
  });

  it('serves an area released or rolled back through one process from the other at once', async () => {
    const live = async (s: ServerProcess) => {
      const res = await fetch(`${s.base}/remotes.json`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return ((await res.json()) as Record<string, { version: string }>).stock?.version;
    };
    expect([await live(a), await live(b)]).toEqual(['v1', 'v1']);
    // Adopted once, though both processes started with the same build manifest.
    const history = (await call(b.base, 'GET', '/api/releases', { token: owner })).body.areas.find((x: { area: string }) => x.area === 'stock').history;
    expect(history.map((r: { version: string }) => r.version)).toEqual(['v1']);

    const released = await call(a.base, 'POST', '/api/releases/stock/activate', { token: owner, body: { version: 'v2' } });
    expect(released.status).toBe(200);
    expect(await live(b)).toBe('v2');
    const rolledBack = await call(b.base, 'POST', '/api/releases/stock/activate', { token: owner, body: { version: 'v1' } });
    expect(rolledBack.status).toBe(200);
    expect(await live(a)).toBe('v1');
    expect(await live(b)).toBe('v1');

    // One employee's reports of one version within a minute count once, even when they reach both processes at once.
    const reports = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(i % 2 ? b.base : a.base, 'POST', '/api/releases/stock/failures', { token: owner, body: { version: 'v2', message: 'ChunkLoadError' } })),
    );
    expect(reports.map((r) => r.status)).toEqual(Array(6).fill(200));
    const stock = (await call(a.base, 'GET', '/api/releases', { token: owner })).body.areas.find((x: { area: string }) => x.area === 'stock');
    expect(stock.failures).toHaveLength(1);
  });

  it('100 parallel sales over both processes: no number twice, never more than the stock, every ledger equal to its balances', async () => {
    // Two goods with 23 and 19 units: 100 one-unit sales ask for more than there is.
    const stock = [23, 19];
    const goods: string[] = [];
    for (const [i, qty] of stock.entries()) {
      const product = await call(a.base, 'POST', '/api/catalog/products', { token: owner, shop, body: { name: `Проверка двух процессов, товар ${i}`, price: 7_000 + i * 500 } });
      expect(product.status).toBe(201);
      goods.push(product.body.id);
      const receipt = await call(b.base, 'POST', '/api/stock/receipts', { token: owner, shop, body: { warehouseId, lines: [{ productId: product.body.id, qty, cost: 3_000 + i }] } });
      expect((await call(b.base, 'POST', `/api/stock/receipts/${receipt.body.id}/post`, { token: owner, shop })).status).toBe(200);
    }
    const client = await call(a.base, 'POST', '/api/clients', { token: owner, shop, body: { name: 'Покупатель двух процессов', phones: ['+79001234567'] } });
    expect(client.status).toBe(201);
    const ownerOnB = await signIn(b.base, demoPhones.owner);
    const baseline = await counterBaseline(db.db);

    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const on = i % 2 ? b : a;
        const g = i % 2;
        const price = 7_000 + g * 500;
        return call(on.base, 'POST', '/api/sales', {
          token: i % 4 < 2 ? owner : ownerOnB,
          shop,
          body: {
            warehouseId,
            lines: [{ productId: goods[g], qty: 1 }],
            payments: [{ method: i % 3 ? 'cash' : 'card', cashboxId: i % 3 ? cash : card, amount: price }],
            ...(i % 5 === 0 ? { clientId: client.body.id } : {}),
            post: true,
          },
        });
      }),
    );
    const sold = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(sold).toHaveLength(stock[0] + stock[1]);
    expect(refused.map((r) => r.status)).toEqual(Array(100 - sold.length).fill(409));
    expect(refused.every((r) => typeof r.body.message === 'string' && r.body.message.length > 0)).toBe(true);
    const numbers = sold.map((r) => r.body.number as string);
    expect(new Set(numbers).size).toBe(sold.length);
    const left = rowsOf<{ qty: number }>(
      await db.db.execute(sql`select qty from stock_balances where warehouse_id = ${warehouseId} and product_id in (${goods[0]}, ${goods[1]})`),
    );
    expect(left.map((r) => r.qty)).toEqual([0, 0]);

    expect(failing(await ledgerDrift(db.db))).toEqual({});
    expect(failing(await halfPosted(db.db))).toEqual({});
    expect(failing(await numbering(db.db, baseline))).toEqual({});

    // The checks are not vacuous: a sale's stock rows gone, a cashbox's balance off by a kopeck and a
    // skipped number are each noticed (rolled back afterwards).
    const noticed = await db.db
      .transaction(async (tx) => {
        const saleId = sold[0].body.id as string;
        await tx.execute(sql`delete from stock_movements where document_id = ${saleId}`);
        await tx.execute(sql`update cash_balances set balance = balance + 1 where cashbox_id = ${cash}`);
        await tx.execute(sql`update document_counters set last = last + 1 where location_id = ${shop} and kind = 'sale'`);
        const found = [...Object.keys(failing(await ledgerDrift(tx))), ...Object.keys(failing(await halfPosted(tx))), ...Object.keys(failing(await numbering(tx, baseline)))];
        throw Object.assign(new Error('rollback'), { found });
      })
      .catch((err: { found?: string[] }) => err.found);
    expect(noticed).toEqual(expect.arrayContaining(['stockBalances', 'stockPools', 'cashBalances', 'saleStock', 'gaps']));
    expect(failing(await ledgerDrift(db.db))).toEqual({});
  }, 120_000);
});
