/**
 * Purchasing (issue #21) through `inject`: the life cycle of a purchase order (draft → ordered → partly
 * received → received, cancelled, closed), receiving in parts with `over_receipt` and `allowOver`, a
 * receipt cancelled in the stock area moving the order back, supplier prices, reorder suggestions and the
 * drafts they make, the rules and `see_cost`, the realtime events, 20 parallel receipts against one line,
 * and every refusal changing nothing. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  procurementMessages as msg,
  purchaseOrderPageSchema,
  purchaseOrderSchema,
  receivePurchaseOrderResponseSchema,
  suggestionListSchema,
  supplierPriceListSchema,
  type Location,
  type PurchaseOrder,
} from '@repo/contracts';
import { auditLog, warehouses } from '../src/db/schema';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { failing, ledgerDrift } from './ledgers';
import { addEmployee, demoLocations } from './location-fixtures';
import { recordRealtimeEvents } from './realtime-events';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
/** The default warehouse of each demo location, in the locations' order. */
let wh: string[];
let supplierA: string;
let supplierB: string;
let client: string;
let seq = 0;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  wh = [];
  for (const l of loc) {
    const [row] = await app.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.locationId, l._id), eq(warehouses.isDefault, true)));
    wh.push(row.id);
  }
  supplierA = await counterparty('ООО «Тест-Поставка А»', true);
  supplierB = await counterparty('ООО «Тест-Поставка Б»', true);
  client = await counterparty('Покупатель Тестов', false);
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, opts: { token?: string; at?: number } = {}) =>
  app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/procurement${url}`,
    headers: authHeaders(opts.token ?? owner, loc[opts.at ?? 0]._id),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const order = (res: LightMyRequestResponse, status = 200): PurchaseOrder => purchaseOrderSchema.parse(ok(res, status));

async function counterparty(name: string, isSupplier: boolean): Promise<string> {
  return ok(await app.inject({ method: 'POST', url: '/api/clients', headers: authHeaders(owner), payload: { kind: 'company', name, isSupplier } }), 201).id;
}

async function product(opts: { kind?: 'good' | 'service'; serialTracked?: boolean; minStock?: Array<{ warehouseId: string; qty: number }> } = {}): Promise<string> {
  seq += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/catalog/products',
    headers: authHeaders(owner),
    payload: { name: `Закупка: товар ${seq}`, sku: `PO-${seq}-${Date.now()}`, price: 200000, kind: opts.kind ?? 'good', serialTracked: opts.serialTracked ?? false, minStock: opts.minStock ?? [] },
  });
  return ok(res, 201).id;
}

/** A draft at location `at` (default Арбат) for its default warehouse. */
async function draft(lines: Array<{ productId: string; qty: number; price?: number }>, opts: { supplierId?: string | null; at?: number; token?: string; expectedAt?: string } = {}) {
  const supplierId = opts.supplierId === undefined ? supplierA : opts.supplierId;
  return order(await call('POST', '/orders', { supplierId, warehouseId: wh[opts.at ?? 0], lines, expectedAt: opts.expectedAt }, opts), 201);
}

async function ordered(lines: Array<{ productId: string; qty: number; price?: number }>, opts: { supplierId?: string | null; at?: number; expectedAt?: string } = {}) {
  const d = await draft(lines, opts);
  return order(await call('POST', `/orders/${d.id}/order`, undefined, opts));
}

const receive = (id: string, body: unknown, opts: { token?: string; at?: number } = {}) => call('POST', `/orders/${id}/receive`, body, opts);

async function received(id: string, body: unknown) {
  return receivePurchaseOrderResponseSchema.parse(ok(await receive(id, body)));
}

async function balance(productId: string, warehouseId = wh[0]): Promise<number> {
  const [row] = rowsOf<{ qty: number }>(await app.db.execute(sql`select qty from stock_balances where product_id = ${productId} and warehouse_id = ${warehouseId}`));
  return row?.qty ?? 0;
}

/** Everything a refused call could have touched. */
async function state() {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<unknown>(await app.db.execute(query));
  return {
    orders: await q(sql`select * from purchase_orders order by id`),
    lines: await q(sql`select * from purchase_order_lines order by id`),
    documents: await q(sql`select id, status from stock_documents order by id`),
    movements: await q(sql`select count(*)::int as n from stock_movements`),
    balances: await q(sql`select * from stock_balances order by warehouse_id, product_id`),
    prices: await q(sql`select * from supplier_prices order by supplier_id, product_id`),
    counters: await q(sql`select * from document_counters order by location_id, kind`),
    audit: await q(sql`select count(*)::int as n from audit_log`),
  };
}

/** Runs a call that must be refused with `status` (and `message` / a field error), and checks nothing changed. */
async function refused(run: () => Promise<LightMyRequestResponse>, status: number, expected: { message?: string | RegExp; field?: [string, string]; code?: string }) {
  const before = await state();
  const res = await run();
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status, body: {} });
  const body = res.json();
  if (expected.message instanceof RegExp) expect(body.message).toMatch(expected.message);
  else if (expected.message) expect(body.message).toBe(expected.message);
  if (expected.field) expect(body.errors?.[expected.field[0]]).toBe(expected.field[1]);
  if (expected.code) expect(body.code).toBe(expected.code);
  expect(body.message).toMatch(/[а-яё]/i);
  expect(await state()).toEqual(before);
  return body;
}

// ---------------------------------------------------------------------------------------------------

describe('demo data', () => {
  it('has orders in every status over the last 60 days, overdue and closed ones, and suggestions in every shop', async () => {
    const counts = rowsOf<{ status: string; closed: boolean; n: number }>(
      await app.db.execute(sql`select status, closed_at is not null as closed, count(*)::int as n from purchase_orders group by 1, 2`),
    );
    const total = counts.reduce((s, c) => s + c.n, 0);
    expect(total).toBeGreaterThanOrEqual(35);
    for (const status of ['draft', 'ordered', 'partial', 'received', 'cancelled']) expect(counts.some((c) => c.status === status && c.n > 0)).toBe(true);
    expect(counts.some((c) => c.closed && c.status === 'received')).toBe(true);
    const [{ oldest }] = rowsOf<{ oldest: number }>(await app.db.execute(sql`select extract(day from now() - min(created_at))::int as oldest from purchase_orders`));
    expect(oldest).toBeGreaterThanOrEqual(55);
    const overdue = purchaseOrderPageSchema.parse(ok(await call('GET', '/orders?overdue=true', undefined, { at: 0 })));
    const elsewhere = await Promise.all([1, 2].map(async (at) => purchaseOrderPageSchema.parse(ok(await call('GET', '/orders?overdue=true', undefined, { at }))).total));
    expect(overdue.total + elsewhere[0] + elsewhere[1]).toBeGreaterThan(0);
    for (const at of [0, 1, 2]) expect(suggestionListSchema.parse(ok(await call('GET', '/suggestions', undefined, { at }))).length).toBeGreaterThan(0);
    // Partly received demo orders came through real receipts: each order's received = its posted receipts' lines.
    const drift = rowsOf(
      await app.db.execute(sql`select o.number from purchase_orders o where o.received_qty <> coalesce((select sum(l.qty) from stock_documents d join stock_document_lines l on l.document_id = d.id
        where d.purchase_order_id = o.id and d.status = 'posted'), 0)`),
    );
    expect(drift).toEqual([]);
    expect(failing(await ledgerDrift(app.db))).toEqual({});
  });
});

describe('life cycle', () => {
  it('draft → ordered → two parts, each its own receipt → received; history and the receipt link', async () => {
    const [p1, p2] = [await product(), await product()];
    let o = await draft([{ productId: p1, qty: 5, price: 10000 }], { expectedAt: '2099-01-10' });
    expect(o).toMatchObject({ status: 'draft', closed: false, number: expect.stringMatching(/^ЗП-\d{6}$/), supplierId: supplierA, supplierName: 'ООО «Тест-Поставка А»', warehouseId: wh[0], expectedAt: '2099-01-10', total: 50000, totalQty: 5, receivedQty: 0 });
    expect(o.lines).toEqual([expect.objectContaining({ productId: p1, qty: 5, price: 10000, amount: 50000, received: 0, expected: 5 })]);

    // PATCH: lines replace the lines; a line without a price keeps the one it had.
    o = order(await call('PATCH', `/orders/${o.id}`, { comment: 'Срочно', lines: [{ productId: p1, qty: 6 }, { productId: p2, qty: 4, price: 25000 }] }));
    expect(o).toMatchObject({ comment: 'Срочно', total: 6 * 10000 + 4 * 25000, totalQty: 10, lines: [{ productId: p1, qty: 6, price: 10000 }, { productId: p2, qty: 4, price: 25000 }] });

    o = order(await call('POST', `/orders/${o.id}/order`));
    expect(o).toMatchObject({ status: 'ordered', orderedByName: 'Смирнов Алексей Петрович', overdue: false });
    expect(o.orderedAt).not.toBeNull();

    const first = await received(o.id, { lines: [{ productId: p1, qty: 2 }, { productId: p2, qty: 4 }], comment: 'Первая коробка' });
    expect(first.receipt.number).toMatch(/^ПР-\d{6}$/);
    expect(first.order).toMatchObject({ status: 'partial', receivedQty: 6, lines: [{ received: 2, expected: 4 }, { received: 4, expected: 0 }] });
    expect(await balance(p1)).toBe(2);

    const second = await received(o.id, { lines: [{ productId: p1, qty: 4, cost: 11000 }] });
    expect(second.receipt.id).not.toBe(first.receipt.id);
    expect(second.order).toMatchObject({ status: 'received', receivedQty: 10, lines: [{ received: 6, expected: 0 }, { received: 4, expected: 0 }] });
    expect(second.order.receipts).toEqual([
      expect.objectContaining({ id: first.receipt.id, number: first.receipt.number, status: 'posted', totalQty: 6, total: 2 * 10000 + 4 * 25000, authorName: 'Смирнов Алексей Петрович' }),
      expect.objectContaining({ id: second.receipt.id, status: 'posted', totalQty: 4, total: 4 * 11000 }),
    ]);

    // The stock receipt names its order, at the order's price unless the part said otherwise.
    const doc = ok(await call('GET', `/api/stock/receipts/${first.receipt.id}`));
    expect(doc).toMatchObject({ status: 'posted', supplierId: supplierA, purchaseOrderId: o.id, purchaseOrderNumber: o.number, comment: 'Первая коробка' });
    expect(doc.lines.map((l: { productId: string; cost: number }) => [l.productId, l.cost])).toEqual([[p1, 10000], [p2, 25000]]);

    const history = await app.db.select({ action: auditLog.action, diff: auditLog.diff }).from(auditLog).where(and(eq(auditLog.entity, 'purchase_order'), eq(auditLog.entityId, o.id))).orderBy(auditLog.createdAt);
    expect(history.map((h) => h.action)).toEqual(['create', 'update', 'post', 'update', 'update']);
    expect(history[3].diff).toMatchObject({ status: { before: 'ordered', after: 'partial' }, receipt: { after: first.receipt.number } });

    const list = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?status=received&productId=${p2}`)));
    expect(list.items.map((i) => i.id)).toEqual([o.id]);
    expect(list.items[0]).toMatchObject({ lineCount: 2, receivedQty: 10, totalQty: 10 });
  });

  it('defaults a line’s price to the supplier’s last purchase price, else 0', async () => {
    const p = await product();
    const first = await ordered([{ productId: p, qty: 1, price: 33300 }]);
    await received(first.id, { lines: [{ productId: p, qty: 1 }] });
    const again = await draft([{ productId: p, qty: 2 }]);
    expect(again.lines[0].price).toBe(33300);
    const other = await draft([{ productId: p, qty: 2 }], { supplierId: supplierB });
    expect(other.lines[0].price).toBe(0);
  });

  it('deletes a draft; an ordered order is not deleted', async () => {
    const p = await product();
    const d = await draft([{ productId: p, qty: 1 }]);
    expect(ok(await call('DELETE', `/orders/${d.id}`))).toEqual({ ok: true });
    expect((await call('GET', `/orders/${d.id}`)).statusCode).toBe(404);
    const o = await ordered([{ productId: p, qty: 1 }]);
    await refused(() => call('DELETE', `/orders/${o.id}`), 409, { message: msg.deleteNotDraft });
  });

  it('cancels a draft and an order with nothing received; closes a partly received one', async () => {
    const p = await product();
    const d = await draft([{ productId: p, qty: 1 }]);
    expect(order(await call('POST', `/orders/${d.id}/cancel`))).toMatchObject({ status: 'cancelled', closed: false, closedByName: 'Смирнов Алексей Петрович' });
    const o = await ordered([{ productId: p, qty: 3 }]);
    expect(order(await call('POST', `/orders/${o.id}/cancel`))).toMatchObject({ status: 'cancelled', lines: [{ expected: 0 }] });

    const partial = await ordered([{ productId: p, qty: 5 }, { productId: await product(), qty: 2 }]);
    await received(partial.id, { lines: [{ productId: p, qty: 2 }] });
    const closed = order(await call('POST', `/orders/${partial.id}/cancel`));
    expect(closed).toMatchObject({ status: 'received', closed: true, receivedQty: 2, lines: [{ received: 2, expected: 0 }, { received: 0, expected: 0 }] });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.receipts).toHaveLength(1);
    expect(await balance(p)).toBe(2);
    await refused(() => receive(partial.id, { lines: [{ productId: p, qty: 1 }] }), 409, { message: msg.receiveClosed });
    await refused(() => call('POST', `/orders/${partial.id}/cancel`), 409, { message: msg.alreadyClosed });
    await refused(() => call('POST', `/orders/${o.id}/cancel`), 409, { message: msg.alreadyClosed });
  });

  it('marks an open order past its expected date as overdue and filters by it', async () => {
    const p = await product();
    const late = await ordered([{ productId: p, qty: 1 }], { expectedAt: '2020-01-01' });
    expect(late.overdue).toBe(true);
    const onTime = await ordered([{ productId: p, qty: 1 }], { expectedAt: '2099-01-01' });
    expect(onTime.overdue).toBe(false);
    const page = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?overdue=true&productId=${p}`)));
    expect(page.items.map((i) => i.id)).toEqual([late.id]);
  });

  it('lists the current shop’s orders newest first, searched by number, supplier or comment, page by page', async () => {
    const p = await product();
    const a = await draft([{ productId: p, qty: 1 }], { supplierId: supplierB });
    const b = await draft([{ productId: p, qty: 1 }], { supplierId: supplierB });
    await draft([{ productId: p, qty: 1 }], { supplierId: supplierB, at: 1 });
    const byProduct = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?productId=${p}&pageSize=1&page=2`)));
    expect(byProduct).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: a.id }] });
    const byNumber = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?search=${encodeURIComponent(b.number)}`)));
    expect(byNumber.items.map((i) => i.id)).toEqual([b.id]);
    const bySupplier = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?search=${encodeURIComponent('поставка б')}&supplierId=${supplierB}&warehouseId=${wh[0]}`)));
    expect(bySupplier.items.map((i) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(bySupplier.items.every((i) => i.supplierId === supplierB && i.warehouseId === wh[0])).toBe(true);
  });
});

