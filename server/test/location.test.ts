import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { locationListSchema, locationSchema, type Location } from '@repo/contracts';
import { auditLog, cashboxes, warehouses } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
const tokens: Record<keyof typeof demoPhones, string> = { owner: '', manager: '', engineer: '', cashier: '' };
let loc: Location[];

beforeAll(async () => {
  app = await buildTestApp();
  for (const role of Object.keys(demoPhones) as Array<keyof typeof demoPhones>) tokens[role] = (await login(app, demoPhones[role])).token;
  loc = await demoLocations(app, tokens.owner);
});
afterAll(() => app.close());

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: authHeaders(token) });
const patch = (id: string, payload: unknown, token = tokens.owner) =>
  app.inject({ method: 'PATCH', url: `/api/location/${id}`, payload: payload as object, headers: authHeaders(token) });
const missingUuid = '00000000-0000-4000-8000-000000000000';
const forbiddenLocation = { code: 'forbidden', message: 'Нет доступа к выбранному магазину' };

describe('GET /api/location', () => {
  it('lists every location to the owner, sorted by name, each with _id equal to id', async () => {
    expect(loc.map((l) => l.name)).toEqual(['Сервис+ на Арбате', 'Сервис+ на Белорусской', 'Сервис+ на Войковской']);
    expect(locationListSchema.parse(loc)).toHaveLength(3);
    for (const l of loc) {
      expect(l._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(l.id).toBe(l._id);
      expect(l.images).toEqual([]);
    }
  });

  it('lists only the cashier’s own location', async () => {
    const res = await get('/api/location', tokens.cashier);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: Location) => l._id)).toEqual([loc[0]._id]);
  });

  it('answers 403 unauthenticated without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/location' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'unauthenticated', message: 'Пользователь не авторизован' });
  });
});

describe('GET /api/location/current/:id', () => {
  it('answers the location and remembers it as current (seen by /auth/me)', async () => {
    const res = await get(`/api/location/current/${loc[1]._id}`, tokens.engineer);
    expect(res.statusCode).toBe(200);
    expect(locationSchema.parse(res.json())).toMatchObject({ _id: loc[1]._id, name: loc[1].name });
    const me = await get('/api/auth/me', tokens.engineer);
    expect(me.json().location).toEqual({ id: loc[1]._id, name: loc[1].name });
    await get(`/api/location/current/${loc[0]._id}`, tokens.engineer);
    expect((await get('/api/auth/me', tokens.engineer)).json().location.id).toBe(loc[0]._id);
  });

  it('refuses a location the employee may not use with 403 forbidden', async () => {
    const res = await get(`/api/location/current/${loc[1]._id}`, tokens.cashier);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbiddenLocation);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await get(`/api/location/current/${missingUuid}`, tokens.owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Магазин не найден' });
    const malformed = await get('/api/location/current/not-a-uuid', tokens.owner);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation', errors: { id: 'Неверный идентификатор' } });
  });

  it('does not let an employee without change_location switch away from a current location', async () => {
    const clerk = await addEmployee(app, ['view:location:all'], [loc[0]._id, loc[1]._id]);
    expect((await get(`/api/location/current/${loc[0]._id}`, clerk.token)).statusCode).toBe(200);
    const res = await get(`/api/location/current/${loc[1]._id}`, clerk.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Нет права: смена магазина' });
    expect((await get('/api/auth/me', clerk.token)).json().location.id).toBe(loc[0]._id);
  });
});

describe('POST /api/location', () => {
  it('creates a location with a default warehouse and cashbox, audited and answered with _id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/location',
      headers: authHeaders(tokens.owner),
      payload: { name: '  Сервис+ на Динамо ', address: 'Ленинградский пр., 36', phone: '', workingHours: null },
    });
    expect(res.statusCode).toBe(201);
    const created = locationSchema.parse(res.json());
    expect(created).toMatchObject({ name: 'Сервис+ на Динамо', address: 'Ленинградский пр., 36', phone: null, workingHours: null, images: [] });
    expect(created._id).toBe(created.id);
    const wh = await app.db.select().from(warehouses).where(eq(warehouses.locationId, created.id));
    const cb = await app.db.select().from(cashboxes).where(eq(cashboxes.locationId, created.id));
    expect(wh.map((w) => w.isDefault)).toEqual([true]);
    expect(cb.map((c) => c.isDefault)).toEqual([true]);
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'create')));
    expect(entry).toMatchObject({ entity: 'location', locationId: created.id });
    expect(entry.diff).toMatchObject({ name: { after: 'Сервис+ на Динамо' }, address: { after: 'Ленинградский пр., 36' } });
    expect((await get('/api/location', tokens.manager)).json().map((l: Location) => l._id)).toContain(created._id);
    expect((await get('/api/location', tokens.engineer)).json().map((l: Location) => l._id)).not.toContain(created._id);
  });

  it('answers 400 with the field error for a short name and creates nothing', async () => {
    const before = (await get('/api/location', tokens.owner)).json().length;
    const res = await app.inject({ method: 'POST', url: '/api/location', headers: authHeaders(tokens.owner), payload: { name: 'Я' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation', message: 'Проверьте правильность заполнения полей', errors: { name: 'Название должно быть не короче 2 символов' } });
    expect((await get('/api/location', tokens.owner)).json()).toHaveLength(before);
  });

  it('refuses the cashier with 403 naming the missing right', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/location', headers: authHeaders(tokens.cashier), payload: { name: 'Касса' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Нет права: создание — магазины' });
  });

  it('assigns a location to its creator when the creator works only in assigned locations', async () => {
    const creator = await addEmployee(app, ['create:location:all', 'view:location:all'], [loc[0]._id]);
    const res = await app.inject({ method: 'POST', url: '/api/location', headers: authHeaders(creator.token), payload: { name: 'Точка на Соколе' } });
    expect(res.statusCode).toBe(201);
    expect((await get('/api/location', creator.token)).json().map((l: Location) => l.name)).toContain('Точка на Соколе');
  });
});

