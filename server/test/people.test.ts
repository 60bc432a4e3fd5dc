/**
 * People (issue #22) through `inject`: employees (list filters and paging, create with a temporary
 * password, the must-change gate, edits, block/unblock with sessions revoked and sockets closed,
 * password reset), roles (owner role locked, built-in and in-use roles kept, unique names), the
 * anti-escalation and the last owner, the demo staff, and every refusal changing nothing. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import {
  createEmployeeResponseSchema,
  employeePageSchema,
  employeeSchema,
  peopleMessages as msg,
  roleListSchema,
  roleSchema,
  temporaryPasswordAlphabet,
  type Employee,
  type Location,
  type Role,
} from '@repo/contracts';
import { auditLog, employees, roles, sessions } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { demoLocations } from './location-fixtures';
import { recordRealtimeEvents } from './realtime-events';
import { connect } from './realtime-client';

let app: FastifyInstance;
let owner: string;
let manager: string;
let loc: Location[];
let roleList: Role[];
let seq = 0;

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  owner = (await login(app, demoPhones.owner)).token;
  manager = (await login(app, demoPhones.manager)).token;
  loc = await demoLocations(app, owner);
  roleList = roleListSchema.parse(ok(await call('GET', '/api/roles')));
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, opts: { token?: string; at?: number } = {}) =>
  app.inject({
    method,
    url,
    headers: authHeaders(opts.token ?? owner, opts.at === undefined ? undefined : loc[opts.at]._id),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const roleId = (code: string) => roleList.find((r) => r.code === code)!.id;
const nextPhone = () => `+7966100${String(++seq).padStart(4, '0')}`;
const employeeCount = async () => Number((await app.db.select({ n: count() }).from(employees))[0].n);
const roleCount = async () => Number((await app.db.select({ n: count() }).from(roles))[0].n);
const auditCount = async () => Number((await app.db.select({ n: count() }).from(auditLog))[0].n);

async function hire(overrides: Record<string, unknown> = {}, token = owner) {
  const res = await call('POST', '/api/employees', { name: `Новый Сотрудник ${seq}`, phone: nextPhone(), position: 'Инженер', roleId: roleId('engineer'), locationIds: [loc[0]._id], ...overrides }, { token });
  return createEmployeeResponseSchema.parse(ok(res, 201));
}

/** Signs in with the temporary password and sets `demo1234`: a token that passes every gate. */
async function signInNew(e: { phone: string; temporaryPassword: string }): Promise<string> {
  const first = await login(app, e.phone, e.temporaryPassword);
  ok(await call('POST', '/api/auth/password', { currentPassword: e.temporaryPassword, newPassword: 'demo1234' }, { token: first.token }));
  return first.token;
}

/** Every refusal leaves the employees, roles and the audit log as they were. */
async function refusedWithoutChange(res: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const before = [await employeeCount(), await roleCount(), await auditCount()];
  const r = await res();
  expect({ status: r.statusCode, code: r.json().code }).toEqual({ status, code });
  expect([await employeeCount(), await roleCount(), await auditCount()]).toEqual(before);
  return r.json() as { message: string; code: string; errors?: Record<string, string> };
}

