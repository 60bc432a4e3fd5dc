import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Location } from '@repo/contracts';
import { defineModule } from '../src/lib/module';
import { modules } from '../src/modules';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';

/**
 * Issue #7, items 1 and 9: no user input gives a 500 (NUL in text, dates PostgreSQL cannot store, a
 * huge page) — each is a 400 in the error contract, in Russian, and changes nothing; uuids are
 * compared in any case.
 */

/**
 * Routes that skip the safe types on purpose, to prove the last line of defence: a data error from
 * the database (22021 NUL in text, 22008/22007 an unstorable date) is a 400, not a 500.
 */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/text', { schema: { body: z.object({ text: z.string() }) } }, async (request) => {
    await app.db.execute(sql`select ${request.body.text}::text as t`);
    return { ok: true };
  });
  app.post('/date', { schema: { body: z.object({ date: z.string() }) } }, async (request) => {
    await app.db.execute(sql`select ${request.body.date}::timestamptz as t`);
    return { ok: true };
  });
  // A route inside the current location: what the access plugin made of the `Shop` header.
  app.get('/shop', { config: { location: true } }, async (request) => ({ locationId: request.locationId }));
};
const probeModule = defineModule({ name: 'probe', prefix: '/probe', routes: probeRoutes });

let app: FastifyInstance;
let owner: string;
let cashier: string;
let loc: Location[];