describe('refusals answer in Russian and change nothing', () => {
  it('a zero or negative quantity', async () => {
    const p = await product();
    await refused(() => call('POST', '/orders', { supplierId: supplierA, warehouseId: wh[0], lines: [{ productId: p, qty: 0 }] }), 400, { field: ['lines.0.qty', 'Количество должно быть больше нуля'] });
    await refused(() => call('POST', '/orders', { supplierId: supplierA, warehouseId: wh[0], lines: [{ productId: p, qty: -2 }] }), 400, { field: ['lines.0.qty', 'Количество должно быть больше нуля'] });
    const o = await ordered([{ productId: p, qty: 2 }]);
    await refused(() => receive(o.id, { lines: [{ productId: p, qty: 0 }] }), 400, { field: ['lines.0.qty', 'Количество должно быть больше нуля'] });
  });

  it('a counterparty that is not a supplier, or none at all', async () => {
    const p = await product();
    await refused(() => call('POST', '/orders', { supplierId: client, warehouseId: wh[0], lines: [{ productId: p, qty: 1 }] }), 400, { message: msg.notSupplier, field: ['supplierId', msg.notSupplier] });
    await refused(() => call('POST', '/orders', { supplierId: '00000000-0000-4000-8000-000000000000', warehouseId: wh[0], lines: [] }), 400, { field: ['supplierId', msg.supplierNotFound] });
    const d = await draft([{ productId: p, qty: 1 }]);
    await refused(() => call('PATCH', `/orders/${d.id}`, { supplierId: client }), 400, { field: ['supplierId', msg.notSupplier] });
  });

  it('a warehouse of a location the employee does not work in, or of another shop than the current one', async () => {
    const p = await product();
    const buyer = await addEmployee(app, ['view:purchase_order:location', 'create:purchase_order:location', 'see_cost'], [loc[0]._id]);
    await refused(() => call('POST', '/orders', { supplierId: supplierA, warehouseId: wh[1], lines: [{ productId: p, qty: 1 }] }, { token: buyer.token }), 400, {
      field: ['warehouseId', msg.warehouseOtherLocation],
    });
    await refused(() => call('POST', '/orders', { supplierId: supplierA, warehouseId: wh[1], lines: [{ productId: p, qty: 1 }] }), 400, { field: ['warehouseId', msg.warehouseNotHere] });
    await refused(() => call('GET', `/suggestions?warehouseId=${wh[2]}`, undefined, { token: buyer.token }), 400, { field: ['warehouseId', msg.warehouseOtherLocation] });
  });

  it('lines of a service, an archived good, the same good twice', async () => {
    const [service, gone, p] = [await product({ kind: 'service' }), await product(), await product()];
    ok(await app.inject({ method: 'DELETE', url: `/api/catalog/products/${gone}`, headers: authHeaders(owner) }));
    const body = await refused(
      () => call('POST', '/orders', { supplierId: supplierA, warehouseId: wh[0], lines: [{ productId: service, qty: 1 }, { productId: gone, qty: 1 }, { productId: p, qty: 1 }, { productId: p, qty: 2 }] }),
      400,
      {},
    );
    expect(body.errors).toEqual({ 'lines.0.productId': msg.productIsService, 'lines.1.productId': msg.productArchived, 'lines.3.productId': msg.duplicateProduct });
  });

  it('ordering an empty draft, or one without a supplier; editing what is no longer a draft', async () => {
    const p = await product();
    const empty = await draft([]);
    await refused(() => call('POST', `/orders/${empty.id}/order`), 400, { message: msg.emptyOrder, field: ['lines', msg.emptyOrder] });
    const orphan = await draft([{ productId: p, qty: 1 }], { supplierId: null });
    await refused(() => call('POST', `/orders/${orphan.id}/order`), 400, { message: msg.supplierRequired, field: ['supplierId', msg.supplierRequired] });
    const o = await ordered([{ productId: p, qty: 1 }]);
    await refused(() => call('PATCH', `/orders/${o.id}`, { comment: 'поздно' }), 409, { message: msg.notDraft });
    await refused(() => call('POST', `/orders/${o.id}/order`), 409, { message: msg.alreadyOrdered });
  });

  it('receiving a draft, a cancelled order, a good not on the order', async () => {
    const p = await product();
    const d = await draft([{ productId: p, qty: 1 }]);
    await refused(() => receive(d.id, { lines: [{ productId: p, qty: 1 }] }), 409, { message: msg.receiveDraft });
    const c = await ordered([{ productId: p, qty: 1 }]);
    order(await call('POST', `/orders/${c.id}/cancel`));
    await refused(() => receive(c.id, { lines: [{ productId: p, qty: 1 }] }), 409, { message: msg.receiveCancelled });
    const [o, stranger] = [await ordered([{ productId: p, qty: 1 }]), await product()];
    await refused(() => receive(o.id, { lines: [{ productId: stranger, qty: 1 }] }), 400, { field: ['lines.0.productId', msg.notInOrder] });
    await refused(() => receive(o.id, { lines: [] }), 400, { field: ['lines', 'Укажите, что принимается'] });
    await refused(() => receive('00000000-0000-4000-8000-000000000000', { lines: [{ productId: p, qty: 1 }] }), 404, { message: msg.notFound });
  });

  it('a serial-tracked good received without its serials', async () => {
    const phone = await product({ serialTracked: true });
    const o = await ordered([{ productId: phone, qty: 2 }]);
    await refused(() => receive(o.id, { lines: [{ productId: phone, qty: 2, serials: ['SN-PO-1'] }] }), 400, { field: ['lines.0.serials', 'Укажите серийные номера: по одному на каждую единицу'] });
    const r = await received(o.id, { lines: [{ productId: phone, qty: 2, serials: ['SN-PO-1', 'SN-PO-2'] }] });
    expect(r.order.status).toBe('received');
  });
});