describe('demo staff', () => {
  it('has 12 employees across the three shops, one of them blocked, and «Старший кассир» with a 15% cap', async () => {
    const page = employeePageSchema.parse(ok(await call('GET', '/api/employees?pageSize=200')));
    const demo = page.items.filter((e) => /^\+790000000(0[1-9]|1[0-2])$/.test(e.phone));
    expect(demo).toHaveLength(12);
    expect(demo.filter((e) => !e.active).map((e) => e.phone)).toEqual(['+79000000012']);
    for (const l of loc) expect(demo.some((e) => e.active && !e.allLocations && e.locationIds.includes(l._id))).toBe(true);
    const senior = roleList.find((r) => r.name === 'Старший кассир')!;
    expect(senior).toMatchObject({ builtIn: false, maxDiscountPercent: 15, employeeCount: 1 });
    expect(senior.code).toMatch(/^role_[0-9a-f]{8}$/);
    expect(senior.rules).toEqual(expect.arrayContaining(['post:sale:location', 'cancel:sale:location']));
    // Everyone but the owner has a scheme; the cashiers' margin rule is limited to «Аксессуары».
    const byPhone = (p: string) => demo.find((e) => e.phone === p)!;
    expect(byPhone(demoPhones.owner).salary).toEqual({ monthlyBase: 0, rules: [] });
    expect(byPhone(demoPhones.engineer).salary).toEqual({
      monthlyBase: 3_000_000,
      rules: [
        { kind: 'services_percent', percent: 40, categoryId: null },
        { kind: 'parts_margin_percent', percent: 10, categoryId: null },
      ],
    });
    expect(byPhone(demoPhones.cashier).salary.rules[1]).toMatchObject({ kind: 'sales_margin_percent', percent: 10, categoryId: expect.any(String) });
    expect(byPhone(demoPhones.manager).salary).toEqual({ monthlyBase: 8_000_000, rules: [{ kind: 'sales_percent', percent: 1, categoryId: null }] });
    // The new staff sign in with demo1234; the blocked one is refused with the Russian message.
    expect((await login(app, '+79000000009')).profile.role.title).toBe('Старший кассир');
    const blocked = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '+79000000012', password: 'demo1234' } });
    expect(blocked.statusCode).toBe(403);
  });
});

