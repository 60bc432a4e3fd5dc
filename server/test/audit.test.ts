import type { FastifyInstance } from 'fastify';
import { auditPageSchema, type AuditEntry, type Location } from '@repo/contracts';
import { auditLog } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: { token: string; id: string; name: string };
let manager: string;
let loc: Location[];

beforeAll(async () => {
  app = await buildTestApp();
  const signedIn = await login(app, demoPhones.owner);
  owner = { token: signedIn.token, id: signedIn.profile.id, name: signedIn.profile.name };
  manager = (await login(app, demoPhones.manager)).token;
  loc = await demoLocations(app, owner.token);
  for (const [i, name] of ['Арбат, обновлено', 'Арбат, ещё раз', 'Арбат, в третий раз'].entries()) {
    const res = await app.inject({ method: 'PATCH', url: `/api/location/${loc[0]._id}`, payload: { name }, headers: authHeaders(i === 1 ? manager : owner.token) });
    expect(res.statusCode).toBe(200);
  }
  await app.inject({ method: 'PATCH', url: `/api/location/${loc[1]._id}`, payload: { address: 'Новый адрес' }, headers: authHeaders(owner.token) });
});
afterAll(() => app.close());

const audit = async (query: string, token = owner.token) => app.inject({ method: 'GET', url: `/api/audit${query}`, headers: authHeaders(token) });
const page = async (query: string, token = owner.token) => {
  const res = await audit(query, token);
  expect(res.statusCode).toBe(200);
  return auditPageSchema.parse(res.json());
};

describe('GET /api/audit', () => {
  it('answers the entries of a location mutation, newest first, with the field diff and the employee’s name', async () => {
    const result = await page(`?entity=location&entityId=${loc[0]._id}`);
    expect(result.total).toBe(3);
    expect(result.items.map((e) => e.diff?.name?.after)).toEqual(['Арбат, в третий раз', 'Арбат, ещё раз', 'Арбат, обновлено']);
    const latest = result.items[0];
    expect(latest).toMatchObject({ entity: 'location', entityId: loc[0]._id, action: 'update', employeeId: owner.id, employeeName: owner.name, locationId: loc[0]._id });
    expect(latest.diff).toEqual({ name: { before: 'Арбат, ещё раз', after: 'Арбат, в третий раз' } });
    expect(Date.parse(result.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(result.items[2].createdAt));
  });

  it('filters by employee and pages through the results', async () => {
    const mine = await page(`?entity=location&employeeId=${owner.id}`);
    expect(mine.items.every((e) => e.employeeId === owner.id)).toBe(true);
    expect(mine.total).toBe(3);
    const first = await page(`?entity=location&employeeId=${owner.id}&pageSize=2&page=1`);
    const second = await page(`?entity=location&employeeId=${owner.id}&pageSize=2&page=2`);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(3);
  });

  it('filters by dates, a date-only `to` covering the whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?entity=location&from=${today}&to=${today}`)).total).toBe(4);
    expect((await page('?entity=location&from=2100-01-01')).total).toBe(0);
    expect((await page('?entity=location&to=2000-01-01')).total).toBe(0);
    const old = new Date('2020-05-05T10:00:00Z');
    await app.db.insert(auditLog).values({ createdAt: old, entity: 'location', entityId: loc[0]._id, action: 'update', locationId: loc[0]._id });
    const day = await page('?entity=location&from=2020-05-05&to=2020-05-05');
    expect(day.items.map((e) => e.createdAt)).toEqual([old.toISOString()]);
    expect(day.items[0]).toMatchObject({ employeeId: null, employeeName: null });
  });

  it('answers 400 with field errors for a malformed query', async () => {
    const res = await audit('?employeeId=nobody&from=yesterday&pageSize=500');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { employeeId: 'Неверный идентификатор сотрудника', from: 'Неверная дата', pageSize: 'Не больше 200 строк на странице' } });
  });

  it.each(['cashier', 'engineer'] as const)('is closed to the %s with 403 naming the right', async (role) => {
    const { token } = await login(app, demoPhones[role]);
    const res = await audit('', token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Нет права: просмотр — журнал изменений' });
  });

  it('is closed to an anonymous caller', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/audit' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('shows every row to scope `all` (sign-ins included) and only the employee’s locations to scope `location`', async () => {
    const all = await page('?pageSize=200', manager);
    expect(all.items.some((e) => e.locationId === loc[1]._id)).toBe(true);
    expect(all.items.some((e) => e.action === 'login')).toBe(true);

    const auditor = await addEmployee(app, ['view:audit:location'], [loc[0]._id]);
    const scoped = await page('?pageSize=200', auditor.token);
    expect(scoped.total).toBeGreaterThan(0);
    expect(scoped.items.every((e: AuditEntry) => e.locationId === loc[0]._id)).toBe(true);
    expect((await page(`?entityId=${loc[1]._id}`, auditor.token)).total).toBe(0);

    const self = await addEmployee(app, ['view:audit:own'], [loc[0]._id]);
    const own = await page('?pageSize=200', self.token);
    expect(own.total).toBeGreaterThan(0); // its own sign-in
    expect(own.items.every((e) => e.employeeId === self.id)).toBe(true);
  });
});