describe('over-receipt', () => {
  it('refuses more than a line still expects with 409 over_receipt naming the quantities, then takes it with allowOver', async () => {
    const p = await product();
    const [{ name: productName }] = rowsOf<{ name: string }>(await app.db.execute(sql`select name from products where id = ${p}`));
    const o = await ordered([{ productId: p, qty: 5 }]);
    await received(o.id, { lines: [{ productId: p, qty: 3 }] });
    const body = await refused(() => receive(o.id, { lines: [{ productId: p, qty: 4 }] }), 409, { code: 'over_receipt' });
    expect(body.message).toBe(`Принимается больше, чем ожидается: «${productName}»: заказано 5, получено 3, принимается 4. Подтвердите приёмку сверх заказа`);
    expect(body.errors['lines.0.qty']).toContain('заказано 5, получено 3, принимается 4');
    await refused(() => receive(o.id, { lines: [{ productId: p, qty: 4 }], allowOver: false }), 409, { code: 'over_receipt' });

    const over = await received(o.id, { lines: [{ productId: p, qty: 4 }], allowOver: true });
    expect(over.order).toMatchObject({ status: 'received', receivedQty: 7, lines: [{ qty: 5, received: 7, expected: 0 }] });
    // A fully received order takes more only when confirmed.
    await refused(() => receive(o.id, { lines: [{ productId: p, qty: 1 }] }), 409, { code: 'over_receipt' });
    expect((await received(o.id, { lines: [{ productId: p, qty: 1 }], allowOver: true })).order.receivedQty).toBe(8);
    expect(await balance(p)).toBe(8);
  });

  it('20 parallel receipts of one unit against a line of 5: exactly 5 go through, the ledger agrees', async () => {
    const p = await product();
    const o = await ordered([{ productId: p, qty: 5, price: 1000 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => receive(o.id, { lines: [{ productId: p, qty: 1 }] })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'over_receipt')).toBe(true);
    const after = order(await call('GET', `/orders/${o.id}`));
    expect(after).toMatchObject({ status: 'received', receivedQty: 5, lines: [{ received: 5, expected: 0 }] });
    expect(after.receipts).toHaveLength(5);
    expect(await balance(p)).toBe(5);
    expect(failing(await ledgerDrift(app.db))).toEqual({});
  });
});

describe('a receipt cancelled in the stock area', () => {
  it('takes its quantities back off the order: received → partial → ordered, expected goes back up', async () => {
    const [p1, p2] = [await product(), await product()];
    const o = await ordered([{ productId: p1, qty: 4 }, { productId: p2, qty: 2 }]);
    const first = await received(o.id, { lines: [{ productId: p1, qty: 4 }] });
    const second = await received(o.id, { lines: [{ productId: p2, qty: 2 }] });
    expect(second.order.status).toBe('received');

    ok(await call('POST', `/api/stock/receipts/${second.receipt.id}/cancel`));
    let after = order(await call('GET', `/orders/${o.id}`));
    expect(after).toMatchObject({ status: 'partial', receivedQty: 4, lines: [{ received: 4, expected: 0 }, { received: 0, expected: 2 }] });
    expect(after.receipts.map((r) => r.status)).toEqual(['posted', 'cancelled']);

    ok(await call('POST', `/api/stock/receipts/${first.receipt.id}/cancel`));
    after = order(await call('GET', `/orders/${o.id}`));
    expect(after).toMatchObject({ status: 'ordered', receivedQty: 0, lines: [{ received: 0, expected: 4 }, { received: 0, expected: 2 }] });
    expect(await balance(p1)).toBe(0);
    // It can be received again.
    expect((await received(o.id, { lines: [{ productId: p1, qty: 4 }, { productId: p2, qty: 2 }] })).order.status).toBe('received');
    expect(failing(await ledgerDrift(app.db))).toEqual({});
  });
});

describe('supplier prices', () => {
  it('keeps the last purchase price per supplier and product, and recomputes it when a receipt is cancelled', async () => {
    const p = await product();
    const a = await ordered([{ productId: p, qty: 2, price: 40000 }]);
    const r1 = await received(a.id, { lines: [{ productId: p, qty: 2 }] });
    const b = await ordered([{ productId: p, qty: 1, price: 45000 }]);
    const r2 = await received(b.id, { lines: [{ productId: p, qty: 1, cost: 47000 }] });
    const c = await ordered([{ productId: p, qty: 1, price: 39000 }], { supplierId: supplierB });
    await received(c.id, { lines: [{ productId: p, qty: 1 }] });

    let prices = supplierPriceListSchema.parse(ok(await call('GET', `/prices?productId=${p}`)));
    expect(prices.map((x) => [x.supplierName, x.price])).toEqual([
      ['ООО «Тест-Поставка Б»', 39000],
      ['ООО «Тест-Поставка А»', 47000],
    ]);
    expect(prices[1]).toMatchObject({ documentId: r2.receipt.id, documentNumber: r2.receipt.number, productId: p });

    ok(await call('POST', `/api/stock/receipts/${r2.receipt.id}/cancel`));
    prices = supplierPriceListSchema.parse(ok(await call('GET', `/prices?productId=${p}&supplierId=${supplierA}`)));
    expect(prices).toEqual([expect.objectContaining({ price: 40000, documentId: r1.receipt.id })]);
    const bySupplier = supplierPriceListSchema.parse(ok(await call('GET', `/prices?supplierId=${supplierB}`)));
    expect(bySupplier.map((x) => x.productId)).toContain(p);
    await refused(() => call('GET', '/prices'), 400, { message: /[а-я]/i });
  });
});

describe('reorder suggestions', () => {
  it('suggests minimum − on hand − expected on open orders, with the last supplier and price', async () => {
    const low = await product({ minStock: [{ warehouseId: wh[0], qty: 10 }] });
    const enough = await product({ minStock: [{ warehouseId: wh[0], qty: 2 }] });
    const covered = await product({ minStock: [{ warehouseId: wh[0], qty: 3 }] });
    const archived = await product({ minStock: [{ warehouseId: wh[0], qty: 3 }] });
    ok(await app.inject({ method: 'DELETE', url: `/api/catalog/products/${archived}`, headers: authHeaders(owner) }));
    // 3 of `low` in stock (from supplier B at 51 000), 4 more on an open order, 100 on a draft (not counted).
    const stocked = await ordered([{ productId: low, qty: 3, price: 51000 }, { productId: enough, qty: 5, price: 100 }], { supplierId: supplierB });
    await received(stocked.id, { lines: [{ productId: low, qty: 3 }, { productId: enough, qty: 5 }] });
    await ordered([{ productId: low, qty: 4 }, { productId: covered, qty: 3 }]);
    await draft([{ productId: low, qty: 100 }]);
    // A part of an open order counts only what it still expects.
    const part = await ordered([{ productId: covered, qty: 2 }]);
    await received(part.id, { lines: [{ productId: covered, qty: 1 }] });

    const list = suggestionListSchema.parse(ok(await call('GET', '/suggestions')));
    const mine = list.filter((s) => [low, enough, covered, archived].includes(s.productId));
    expect(mine).toEqual([
      expect.objectContaining({ productId: low, warehouseId: wh[0], minStock: 10, onHand: 3, expected: 4, qty: 3, supplierId: supplierB, supplierName: 'ООО «Тест-Поставка Б»', price: 51000 }),
    ]);
    expect(suggestionListSchema.parse(ok(await call('GET', `/suggestions?warehouseId=${wh[0]}`)))).toEqual(list);
  });

  it('follows the stock and the minimum as they change: a write-off, a raised minimum, a removed one', async () => {
    const good = await product({ minStock: [{ warehouseId: wh[0], qty: 4 }] });
    const suggested = async () => suggestionListSchema.parse(ok(await call('GET', '/suggestions'))).find((s) => s.productId === good);
    expect(await suggested()).toEqual(expect.objectContaining({ onHand: 0, qty: 4 }));
    const bought = await ordered([{ productId: good, qty: 6, price: 1000 }]);
    await received(bought.id, { lines: [{ productId: good, qty: 6 }] });
    expect(await suggested()).toBeUndefined();
    // A write-off in the stock area takes it under its minimum again.
    const writeOff = ok(await call('POST', '/api/stock/write-offs', { warehouseId: wh[0], reason: 'Брак', lines: [{ productId: good, qty: 3 }] }), 201);
    ok(await call('POST', `/api/stock/write-offs/${writeOff.id}/post`));
    expect(await suggested()).toEqual(expect.objectContaining({ onHand: 3, qty: 1 }));
    // The catalogue raises the minimum, then removes it.
    const patch = (qty: number) => app.inject({ method: 'PATCH', url: `/api/catalog/products/${good}`, headers: authHeaders(owner), payload: { minStock: [{ warehouseId: wh[0], qty }] } });
    ok(await patch(10));
    expect(await suggested()).toEqual(expect.objectContaining({ minStock: 10, onHand: 3, qty: 7 }));
    ok(await patch(0));
    expect(await suggested()).toBeUndefined();
    expect(failing(await ledgerDrift(app.db))).toEqual({});
  });

  it('turns the chosen suggestions into drafts, one per supplier and one without, at that supplier’s last prices', async () => {
    const [fromA, fromB, never, alsoA] = [
      await product({ minStock: [{ warehouseId: wh[1], qty: 5 }] }),
      await product({ minStock: [{ warehouseId: wh[1], qty: 4 }] }),
      await product({ minStock: [{ warehouseId: wh[1], qty: 2 }] }),
      await product({ minStock: [{ warehouseId: wh[1], qty: 6 }] }),
    ];
    const a = await ordered([{ productId: fromA, qty: 1, price: 12000 }, { productId: alsoA, qty: 1, price: 8000 }], { at: 1 });
    ok(await receive(a.id, { lines: [{ productId: fromA, qty: 1 }, { productId: alsoA, qty: 1 }] }, { at: 1 }));
    const b = await ordered([{ productId: fromB, qty: 1, price: 22000 }], { supplierId: supplierB, at: 1 });
    ok(await receive(b.id, { lines: [{ productId: fromB, qty: 1 }] }, { at: 1 }));

    const recorder = await recordRealtimeEvents(app);
    let made: Array<{ id: string; number: string; supplierId: string | null }>;
    try {
      made = ok(
        await call('POST', '/suggestions/order', { warehouseId: wh[1], productIds: [fromA, fromB, never, alsoA], lines: [{ productId: alsoA, qty: 10 }] }, { at: 1 }),
        201,
      ).orders;
      await recorder.delivered();
      expect(recorder.events.filter((e) => e.entity === 'purchase_order' && e.type === 'created').map((e) => e.id).sort()).toEqual(made.map((m) => m.id).sort());
    } finally {
      await recorder.stop();
    }
    expect(made.map((m) => m.supplierId)).toEqual([supplierA, supplierB, null]);
    const drafts = await Promise.all(made.map(async (m) => order(await call('GET', `/orders/${m.id}`, undefined, { at: 1 }))));
    expect(drafts.every((d) => d.status === 'draft' && d.warehouseId === wh[1])).toBe(true);
    expect(drafts[0].lines.map((l) => [l.productId, l.qty, l.price])).toEqual(expect.arrayContaining([[fromA, 4, 12000], [alsoA, 10, 8000]]));
    expect(drafts[1].lines.map((l) => [l.productId, l.qty, l.price])).toEqual([[fromB, 3, 22000]]);
    expect(drafts[2].lines.map((l) => [l.productId, l.qty, l.price])).toEqual([[never, 2, 0]]);

    // Drafts are not expected: the goods are still suggested; a supplier picked by the buyer gets the draft.
    const moved = ok(await call('POST', '/suggestions/order', { warehouseId: wh[1], lines: [{ productId: never, supplierId: supplierB, qty: 7 }] }, { at: 1 }), 201).orders;
    expect(moved).toEqual([expect.objectContaining({ supplierId: supplierB })]);
    expect(order(await call('GET', `/orders/${moved[0].id}`, undefined, { at: 1 })).lines.map((l) => [l.productId, l.qty])).toEqual([[never, 7]]);

    await refused(() => call('POST', '/suggestions/order', { warehouseId: wh[1], productIds: [] }, { at: 1 }), 400, { message: msg.nothingToSuggest });
    const plain = await product();
    await refused(() => call('POST', '/suggestions/order', { warehouseId: wh[1], productIds: [plain] }, { at: 1 }), 400, { message: msg.nothingToSuggest });
    await refused(() => call('POST', '/suggestions/order', { warehouseId: wh[1], lines: [{ productId: never, supplierId: client }] }, { at: 1 }), 400, { field: ['lines.0.supplierId', msg.notSupplier] });
  });
});

describe('rules', () => {
  it('refuses without the rules (403) and answers the permitted scope only', async () => {
    const p = await product();
    const nobody = await addEmployee(app, ['view:product:all'], [loc[0]._id]);
    await refused(() => call('GET', '/orders', undefined, { token: nobody.token }), 403, { message: 'Нет права: просмотр — закупки' });
    await refused(() => call('POST', '/orders', { warehouseId: wh[0], lines: [] }, { token: nobody.token }), 403, { message: 'Нет права: создание — закупки' });

    const own = await addEmployee(app, ['view:purchase_order:own', 'create:purchase_order:own', 'edit:purchase_order:own', 'see_cost'], [loc[0]._id]);
    const theirs = await draft([{ productId: p, qty: 1 }]);
    const mine = await draft([{ productId: p, qty: 1 }], { token: own.token });
    const page = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?productId=${p}`, undefined, { token: own.token })));
    expect(page.items.map((i) => i.id)).toEqual([mine.id]);
    await refused(() => call('GET', `/orders/${theirs.id}`, undefined, { token: own.token }), 404, { message: msg.notFound });
    await refused(() => call('POST', `/orders/${mine.id}/order`, undefined, { token: own.token }), 403, { message: 'Нет права: проведение — закупки' });

    // Receiving needs the right to post stock documents as well.
    const buyer = await addEmployee(app, ['view:purchase_order:location', 'post:purchase_order:location', 'see_cost'], [loc[0]._id]);
    const o = await ordered([{ productId: p, qty: 1 }]);
    await refused(() => receive(o.id, { lines: [{ productId: p, qty: 1 }] }, { token: buyer.token }), 403, { message: 'Нет права: проведение — складские документы' });
  });

  it('hides prices and totals without see_cost and refuses typing them', async () => {
    const p = await product({ minStock: [{ warehouseId: wh[0], qty: 3 }] });
    const keeper = await addEmployee(
      app,
      ['view:purchase_order:location', 'create:purchase_order:location', 'post:purchase_order:location', 'post:stock_document:location', 'view:product:all'],
      [loc[0]._id],
    );
    const o = await ordered([{ productId: p, qty: 2, price: 5000 }]);
    const seen = order(await call('GET', `/orders/${o.id}`, undefined, { token: keeper.token }));
    expect(seen).toMatchObject({ total: null, lines: [{ price: null, amount: null, qty: 2 }] });
    await refused(() => receive(o.id, { lines: [{ productId: p, qty: 1, cost: 1 }] }, { token: keeper.token }), 400, { field: ['lines.0.cost', msg.costHidden] });
    const r = receivePurchaseOrderResponseSchema.parse(ok(await receive(o.id, { lines: [{ productId: p, qty: 1 }] }, { token: keeper.token })));
    expect(r.order.receipts[0].total).toBeNull();
    await refused(() => call('POST', '/orders', { supplierId: supplierA, warehouseId: wh[0], lines: [{ productId: p, qty: 1, price: 1 }] }, { token: keeper.token }), 400, {
      field: ['lines.0.price', msg.costHidden],
    });
    const list = purchaseOrderPageSchema.parse(ok(await call('GET', `/orders?productId=${p}`, undefined, { token: keeper.token })));
    expect(list.items.every((i) => i.total === null)).toBe(true);
    const prices = supplierPriceListSchema.parse(ok(await call('GET', `/prices?productId=${p}`, undefined, { token: keeper.token })));
    expect(prices.map((x) => x.price)).toEqual([null]);
    const suggestions = suggestionListSchema.parse(ok(await call('GET', '/suggestions', undefined, { token: keeper.token })));
    expect(suggestions.every((s) => s.price === null)).toBe(true);
  });
});

describe('live', () => {
  it('publishes purchase_order events for a colleague’s list and the open order', async () => {
    const p = await product();
    const recorder = await recordRealtimeEvents(app);
    try {
      const d = await draft([{ productId: p, qty: 2 }]);
      order(await call('POST', `/orders/${d.id}/order`));
      const r = await received(d.id, { lines: [{ productId: p, qty: 1 }] });
      order(await call('POST', `/orders/${d.id}/cancel`));
      await recorder.delivered();
      const mine = recorder.events.filter((e) => e.entity === 'purchase_order' && e.id === d.id).map((e) => e.type);
      expect(mine).toEqual(['created', 'posted', 'updated', 'cancelled']);
      expect(recorder.events.every((e) => e.entity !== 'purchase_order' || e.locationId === loc[0]._id)).toBe(true);
      expect(recorder.events).toContainEqual(expect.objectContaining({ entity: 'stock_document', id: r.receipt.id }));
    } finally {
      await recorder.stop();
    }
  });
});
