/**
 * Requests from the site (issue #25) through `inject`: the public creation and its anti-abuse checks
 * (closed, rate limit per address, honeypot and fill time, model, items, location, the merge of repeats,
 * a race of identical requests), the staff list and its visibility by location, status transitions,
 * the conversion into a repair order and a draft sale, the badge counts, and the realtime notice.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { messages, shopMessages, shopRequestPageSchema, shopRequestSchema, type Location, type ShopRequest } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { isSpam, startedAtMs } from '../src/modules/shop/request-service';
import { authHeaders, buildTestApp, demoPhones, expectRefused, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';
import { connect, type TestSocket } from './realtime-client';

let app: FastifyInstance;
let base: string;
let owner: string;
let manager: { token: string; id: string };
let engineer: { token: string; id: string };
let loc: Location[];
const sockets: TestSocket[] = [];
const fx = { model: '', hiddenModel: '', item: '', item2: '', hiddenItem: '', archivedItem: '', product: '', product2: '', price: 0, price2: 0 };

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

let address = 0;
/** A fresh client address per call unless one is given (the rate limit is per address). */
const nextIp = () => {
  address += 1;
  return `10.20.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};
let phoneSeq = 0;
const freshPhone = () => {
  phoneSeq += 1;
  return `+7977${String(Date.now() % 100000).padStart(5, '0')}${String(phoneSeq).padStart(2, '0')}`;
};

const ago = (ms: number) => Date.now() - ms;
const send = (body: Record<string, unknown>, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/public/requests', remoteAddress: ip, payload: { website: '', startedAt: ago(60_000), ...body } });

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown, token = owner, shop: string | null = loc[0]._id) =>
  app.inject({ method, url, headers: authHeaders(token, shop ?? undefined), ...(payload !== undefined ? { payload: payload as object } : {}) });
const list = async (query = '', token = owner, shop: string | null = loc[0]._id) => shopRequestPageSchema.parse(ok(await call('GET', `/api/shop/requests?pageSize=200&${query}`, undefined, token, shop)));
const byNumber = async (number: string) => (await q<{ id: string }>(sql`select id from shop_requests where number = ${number}`))[0]?.id;
const getReq = async (id: string, token = owner, shop: string | null = loc[0]._id): Promise<ShopRequest> => shopRequestSchema.parse(ok(await call('GET', `/api/shop/requests/${id}`, undefined, token, shop)));

/** What a refusal must leave as it was: requests (spam too), hits, audit rows, orders, sales, clients. */
async function state() {
  const [row] = await q<Record<string, string | null>>(
    sql`select (select count(*) from shop_requests) as requests, (select count(*) from shop_request_hits) as hits,
      (select count(*) from audit_log where entity = 'shop_request') as audit,
      (select md5(string_agg(r::text, ',' order by id)) from shop_requests r) as sum,
      (select count(*) from repair_orders) as orders, (select count(*) from sales) as sales, (select count(*) from counterparties) as clients,
      (select last from document_numbering where kind = 'shop_request') as counter`,
  );
  return row;
}

async function setSettings(values: { requestsOpen?: boolean; locations?: string[] }) {
  const locs = values.locations ?? [loc[0]._id, loc[1]._id];
  await app.db.execute(sql`insert into shop_settings (id, site_name, request_location_ids, requests_open) values (1, 'Тестовый сайт', ${`{${locs.join(',')}}`}::uuid[], ${values.requestsOpen ?? true})
    on conflict (id) do update set request_location_ids = excluded.request_location_ids, requests_open = excluded.requests_open`);
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  const who = async (phone: string) => {
    const { token, profile } = await login(app, phone);
    return { token, id: profile.id };
  };
  manager = await who(demoPhones.manager);
  engineer = await who(demoPhones.engineer);
  await setSettings({});
  // Devices: a published model, and one that is not.
  const [type] = await q<{ id: string }>(sql`insert into shop_device_types (name, name_key, position) values ('Смартфон-тест', 'смартфон-тест', 900) returning id`);
  const [brand] = await q<{ id: string }>(sql`insert into shop_brands (name, name_key, position) values ('Тестбренд', 'тестбренд', 900) returning id`);
  const [model] = await q<{ id: string }>(sql`insert into shop_models (type_id, brand_id, name, name_key, position) values (${type.id}, ${brand.id}, 'Т-13 Про', 'т-13 про', 0) returning id`);
  const [hidden] = await q<{ id: string }>(sql`insert into shop_models (type_id, brand_id, name, name_key, position, published) values (${type.id}, ${brand.id}, 'Т-1 снят', 'т-1 снят', 1, false) returning id`);
  fx.model = model.id;
  fx.hiddenModel = hidden.id;
  // Catalogue items: two published, one unpublished, one of an archived product.
  const goods = await q<{ id: string; name: string; price: string }>(
    sql`select id, name, price from products where kind = 'good' and archived_at is null and price > 0 and id not in (select product_id from shop_catalog_items) order by name limit 3`,
  );
  const [archived] = await q<{ id: string }>(sql`insert into products (name, search_name, price, archived_at) values ('Архивный чехол', 'архивный чехол', 50000, now()) returning id`);
  const item = async (productId: string, title: string, published: boolean, position: number) =>
    (await q<{ id: string }>(sql`insert into shop_catalog_items (product_id, title, search_text, published, position) values (${productId}, ${title}, ${title.toLowerCase()}, ${published}, ${position}) returning id`))[0].id;
  fx.item = await item(goods[0].id, goods[0].name, true, 9000);
  fx.item2 = await item(goods[1].id, goods[1].name, true, 9001);
  fx.hiddenItem = await item(goods[2].id, goods[2].name, false, 9002);
  fx.archivedItem = await item(archived.id, 'Архивный чехол', true, 9003);
  fx.product = goods[0].id;
  fx.product2 = goods[1].id;
  fx.price = Number(goods[0].price);
  fx.price2 = Number(goods[1].price);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => app?.close());

describe('demo data', () => {
  it('has requests of every kind and status over the last two weeks, two rejected with reasons, some converted', async () => {
    const [row] = await q<Record<string, string>>(sql`select count(*) as total,
        count(distinct kind) as kinds, count(distinct status) as statuses,
        count(*) filter (where status = 'rejected' and reject_reason is not null) as rejected,
        count(*) filter (where order_id is not null) as orders, count(*) filter (where sale_id is not null) as sales,
        count(*) filter (where location_id is null) as nowhere,
        min(created_at) > now() - interval '15 days' as recent,
        count(distinct number) as numbers
      from shop_requests where ip like '192.0.2.%'`);
    const n = (k: string) => Number(row[k]);
    expect(n('total')).toBeGreaterThanOrEqual(20);
    expect(n('total')).toBeLessThanOrEqual(40);
    expect(n('numbers')).toBe(n('total'));
    expect(n('statuses')).toBe(4);
    expect(n('kinds')).toBeGreaterThanOrEqual(2);
    expect(n('rejected')).toBe(2);
    expect(n('orders')).toBeGreaterThan(0);
    expect(n('nowhere')).toBeGreaterThan(0);
    expect(row.recent).toBe(true);
    // A converted request carries its order's client.
    const linked = await q<{ same: boolean }>(sql`select r.phone in (select phone from counterparty_phones p where p.counterparty_id = o.client_id) as same
      from shop_requests r join repair_orders o on o.id = r.order_id where r.ip like '192.0.2.%'`);
    expect(linked.every((l) => l.same)).toBe(true);
  });
});

describe('the public request', () => {
  it('creates a request of each kind and answers its number «З-000123»', async () => {
    const phone = freshPhone();
    const repair = ok(await send({ kind: 'repair', name: '  Пётр  ', phone: phone.replace('+7', '8 '), modelId: fx.model, problem: 'Не заряжается', locationId: loc[0]._id }), 201);
    expect(repair.number).toMatch(/^З-\d{6}$/);
    const r = await getReq(await byNumber(repair.number));
    expect(r).toMatchObject({ kind: 'repair', status: 'new', name: 'Пётр', phone, modelId: fx.model, modelName: 'Смартфон-тест Тестбренд Т-13 Про', problem: 'Не заряжается', items: [], total: 0, locationId: loc[0]._id, repeats: 0, orderId: null, saleId: null });
    expect(r.locationName).toBeTruthy();

    const order = ok(await send({ kind: 'order', name: 'Анна', phone: freshPhone(), items: [{ id: fx.item, qty: 2 }, { id: fx.item2, qty: 1 }, { id: fx.item, qty: 1 }] }), 201);
    const o = await getReq(await byNumber(order.number));
    expect(o.items).toEqual([
      { catalogItemId: fx.item, productId: fx.product, title: expect.any(String), price: fx.price, qty: 3 },
      { catalogItemId: fx.item2, productId: fx.product2, title: expect.any(String), price: fx.price2, qty: 1 },
    ]);
    expect(o.total).toBe(fx.price * 3 + fx.price2);
    expect(o.locationId).toBeNull();

    const callback = ok(await send({ kind: 'callback', name: 'Олег', phone: freshPhone(), startedAt: new Date(ago(30_000)).toISOString() }), 201);
    expect(Number(callback.number.slice(2))).toBe(Number(order.number.slice(2)) + 1);
    expect(Number(order.number.slice(2))).toBe(Number(repair.number.slice(2)) + 1);
    const audit = await q<{ action: string; employee_id: string | null }>(sql`select action, employee_id from audit_log where entity = 'shop_request' and entity_id = ${await byNumber(callback.number)}`);
    expect(audit).toEqual([{ action: 'create', employee_id: null }]);
  });

  it('refuses what it cannot take, changing nothing', async () => {
    const before = await state();
    const refuse = async (body: Record<string, unknown>, status: number, field: string | null, message: string) => {
      const res = await send(body);
      const out = await expectRefused(res, status, state, before, field ? undefined : message);
      if (field) expect(out.errors?.[field]).toEqual(message);
    };
    await refuse({ kind: 'repair', name: 'Иван', phone: freshPhone(), modelId: fx.hiddenModel, problem: 'Разбит экран' }, 400, 'modelId', shopMessages.modelNotFound);
    await refuse({ kind: 'repair', name: 'Иван', phone: freshPhone(), modelId: '00000000-0000-4000-8000-000000000000', problem: 'Разбит экран' }, 400, 'modelId', shopMessages.modelNotFound);
    await refuse({ kind: 'order', name: 'Иван', phone: freshPhone(), items: [{ id: fx.hiddenItem, qty: 1 }] }, 400, 'items', shopMessages.itemUnavailable);
    await refuse({ kind: 'order', name: 'Иван', phone: freshPhone(), items: [{ id: fx.item, qty: 1 }, { id: fx.archivedItem, qty: 1 }] }, 400, 'items', shopMessages.itemUnavailable);
    await refuse({ kind: 'callback', name: 'Иван', phone: freshPhone(), locationId: loc[2]._id }, 400, 'locationId', shopMessages.locationNotTaking);
    await refuse({ kind: 'repair', name: 'Иван', phone: freshPhone() }, 400, 'problem', shopMessages.problemRequired);
    await refuse({ kind: 'order', name: 'Иван', phone: freshPhone(), items: [] }, 400, 'items', shopMessages.itemsRequired);
    await refuse({ kind: 'order', name: 'Иван', phone: freshPhone(), items: [{ id: fx.item, qty: 100 }] }, 400, 'items.0.qty', shopMessages.qtyInvalid);
    await refuse({ kind: 'callback', name: '', phone: freshPhone() }, 400, 'name', shopMessages.clientNameRequired);
    await refuse({ kind: 'callback', name: 'Иван', phone: '12345' }, 400, 'phone', expect.any(String) as unknown as string);
    await refuse({ kind: 'visit', name: 'Иван', phone: freshPhone() }, 400, 'kind', shopMessages.kindInvalid);
    await refuse({ kind: 'callback', name: 'Иван', phone: freshPhone(), startedAt: 'вчера' }, 400, 'startedAt', shopMessages.startedAtInvalid);
    await setSettings({ requestsOpen: false });
    try {
      await refuse({ kind: 'callback', name: 'Иван', phone: freshPhone() }, 409, null, shopMessages.requestsClosed);
    } finally {
      await setSettings({});
    }
  });

  it('limits an address to 5 requests in 10 minutes (429 in Russian); another address still gets through', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 5; i++) ok(await send({ kind: 'callback', name: `Лимит ${i}`, phone: freshPhone() }, ip), 201);
    const before = await state();
    const res = await send({ kind: 'callback', name: 'Шестой', phone: freshPhone() }, ip);
    const body = await expectRefused(res, 429, state, before, shopMessages.rateLimited);
    expect(body.code).toBe('too_many_requests');
    expect(res.headers['retry-after']).toBe('600');
    ok(await send({ kind: 'callback', name: 'Сосед', phone: freshPhone() }, '203.0.113.8'), 201);
    // Hits older than the window do not count.
    await app.db.execute(sql`update shop_request_hits set at = now() - interval '11 minutes' where ip = ${ip}`);
    ok(await send({ kind: 'callback', name: 'Через 11 минут', phone: freshPhone() }, ip), 201);
  });

  it('answers spam (honeypot, too fast, from the future) like success, but never lists, counts or announces it', async () => {
    const counts = ok(await call('GET', '/api/shop/requests/counts'));
    const listed = (await list()).total;
    const [{ last: lastBefore }] = await q<{ last: number }>(sql`select last from document_numbering where kind = 'shop_request'`);
    const spam = [
      { kind: 'callback', name: 'Бот', phone: freshPhone(), website: 'http://spam.example' },
      { kind: 'callback', name: 'Быстрый', phone: freshPhone(), startedAt: ago(1000) },
      { kind: 'callback', name: 'Из будущего', phone: freshPhone(), startedAt: Date.now() + 3_600_000 },
    ];
    for (const body of spam) {
      const res = ok(await send(body), 201);
      expect(res.number).toMatch(/^З-\d{6}$/);
      expect(await byNumber(res.number)).toBeUndefined();
    }
    const stored = await q<{ name: string; spam: boolean }>(sql`select name, spam from shop_requests where name in ('Бот', 'Быстрый', 'Из будущего')`);
    expect(stored).toHaveLength(3);
    expect(stored.every((s) => s.spam)).toBe(true);
    expect(ok(await call('GET', '/api/shop/requests/counts'))).toEqual(counts);
    expect((await list()).total).toBe(listed);
    expect((await list('search=Бот')).total).toBe(0);
    const [{ last }] = await q<{ last: number }>(sql`select last from document_numbering where kind = 'shop_request'`);
    expect(Number(last)).toBe(Number(lastBefore));
    const [spamRow] = await q<{ id: string }>(sql`select id from shop_requests where name = 'Бот'`);
    expect((await call('GET', `/api/shop/requests/${spamRow.id}`)).statusCode).toBe(404);
  });

  it('fill time: an epoch or an ISO moment; a visitor clock slightly ahead is not spam', () => {
    expect(startedAtMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(startedAtMs('2026-01-01T10:00:00.000Z')).toBe(Date.parse('2026-01-01T10:00:00.000Z'));
    expect(startedAtMs('завтра')).toBeNaN();
    const now = 1_700_000_000_000;
    expect(isSpam({ website: '', startedAt: now - 2_999 }, now)).toBe(true);
    expect(isSpam({ website: '', startedAt: now - 3_000 }, now)).toBe(false);
    expect(isSpam({ website: '', startedAt: now + 30_000 }, now)).toBe(false);
    expect(isSpam({ website: '', startedAt: now + 10 * 60_000 }, now)).toBe(true);
    expect(isSpam({ website: ' x ', startedAt: now - 60_000 }, now)).toBe(true);
  });

  it('merges the same phone and kind within 10 minutes into the first request: repeats, problem appended, new items added', async () => {
    const phone = freshPhone();
    const first = ok(await send({ kind: 'order', name: 'Повтор', phone, items: [{ id: fx.item, qty: 1 }], problem: 'Нужен к пятнице' }), 201);
    const again = ok(await send({ kind: 'order', name: 'Повтор', phone, items: [{ id: fx.item, qty: 5 }, { id: fx.item2, qty: 2 }], problem: 'Можно доставкой?' }), 201);
    expect(again.number).toBe(first.number);
    const r = await getReq(await byNumber(first.number));
    expect(r.repeats).toBe(1);
    expect(r.lastRepeatAt).not.toBeNull();
    expect(r.problem).toBe('Нужен к пятнице\n\nМожно доставкой?');
    expect(r.items.map((i) => [i.catalogItemId, i.qty])).toEqual([
      [fx.item, 1],
      [fx.item2, 2],
    ]);
    expect(r.total).toBe(fx.price + fx.price2 * 2);
    // Another kind of the same phone is its own request; so is one after the window.
    const callback = ok(await send({ kind: 'callback', name: 'Повтор', phone }), 201);
    expect(callback.number).not.toBe(first.number);
    await app.db.execute(sql`update shop_requests set created_at = now() - interval '11 minutes' where number = ${first.number}`);
    const later = ok(await send({ kind: 'order', name: 'Повтор', phone, items: [{ id: fx.item, qty: 1 }] }), 201);
    expect(later.number).not.toBe(first.number);
  });

  it('10 identical requests at once make exactly one request', async () => {
    const phone = freshPhone();
    const body = { kind: 'repair', name: 'Гонка', phone, modelId: fx.model, problem: 'Не включается' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const numbers = new Set(answers.map((a) => a.json().number));
    expect(numbers.size).toBe(1);
    const rows = await q<{ number: string; repeats: number }>(sql`select number, repeats from shop_requests where phone = ${phone} and not spam`);
    expect(rows).toEqual([{ number: [...numbers][0], repeats: 9 }]);
  });
});

describe('staff', () => {
  let atFirst: string;
  let atSecond: string;
  let nowhere: string;
  beforeAll(async () => {
    atFirst = await byNumber(ok(await send({ kind: 'callback', name: 'Видимость первый', phone: freshPhone(), locationId: loc[0]._id }), 201).number);
    atSecond = await byNumber(ok(await send({ kind: 'callback', name: 'Видимость второй', phone: freshPhone(), locationId: loc[1]._id }), 201).number);
    nowhere = await byNumber(ok(await send({ kind: 'callback', name: 'Видимость без магазина', phone: freshPhone() }), 201).number);
  });

  it('lists newest first; filters by status, kind and search; a search by phone digits', async () => {
    const page = await list();
    const times = page.items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.items.map((r) => r.id)).toEqual(expect.arrayContaining([atFirst, atSecond, nowhere]));
    expect((await list('kind=order')).items.every((r) => r.kind === 'order')).toBe(true);
    expect((await list('status=new,in_work')).items.every((r) => ['new', 'in_work'].includes(r.status))).toBe(true);
    expect((await list('search=видимость второй')).items.map((r) => r.id)).toEqual([atSecond]);
    const r = await getReq(atSecond);
    expect((await list(`search=${encodeURIComponent(r.phone.slice(4, 11))}`)).items.map((x) => x.id)).toContain(atSecond);
    const spaced = `${r.phone.slice(2, 5)} ${r.phone.slice(5, 8)}-${r.phone.slice(8, 10)}-${r.phone.slice(10)}`;
    expect((await list(`search=${encodeURIComponent(spaced)}`)).items.map((x) => x.id)).toEqual([atSecond]);
    expect((await list(`search=${encodeURIComponent(r.number)}`)).items.map((x) => x.id)).toEqual([atSecond]);
    expect((await call('GET', '/api/shop/requests?status=lost')).statusCode).toBe(400);
  });

  it('«location» sees the current location and none; «all» every location of theirs and none; no rule, nothing', async () => {
    const local = await addEmployee(app, ['view:shop_content:location'], [loc[0]._id, loc[1]._id]);
    const wide = await addEmployee(app, ['view:shop_content:all'], [loc[1]._id]);
    const ids = async (token: string, shop: string | null) => (await list('', token, shop)).items.map((r) => r.id);
    const atLoc0 = await ids(local.token, loc[0]._id);
    expect(atLoc0).toEqual(expect.arrayContaining([atFirst, nowhere]));
    expect(atLoc0).not.toContain(atSecond);
    const atLoc1 = await ids(local.token, loc[1]._id);
    expect(atLoc1).toEqual(expect.arrayContaining([atSecond, nowhere]));
    expect(atLoc1).not.toContain(atFirst);
    const all = await ids(wide.token, loc[1]._id);
    expect(all).toEqual(expect.arrayContaining([atSecond, nowhere]));
    expect(all).not.toContain(atFirst);
    expect((await call('GET', `/api/shop/requests/${atFirst}`, undefined, local.token, loc[1]._id)).statusCode).toBe(404);
    expect((await call('GET', `/api/shop/requests/${atFirst}`, undefined, wide.token, loc[1]._id)).statusCode).toBe(404);
    expect((await getReq(atFirst, local.token, loc[0]._id)).id).toBe(atFirst);
    // Read-only: an edit is 403 and changes nothing.
    const before = await state();
    await expectRefused(await call('PATCH', `/api/shop/requests/${nowhere}`, { status: 'in_work' }, local.token, loc[0]._id), 403, state, before);
    expect((await call('GET', '/api/shop/requests', undefined, engineer.token, loc[0]._id)).statusCode).toBe(403);
    // The badge counts the new requests the employee sees.
    const [{ n }] = await q<{ n: string }>(
      sql`select count(*) as n from shop_requests where not spam and status = 'new' and (location_id is null or location_id = ${loc[1]._id})`,
    );
    expect(ok(await call('GET', '/api/shop/requests/counts', undefined, wide.token, loc[1]._id))).toEqual({ new: Number(n) });
    expect(ok(await call('GET', '/api/shop/requests/counts', undefined, local.token, loc[1]._id))).toEqual({ new: Number(n) });
  });

  it('moves through the statuses; rejected needs a reason; anything else is 409, changing nothing', async () => {
    const id = await byNumber(ok(await send({ kind: 'callback', name: 'Статусы', phone: freshPhone(), locationId: loc[0]._id }), 201).number);
    const patch = (body: Record<string, unknown>) => call('PATCH', `/api/shop/requests/${id}`, body);
    let before = await state();
    const noReason = await expectRefused(await patch({ status: 'rejected' }), 400, state, before);
    expect(noReason.errors.rejectReason).toBe(shopMessages.rejectReasonRequired);
    expect(shopRequestSchema.parse(ok(await patch({ status: 'in_work', comment: 'Звонил, не ответил' })))).toMatchObject({ status: 'in_work', comment: 'Звонил, не ответил' });
    before = await state();
    await expectRefused(await patch({ status: 'new' }), 409, state, before, shopMessages.transitionRefused);
    const rejected = shopRequestSchema.parse(ok(await patch({ status: 'rejected', rejectReason: 'Ошибся номером' })));
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Ошибся номером', comment: 'Звонил, не ответил' });
    before = await state();
    await expectRefused(await patch({ status: 'done' }), 409, state, before, shopMessages.transitionRefused);
    const reopened = shopRequestSchema.parse(ok(await patch({ status: 'in_work' })));
    expect(reopened).toMatchObject({ status: 'in_work', rejectReason: null, comment: 'Звонил, не ответил' });
    expect(shopRequestSchema.parse(ok(await patch({ comment: '' }))).comment).toBeNull();
    // Handed to another location: one that takes requests, where the employee works.
    before = await state();
    const notTaking = await expectRefused(await patch({ locationId: loc[2]._id }), 400, state, before);
    expect(notTaking.errors.locationId).toBe(shopMessages.locationNotTaking);
    const limited = await addEmployee(app, ['view:shop_content:all', 'edit:shop_content:all'], [loc[0]._id]);
    const elsewhere = await expectRefused(await call('PATCH', `/api/shop/requests/${id}`, { locationId: loc[1]._id }, limited.token, loc[0]._id), 400, state, before);
    expect(elsewhere.errors.locationId).toBe(messages.locationForbidden);
    expect(shopRequestSchema.parse(ok(await patch({ locationId: loc[1]._id }))).locationId).toBe(loc[1]._id);
    const audit = await q<{ action: string }>(sql`select action from audit_log where entity = 'shop_request' and entity_id = ${id} order by created_at, id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'update', 'update']);
    expect((await call('PATCH', `/api/shop/requests/00000000-0000-4000-8000-000000000000`, { status: 'done' })).statusCode).toBe(404);
  });
});

