/**
 * The stock engine (issue #8) through `inject`: receipts with serials, write-offs, transfers between
 * locations, stocktakes, supplier returns, cancelling with its dependency check, balances, the ledger,
 * and the invariant ledger = balances = pools after a random mix and under parallel fights for the
 * last units. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { balancePageSchema, stockDocumentSchema, type BalancePage, type BalanceRow, type Location, type StockDocument } from '@repo/contracts';
import { products, stockBalanceValues, stockBalances, stockMovements, stockPools, stockTotals, warehouses } from '../src/db/schema';
import * as valuation from '../src/modules/stock/valuation';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
/** The default warehouse of each demo location, in the locations' order. */
let wh: string[];
let seq = 0;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  wh = [];
  for (const l of loc) {
    const [row] = await app.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.locationId, l.id), eq(warehouses.isDefault, true)));
    wh.push(row.id);
  }
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, opts: { token?: string; at?: number } = {}) =>
  app.inject({
    method,
    url: `/api/stock${url}`,
    headers: authHeaders(opts.token ?? owner, loc[opts.at ?? 0].id),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

function ok(res: LightMyRequestResponse, status = 200): StockDocument {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return stockDocumentSchema.parse(res.json());
}

async function product(opts: { serialTracked?: boolean; name?: string } = {}): Promise<string> {
  seq += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/catalog/products',
    headers: authHeaders(owner),
    payload: { name: opts.name ?? `Тестовый товар ${seq}`, sku: `T-${seq}-${Date.now()}`, price: 100000, serialTracked: opts.serialTracked ?? false },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function receipt(productId: string, qty: number, cost: number, opts: { at?: number; warehouse?: string; serials?: string[] } = {}): Promise<StockDocument> {
  const draft = ok(
    await call('POST', '/receipts', { warehouseId: opts.warehouse ?? wh[opts.at ?? 0], lines: [{ productId, qty, cost, serials: opts.serials }] }, { at: opts.at }),
    201,
  );
  return ok(await call('POST', `/receipts/${draft.id}/post`, undefined, { at: opts.at }));
}

async function writeOff(productId: string, qty: number, opts: { at?: number; serials?: string[] } = {}) {
  const draft = ok(await call('POST', '/write-offs', { warehouseId: wh[opts.at ?? 0], reason: 'Брак', lines: [{ productId, qty, serials: opts.serials }] }, { at: opts.at }), 201);
  return call('POST', `/write-offs/${draft.id}/post`, undefined, { at: opts.at });
}

async function balance(productId: string, warehouseId: string): Promise<number> {
  const [row] = await app.db.select().from(stockBalances).where(and(eq(stockBalances.productId, productId), eq(stockBalances.warehouseId, warehouseId)));
  return row?.qty ?? 0;
}

async function pool(productId: string) {
  const [row] = await app.db.select().from(stockPools).where(eq(stockPools.productId, productId));
  return { qty: row?.qty ?? 0, value: row?.value ?? 0 };
}

/** Ledger = balances = pools, for every product. */
async function expectLedgerAgrees(): Promise<void> {
  const byWarehouse = await app.db.execute(sql`
    select m.warehouse_id, m.product_id, sum(m.qty)::int as qty, coalesce(b.qty, 0) as balance
    from stock_movements m left join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id
    where m.warehouse_id is not null group by m.warehouse_id, m.product_id, b.qty having sum(m.qty) <> coalesce(b.qty, 0)`);
  expect((byWarehouse as unknown as { rows: unknown[] }).rows ?? byWarehouse).toEqual([]);
  const byProduct = await app.db.execute(sql`
    select p.product_id, p.qty, p.value, coalesce(m.qty, 0) as mqty, coalesce(m.value, 0) as mvalue
    from stock_pools p left join (select product_id, sum(qty)::bigint as qty, sum(value)::bigint as value from stock_movements group by product_id) m on m.product_id = p.product_id
    where p.qty <> coalesce(m.qty, 0) or p.value <> coalesce(m.value, 0) or p.qty < 0 or p.value < 0 or (p.qty = 0 and p.value <> 0)`);
  expect((byProduct as unknown as { rows: unknown[] }).rows ?? byProduct).toEqual([]);
  const negative = await app.db.select().from(stockBalances).where(sql`${stockBalances.qty} < 0`);
  expect(negative).toEqual([]);
  await expectTotalsAgree();
}

/**
 * The value of every balance row in `stock_balance_values` (SQL) = valuation.ts's largest-remainder split
 * (recomputed here), and each warehouse's running totals (`stock_totals`, kept by the engine) = their recount.
 */
async function expectTotalsAgree(): Promise<void> {
  const pools = await app.db.select().from(stockPools);
  const balances = await app.db.select().from(stockBalances).orderBy(asc(stockBalances.warehouseId));
  const expectedRows = new Map<string, number>();
  const expectedTotals = new Map<string, { rows: number; qty: number; value: number }>();
  for (const p of pools) {
    const mine = balances.filter((b) => b.productId === p.productId);
    const transit = p.qty - mine.reduce((s, b) => s + b.qty, 0);
    const split = valuation.warehouseValues(p, [...mine.map((b) => ({ id: b.warehouseId, qty: b.qty })), { id: 'transit', qty: transit }]);
    for (const b of mine) {
      const value = split.find((x) => x.id === b.warehouseId)!.value;
      expectedRows.set(`${b.warehouseId}:${b.productId}`, value);
      const t = expectedTotals.get(b.warehouseId) ?? { rows: 0, qty: 0, value: 0 };
      expectedTotals.set(b.warehouseId, { rows: t.rows + (b.qty > 0 ? 1 : 0), qty: t.qty + b.qty, value: t.value + value });
    }
  }
  const view = await app.db.select().from(stockBalanceValues).where(isNotNull(stockBalanceValues.warehouseId));
  expect(new Map(view.map((v) => [`${v.warehouseId}:${v.productId}`, v.value]))).toEqual(expectedRows);
  const totals = await app.db
    .select({ warehouseId: stockTotals.warehouseId, rows: sql<number>`sum(${stockTotals.rows})`.mapWith(Number), qty: sql<number>`sum(${stockTotals.qty})`.mapWith(Number), value: sql<number>`sum(${stockTotals.value})`.mapWith(Number) })
    .from(stockTotals)
    .groupBy(stockTotals.warehouseId);
  const kept = new Map(totals.filter((t) => t.rows || t.qty || t.value).map((t) => [t.warehouseId, { rows: t.rows, qty: t.qty, value: t.value }]));
  const recount = new Map([...expectedTotals].filter(([, t]) => t.rows || t.qty || t.value));
  expect(kept).toEqual(recount);
}

describe('demo stock', () => {
  it('is lived-in across the three shops and agrees with its ledger', async () => {
    const types = await app.db.execute(sql`select type, status, count(*)::int as n from stock_documents group by 1, 2`);
    const rows = ((types as unknown as { rows?: unknown[] }).rows ?? types) as Array<{ type: string; status: string; n: number }>;
    const n = (type: string, status: string) => rows.find((r) => r.type === type && r.status === status)?.n ?? 0;
    expect(n('receipt', 'posted')).toBeGreaterThanOrEqual(15);
    expect(n('transfer', 'received')).toBeGreaterThanOrEqual(4);
    expect(n('transfer', 'in_transit')).toBe(1);
    expect(n('stocktake', 'posted')).toBe(1);
    expect(n('supplier_return', 'posted')).toBe(1);
    expect(n('receipt', 'cancelled')).toBe(1);
    for (const at of [0, 1, 2]) {
      const page = balancePageSchema.parse((await call('GET', '/balances?pageSize=5', undefined, { at })).json());
      expect(page.total).toBeGreaterThan(10);
      expect(page.totalValue).toBeGreaterThan(0);
    }
    await expectLedgerAgrees();
  });
});

describe('receipts', () => {
  it('posts a receipt with serials: balance, pool, ledger and where each serial is', async () => {
    const phone = await product({ serialTracked: true, name: 'Смартфон тестовый' });
    const draft = ok(await call('POST', '/receipts', { warehouseId: wh[0], lines: [{ productId: phone, qty: 2, cost: 1500000, serials: ['SN-A1', 'SN-A2'] }] }), 201);
    expect(draft.status).toBe('draft');
    expect(draft.number).toMatch(/^ПР-\d{6}$/);
    expect(draft.total).toBe(3000000);
    const posted = ok(await call('POST', `/receipts/${draft.id}/post`));
    expect(posted.status).toBe('posted');
    expect(await balance(phone, wh[0])).toBe(2);
    expect(await pool(phone)).toEqual({ qty: 2, value: 3000000 });
    const serials = await call('GET', `/serials?productId=${phone}`);
    expect(serials.json().items.map((s: { serial: string; status: string; warehouseId: string }) => [s.serial, s.status, s.warehouseId])).toEqual([
      ['SN-A1', 'in_stock', wh[0]],
      ['SN-A2', 'in_stock', wh[0]],
    ]);
    const movements = await call('GET', `/movements?productId=${phone}`);
    expect(movements.json().items).toMatchObject([{ documentId: draft.id, number: draft.number, qty: 2, value: 3000000, warehouseId: wh[0] }]);
    // The same serial cannot come in twice while it is in stock.
    const again = ok(await call('POST', '/receipts', { warehouseId: wh[0], lines: [{ productId: phone, qty: 1, cost: 1, serials: ['SN-A1'] }] }), 201);
    const refused = await call('POST', `/receipts/${again.id}/post`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('SN-A1');
    await expectLedgerAgrees();
  });

  it('refuses to post a serial-tracked line without one serial per unit; the draft stays', async () => {
    const phone = await product({ serialTracked: true });
    const draft = ok(await call('POST', '/receipts', { warehouseId: wh[0], lines: [{ productId: phone, qty: 2, cost: 100, serials: ['X1'] }] }), 201);
    const res = await call('POST', `/receipts/${draft.id}/post`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['lines.0.serials']).toBe('Укажите серийные номера: по одному на каждую единицу');
    expect(ok(await call('GET', `/receipts/${draft.id}`)).status).toBe('draft');
    expect(await balance(phone, wh[0])).toBe(0);
  });

  it('answers bad input with 400 in Russian and writes nothing', async () => {
    const p = await product();
    for (const body of [
      { warehouseId: wh[0], lines: [{ productId: p, qty: 0, cost: 1 }] },
      { warehouseId: wh[0], lines: [{ productId: p, qty: 1.5, cost: 1 }] },
      { warehouseId: wh[0], lines: [{ productId: p, qty: 1, cost: -1 }] },
      { warehouseId: wh[0], lines: [{ productId: p, qty: 1 }] },
      { warehouseId: wh[1], lines: [{ productId: p, qty: 1, cost: 1 }] },
      { warehouseId: 'nope', lines: [] },
    ]) {
      const res = await call('POST', '/receipts', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
    }
    const list = await call('GET', `/receipts?productId=${p}`);
    expect(list.json().total).toBe(0);
  });

  it('needs the Shop header and the rules', async () => {
    const noShop = await app.inject({ method: 'GET', url: '/api/stock/receipts', headers: authHeaders(owner) });
    expect(noShop.statusCode).toBe(403);
    const viewer = await addEmployee(app, ['view:stock_document:location'], [loc[0].id]);
    expect((await call('GET', '/receipts', undefined, { token: viewer.token })).statusCode).toBe(200);
    const create = await call('POST', '/receipts', { warehouseId: wh[0], lines: [] }, { token: viewer.token });
    expect(create.statusCode).toBe(403);
    const elsewhere = await app.inject({ method: 'GET', url: '/api/stock/receipts', headers: authHeaders(viewer.token, loc[1].id) });
    expect(elsewhere.statusCode).toBe(403);
    // Cost is hidden without see_cost.
    const p = await product();
    await receipt(p, 1, 700);
    const balances = balancePageSchema.parse((await call('GET', `/balances?productId=${p}`, undefined, { token: viewer.token })).json());
    expect(balances.items[0]).toMatchObject({ qty: 1, cost: null, value: null });
    expect(balances.totalValue).toBeNull();
    expect((await call('GET', `/products/summaries?ids=${p}`, undefined, { token: viewer.token })).json().items).toEqual([{ productId: p, qty: 1, inTransit: 0, cost: null }]);
    expect((await call('GET', `/products/summaries?ids=${p}`)).json().items[0].cost).toBe(700);
  });
});

describe('write-offs and valuation', () => {
  it('takes value at the moving average, the last units take the rest, and refuses a shortage naming it', async () => {
    const p = await product({ name: 'Кабель USB-C тестовый' });
    await receipt(p, 1, 100);
    await receipt(p, 2, 51); // pool 3 units, 202 kopecks
    const first = ok(await writeOff(p, 1));
    expect(first.lines[0].value).toBe(67); // round_half_up(202 / 3)
    const refused = await writeOff(p, 5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('insufficient_stock');
    expect(refused.json().message).toBe(`Недостаточно товара: «Кабель USB-C тестовый» на складе «${(await whName(wh[0]))}»: нужно 5, есть 2`);
    const last = ok(await writeOff(p, 2));
    expect(last.lines[0].value).toBe(135); // all that is left
    expect(await pool(p)).toEqual({ qty: 0, value: 0 });
    await expectLedgerAgrees();
  });

  it('a write-off of a serial-tracked good names serials that are in that warehouse', async () => {
    const phone = await product({ serialTracked: true });
    await receipt(phone, 2, 1000, { serials: ['W-1', 'W-2'] });
    const wrong = await writeOff(phone, 1, { serials: ['W-9'] });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain('W-9');
    ok(await writeOff(phone, 1, { serials: ['W-2'] }));
    const s = (await call('GET', `/serials?search=W-`)).json().items;
    expect(s.map((x: { serial: string; status: string }) => [x.serial, x.status])).toEqual([
      ['W-1', 'in_stock'],
      ['W-2', 'gone'],
    ]);
  });
});

async function whName(id: string): Promise<string> {
  const [row] = await app.db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, id));
  return row.name;
}

describe('cancelling', () => {
  it('cancels a receipt nothing depends on with the exact reversal', async () => {
    const p = await product();
    const r = await receipt(p, 3, 250);
    const cancelled = ok(await call('POST', `/receipts/${r.id}/cancel`));
    expect(cancelled.status).toBe('cancelled');
    expect(await balance(p, wh[0])).toBe(0);
    expect(await pool(p)).toEqual({ qty: 0, value: 0 });
    const rows = await app.db.select().from(stockMovements).where(eq(stockMovements.documentId, r.id)).orderBy(asc(stockMovements.seq));
    expect(rows.map((m) => [m.qty, m.value, m.cancellation])).toEqual([
      [3, 750, false],
      [-3, -750, true],
    ]);
    expect((await call('POST', `/receipts/${r.id}/cancel`)).statusCode).toBe(409);
  });

  it('refuses to cancel a receipt a later write-off depends on, naming it', async () => {
    const p = await product({ name: 'Дисплей тестовый' });
    const r = await receipt(p, 2, 1000);
    const w = ok(await writeOff(p, 2));
    const res = await call('POST', `/receipts/${r.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`Нельзя отменить ${r.number}: от него зависит ${w.number}`);
    expect(res.json().message).toContain('Дисплей тестовый');
    expect(await balance(p, wh[0])).toBe(0);
    // Cancelling the write-off first puts the goods back at the value it took; then the receipt may go.
    ok(await call('POST', `/write-offs/${w.id}/cancel`));
    expect(await pool(p)).toEqual({ qty: 2, value: 2000 });
    ok(await call('POST', `/receipts/${r.id}/cancel`));
    await expectLedgerAgrees();
  });

  it('writes the revaluation row when later takes leave value behind', async () => {
    const p = await product();
    const a = await receipt(p, 1, 100);
    await receipt(p, 1, 200);
    ok(await writeOff(p, 1)); // takes 150
    // Cancelling the 100 receipt: 1 unit worth 50 remains... the pool goes to {0, 0}? No: 1 − 1 = 0 units, value 50 − 100 = −50 → 0.
    ok(await call('POST', `/receipts/${a.id}/cancel`));
    expect(await pool(p)).toEqual({ qty: 0, value: 0 });
    await expectLedgerAgrees();
  });
});

describe('transfers', () => {
  it('sends between locations, the goods are in transit, and the destination receives with a shortfall', async () => {
    const p = await product({ name: 'Аккумулятор тестовый' });
    await receipt(p, 5, 300);
    const draft = ok(await call('POST', '/transfers', { fromWarehouseId: wh[0], toWarehouseId: wh[1], lines: [{ productId: p, qty: 4 }] }), 201);
    expect(draft.number).toMatch(/^ПМ-/);
    const sent = ok(await call('POST', `/transfers/${draft.id}/send`));
    expect(sent.status).toBe('in_transit');
    expect(await balance(p, wh[0])).toBe(1);
    expect(await pool(p)).toEqual({ qty: 5, value: 1500 });
    const summary = (await call('GET', `/products/${p}/summary`)).json();
    expect(summary).toMatchObject({ qty: 5, inTransit: 4, value: 1500 });
    // The destination sees it in its list and as coming to its warehouse.
    const incoming = await call('GET', '/transfers?status=in_transit', undefined, { at: 1 });
    expect(incoming.json().items.map((d: StockDocument) => d.id)).toContain(draft.id);
    const coming = balancePageSchema.parse((await call('GET', `/balances?inTransit=true&productId=${p}`, undefined, { at: 1 })).json());
    expect(coming.items).toMatchObject([{ warehouseId: wh[1], qty: 0, inTransit: 4 }]);
    // Only the destination receives.
    expect((await call('POST', `/transfers/${draft.id}/receive`, {})).statusCode).toBe(409);
    const received = ok(await call('POST', `/transfers/${draft.id}/receive`, { lines: [{ productId: p, qty: 3 }] }, { at: 1 }));
    expect(received.status).toBe('received');
    expect(received.lines[0]).toMatchObject({ qty: 4, received: 3 });
    expect(await balance(p, wh[1])).toBe(3);
    expect(await pool(p)).toEqual({ qty: 4, value: 1200 }); // one unit lost in transit at 300
    await expectLedgerAgrees();
  });

  it('cancelling a transfer in transit returns the goods to the source', async () => {
    const p = await product({ serialTracked: true });
    await receipt(p, 2, 500, { serials: ['T-1', 'T-2'] });
    const draft = ok(await call('POST', '/transfers', { fromWarehouseId: wh[0], toWarehouseId: wh[2], lines: [{ productId: p, qty: 1, serials: ['T-1'] }] }), 201);
    ok(await call('POST', `/transfers/${draft.id}/send`));
    const s1 = (await call('GET', '/serials?search=T-1')).json().items[0];
    expect(s1).toMatchObject({ status: 'in_transit', warehouseId: null });
    ok(await call('POST', `/transfers/${draft.id}/cancel`));
    expect(await balance(p, wh[0])).toBe(2);
    expect((await call('GET', '/serials?search=T-1')).json().items[0]).toMatchObject({ status: 'in_stock', warehouseId: wh[0] });
    await expectLedgerAgrees();
  });
});

describe('stocktakes', () => {
  it('uses the balance at posting time, values surplus and shortage', async () => {
    const a = await product();
    const b = await product();
    await receipt(a, 4, 100);
    await receipt(b, 2, 1000);
    const sheet = ok(await call('POST', '/stocktakes', { warehouseId: wh[0], productIds: [a, b] }), 201);
    expect(sheet.lines.map((l) => l.productId).sort()).toEqual([a, b].sort());
    ok(await call('PATCH', `/stocktakes/${sheet.id}`, { lines: [{ productId: a, counted: 6 }, { productId: b, counted: 1 }] }));
    // A write-off after the sheet was made: the expected quantity is the balance at posting.
    ok(await writeOff(a, 1));
    const posted = ok(await call('POST', `/stocktakes/${sheet.id}/post`));
    const la = posted.lines.find((l) => l.productId === a)!;
    const lb = posted.lines.find((l) => l.productId === b)!;
    expect(la).toMatchObject({ expected: 3, counted: 6, value: 300 });
    expect(lb).toMatchObject({ expected: 2, counted: 1, value: 1000 });
    expect(posted.surplusValue).toBe(300);
    expect(posted.shortageValue).toBe(1000);
    expect(await balance(a, wh[0])).toBe(6);
    expect(await balance(b, wh[0])).toBe(1);
    await expectLedgerAgrees();
  });
});

describe('supplier returns', () => {
  it('returns at most what the receipt brought in minus earlier returns', async () => {
    const p = await product({ name: 'Стекло тестовое' });
    const r = await receipt(p, 3, 200);
    const first = ok(await call('POST', '/supplier-returns', { receiptId: r.id, lines: [{ productId: p, qty: 2 }] }), 201);
    expect(first.warehouseId).toBe(wh[0]);
    ok(await call('POST', `/supplier-returns/${first.id}/post`));
    const second = ok(await call('POST', '/supplier-returns', { receiptId: r.id, lines: [{ productId: p, qty: 2 }] }), 201);
    const refused = await call('POST', `/supplier-returns/${second.id}/post`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('вернуть можно не больше 1');
    expect(await balance(p, wh[0])).toBe(1);
    // The receipt cannot be cancelled while a return is posted against it.
    expect((await call('POST', `/receipts/${r.id}/cancel`)).statusCode).toBe(409);
  });
});

describe('the ledger invariant', () => {
  it('holds after a seeded random mix of postings and cancellations', async () => {
    const ids = [await product(), await product(), await product()];
    let state = 20261124;
    const rnd = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const posted: Array<{ path: string; id: string; at: number }> = [];
    for (let i = 0; i < 60; i++) {
      const p = ids[rnd(ids.length)];
      const at = rnd(2);
      const action = rnd(10);
      if (action < 4) {
        const r = await receipt(p, 1 + rnd(5), rnd(1000), { at });
        posted.push({ path: 'receipts', id: r.id, at });
      } else if (action < 7) {
        const res = await writeOff(p, 1 + rnd(3), { at });
        if (res.statusCode === 200) posted.push({ path: 'write-offs', id: res.json().id, at });
        else expect(res.json().code).toBe('insufficient_stock');
      } else if (action < 8) {
        const d = ok(await call('POST', '/transfers', { fromWarehouseId: wh[at], toWarehouseId: wh[1 - at], lines: [{ productId: p, qty: 1 + rnd(2) }] }, { at }), 201);
        const sent = await call('POST', `/transfers/${d.id}/send`, undefined, { at });
        if (sent.statusCode === 200) ok(await call('POST', `/transfers/${d.id}/receive`, {}, { at: 1 - at }));
      } else if (posted.length) {
        const victim = posted[rnd(posted.length)];
        const res = await call('POST', `/${victim.path}/${victim.id}/cancel`, undefined, { at: victim.at });
        expect([200, 409]).toContain(res.statusCode);
      }
    }
    await expectLedgerAgrees();
  });

  it('200 parallel write-offs over the last units never take a balance below zero', async () => {
    const p = await product();
    await receipt(p, 50, 333);
    const drafts = await Promise.all(
      Array.from({ length: 200 }, async () => ok(await call('POST', '/write-offs', { warehouseId: wh[0], reason: 'Тест', lines: [{ productId: p, qty: 1 }] }), 201)),
    );
    const results = await Promise.all(drafts.map((d) => call('POST', `/write-offs/${d.id}/post`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(150);
    expect(await balance(p, wh[0])).toBe(0);
    expect(await pool(p)).toEqual({ qty: 0, value: 0 });
    await expectLedgerAgrees();
  }, 120_000);
});

describe('balances', () => {
  it('lists the location’s rows with warehouse values that add up to the company value', async () => {
    const p = await product({ name: 'Чехол тестовый уникальный' });
    await receipt(p, 2, 100, { at: 0 });
    await receipt(p, 1, 101, { at: 1 }); // pool 3 units, 301
    const here = balancePageSchema.parse((await call('GET', '/balances?search=уникальный')).json());
    expect(here.items).toMatchObject([{ productId: p, warehouseId: wh[0], qty: 2, cost: 100 }]);
    const all = balancePageSchema.parse((await call('GET', '/balances?search=уникальный&allLocations=true')).json());
    expect(all.items.map((i) => i.qty).sort()).toEqual([1, 2]);
    expect(all.items.reduce((s, i) => s + (i.value ?? 0), 0)).toBe(301);
    expect(all).toMatchObject({ total: 2, totalQty: 3, totalValue: 301 });
    // The catalogue list's columns: company stock and average cost of several products at once.
    const summary = (await call('GET', `/products/${p}/summary`)).json();
    const batch = await call('GET', `/products/summaries?ids=${p},${p}`);
    expect(batch.statusCode).toBe(200);
    expect(batch.json().items).toEqual([{ productId: p, qty: 3, inTransit: 0, cost: summary.cost }]);
    expect((await call('GET', '/products/summaries?ids=nope')).statusCode).toBe(400);
    // The unfiltered list's totals (the engine's running totals) are the sum of all its rows.
    for (const query of ['', '&allLocations=true']) {
      const rows: BalanceRow[] = [];
      let first: BalancePage | undefined;
      for (let page = 1; !first || rows.length < first.total; page++) {
        const got = balancePageSchema.parse((await call('GET', `/balances?pageSize=200&page=${page}${query}`)).json());
        first ??= got;
        if (got.items.length === 0) break;
        rows.push(...got.items);
      }
      expect(rows.length).toBe(first!.total);
      expect(first!.totalQty).toBe(rows.reduce((s, r) => s + r.qty, 0));
      expect(first!.totalValue).toBe(rows.reduce((s, r) => s + (r.value ?? 0), 0));
      expect(rows.every((r) => r.qty > 0)).toBe(true);
    }
    // Russian-layout typing of a SKU finds it too.
    const [row] = await app.db.select({ sku: products.sku }).from(products).where(eq(products.id, p));
    expect(row.sku).toBeTruthy();
  });
});