beforeAll(async () => {
  app = await buildTestApp({}, { modules: [...modules, probeModule] });
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  loc = await demoLocations(app, owner);
}, 120_000);
afterAll(() => app?.close());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { ...authHeaders(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

const invalidCharacters = 'Недопустимые символы';

describe('NUL and control characters in text fields', () => {
  it('POST /api/location with NUL in the name: 400 naming the field, and no location is created', async () => {
    const res = await send('POST', '/api/location', owner, { name: 'ab\u0000cd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation', message: 'Проверьте правильность заполнения полей', errors: { name: invalidCharacters } });
    expect(await demoLocations(app, owner)).toEqual(loc);
  });

  it.each(['address', 'phone', 'workingHours'])('PATCH /api/location/:id with NUL in %s: 400 and the row is unchanged', async (field) => {
    const res = await send('PATCH', `/api/location/${loc[0].id}`, owner, { [field]: 'x\u0000y' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { [field]: invalidCharacters } });
    expect((await demoLocations(app, owner))[0]).toEqual(loc[0]);
  });

  it('PATCH /api/auth/me with NUL or a line break in the name: 400, the name is unchanged', async () => {
    const before = (await send('GET', '/api/auth/me', cashier)).json().name;
    for (const name of ['Анна\u0000', 'Анна\nПопова', 'Анна\u202eПопова']) {
      const res = await send('PATCH', '/api/auth/me', cashier, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', errors: { name: invalidCharacters } });
    }
    expect((await send('GET', '/api/auth/me', cashier)).json().name).toBe(before);
  });

  it('a password with NUL is a 400, not a 500 or a failed sign-in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: demoPhones.manager, password: 'demo\u00001234' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { password: invalidCharacters } });
  });

  it('a release failure report with NUL is a 400', async () => {
    const res = await send('POST', '/api/releases/stock/failures', cashier, { version: 'v1', message: 'Chunk\u0000LoadError' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { message: invalidCharacters } });
  });

  it('text is trimmed and a 1 MB string is refused with the length message, not stored', async () => {
    const res = await send('POST', '/api/location', owner, { name: 'x'.repeat(1000 * 1000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { name: 'Название: не больше 120 символов' } });
  });
});

describe('NUL in the address and in headers', () => {
  it.each([
    ['an encoded NUL in a query filter', '/api/audit?entity=loc%00ation'],
    ['an encoded control character in a query filter', '/api/audit?entityId=a%1Fb'],
    ['an encoded NUL in a path parameter', '/api/location/current/%00'],
    ['an encoded NUL in an unknown route', '/api/nothing%00here'],
  ])('%s: 400 in the error contract', async (_what, url) => {
    const res = await send('GET', url, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation', message: 'Недопустимые символы в запросе', errors: { _: 'Недопустимые символы в запросе' } });
  });

  it('a header the server stores (User-Agent of a session) with a control character: 400, no session is created', async () => {
    const before = (await send('GET', '/api/auth/sessions', owner)).json().items.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'Mozilla\u0001evil' },
      payload: { phone: demoPhones.owner, password: 'demo1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: 'Недопустимые символы в запросе' });
    expect((await send('GET', '/api/auth/sessions', owner)).json().items.length).toBe(before);
  });

  it('ordinary Cyrillic in the query and a tab in a header are fine', async () => {
    const res = await send('GET', `/api/audit?entity=${encodeURIComponent('магазин')}`, owner, undefined, { 'x-note': 'a\tb' });
    expect(res.statusCode).toBe(200);
  });
});

describe('dates PostgreSQL cannot store', () => {
  const range = 'Дата должна быть в пределах 1900–2999 годов';

  it.each([
    ['to', '9999-12-31'],
    ['from', '0000-01-01'],
    ['to', '+010000-01-01T00:00:00.000Z'],
  ])('GET /api/audit?%s=%s: 400 in Russian', async (field, value) => {
    const res = await send('GET', `/api/audit?${field}=${encodeURIComponent(value)}`, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(res.json().errors[field]).toMatch(/^(Дата должна быть в пределах 1900–2999 годов|Неверная дата)$/);
  });

  it('the exact texts: out of range vs not a date', async () => {
    expect((await send('GET', '/api/audit?to=9999-12-31', owner)).json().errors).toEqual({ to: range });
    expect((await send('GET', '/api/audit?from=0000-01-01', owner)).json().errors).toEqual({ from: range });
    expect((await send('GET', '/api/audit?from=2024-02-30', owner)).json().errors).toEqual({ from: 'Неверная дата' });
  });

  it('the last storable day still works, `to` covering it whole', async () => {
    const res = await send('GET', '/api/audit?from=1900-01-01&to=2999-12-31', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });

  it('a page number whose OFFSET would overflow is a 400', async () => {
    const res = await send('GET', '/api/audit?page=99999999999999999999', owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { page: 'Слишком большой номер страницы' } });
  });
});

describe('a database data error that a schema let through', () => {
  it('NUL in text reaching PostgreSQL (22021) is a 400, not a 500', async () => {
    const res = await send('POST', '/api/probe/text', owner, { text: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation', message: 'Проверьте правильность заполнения полей', errors: { _: 'Проверьте правильность заполнения полей' } });
  });

  it.each(['+010000-01-01T00:00:00.000Z', '0000-01-01'])('an unstorable date %s reaching PostgreSQL is a 400', async (date) => {
    const res = await send('POST', '/api/probe/date', owner, { date });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
  });
});

describe('uuids in any case (item 9)', () => {
  it('the cashier opens her own location with the id in upper case: 200, not 403', async () => {
    const own = loc[0].id;
    expect((await send('GET', `/api/location/current/${own}`, cashier)).statusCode).toBe(200);
    const res = await send('GET', `/api/location/current/${own.toUpperCase()}`, cashier);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(own);
    expect((await send('GET', '/api/auth/me', cashier)).json().location.id).toBe(own);
  });

  it('PATCH with an upper-case id changes that location and audits it under its lower-case id', async () => {
    const res = await send('PATCH', `/api/location/${loc[2].id.toUpperCase()}`, owner, { workingHours: 'Пн–Пт 10–20' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(loc[2].id);
    const audit = await send('GET', `/api/audit?entity=location&entityId=${loc[2].id}`, owner);
    expect(audit.json().items[0]).toMatchObject({ entityId: loc[2].id, action: 'update' });
  });

  it('an upper-case Shop header names the same location, lower-cased for the services and the audit', async () => {
    const res = await send('GET', '/api/probe/shop', cashier, undefined, { shop: loc[0].id.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locationId: loc[0].id });
    const foreign = await send('GET', '/api/probe/shop', cashier, undefined, { shop: loc[1].id.toUpperCase() });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 'forbidden', message: 'Нет доступа к выбранному магазину' });
  });
});