describe('conversion', () => {
  it('to-order: the client found by phone, the device from the model, linked, in work; a second time 409 changing nothing', async () => {
    const [client] = await q<{ id: string; phone: string }>(
      sql`select p.counterparty_id as id, p.phone from counterparty_phones p join counterparties c on c.id = p.counterparty_id where c.archived_at is null and c.merged_into_id is null and not c.is_supplier order by c.created_at limit 1`,
    );
    const id = await byNumber(ok(await send({ kind: 'repair', name: 'Клиент из базы', phone: client.phone, modelId: fx.model, problem: 'Разбит экран, не работает сенсор', locationId: loc[1]._id }), 201).number);
    const clients = (await state()).clients;
    const { orderId } = ok(await call('POST', `/api/shop/requests/${id}/to-order`, {}), 201);
    const [order] = await q<Record<string, string>>(sql`select client_id, device_type, device_brand, device_model, malfunction, location_id from repair_orders where id = ${orderId}`);
    expect(order).toEqual({ client_id: client.id, device_type: 'Смартфон-тест', device_brand: 'Тестбренд', device_model: 'Т-13 Про', malfunction: 'Разбит экран, не работает сенсор', location_id: loc[1]._id });
    expect((await state()).clients).toBe(clients);
    const r = await getReq(id);
    expect(r).toMatchObject({ orderId, status: 'in_work', saleId: null });
    expect(r.orderNumber).toMatch(/\d{6}$/);
    const before = await state();
    await expectRefused(await call('POST', `/api/shop/requests/${id}/to-order`, {}), 409, state, before, shopMessages.alreadyConverted);
    await expectRefused(await call('POST', `/api/shop/requests/${id}/to-sale`, {}), 409, state, before, shopMessages.alreadyConverted);
  });

  it('two conversions at once make one order: the other answers 409', async () => {
    const id = await byNumber(ok(await send({ kind: 'repair', name: 'Двойной клик', phone: freshPhone(), problem: 'Не работает звук', locationId: loc[0]._id }), 201).number);
    const [{ n: before }] = await q<{ n: string }>(sql`select count(*) as n from repair_orders`);
    const answers = await Promise.all([call('POST', `/api/shop/requests/${id}/to-order`, {}), call('POST', `/api/shop/requests/${id}/to-order`, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const [{ n: after }] = await q<{ n: string }>(sql`select count(*) as n from repair_orders`);
    expect(Number(after)).toBe(Number(before) + 1);
    expect((await getReq(id)).orderId).toBe(answers.find((a) => a.statusCode === 201)!.json().orderId);
  });

  it('to-order: an unknown phone makes a new client with the request name; the current location when the request has none', async () => {
    const phone = freshPhone();
    const id = await byNumber(ok(await send({ kind: 'callback', name: 'Новый Клиент', phone }), 201).number);
    // No body at all is the same as `{}`.
    const { orderId } = ok(await call('POST', `/api/shop/requests/${id}/to-order`, undefined, owner, loc[0]._id), 201);
    const [row] = await q<{ name: string; location_id: string; device_type: string }>(
      sql`select c.name, o.location_id, o.device_type from repair_orders o join counterparties c on c.id = o.client_id where o.id = ${orderId}`,
    );
    expect(row).toEqual({ name: 'Новый Клиент', location_id: loc[0]._id, device_type: 'Не указано' });
    const [{ n }] = await q<{ n: string }>(sql`select count(*) as n from counterparty_phones where phone = ${phone}`);
    expect(Number(n)).toBe(1);
    expect((await getReq(id)).locationId).toBe(loc[0]._id);
  });

  it('refuses the wrong kind, and a request without a location when none is given, changing nothing', async () => {
    const order = await byNumber(ok(await send({ kind: 'order', name: 'Не тот вид', phone: freshPhone(), items: [{ id: fx.item, qty: 1 }], locationId: loc[0]._id }), 201).number);
    const repair = await byNumber(ok(await send({ kind: 'repair', name: 'Не тот вид', phone: freshPhone(), problem: 'Шумит', locationId: loc[0]._id }), 201).number);
    const callback = await byNumber(ok(await send({ kind: 'callback', name: 'Без товаров', phone: freshPhone(), locationId: loc[0]._id }), 201).number);
    const loose = await byNumber(ok(await send({ kind: 'callback', name: 'Без магазина', phone: freshPhone() }), 201).number);
    const before = await state();
    await expectRefused(await call('POST', `/api/shop/requests/${order}/to-order`, {}), 409, state, before, shopMessages.toOrderKind);
    await expectRefused(await call('POST', `/api/shop/requests/${repair}/to-sale`, {}), 409, state, before, shopMessages.toSaleKind);
    await expectRefused(await call('POST', `/api/shop/requests/${callback}/to-sale`, {}), 409, state, before, shopMessages.noItems);
    const noLoc = await expectRefused(await call('POST', `/api/shop/requests/${loose}/to-order`, {}, owner, null), 400, state, before);
    expect(noLoc.errors.locationId).toBe(shopMessages.locationRequired);
  });

  it('to-sale: a draft with the request items at their snapshot prices, linked, in work', async () => {
    const phone = freshPhone();
    const id = await byNumber(ok(await send({ kind: 'order', name: 'Покупатель', phone, items: [{ id: fx.item, qty: 2 }, { id: fx.item2, qty: 1 }] }), 201).number);
    // The site's price was a snapshot: a later change of the product's price does not change the sale.
    await app.db.execute(sql`update products set price = price + 10000 where id = ${fx.product}`);
    const { saleId } = ok(await call('POST', `/api/shop/requests/${id}/to-sale`, { locationId: loc[1]._id }), 201);
    const [sale] = await q<{ status: string; location_id: string; client_name: string; total: string }>(
      sql`select s.status, s.location_id, c.name as client_name, s.total from sales s join counterparties c on c.id = s.client_id where s.id = ${saleId}`,
    );
    expect(sale).toMatchObject({ status: 'draft', location_id: loc[1]._id, client_name: 'Покупатель' });
    expect(Number(sale.total)).toBe(fx.price * 2 + fx.price2);
    const lines = await q<{ product_id: string; qty: number; price: string }>(sql`select product_id, qty, price from sale_lines where sale_id = ${saleId} order by position`);
    expect(lines.map((l) => [l.product_id, Number(l.qty), Number(l.price)])).toEqual([
      [fx.product, 2, fx.price],
      [fx.product2, 1, fx.price2],
    ]);
    expect(await getReq(id)).toMatchObject({ saleId, status: 'in_work', locationId: loc[1]._id });
    await app.db.execute(sql`update products set price = price - 10000 where id = ${fx.product}`);
  });
});

describe('realtime', () => {
  async function socketOf(token: string) {
    const socket = await connect(base, { cookie: `token=${token}` });
    sockets.push(socket);
    // Signed in on the server once it answers a ping.
    socket.send({ type: 'ping' });
    await waitFor(socket, (e) => e.type === 'pong');
    return socket;
  }
  async function waitFor(socket: TestSocket, match: (e: Record<string, unknown>) => boolean, ms = 5000): Promise<Record<string, unknown>> {
    const end = Date.now() + ms;
    for (;;) {
      const left = end - Date.now();
      if (left <= 0) throw new Error('no matching message');
      const items = (await socket.next(left)) as Array<Record<string, unknown>>;
      if (process.env.DEBUG_RT) console.log(JSON.stringify(items));
      const hit = items.find(match);
      if (hit) return hit;
    }
  }

  it('tells each employee who may see a new request, with a notice; the list event goes to its location; spam and an engineer get nothing', async () => {
    const managerSocket = await socketOf(manager.token);
    const engineerSocket = await socketOf(engineer.token);
    ok(await send({ kind: 'callback', name: 'Спамер', phone: freshPhone(), website: 'x' }), 201);
    const { number } = ok(await send({ kind: 'repair', name: 'Живая заявка', phone: freshPhone(), problem: 'Не ловит сеть', locationId: loc[0]._id }), 201);
    const id = await byNumber(number);
    const seen: Array<Record<string, unknown>> = [];
    const notice = await waitFor(managerSocket, (e) => {
      seen.push(e);
      return e.id === id && e.notice === 'shop_request';
    });
    expect(notice).toEqual({
      type: 'created',
      entity: 'shop_request',
      id,
      locationId: loc[0]._id,
      employeeId: manager.id,
      notice: 'shop_request',
      text: 'Новая заявка с сайта: Ремонт, Живая заявка',
      href: `/request/${id}`,
    });
    if (!seen.some((e) => e.id === id && e.type === 'created' && e.notice === undefined)) await waitFor(managerSocket, (e) => e.id === id && e.type === 'created' && e.notice === undefined);
    // The engineer works at the location but has no rule: the list event only (nothing to open), no notice.
    const got: Array<Record<string, unknown>> = [];
    await waitFor(engineerSocket, (e) => {
      got.push(e);
      return e.id === id && e.notice === undefined;
    });
    expect(got.some((e) => e.notice !== undefined)).toBe(false);
    expect(got.some((e) => e.entity === 'shop_request' && e.id !== id)).toBe(false);
    // A repeat publishes `updated`, no new notice.
    ok(await send({ kind: 'repair', name: 'Живая заявка', phone: (await getReq(id)).phone, problem: 'И не заряжается' }), 201);
    const upd = await waitFor(managerSocket, (e) => e.id === id && e.type === 'updated');
    expect(upd.notice).toBeUndefined();
  });
});

describe('storefront page', () => {
  let site: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'sf-dist-'));
    mkdirSync(path.join(dist, 'host'));
    writeFileSync(path.join(dist, 'host', 'index.html'), '<!doctype html><title>host</title>');
    site = await buildTestApp({ distDir: dist });
  });
  afterAll(async () => site?.close());

  it('serves /storefront and its module and styles, under the CSP, with no inline script or style', async () => {
    for (const url of ['/storefront', '/storefront/']) {
      const page = await site.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/);
      expect(page.body).toContain('<script type="module" src="/storefront/storefront.js"></script>');
      // Every script is a file; no inline handlers or style attributes.
      expect(page.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
      expect(page.body).not.toMatch(/\sstyle=|\son[a-z]+=/i);
      for (const id of ['sf-repair-form', 'sf-callback-form', 'sf-order-form', 'sf-request-number', 'sf-slides', 'sf-categories', 'sf-catalog']) expect(page.body).toContain(`data-testid="${id}"`);
      expect(page.body.match(/name="website"/g)).toHaveLength(3);
    }
    const js = await site.inject({ method: 'GET', url: '/storefront/storefront.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^application\/javascript/);
    expect(js.body).toContain("const api = '/api/public'");
    expect(js.body).not.toMatch(/\/api\/(?!public)/);
    const css = await site.inject({ method: 'GET', url: '/storefront/storefront.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    for (const url of ['/storefront/other.js', '/storefront/..%2Fpackage.json', '/storefront/%2e%2e%2fpackage.json']) expect((await site.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