describe('employee list', () => {
  const list = async (query: string, token = owner, at?: number) => employeePageSchema.parse(ok(await call('GET', `/api/employees?pageSize=200&${query}`, undefined, { token, at })));
  const demoOnly = (items: Employee[]) => items.filter((e) => e.phone.startsWith('+7900000')).map((e) => e.phone).sort();

  it('searches by name (any case, ё as е) and by any run of the phone digits', async () => {
    expect(demoOnly((await list('search=иванов')).items)).toEqual([demoPhones.engineer]);
    expect(demoOnly((await list(`search=${encodeURIComponent('федоров')}`)).items)).toEqual(['+79000000010']);
    expect(demoOnly((await list(`search=${encodeURIComponent('000-00-04')}`)).items)).toEqual([demoPhones.cashier]);
    expect(demoOnly((await list('search=9000000011')).items)).toEqual(['+79000000011']);
  });

  it('filters by role, location (staff of every location included) and state', async () => {
    expect(demoOnly((await list(`roleId=${roleId('engineer')}`)).items)).toEqual([demoPhones.engineer, '+79000000005', '+79000000006', '+79000000012']);
    const voikovskaya = demoOnly((await list(`locationId=${loc[2]._id}`)).items);
    expect(voikovskaya).toEqual([demoPhones.owner, demoPhones.manager, '+79000000005', '+79000000006', '+79000000008', '+79000000010', '+79000000011']);
    expect(demoOnly((await list('active=false')).items)).toEqual(['+79000000012']);
    expect(demoOnly((await list(`active=true&roleId=${roleId('cashier')}&locationId=${loc[1]._id}`)).items)).toEqual(['+79000000007']);
  });

  it('pages in name order and counts the total', async () => {
    const all = await list('');
    const p2 = employeePageSchema.parse(ok(await call('GET', '/api/employees?pageSize=5&page=2')));
    expect(p2).toMatchObject({ total: all.total, page: 2, pageSize: 5 });
    expect(p2.items.map((e) => e.id)).toEqual(all.items.slice(5, 10).map((e) => e.id));
    const names = all.items.map((e) => e.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
  });

  it('narrows by scope: location = staff of the current shop; no rule = 403; bad query = 400', async () => {
    const senior = (await login(app, '+79000000009')).token; // view:employee:location
    const arbat = demoOnly((await list('', senior, 0)).items);
    expect(arbat).toEqual([demoPhones.owner, demoPhones.manager, demoPhones.cashier, demoPhones.engineer, '+79000000009', '+79000000011', '+79000000012'].sort());
    expect((await call('GET', '/api/employees', undefined, { token: senior })).json()).toMatchObject({ code: 'forbidden' });
    const voik = await login(app, '+79000000005'); // an engineer: no view:employee
    expect((await call('GET', '/api/employees', undefined, { token: voik.token })).statusCode).toBe(403);
    const bad = await call('GET', '/api/employees?active=maybe&pageSize=0');
    expect(bad.statusCode).toBe(400);
    // Out of scope is «not found».
    const someoneElse = (await list('search=9000000008')).items[0];
    expect((await call('GET', `/api/employees/${someoneElse.id}`, undefined, { token: senior, at: 0 })).statusCode).toBe(404);
  });
});

describe('hiring and the temporary password', () => {
  it('answers the employee with a temporary password once, stores only its hash and gates the API until it is changed', async () => {
    const created = await hire({ salary: { monthlyBase: 2_500_000, rules: [{ kind: 'services_percent', percent: 12.5 }] }, notes: 'Испытательный срок' });
    expect(created.temporaryPassword).toHaveLength(10);
    expect([...created.temporaryPassword].every((c) => temporaryPasswordAlphabet.includes(c))).toBe(true);
    expect(created).toMatchObject({ mustChangePassword: true, active: true, allLocations: false, locationIds: [loc[0]._id], lastSeenAt: null, role: { name: 'engineer', title: 'Инженер' } });
    expect(created.salary.rules[0]).toEqual({ kind: 'services_percent', percent: 12.5, categoryId: null });
    // GET answers the same employee and never the password.
    const got = ok(await call('GET', `/api/employees/${created.id}`));
    expect(got.temporaryPassword).toBeUndefined();
    const [row] = await app.db.select().from(employees).where(eq(employees.id, created.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // The audit row names the change, never the password or its hash.
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(JSON.stringify(audit)).not.toMatch(/argon2|passwordHash/);
    expect(JSON.stringify(audit)).not.toContain(created.temporaryPassword);

    const signIn = await login(app, created.phone, created.temporaryPassword);
    expect(signIn.profile.mustChangePassword).toBe(true);
    const t = signIn.token;
    const gated = await call('GET', '/api/auth/sessions', undefined, { token: t });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toEqual({ code: 'password_change_required', message: msg.passwordChangeRequired });
    expect((await call('GET', '/api/orders', undefined, { token: t, at: 0 })).json().code).toBe('password_change_required');
    // What the shell calls at start still works.
    expect(ok(await call('GET', '/api/auth/me', undefined, { token: t })).mustChangePassword).toBe(true);
    expect(ok(await call('GET', '/api/auth/bootstrap', undefined, { token: t })).profile.mustChangePassword).toBe(true);
    ok(await call('GET', '/api/location', undefined, { token: t }));
    ok(await call('GET', `/api/location/current/${loc[0]._id}`, undefined, { token: t }));

    ok(await call('POST', '/api/auth/password', { currentPassword: created.temporaryPassword, newPassword: 'new-pass-123' }, { token: t }));
    ok(await call('GET', '/api/auth/sessions', undefined, { token: t }));
    expect(ok(await call('GET', '/api/auth/me', undefined, { token: t })).mustChangePassword).toBe(false);
    expect((await login(app, created.phone, 'new-pass-123')).profile.mustChangePassword).toBe(false);
    expect(ok(await call('GET', `/api/employees/${created.id}`)).lastSeenAt).not.toBeNull();
  });

  it('refuses bad input with 400/409 in Russian and changes nothing', async () => {
    const base = { name: 'Отказ Тестов', phone: nextPhone(), roleId: roleId('cashier'), locationIds: [loc[0]._id] };
    const phoneUsed = await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, phone: '8 (900) 000-00-03' }), 409, 'conflict');
    expect(phoneUsed).toMatchObject({ message: msg.phoneTaken, errors: { phone: msg.phoneTaken } });
    const noRole = await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, roleId: '00000000-0000-4000-8000-000000000000' }), 400, 'validation');
    expect(noRole.errors).toEqual({ roleId: msg.roleNotFound });
    const percent = await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, salary: { monthlyBase: 0, rules: [{ kind: 'sales_percent', percent: 101 }] } }), 400, 'validation');
    expect(percent.errors?.['salary.rules.0.percent']).toBe('Процент должен быть от 0 до 100');
    await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, salary: { monthlyBase: 0, rules: [{ kind: 'sales_percent', percent: -1 }] } }), 400, 'validation');
    const goneShop = await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, locationIds: ['00000000-0000-4000-8000-000000000001'] }), 400, 'validation');
    expect(goneShop.errors).toEqual({ locationIds: msg.locationNotFound });
    const noShop = await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, locationIds: [] }), 400, 'validation');
    expect(noShop.errors).toEqual({ locationIds: msg.noLocations });
    const noCategory = await refusedWithoutChange(
      () => call('POST', '/api/employees', { ...base, salary: { monthlyBase: 0, rules: [{ kind: 'sales_percent', percent: 1, categoryId: '00000000-0000-4000-8000-000000000002' }] } }),
      400,
      'validation',
    );
    expect(noCategory.errors).toEqual({ 'salary.rules.0.categoryId': msg.categoryNotFound });
    // Editing: another employee's phone, and an unknown role.
    const e = await hire();
    await refusedWithoutChange(() => call('PATCH', `/api/employees/${e.id}`, { phone: demoPhones.cashier }), 409, 'conflict');
    await refusedWithoutChange(() => call('PATCH', `/api/employees/${e.id}`, { roleId: '00000000-0000-4000-8000-000000000003' }), 400, 'validation');
    await refusedWithoutChange(() => call('PATCH', `/api/employees/${e.id}`, { salary: { monthlyBase: 0, rules: [{ kind: 'parts_margin_percent', percent: 100.5 }] } }), 400, 'validation');
  });

  it('gives one phone to one of two simultaneous hires (the other gets the same 409)', async () => {
    const phone = nextPhone();
    const body = { name: 'Гонка Телефонов', phone, roleId: roleId('cashier'), locationIds: [loc[1]._id] };
    const [a, b] = await Promise.all([call('POST', '/api/employees', body), call('POST', '/api/employees', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'conflict', errors: { phone: msg.phoneTaken } });
  });

  it('edits an employee: role, every location, salary, notes; audited and announced', async () => {
    const e = await hire();
    const rec = await recordRealtimeEvents(app);
    const res = ok(await call('PATCH', `/api/employees/${e.id}`, { roleId: roleId('cashier'), allLocations: true, salary: { monthlyBase: 100, rules: [] }, notes: 'Переведён в кассиры', position: null }));
    const updated = employeeSchema.parse(res);
    expect(updated).toMatchObject({ roleId: roleId('cashier'), allLocations: true, locationIds: [], notes: 'Переведён в кассиры', position: null, salary: { monthlyBase: 100, rules: [] } });
    await rec.delivered();
    await rec.stop();
    expect(rec.events).toContainEqual({ type: 'updated', entity: 'employee', id: e.id, locationId: null });
    const [row] = await app.db.select().from(auditLog).where(sql`${auditLog.entityId} = ${e.id} and ${auditLog.action} = 'update'`);
    expect(Object.keys(row.diff as object).sort()).toEqual(['allLocations', 'locationIds', 'notes', 'position', 'roleId', 'salary']);
    // Back to one shop: the deleted-location check applies to edits too.
    ok(await call('PATCH', `/api/employees/${e.id}`, { allLocations: false, locationIds: [loc[2]._id] }));
    expect(ok(await call('GET', `/api/employees/${e.id}`)).locationIds).toEqual([loc[2]._id]);
  });
});

