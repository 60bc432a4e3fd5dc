import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLog } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';

let app: FastifyInstance;
const tokens: Record<keyof typeof demoPhones, string> = { owner: '', manager: '', engineer: '', cashier: '' };
let locationIds: string[] = [];

const forbidden = (message: string) => ({ code: 'forbidden', message });
const unauthenticated = { code: 'unauthenticated', message: 'Пользователь не авторизован' };
const locationRequired = forbidden('Не выбран магазин: укажите магазин в заголовке Shop');
const locationForbidden = forbidden('Нет доступа к выбранному магазину');

beforeAll(async () => {
  app = await buildTestApp();
  // Test-only routes, registered before the app is ready, declaring what real routes declare.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/test-only/delete-location', { config: { rule: 'delete:location' } }, async () => ({ ok: true }));
  typed.get('/api/test-only/change-location', { config: { rule: 'change_location' } }, async () => ({ ok: true }));
  typed.post(
    '/api/test-only/sale',
    { config: { rule: 'create:sale', location: true }, schema: { body: z.object({ amount: z.number().int() }) } },
    async (request) => ({ locationId: request.locationId, amount: request.body.amount }),
  );
  typed.get('/api/test-only/context', async (request) => ({ locationId: request.locationId }));
  typed.get('/api/test-only/public-but-located', { config: { auth: false, location: true } }, async () => ({ ok: true }));
  for (const role of Object.keys(demoPhones) as Array<keyof typeof demoPhones>) {
    const { token, profile } = await login(app, demoPhones[role]);
    tokens[role] = token;
    if (role === 'owner') locationIds = profile.locations.map((l) => l.id);
  }
});
afterAll(() => app.close());

describe('rules', () => {
  it('answers 403 forbidden naming the missing right', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/delete-location', headers: authHeaders(tokens.manager) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden('Нет права: удаление — магазины'));
  });

  it('lets the owner through on any rule', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/delete-location', headers: authHeaders(tokens.owner) });
    expect(res.statusCode).toBe(200);
  });

  it('names a missing special right', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/change-location', headers: authHeaders(tokens.cashier) });
    expect(res.json()).toEqual(forbidden('Нет права: смена магазина'));
    expect((await app.inject({ method: 'GET', url: '/api/test-only/change-location', headers: authHeaders(tokens.engineer) })).statusCode).toBe(200);
  });

  it('checks the rule before the body: a signed-in employee without the right gets 403, not 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test-only/sale', headers: authHeaders(tokens.engineer, locationIds[0]), payload: { amount: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden('Нет права: создание — продажи'));
  });

  it('fails closed on a public route that declares a location', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/public-but-located' });
    expect(res.json()).toEqual(unauthenticated);
  });
});

describe('location scope (Shop header)', () => {
  const sale = (headers: Record<string, string>, payload: unknown = { amount: 100 }) =>
    app.inject({ method: 'POST', url: '/api/test-only/sale', headers, payload: payload as object });

  it('answers 403 forbidden when the Shop header is missing or empty', async () => {
    expect((await sale(authHeaders(tokens.cashier))).json()).toEqual(locationRequired);
    const empty = await sale({ ...authHeaders(tokens.cashier), shop: '' });
    expect(empty.statusCode).toBe(403);
    expect(empty.json()).toEqual(locationRequired);
  });

  it('answers 403 forbidden for a location the employee may not work in', async () => {
    const res = await sale(authHeaders(tokens.cashier, locationIds[1]));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(locationForbidden);
  });

  it.each([['not a uuid', 'shop-1'], ['an unknown uuid', '00000000-0000-4000-8000-000000000000']])('answers 403 forbidden for %s', async (_l, shop) => {
    expect((await sale(authHeaders(tokens.owner, shop))).json()).toEqual(locationForbidden);
  });

  it('passes the checked location to the handler', async () => {
    const res = await sale(authHeaders(tokens.cashier, locationIds[0]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locationId: locationIds[0], amount: 100 });
    // The manager works everywhere.
    expect((await sale(authHeaders(tokens.manager, locationIds[2]))).json().locationId).toBe(locationIds[2]);
  });

  it('validates the body after the location: 400 with the field', async () => {
    const res = await sale(authHeaders(tokens.cashier, locationIds[0]), { amount: 'сто' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { amount: expect.any(String) } });
  });

  it('keeps a valid Shop on routes outside a location, and drops a foreign one', async () => {
    const ctx = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/test-only/context', headers });
    expect((await ctx(authHeaders(tokens.engineer, locationIds[1]))).json()).toEqual({ locationId: locationIds[1] });
    expect((await ctx(authHeaders(tokens.engineer, locationIds[2]))).json()).toEqual({ locationId: null });
    expect((await ctx(authHeaders(tokens.engineer))).json()).toEqual({ locationId: null });
  });

  it('records the Shop location in the audit of a mutation', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    await app.inject({ method: 'PATCH', url: '/api/auth/me', headers: authHeaders(token, locationIds[1]), payload: { name: 'Иванов Д. С.' } });
    const [row] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, profile.id)));
    expect(row.locationId).toBe(locationIds[1]);
  });
});

describe('the error contract around auth', () => {
  it('answers an anonymous client with an invalid body 403 unauthenticated, not 400', async () => {
    for (const [method, url] of [['POST', '/api/test-only/sale'], ['PATCH', '/api/auth/me'], ['POST', '/api/auth/password']] as const) {
      const res = await app.inject({ method, url, payload: { nonsense: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(unauthenticated);
    }
    const malformed = await app.inject({ method: 'PATCH', url: '/api/auth/me', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(malformed.json()).toEqual(unauthenticated);
  });

  it('answers malformed JSON with 400 validation', async () => {
    const expected = { code: 'validation', message: 'Тело запроса не является корректным JSON', errors: { _: 'Тело запроса не является корректным JSON' } };
    const anon = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"phone": "+7900' });
    expect(anon.statusCode).toBe(400);
    expect(anon.json()).toEqual(expected);
    const signed = await app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: { ...authHeaders(tokens.owner), 'content-type': 'application/json' },
      payload: '{name: nope}',
    });
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toEqual(expected);
  });

  it('answers a wrong content type with 400', async () => {
    const xml = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toMatchObject({ code: 'validation', message: 'Неподдерживаемый тип содержимого запроса' });
    const text = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'phone=1' });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('validation');
  });

  it('answers a body over 1 MB with 400', async () => {
    const payload = JSON.stringify({ phone: demoPhones.owner, password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: 'Слишком большой объём данных в запросе' });
  });

  it('answers unknown /api routes 404 with or without a token', async () => {
    for (const headers of [{}, authHeaders(tokens.cashier)]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/nothing', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Запрос не найден' });
    }
  });
});