describe('PATCH /api/location/:id', () => {
  it('updates the fields given, audits the field diff and leaves the rest', async () => {
    const res = await patch(loc[2]._id, { phone: '+7 (495) 000-00-00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: loc[2]._id, name: loc[2].name, address: loc[2].address, phone: '+7 (495) 000-00-00' });
    const rows = await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, loc[2]._id), eq(auditLog.action, 'update')));
    expect(rows).toHaveLength(1);
    expect(rows[0].diff).toEqual({ phone: { before: loc[2].phone, after: '+7 (495) 000-00-00' } });
  });

  it('changes nothing on invalid input', async () => {
    const before = (await get(`/api/location/current/${loc[0]._id}`, tokens.owner)).json();
    for (const payload of [{ name: ' ' }, { name: 'Новое имя', address: 'x'.repeat(301) }, {}]) {
      const res = await patch(loc[0]._id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
    }
    const bad = await patch(loc[0]._id, { name: 'Новое имя', address: 'x'.repeat(301) });
    expect(bad.json().errors).toEqual({ address: 'Адрес: не больше 300 символов' });
    expect((await get(`/api/location/current/${loc[0]._id}`, tokens.owner)).json()).toEqual(before);
  });

  it('answers 404 for an unknown location and 403 for rights or locations the employee lacks', async () => {
    expect((await patch(missingUuid, { name: 'Нет такого' })).json()).toEqual({ code: 'not_found', message: 'Магазин не найден' });
    const engineer = await patch(loc[0]._id, { name: 'Чужое' }, tokens.engineer);
    expect(engineer.statusCode).toBe(403);
    expect(engineer.json()).toEqual({ code: 'forbidden', message: 'Нет права: изменение — магазины' });
    const localManager = await addEmployee(app, ['view:location:all', 'edit:location:all'], [loc[0]._id]);
    const foreign = await patch(loc[1]._id, { name: 'Чужое' }, localManager.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(forbiddenLocation);
    expect((await get(`/api/location/current/${loc[1]._id}`, tokens.owner)).json().name).toBe(loc[1].name);
    expect((await patch(loc[0]._id, { workingHours: 'Круглосуточно' }, localManager.token)).statusCode).toBe(200);
  });
});