describe('blocking', () => {
  it('revokes every session at once (sockets closed with 4401), refuses the sign-in in Russian, and unblocks', async () => {
    const e = await hire();
    const t1 = await signInNew(e);
    const t2 = (await login(app, e.phone)).token;
    const port = (app.server.address() as AddressInfo).port;
    const socket = await connect(`ws://127.0.0.1:${port}/ws`, { cookie: `token=${t2}` });
    const rec = await recordRealtimeEvents(app);
    const blocked = employeeSchema.parse(ok(await call('POST', `/api/employees/${e.id}/block`)));
    expect(blocked).toMatchObject({ active: false, blockedAt: expect.any(String) });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Пользователь не авторизован' });
    await rec.delivered();
    await rec.stop();
    const mine = await app.db.select().from(sessions).where(eq(sessions.employeeId, e.id));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((s) => s.revokedAt !== null)).toBe(true);
    expect(rec.events.filter((ev) => ev.entity === 'session' && ev.type === 'deleted').map((ev) => ev.id).sort()).toEqual(mine.map((s) => s.id).sort());
    expect(rec.events).toContainEqual({ type: 'updated', entity: 'employee', id: e.id, locationId: null });
    for (const t of [t1, t2]) expect((await call('GET', '/api/auth/me', undefined, { token: t })).json().code).toBe('unauthenticated');

    const right = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: e.phone, password: 'demo1234' } });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'forbidden', message: 'Сотрудник заблокирован. Обратитесь к руководителю' });
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: e.phone, password: 'not-the-one' } });
    expect({ status: wrong.statusCode, code: wrong.json().code }).toEqual({ status: 401, code: 'invalid_credentials' });

    await refusedWithoutChange(() => call('POST', `/api/employees/${e.id}/block`), 409, 'conflict');
    expect(ok(await call('POST', `/api/employees/${e.id}/unblock`))).toMatchObject({ active: true, blockedAt: null });
    await refusedWithoutChange(() => call('POST', `/api/employees/${e.id}/unblock`), 409, 'conflict');
    await login(app, e.phone);
  });

  it('nobody blocks themselves; a manager cannot block or edit the owner; the last owner keeps the role', async () => {
    const me = (await login(app, demoPhones.owner)).profile;
    expect((await refusedWithoutChange(() => call('POST', `/api/employees/${me.id}/block`), 403, 'forbidden')).message).toBe(msg.selfBlock);
    expect((await refusedWithoutChange(() => call('POST', `/api/employees/${me.id}/block`, undefined, { token: manager }), 403, 'forbidden')).message).toBe(msg.editWider);
    await refusedWithoutChange(() => call('PATCH', `/api/employees/${me.id}`, { name: 'Захват' }, { token: manager }), 403, 'forbidden');
    await refusedWithoutChange(() => call('POST', `/api/employees/${me.id}/reset-password`, undefined, { token: manager }), 403, 'forbidden');
    const last = await refusedWithoutChange(() => call('PATCH', `/api/employees/${me.id}`, { roleId: roleId('manager') }), 409, 'conflict');
    expect(last.message).toBe(msg.lastOwner);
    // With a second active owner the first may step down; the second then is the last one.
    const second = await hire({ roleId: roleId('owner'), allLocations: true, locationIds: [] });
    const secondToken = await signInNew(second);
    ok(await call('POST', `/api/employees/${second.id}/block`));
    expect((await refusedWithoutChange(() => call('PATCH', `/api/employees/${me.id}`, { roleId: roleId('manager') }), 409, 'conflict')).message).toBe(msg.lastOwner);
    ok(await call('POST', `/api/employees/${second.id}/unblock`));
    const newToken = (await login(app, second.phone)).token;
    expect(secondToken).not.toBe(newToken);
    ok(await call('PATCH', `/api/employees/${second.id}`, { roleId: roleId('manager') }));
  });
});

