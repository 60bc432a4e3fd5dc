/**
 * Repair orders (issue #10) through `inject`: intake with a new client, an IMEI and a prepayment; status
 * transitions; works and parts (reservation); payments; issue (stock written off at the average cost,
 * money in the cash ledger, the client charged); warranty; timeline; device history; reopen; lists.
 */
import type { FastifyInstance } from 'fastify';
import { orderBoardSchema, orderPageSchema, orderSchema, orderStatusListSchema, orderTimelineSchema, deviceHistorySchema, type Order, type OrderStatus } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let cashier: string;
let engineer: string;
let loc: string;
let statuses: OrderStatus[];
let cashbox: string;
let stock: { productId: string; warehouseId: string; free: number; price: number };

const IMEI = '490154203237518'; // a valid Luhn check digit
const BAD_IMEI = '490154203237519';

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  engineer = (await login(app, demoPhones.engineer)).token;
  const locations = await demoLocations(app, owner);
  loc = locations.find((l) => l.name === 'Сервис+ на Арбате')!._id;
  statuses = orderStatusListSchema.parse((await call('GET', '/statuses')).json());
  [{ id: cashbox }] = rowsOf<{ id: string }>(await app.db.execute(sql`select id from cashboxes where location_id = ${loc} and kind = 'cash' and is_default`));
  const [s] = rowsOf<{ product_id: string; warehouse_id: string; free: number; price: string }>(
    await app.db.execute(sql`select b.product_id, b.warehouse_id, (b.qty - b.reserved)::int as free, p.price::text as price from stock_balances b
      join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
      where w.location_id = ${loc} and not p.serial_tracked and p.kind = 'good' and b.qty - b.reserved >= 3 order by p.name limit 1`),
  );
  stock = { productId: s.product_id, warehouseId: s.warehouse_id, free: s.free, price: Number(s.price) };
});
afterAll(async () => app?.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner, headers: Record<string, string> = {}) {
  return app.inject({ method, url: `/api/orders${url}`, headers: { ...authHeaders(token, loc), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}
const ok = (res: { statusCode: number; body: string; json: () => unknown }, code = 200): Order => {
  if (res.statusCode !== code) throw new Error(`${res.statusCode} ${res.body}`);
  return orderSchema.parse(res.json());
};
const status = (name: string) => statuses.find((s) => s.name === name)!;
const reserved = async () =>
  rowsOf<{ reserved: number; qty: number }>(await app.db.execute(sql`select reserved, qty from stock_balances where warehouse_id = ${stock.warehouseId} and product_id = ${stock.productId}`))[0];

const intake = (extra: Record<string, unknown> = {}) =>
  call('POST', '', {
    client: { name: 'Олег Приёмкин', phone: '+7 (903) 555-12-12' },
    device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13', imei: IMEI, appearance: 'Царапины на корпусе', kit: 'Без зарядки' },
    malfunction: 'Не включается',
    estimate: 500000,
    ...extra,
  });

describe('statuses', () => {
  it('ships the RemOnline-like set with groups and transitions', () => {
    expect(statuses.map((s) => s.name)).toEqual(['Новый', 'Диагностика', 'Согласование', 'Ждёт запчасть', 'В работе', 'Готов', 'Выдан', 'Отказ']);
    expect(status('Готов').next).toEqual(expect.arrayContaining([status('Выдан').id, status('В работе').id]));
    expect(status('Выдан').group).toBe('closed');
  });

  it('are managed in settings; a status in use cannot be deleted; a cashier cannot edit them', async () => {
    const created = await call('POST', '/statuses', { name: 'На выезде', colour: '#123456', group: 'in_progress', limitHours: 4, next: [status('Готов').id] });
    expect(created.statusCode).toBe(201);
    expect((await call('POST', '/statuses', { name: 'на выезде', colour: '#123456', group: 'in_progress', next: [] })).json().errors).toHaveProperty('name');
    expect((await call('POST', '/statuses', { name: 'Плохой', colour: 'red', group: 'x', next: [] })).json().errors).toEqual(expect.objectContaining({ colour: expect.any(String), group: expect.any(String) }));
    expect((await call('PATCH', `/statuses/${created.json().id}`, { name: 'Выезд' }, cashier)).statusCode).toBe(403);
    expect((await call('DELETE', `/statuses/${created.json().id}`)).statusCode).toBe(200);
    const busy = ok(await intake({ client: { name: 'Занятой', phone: '+79035550001' }, device: { type: 'Смартфон', brand: 'Xiaomi', model: 'Redmi 9' } }), 201);
    expect((await call('DELETE', `/statuses/${busy.status.id}`)).statusCode).toBe(409);
  });
});

describe('an order from intake to issue', () => {
  let order: Order;

  it('refuses a wrong IMEI on its field and changes nothing', async () => {
    const before = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from repair_orders`))[0].n;
    const res = await intake({ device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13', imei: BAD_IMEI } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['device.imei']).toBe('Неверный IMEI: не сходится контрольная цифра');
    expect((await intake({ device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13', imei: '1234' } })).json().errors['device.imei']).toBe('IMEI — 15 цифр');
    expect(rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from repair_orders`))[0].n).toBe(before);
  });

  it('takes a device in with a new client, an IMEI and a prepayment in one step', async () => {
    order = ok(await intake({ prepayment: { amount: 100000, cashboxId: cashbox, method: 'cash' } }), 201);
    expect(order.number).toMatch(/^РМ-\d{6}$/);
    expect(order.status.name).toBe('Новый');
    expect(order.client.name).toBe('Олег Приёмкин');
    expect(order.device).toMatchObject({ brand: 'Apple', model: 'iPhone 13', imei: IMEI });
    expect([order.paid, order.total, order.due]).toEqual([100000, 0, -100000]);
    expect(order.payments).toEqual([expect.objectContaining({ amount: 100000, method: 'cash', number: expect.stringMatching(/^ПКО-/) })]);
    // The client's balance is an advance; the device joined the dictionary.
    expect(order.client.balance).toBe(100000);
    const dict = (await call('GET', `/devices?type=${encodeURIComponent('Смартфон')}&brand=Apple`)).json();
    expect(dict.models).toContain('iPhone 13');
  });

  it('moves through allowed statuses and refuses the others with 409', async () => {
    const refused = await call('POST', `/${order.id}/status`, { statusId: status('Готов').id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'status_not_allowed', message: 'Из статуса «Новый» нельзя перейти в «Готов»' });
    order = ok(await call('POST', `/${order.id}/status`, { statusId: status('Диагностика').id, comment: 'Взял в работу' }));
    order = ok(await call('POST', `/${order.id}/status`, { statusId: status('В работе').id }));
    expect(order.status.name).toBe('В работе');
  });

  it('adds works and a part: the part is reserved, a shortage is refused naming it', async () => {
    const before = await reserved();
    order = ok(await call('POST', `/${order.id}/works`, { name: 'Замена контроллера питания', price: 350000, warrantyDays: 90 }), 201);
    order = ok(await call('POST', `/${order.id}/parts`, { productId: stock.productId, warehouseId: stock.warehouseId, qty: 1, price: 150000 }), 201);
    expect((await reserved()).reserved).toBe(before.reserved + 1);
    expect(order.parts[0]).toMatchObject({ qty: 1, state: 'reserved', amount: 150000 });
    expect([order.total, order.due]).toEqual([500000, 400000]);
    const short = await call('POST', `/${order.id}/parts`, { productId: stock.productId, warehouseId: stock.warehouseId, qty: 9999 });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('insufficient_stock');
  });

  it('cannot be issued with money owed without the right; the manager (owner) takes the rest and issues', async () => {
    order = ok(await call('POST', `/${order.id}/status`, { statusId: status('Готов').id }));
    const due = await call('POST', `/${order.id}/issue`, {}, cashier);
    expect(due.statusCode).toBe(409);
    expect(due.json()).toMatchObject({ code: 'payment_due' });
    const stockBefore = await reserved();
    const ledgerBefore = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from stock_movements where document_id = ${order.id}`))[0].n;
    expect(ledgerBefore).toBe(0);
    order = ok(await call('POST', `/${order.id}/issue`, { payments: [{ amount: 400000, cashboxId: cashbox, method: 'card' }] }, cashier, { 'idempotency-key': 'issue-1' }));
    expect(order.status.name).toBe('Выдан');
    expect(order.issuedAt).not.toBeNull();
    expect([order.paid, order.due]).toEqual([500000, 0]);
    expect(order.parts[0].state).toBe('written_off');
    const after = await reserved();
    expect([after.qty, after.reserved]).toEqual([stockBefore.qty - 1, stockBefore.reserved - 1]);
    const moves = rowsOf<{ document_type: string; qty: number; value: string }>(await app.db.execute(sql`select document_type, qty, value::text from stock_movements where document_id = ${order.id}`));
    expect(moves).toEqual([expect.objectContaining({ document_type: 'repair_order', qty: -1 })]);
    // The client: paid 5000 ₽, charged 5000 ₽ → balance 0; the cash ledger has both payments of the order.
    expect(order.client.balance).toBe(0);
    const cash = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from cash_operations where document_id = ${order.id}`))[0].n;
    expect(cash).toBe(2);
    // A repeated issue with the same key answers the same; another issue is refused.
    expect((await call('POST', `/${order.id}/issue`, { payments: [{ amount: 400000, cashboxId: cashbox, method: 'card' }] }, cashier, { 'idempotency-key': 'issue-1' })).statusCode).toBe(200);
    expect((await call('POST', `/${order.id}/issue`, {}, cashier)).statusCode).toBe(409);
  });

  it('shows the write-off in the product history, linked to the order', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/stock/movements?productId=${stock.productId}&pageSize=100`, headers: authHeaders(owner, loc) });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ documentType: 'repair_order', documentId: order.id, number: order.number, qty: -1 })]));
  });

  it('keeps stock, cash and client ledgers equal to their balances', async () => {
    const stockBad = rowsOf(await app.db.execute(sql`select b.warehouse_id from stock_balances b left join (select warehouse_id, product_id, sum(qty) as q from stock_movements where warehouse_id is not null group by 1, 2) m
      on m.warehouse_id = b.warehouse_id and m.product_id = b.product_id where b.qty <> coalesce(m.q, 0)`));
    expect(stockBad).toEqual([]);
    const cashBad = rowsOf(await app.db.execute(sql`select c.cashbox_id from cash_balances c left join (select cashbox_id, sum(amount) as s from cash_movements group by 1) m on m.cashbox_id = c.cashbox_id where c.balance <> coalesce(m.s, 0)`));
    expect(cashBad).toEqual([]);
    const clientBad = rowsOf(await app.db.execute(sql`select c.id from counterparties c left join (select client_id, sum(amount) as s from client_ledger group by 1) l on l.client_id = c.id where c.balance <> coalesce(l.s, 0)`));
    expect(clientBad).toEqual([]);
  });

  it('shows its timeline and the device history by IMEI', async () => {
    const tl = orderTimelineSchema.parse((await call('GET', `/${order.id}/timeline`)).json());
    expect(tl.items.map((i) => i.kind)).toEqual(expect.arrayContaining(['created', 'payment', 'status', 'work_added', 'part_added', 'issued']));
    const history = deviceHistorySchema.parse((await app.inject({ method: 'GET', url: `/api/devices/history?q=${IMEI}`, headers: authHeaders(owner, loc) })).json());
    expect(history.items.map((i) => i.number)).toContain(order.number);
  });

  it('takes a warranty claim linked to the original, free by default', async () => {
    const claim = ok(await call('POST', `/${order.id}/warranty`, { malfunction: 'Снова не включается' }), 201);
    expect(claim.warrantyOfId).toBe(order.id);
    expect(claim.warrantyOfNumber).toBe(order.number);
    expect(claim.device.imei).toBe(IMEI);
    const withWork = ok(await call('POST', `/${claim.id}/works`, { name: 'Повторная пайка' }), 201);
    expect(withWork.total).toBe(0);
    const original = ok(await call('GET', `/${order.id}`));
    expect(original.warrantyClaims.map((c) => c.id)).toEqual([claim.id]);
    expect(original.deviceOrders.map((o) => o.id)).toContain(claim.id);
  });

  it('cancels the issue: the part goes back to stock and is reserved again, the charge reversed', async () => {
    const before = await reserved();
    const reopened = ok(await call('POST', `/${order.id}/reopen`, {}));
    expect(reopened.issuedAt).toBeNull();
    expect(reopened.status.group).toBe('ready');
    expect(reopened.parts[0].state).toBe('reserved');
    const after = await reserved();
    expect([after.qty, after.reserved]).toEqual([before.qty + 1, before.reserved + 1]);
    expect(reopened.client.balance).toBe(500000);
  });
});

describe('a refused order', () => {
  it('gives its parts back when refused and is issued back to the client without a double release', async () => {
    let o = ok(await intake({ client: { name: 'Отказник', phone: '+79035550009' }, device: { type: 'Смартфон', brand: 'LG', model: 'K10' } }), 201);
    o = ok(await call('POST', `/${o.id}/status`, { statusId: status('Диагностика').id }));
    const before = await reserved();
    o = ok(await call('POST', `/${o.id}/parts`, { productId: stock.productId, warehouseId: stock.warehouseId, qty: 1, price: 0 }), 201);
    expect((await reserved()).reserved).toBe(before.reserved + 1);
    o = ok(await call('POST', `/${o.id}/status`, { statusId: status('Отказ').id, comment: 'Клиент отказался' }));
    expect((await reserved()).reserved).toBe(before.reserved);
    o = ok(await call('POST', `/${o.id}/issue`, {}));
    expect(o.status.name).toBe('Выдан');
    const after = await reserved();
    expect([after.qty, after.reserved]).toEqual([before.qty - 1, before.reserved]);
  });
});

describe('lists', () => {
  it('filters by status, group and search (number, phone, IMEI), the board groups working orders', async () => {
    const page = orderPageSchema.parse((await call('GET', `?search=${encodeURIComponent('903 555-12-12')}`)).json());
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((o) => o.client.name === 'Олег Приёмкин')).toBe(true);
    const byImei = orderPageSchema.parse((await call('GET', `?search=${IMEI.slice(-6)}`)).json());
    expect(byImei.items.length).toBeGreaterThanOrEqual(2);
    const byNumber = orderPageSchema.parse((await call('GET', `?search=${byImei.items[0].number}`)).json());
    expect(byNumber.items.map((o) => o.id)).toContain(byImei.items[0].id);
    const newOnes = orderPageSchema.parse((await call('GET', '?group=new')).json());
    expect(newOnes.items.every((o) => o.status.group === 'new')).toBe(true);
    const board = orderBoardSchema.parse((await call('GET', '/board')).json());
    expect(board.columns.map((c) => c.group)).toEqual(['new', 'in_progress', 'waiting', 'ready']);
    expect(board.columns.find((c) => c.group === 'new')!.total).toBeGreaterThan(0);
  });

  it('lists a group of several statuses newest first, page after page', async () => {
    const made: Order[] = [];
    for (let i = 0; i < 4; i++) {
      let o = ok(await intake({ client: { name: `Ждущий ${i}`, phone: `+7903555100${i}` }, device: { type: 'Смартфон', brand: 'Nokia', model: `N${i}` } }), 201);
      o = ok(await call('POST', `/${o.id}/status`, { statusId: status('Диагностика').id }));
      o = ok(await call('POST', `/${o.id}/status`, { statusId: status('Согласование').id }));
      if (i % 2) o = ok(await call('POST', `/${o.id}/status`, { statusId: status('Ждёт запчасть').id }));
      made.push(o);
    }
    const page1 = orderPageSchema.parse((await call('GET', '?group=waiting&search=' + encodeURIComponent('Ждущий') + '&pageSize=2')).json());
    const page2 = orderPageSchema.parse((await call('GET', '?group=waiting&search=' + encodeURIComponent('Ждущий') + '&pageSize=2&page=2')).json());
    expect([page1.total, page1.totalExact]).toEqual([4, true]);
    expect([...page1.items, ...page2.items].map((o) => o.id)).toEqual([...made].reverse().map((o) => o.id));
    expect(new Set([...page1.items, ...page2.items].map((o) => o.status.name))).toEqual(new Set(['Согласование', 'Ждёт запчасть']));
  });

  it('flags an order past its status limit as overdue', async () => {
    const o = ok(await intake({ client: { name: 'Просроченный', phone: '+79035550002' }, device: { type: 'Планшет', brand: 'Samsung', model: 'Tab A' } }), 201);
    await app.db.execute(sql`update repair_orders set overdue_at = now() - interval '1 hour' where id = ${o.id}`);
    const overdue = orderPageSchema.parse((await call('GET', '?overdue=true')).json());
    expect(overdue.items.find((x) => x.id === o.id)?.overdue).toBe(true);
  });

  it('lets an engineer see the location orders but edit only their own; bad input never 5xx', async () => {
    const o = ok(await intake({ client: { name: 'Чужой', phone: '+79035550003' }, device: { type: 'Ноутбук', brand: 'Asus', model: 'X515' } }), 201);
    expect((await call('GET', `/${o.id}`, undefined, engineer)).statusCode).toBe(200);
    expect((await call('POST', `/${o.id}/works`, { name: 'Чистка' }, engineer)).statusCode).toBe(403);
    // The engineer picks parts from the shop's free stock without stock rules of their own.
    const parts = await call('GET', '/parts', undefined, engineer);
    expect(parts.statusCode).toBe(200);
    expect(parts.json().length).toBeGreaterThan(0);
    expect(parts.json().every((p: { free: number }) => p.free > 0)).toBe(true);
    const staff = (await call('GET', '/staff', undefined, engineer)).json();
    expect(staff.map((e: { name: string }) => e.name).length).toBeGreaterThanOrEqual(2);
    const nobody = await addEmployee(app, ['view:product:all'], [loc]);
    expect((await call('GET', '', undefined, nobody.token)).statusCode).toBe(403);
    for (const bad of [{}, { device: 'x' }, { clientId: 'nope', device: {}, malfunction: '' }, { client: { name: 'a', phone: '123' }, device: { type: 'a', brand: 'b', model: 'c' }, malfunction: 'x', prepayment: { amount: -5, cashboxId: cashbox, method: 'cash' } }]) {
      const res = await call('POST', '', bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('POST', `/${o.id}/payments`, { amount: -1000000, cashboxId: cashbox, method: 'cash' })).statusCode).toBe(400);
  });
});
