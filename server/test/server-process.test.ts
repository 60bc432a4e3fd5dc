import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './helpers';

/**
 * The real server process, as ops run it: configuration from the environment, migrations at start,
 * and a clean close on SIGTERM/SIGINT so that nothing written to the embedded database is lost.
 */
const serverDir = path.resolve(__dirname, '..');
let dataDir: string;
let pg: TestDatabase | null = null;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase();
    // The child process migrates and seeds by itself; this handle only owns the throw-away database.
    await pg.database.close();
  }
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pg) await pg.dispose().catch(() => undefined);
});

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pg?.databaseUrl ?? '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function call(port: number, method: string, url: string, token?: string, body?: unknown, shop?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...(shop ? { shop } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

it('keeps what was written across SIGTERM and SIGINT restarts, without seeding twice', async () => {
  const port = 41000 + Math.floor(Math.random() * 5000);
  let child = await startServer(port);
  const login = await call(port, 'POST', '/api/auth/login', undefined, { phone: '+7 900 000-00-01', password: 'demo1234' });
  expect(login.status).toBe(200);
  const created = await call(port, 'POST', '/api/location', login.body.token, { name: 'Проверка сохранности' });
  expect(created.status).toBe(201);
  expect(await stop(child, 'SIGTERM')).toBe(0);

  child = await startServer(port);
  const again = await call(port, 'POST', '/api/auth/login', undefined, { phone: '89000000001', password: 'demo1234' });
  expect(again.status).toBe(200);
  const list = await call(port, 'GET', '/api/location', again.body.token);
  expect(list.body.map((l: { name: string }) => l.name)).toContain('Проверка сохранности');
  expect(list.body).toHaveLength(4);
  expect(await stop(child, 'SIGINT')).toBe(0);
}, 120_000);

/**
 * `kill -9` of the server while postings are under way (PostgreSQL here; the embedded database is killed the
 * same way by `pnpm test:crash`, server/docs/stock.md «Crash safety»). Every posting the server answered 200 is there after the restart, every
 * other one is all or nothing (a draft with no movements, or posted with all of them), and the ledger, the
 * balances, the pools and the running totals agree.
 */
(process.env.TEST_DATABASE_URL ? it : it.skip)('loses nothing when killed with SIGKILL in the middle of postings (PostgreSQL)', async () => {
  const port = 46000 + Math.floor(Math.random() * 5000);
  let child = await startServer(port);
  const token = (await call(port, 'POST', '/api/auth/login', undefined, { phone: '+79000000001', password: 'demo1234' })).body.token as string;
  const shop = (await call(port, 'GET', '/api/location', token)).body[0]._id as string;
  const warehouseId = ((await call(port, 'GET', `/api/stock/warehouses?locationId=${shop}`, token, undefined, shop)).body as Array<{ id: string; isDefault: boolean }>).find((w) => w.isDefault)!.id;
  const productIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const created = await call(port, 'POST', '/api/catalog/products', token, { name: `Проверка kill -9, деталь ${i}`, price: 10_000 }, shop);
    expect(created.status).toBe(201);
    productIds.push(created.body.id);
  }
  const drafts: string[] = [];
  for (let d = 0; d < 80; d++) {
    const lines = productIds.map((productId, i) => ({ productId, qty: 1 + ((d + i) % 5), cost: 1_000 + d * 7 + i }));
    const draft = await call(port, 'POST', '/api/stock/receipts', token, { warehouseId, lines }, shop);
    expect(draft.status).toBe(201);
    drafts.push(draft.body.id);
  }
  // All postings at once; the process is killed as soon as the first ten are answered.
  const answered: string[] = [];
  const posts = drafts.map((id) =>
    call(port, 'POST', `/api/stock/receipts/${id}/post`, token, undefined, shop).then(
      (r) => {
        if (r.status === 200) answered.push(id);
        if (answered.length === 10 && child.exitCode === null) child.kill('SIGKILL');
      },
      () => undefined,
    ),
  );
  await Promise.all(posts);
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
  expect(answered.length).toBeGreaterThanOrEqual(10);
  expect(answered.length).toBeLessThan(drafts.length); // killed mid-way, not after the last one

  child = await startServer(port);
  const db = new Client({ connectionString: pg!.databaseUrl ?? undefined });
  await db.connect();
  try {
    const docs = (await db.query(`select d.id, d.status, (select count(*)::int from stock_movements m where m.document_id = d.id) as moves
      from stock_documents d where d.id = any($1::uuid[])`, [drafts])).rows as Array<{ id: string; status: string; moves: number }>;
    for (const id of answered) expect(docs.find((d) => d.id === id)).toMatchObject({ status: 'posted', moves: productIds.length });
    for (const d of docs) expect([d.status, d.moves]).toEqual(d.status === 'posted' ? ['posted', productIds.length] : ['draft', 0]);
    const disagree = await db.query(`
      select 'balance' as what from stock_movements m full join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id
        where coalesce(m.warehouse_id, b.warehouse_id) is not null group by m.warehouse_id, m.product_id, b.warehouse_id, b.product_id, b.qty having coalesce(sum(m.qty), 0) <> coalesce(b.qty, 0)
      union all
      select 'pool' from stock_pools p left join (select product_id, sum(qty) q, sum(value) v from stock_movements group by product_id) m using (product_id)
        where p.qty <> coalesce(m.q, 0) or p.value <> coalesce(m.v, 0)
      union all
      select 'totals' from (select warehouse_id, sum(rows) r, sum(qty) q, sum(value) v from stock_totals group by warehouse_id) t
        full join (select warehouse_id, count(*) filter (where qty > 0) r, sum(qty) q, sum(value) v from stock_balance_values where warehouse_id is not null group by warehouse_id) c using (warehouse_id)
        where coalesce(t.r, 0) <> coalesce(c.r, 0) or coalesce(t.q, 0) <> coalesce(c.q, 0) or coalesce(t.v, 0) <> coalesce(c.v, 0)`);
    expect(disagree.rows).toEqual([]);
    // The drafts left behind post after the restart.
    const left = docs.filter((d) => d.status === 'draft');
    for (const d of left.slice(0, 3)) expect((await call(port, 'POST', `/api/stock/receipts/${d.id}/post`, token, undefined, shop)).status).toBe(200);
  } finally {
    await db.end();
    expect(await stop(child, 'SIGTERM')).toBe(0);
  }
}, 180_000);