describe('reset password', () => {
  it('revokes the sessions, and only the new temporary password signs in (and must be changed)', async () => {
    const e = await hire();
    const t = await signInNew(e);
    const { temporaryPassword } = ok(await call('POST', `/api/employees/${e.id}/reset-password`));
    expect(temporaryPassword).toHaveLength(10);
    expect((await call('GET', '/api/auth/me', undefined, { token: t })).json().code).toBe('unauthenticated');
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: e.phone, password: 'demo1234' } })).statusCode).toBe(401);
    expect((await login(app, e.phone, temporaryPassword)).profile.mustChangePassword).toBe(true);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, e.id));
    expect(JSON.stringify(audit)).not.toContain(temporaryPassword);
  });
});

describe('roles', () => {
  it('never edits or deletes the owner role; keeps built-in and used roles; names are unique', async () => {
    const ownerRole = roleId('owner');
    expect((await refusedWithoutChange(() => call('PATCH', `/api/roles/${ownerRole}`, { rules: [] }), 403, 'forbidden')).message).toBe(msg.ownerRoleLocked);
    expect((await refusedWithoutChange(() => call('DELETE', `/api/roles/${ownerRole}`), 403, 'forbidden')).message).toBe(msg.ownerRoleLocked);
    expect((await refusedWithoutChange(() => call('DELETE', `/api/roles/${roleId('cashier')}`), 403, 'forbidden')).message).toBe(msg.builtInRole);
    const senior = roleList.find((r) => r.name === 'Старший кассир')!;
    expect((await refusedWithoutChange(() => call('DELETE', `/api/roles/${senior.id}`), 409, 'conflict')).message).toBe(msg.roleInUse(1));
    expect((await refusedWithoutChange(() => call('POST', '/api/roles', { name: 'кассир', rules: [] }), 409, 'conflict')).errors).toEqual({ name: msg.roleNameTaken });
    await refusedWithoutChange(() => call('POST', '/api/roles', { name: 'Кривая', rules: ['fly:sale:all'] }), 400, 'validation');
    await refusedWithoutChange(() => call('POST', '/api/roles', { name: 'Кривая', rules: [], maxDiscountPercent: 101 }), 400, 'validation');
    await refusedWithoutChange(() => call('PATCH', `/api/roles/${senior.id}`, { name: 'Управляющий' }), 409, 'conflict');
    await refusedWithoutChange(() => call('DELETE', '/api/roles/00000000-0000-4000-8000-000000000009'), 404, 'not_found');
  });

  it('creates a role with a role_ code, edits it (announced, rules live at once) and deletes it when unused', async () => {
    const created = roleSchema.parse(ok(await call('POST', '/api/roles', { name: 'Приёмщик', rules: ['view:repair_order:location', 'view:repair_order:location'], maxDiscountPercent: 5 }), 201));
    expect(created).toMatchObject({ name: 'Приёмщик', rules: ['view:repair_order:location'], builtIn: false, employeeCount: 0, maxDiscountPercent: 5 });
    expect(created.code).toMatch(/^role_[0-9a-f]{8}$/);
    const e = await hire({ roleId: created.id });
    const t = await signInNew(e);
    expect((await call('GET', '/api/clients', undefined, { token: t, at: 0 })).statusCode).toBe(403);
    const rec = await recordRealtimeEvents(app);
    ok(await call('PATCH', `/api/roles/${created.id}`, { rules: ['view:repair_order:location', 'view:client:location'] }));
    await rec.delivered();
    await rec.stop();
    expect(rec.events).toContainEqual({ type: 'updated', entity: 'role', id: created.id, locationId: null });
    // No cache: the very next request reads the new rules.
    expect(ok(await call('GET', '/api/auth/me', undefined, { token: t })).role.rules).toContain('view:client:location');
    expect((await call('GET', '/api/clients', undefined, { token: t, at: 0 })).statusCode).toBe(200);
    expect((await refusedWithoutChange(() => call('DELETE', `/api/roles/${created.id}`), 409, 'conflict')).message).toBe(msg.roleInUse(1));
    ok(await call('PATCH', `/api/employees/${e.id}`, { roleId: roleId('engineer') }));
    ok(await call('DELETE', `/api/roles/${created.id}`));
    expect(roleListSchema.parse(ok(await call('GET', '/api/roles'))).some((r) => r.id === created.id)).toBe(false);
  });
});

