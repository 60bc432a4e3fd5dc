/**
 * Counterparties (clients and suppliers) through `inject`: the supplier list the stock area picks from,
 * search by any part of a phone in any format, one phone per counterparty, validation and rules.
 */
import type { FastifyInstance } from 'fastify';
import { clientHistoryPageSchema, clientPageSchema, clientSchema, financeCategoryListSchema, type Client } from '@repo/contracts';
import { eq, sql } from 'drizzle-orm';
import { clientLedger, counterparties } from '../src/db/schema';
import { rowsOf } from '../src/lib/sql';
import { postClientLedger } from '../src/modules/clients/ledger';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let cashier: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  app.inject({ method, url: `/api/clients${url}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('counterparties', () => {
  it('lists the demo suppliers apart from clients', async () => {
    const suppliers = clientPageSchema.parse((await call('GET', '?isSupplier=true')).json());
    expect(suppliers.total).toBeGreaterThanOrEqual(5);
    expect(suppliers.items.every((c) => c.isSupplier)).toBe(true);
    const clients = clientPageSchema.parse((await call('GET', '?isSupplier=false')).json());
    expect(clients.items.every((c) => !c.isSupplier)).toBe(true);
  });

  it('creates a supplier with a phone in any format, stored as E.164, found by any part of it', async () => {
    const res = await call('POST', '', { kind: 'company', name: 'ООО «Тест Запчасть»', phones: ['8 (916) 555-12-34'], isSupplier: true, inn: '7712345678' });
    expect(res.statusCode).toBe(201);
    const created = clientSchema.parse(res.json());
    expect(created.phones).toEqual(['+79165551234']);
    for (const q of ['916555', '+7 (916) 555', '8 916 555-12-34', '5551234', 'тест запч']) {
      const found = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent(q)}`)).json());
      expect(found.items.map((c) => c.id)).toContain(created.id);
    }
    const taken = await call('POST', '', { name: 'Другой', phones: ['+79165551234'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'duplicate_phone', message: 'Телефон +7 (916) 555-12-34 уже есть у клиента «ООО «Тест Запчасть»». Сохранить всё равно?' });
    const renamed = await call('PATCH', `/${created.id}`, { name: 'ООО «Тест Запчасть 2»' });
    expect(renamed.json().name).toBe('ООО «Тест Запчасть 2»');
  });

  it('answers bad input with field errors and needs the rules', async () => {
    const bad = await call('POST', '', { name: '', phones: ['123'], email: 'x@', inn: '12', discountPercent: 150 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['discountPercent', 'email', 'inn', 'name', 'phones.0']);
    const nobody = await addEmployee(app, ['view:product:all'], []);
    expect((await call('GET', '', undefined, nobody.token)).statusCode).toBe(403);
  });
});

const create = async (body: Record<string, unknown>, token = owner): Promise<Client> => {
  const res = await call('POST', '', body, token);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return clientSchema.parse(res.json());
};
const count = async () => Number(rowsOf<{ n: string }>(await app.db.execute(sql`select count(*) as n from counterparties`))[0].n);

describe('the client base (issue #9)', () => {
  it('finds a client by the last four digits and by a phone typed as 8 916 …', async () => {
    const c = await create({ name: 'Зинаида Поиск', phones: ['+7 (917) 301-47-82'] });
    for (const q of ['4782', '8 917 301', '+7 (917) 301-47-82', '9173014782', 'зинаида']) {
      const res = await call('GET', `?search=${encodeURIComponent(q)}`);
      const found = clientPageSchema.parse(res.json());
      expect([q, found.items.map((x) => x.id)]).toEqual([q, expect.arrayContaining([c.id])]);
    }
    const none = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('0000000')}`)).json());
    expect(none.items.map((x) => x.id)).not.toContain(c.id);
  });

  it('a phone changed, removed or moved by a merge is found where it now is (phone_digits kept by the trigger)', async () => {
    const a = await create({ name: 'Триггер Первый', phones: ['+7 (917) 555-90-11'] });
    const b = await create({ name: 'Триггер Второй', phones: ['+7 (917) 555-90-22'] });
    const ids = async (q: string) => clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent(q)}`)).json()).items.map((x) => x.id);
    expect((await call('PATCH', `/${a.id}`, { phones: ['+7 (917) 555-90-33', '+7 (917) 555-90-44'] })).statusCode).toBe(200);
    expect(await ids('5559011')).not.toContain(a.id);
    expect(await ids('5559044')).toEqual([a.id]);
    expect((await call('POST', `/${b.id}/merge`, { intoId: a.id })).statusCode).toBe(200);
    expect(await ids('5559022')).toEqual([a.id]);
    const [row] = await app.db.select({ digits: counterparties.phoneDigits }).from(counterparties).where(eq(counterparties.id, a.id));
    expect(row.digits.split(' ').sort()).toEqual(['79175559022', '79175559033', '79175559044']);
  });

  it('a search with more than 1000 matches says so and pages the first thousand found, in name order', async () => {
    await app.db.execute(sql`insert into counterparties (kind, name, search_name)
      select 'person', 'Массовый ' || lpad(g::text, 4, '0'), 'массовый ' || lpad(g::text, 4, '0') from generate_series(1, 1100) g`);
    const first = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('массов')}&pageSize=50`)).json());
    expect([first.total, first.totalExact, first.items.length]).toEqual([1000, false, 50]);
    const names = first.items.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    const last = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('массов')}&pageSize=50&page=20`)).json());
    expect(last.items).toHaveLength(50);
    expect(last.items[0].name > names[49]).toBe(true);
    const beyond = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('массов')}&pageSize=50&page=22`)).json());
    expect([beyond.items.length, beyond.total, beyond.totalExact]).toEqual([0, 1000, false]);
    const exact = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('массовый 00')}`)).json());
    expect([exact.total, exact.totalExact]).toEqual([99, true]);
    await app.db.execute(sql`delete from counterparties where search_name like 'массовый %'`);
  });

  it('warns of a duplicate phone, lists who has it, and saves only with the confirmation', async () => {
    const first = await create({ name: 'Первый Дубль', phones: ['+79173337788'] });
    const dups = (await call('GET', `/duplicates?phone=${encodeURIComponent('8 (917) 333-77-88')}`)).json();
    expect(dups).toEqual([{ id: first.id, name: 'Первый Дубль', phone: '+7 (917) 333-77-88' }]);
    expect((await call('GET', '/duplicates?phone=123')).json()).toEqual([]);
    const before = await count();
    const refused = await call('POST', '', { name: 'Второй Дубль', phones: ['89173337788'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ 'phones.0': expect.stringContaining('Первый Дубль') });
    expect(await count()).toBe(before);
    const second = await create({ name: 'Второй Дубль', phones: ['89173337788'], confirmDuplicate: true });
    expect(second.phones).toEqual(['+79173337788']);
    expect((await call('GET', '/duplicates?phone=%2B79173337788')).json()).toHaveLength(2);
  });

  it('masks contacts for an employee without see_client_contacts, who still finds the client by phone', async () => {
    const c = await create({ name: 'Скрытый Контакт', phones: ['+79164445567'], email: 'hidden@example.ru', address: 'Москва' });
    const seen = clientSchema.parse((await call('GET', `/${c.id}`, undefined, cashier)).json());
    expect(seen).toMatchObject({ phones: ['+7 (916) ***-**-67'], email: null, address: null, contactsHidden: true });
    const found = clientPageSchema.parse((await call('GET', '?search=5567', undefined, cashier)).json());
    expect(found.items.find((x) => x.id === c.id)?.phones).toEqual(['+7 (916) ***-**-67']);
    expect(clientSchema.parse((await call('GET', `/${c.id}`)).json()).phones).toEqual(['+79164445567']);
    // Changing phones needs the right too (the form only shows masked ones).
    expect((await call('PATCH', `/${c.id}`, { phones: ['+79164445568'] }, cashier)).statusCode).toBe(403);
  });

  it('filters by tag, source and «owes us»; the balance comes from the client ledger', async () => {
    const c = await create({ name: 'Должник Фильтров', phones: ['+79175550101'], tags: ['VIP-тест'], source: 'Тестовый источник' });
    await app.db.transaction((tx) => postClientLedger(tx, [{ clientId: c.id, kind: 'adjustment', amount: -150000, locationId: null, comment: 'Долг за ремонт' }]));
    const owes = clientPageSchema.parse((await call('GET', '?owes=true&pageSize=100')).json());
    expect(owes.items.every((x) => x.balance < 0)).toBe(true);
    expect(owes.items.find((x) => x.id === c.id)?.balance).toBe(-150000);
    const byTag = clientPageSchema.parse((await call('GET', `?tag=${encodeURIComponent('VIP-тест')}`)).json());
    expect(byTag.items.map((x) => x.id)).toEqual([c.id]);
    const bySource = clientPageSchema.parse((await call('GET', `?source=${encodeURIComponent('Тестовый источник')}`)).json());
    expect(bySource.items.map((x) => x.id)).toEqual([c.id]);
    const facets = (await call('GET', '/facets')).json();
    expect(facets.tags).toContain('VIP-тест');
    expect(facets.sources).toContain('Тестовый источник');
    const history = clientHistoryPageSchema.parse((await call('GET', `/${c.id}/history`)).json());
    expect(history.items).toEqual([expect.objectContaining({ kind: 'adjustment', amount: -150000, balanceAfter: -150000, comment: 'Долг за ремонт' })]);
  });

  it('shows a payment taken in finance in the client history and balance', async () => {
    const c = await create({ name: 'Плательщик Истории', phones: ['+79175550202'] });
    const [shop] = (await app.inject({ method: 'GET', url: '/api/location', headers: authHeaders(owner) })).json() as Array<{ _id: string }>;
    const fin = (url: string, payload?: object) =>
      app.inject({ method: payload ? 'POST' : 'GET', url: `/api/finance${url}`, headers: authHeaders(owner, shop._id), ...(payload ? { payload } : {}) });
    const boxes = (await fin('/cashboxes')).json() as Array<{ id: string; locationId: string }>;
    const box = boxes.find((b) => b.locationId === shop._id)!;
    const cats = financeCategoryListSchema.parse((await fin('/categories')).json());
    const pay = await fin('/operations', { kind: 'income', cashboxId: box.id, amount: 320000, categoryId: cats.find((x) => x.name === 'Оплата от клиента')!.id, clientId: c.id });
    expect(pay.statusCode).toBe(201);
    const history = clientHistoryPageSchema.parse((await call('GET', `/${c.id}/history`)).json());
    expect(history.items[0]).toMatchObject({ kind: 'payment', amount: 320000, number: pay.json().number, documentId: pay.json().id });
    expect(clientSchema.parse((await call('GET', `/${c.id}`)).json()).balance).toBe(320000);
  });

  it('merges a duplicate: phones, ledger and balance move, tags join, the duplicate is archived; audited', async () => {
    const keep = await create({ name: 'Остаётся Слияние', phones: ['+79175550303'], tags: ['A'] });
    const dup = await create({ name: 'Дубликат Слияния', phones: ['+79175550404', '+79175550303'], tags: ['B'], email: 'dup@example.ru', confirmDuplicate: true });
    await app.db.transaction((tx) =>
      postClientLedger(tx, [
        { clientId: keep.id, kind: 'adjustment', amount: -10000, locationId: null },
        { clientId: dup.id, kind: 'adjustment', amount: -25000, locationId: null },
      ]),
    );
    const res = await call('POST', `/${dup.id}/merge`, { intoId: keep.id });
    expect(res.statusCode).toBe(200);
    const merged = clientSchema.parse(res.json());
    expect(merged).toMatchObject({ id: keep.id, balance: -35000, tags: ['A', 'B'], email: 'dup@example.ru' });
    expect(merged.phones.sort()).toEqual(['+79175550303', '+79175550404']);
    const ledger = await app.db.select().from(clientLedger).where(eq(clientLedger.clientId, keep.id));
    expect(ledger.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-25000, -10000]);
    const [gone] = await app.db.select().from(counterparties).where(eq(counterparties.id, dup.id));
    expect(gone).toMatchObject({ mergedIntoId: keep.id, balance: 0 });
    expect(gone.archivedAt).not.toBeNull();
    const list = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('Слияни')}`)).json());
    expect(list.items.map((x) => x.id)).toEqual([keep.id]);
    // Ledger = balances for every client.
    const bad = rowsOf<{ n: string }>(
      await app.db.execute(sql`select count(*) as n from counterparties c where c.balance <> coalesce((select sum(amount) from client_ledger l where l.client_id = c.id), 0)`),
    );
    expect(Number(bad[0].n)).toBe(0);
    const audit = (await app.inject({ method: 'GET', url: `/api/audit?entity=client&entityId=${dup.id}`, headers: authHeaders(owner) })).json();
    expect(JSON.stringify(audit)).toContain(keep.id);
    expect((await call('POST', `/${keep.id}/merge`, { intoId: keep.id })).statusCode).toBe(400);
    expect((await call('POST', `/${keep.id}/merge`, { intoId: dup.id })).statusCode).toBe(400);
  });

  it('archives a client (DELETE): out of the list, history kept; the cashier may not', async () => {
    const c = await create({ name: 'Архивный Клиент', phones: ['+79175550505'] });
    expect((await call('DELETE', `/${c.id}`, undefined, cashier)).statusCode).toBe(403);
    expect((await call('DELETE', `/${c.id}`)).statusCode).toBe(200);
    const list = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent('Архивный Клиент')}`)).json());
    expect(list.items).toHaveLength(0);
    expect(clientSchema.parse((await call('GET', `/${c.id}`)).json()).archivedAt).not.toBeNull();
    expect((await call('DELETE', `/${c.id}`)).statusCode).toBe(404);
  });

  it('bad filters and bodies change nothing and never give a 5xx', async () => {
    const before = await count();
    for (const [method, url, body] of [
      ['GET', '?owes=maybe', undefined],
      ['GET', '?page=0', undefined],
      ['GET', '/duplicates', undefined],
      ['GET', '/not-a-uuid/history', undefined],
      ['POST', '/00000000-0000-4000-8000-000000000000/merge', { intoId: 'x' }],
      ['POST', '', { name: 'Ок', phones: ['+79175550606'], confirmDuplicate: 'yes' }],
      ['PATCH', '/00000000-0000-4000-8000-000000000000', { name: 'Нет такого' }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
  });
});