describe('anti-escalation', () => {
  let hr: string;
  let hrRole: Role;
  beforeAll(async () => {
    hrRole = roleSchema.parse(
      ok(
        await call('POST', '/api/roles', {
          name: 'Кадровик',
          rules: ['view:employee:all', 'create:employee:all', 'edit:employee:all', 'view:role:all', 'create:role:all', 'edit:role:all', 'view:repair_order:all', 'view:location:all'],
          maxDiscountPercent: 5,
        }),
        201,
      ),
    );
    hr = await signInNew(await hire({ roleId: hrRole.id, allLocations: true, locationIds: [] }));
  });

  it('a non-owner gives only roles within their own rules and cap, never the owner role', async () => {
    const base = { name: 'Эскалация Тестов', roleId: roleId('cashier'), locationIds: [loc[0]._id] };
    expect((await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, phone: nextPhone(), roleId: roleId('owner') }, { token: manager }), 403, 'forbidden')).message).toBe(msg.ownerOnly);
    const wide = await refusedWithoutChange(() => call('POST', '/api/employees', { ...base, phone: nextPhone() }, { token: hr }), 403, 'forbidden');
    expect(wide.message).toMatch(/^Нельзя выдать право, которого нет у вас: /);
    // The manager holds every cashier rule at scope all: allowed.
    await hire({ roleId: roleId('cashier') }, manager);
    // Narrower scope than held is fine; wider is not.
    const narrow = roleSchema.parse(ok(await call('POST', '/api/roles', { name: 'Смотритель', rules: ['view:repair_order:own'], maxDiscountPercent: 5 }, { token: hr }), 201));
    await refusedWithoutChange(() => call('POST', '/api/roles', { name: 'Шире', rules: ['delete:location:all'] }, { token: hr }), 403, 'forbidden');
    const cap = await refusedWithoutChange(() => call('POST', '/api/roles', { name: 'Скидочник', rules: [], maxDiscountPercent: 20 }, { token: hr }), 403, 'forbidden');
    expect(cap.message).toBe(msg.widerDiscount(5));
    await refusedWithoutChange(() => call('PATCH', `/api/roles/${narrow.id}`, { rules: ['edit:repair_order:all'] }, { token: hr }), 403, 'forbidden');
    // A role wider than the editor's own cannot be edited by them at all.
    await refusedWithoutChange(() => call('PATCH', `/api/roles/${roleId('cashier')}`, { maxDiscountPercent: 1 }, { token: hr }), 403, 'forbidden');
    // An employee holding a wider role cannot be edited, blocked or reset by them.
    const cashierEmployee = (await call('GET', '/api/employees?search=9000000004')).json().items[0];
    expect((await refusedWithoutChange(() => call('PATCH', `/api/employees/${cashierEmployee.id}`, { notes: 'x' }, { token: hr }), 403, 'forbidden')).message).toBe(msg.editWider);
    // One's own role, shops and pay are set by someone else.
    const me = ok(await call('GET', '/api/auth/me', undefined, { token: hr }));
    await refusedWithoutChange(() => call('PATCH', `/api/employees/${me.id}`, { salary: { monthlyBase: 99_999_999, rules: [] } }, { token: hr }), 403, 'forbidden');
    ok(await call('PATCH', `/api/employees/${me.id}`, { position: 'Специалист по кадрам' }, { token: hr }));
  });
});
