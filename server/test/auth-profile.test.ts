import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, employees, locations, sessions } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const unauthenticated = { code: 'unauthenticated', message: 'Пользователь не авторизован' };

describe('PATCH /api/auth/me', () => {
  it('renames the employee, audits the diff and publishes an event', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    const events: string[] = [];
    const stop = await app.database.listen('realtime_events', (payload) => events.push(payload));
    try {
      const res = await app.inject({ method: 'PATCH', url: '/api/auth/me', headers: authHeaders(token), payload: { name: '  Иванов Дмитрий  ' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: profile.id, name: 'Иванов Дмитрий', phone: demoPhones.engineer });
      const [audit] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, profile.id)));
      expect(audit).toMatchObject({ entity: 'employee', employeeId: profile.id, diff: { name: { before: 'Иванов Дмитрий Сергеевич', after: 'Иванов Дмитрий' } } });
      for (let i = 0; i < 50 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(events.map((e) => JSON.parse(e))).toContainEqual({ type: 'updated', locationId: null, entity: 'employee', id: profile.id });
    } finally {
      await stop();
    }
  });

  it('answers 400 with a field error for a one-letter name and changes nothing', async () => {
    const { token, profile } = await login(app, demoPhones.cashier);
    const res = await app.inject({ method: 'PATCH', url: '/api/auth/me', headers: authHeaders(token), payload: { name: 'Я' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { name: 'Имя должно быть не короче 2 символов' } });
    const [row] = await app.db.select({ name: employees.name }).from(employees).where(eq(employees.id, profile.id));
    expect(row.name).toBe('Попова Анна Игоревна');
  });
});

describe('POST /api/auth/password', () => {
  const change = (token: string, payload: object) => app.inject({ method: 'POST', url: '/api/auth/password', headers: authHeaders(token), payload });

  it('answers a field error for a wrong current password', async () => {
    const { token } = await login(app, demoPhones.manager);
    const res = await change(token, { currentPassword: 'not-my-password', newPassword: 'new-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { currentPassword: 'Неверный текущий пароль' } });
    // Still the old password.
    await login(app, demoPhones.manager);
  });

  it('audits a wrong current password on the employee, without the password', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    const res = await change(token, { currentPassword: 'my-secret-guess', newPassword: 'new-password-1' });
    expect(res.statusCode).toBe(400);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_change_failed'), eq(auditLog.entityId, profile.id)));
    expect(rows).toEqual([expect.objectContaining({ entity: 'employee', employeeId: profile.id, ip: '127.0.0.1' })]);
    expect(JSON.stringify(rows)).not.toContain('my-secret-guess');
    expect(JSON.stringify(rows)).not.toContain('new-password-1');
  });

  it('refuses a new password shorter than 8 characters or equal to the current one', async () => {
    const { token } = await login(app, demoPhones.manager);
    expect((await change(token, { currentPassword: 'demo1234', newPassword: 'short' })).json().errors).toEqual({
      newPassword: 'Пароль должен быть не короче 8 символов',
    });
    expect((await change(token, { currentPassword: 'demo1234', newPassword: 'demo1234' })).json().errors).toEqual({
      newPassword: 'Новый пароль совпадает с текущим',
    });
  });

  it('changes the password, revokes the other sessions, keeps this one, audits without hashes', async () => {
    const other = await login(app, demoPhones.cashier);
    const { token, profile } = await login(app, demoPhones.cashier);
    const before = (await app.db.select({ h: employees.passwordHash }).from(employees).where(eq(employees.id, profile.id)))[0].h;
    const live = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authHeaders(token) })).json().items.length;
    expect(live).toBeGreaterThanOrEqual(2);
    const res = await change(token, { currentPassword: 'demo1234', newPassword: 'kassa-2024!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(other.token) })).json()).toEqual(unauthenticated);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(token) })).statusCode).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: demoPhones.cashier, password: 'demo1234' } });
    expect(bad.statusCode).toBe(401);
    await login(app, demoPhones.cashier, 'kassa-2024!');
    const after = (await app.db.select({ h: employees.passwordHash }).from(employees).where(eq(employees.id, profile.id)))[0].h;
    expect(after).toMatch(/^\$argon2id\$/);
    const [audit] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_change'), eq(auditLog.entityId, profile.id)));
    expect(audit).toBeDefined();
    const text = JSON.stringify(audit.diff);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(before);
    expect(text).not.toContain(after);
    expect(text).not.toContain('kassa-2024!');
    expect(audit.diff).toEqual({ revokedSessions: { after: live - 1 } });
  });
});

describe('sessions', () => {
  it('lists active sessions with the current one flagged, and hides revoked and expired ones', async () => {
    const a = await login(app, demoPhones.owner);
    const b = await login(app, demoPhones.owner);
    const c = await login(app, demoPhones.owner);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(c.token) });
    const res = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { ...authHeaders(a.token), 'user-agent': 'jest-agent' } });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ id: string; current: boolean; ip: string; expiresAt: string }>;
    const live = await app.db.select().from(sessions).where(eq(sessions.employeeId, a.profile.id));
    const liveIds = live.filter((s) => !s.revokedAt && s.expiresAt > new Date()).map((s) => s.id);
    expect(items.map((i) => i.id).sort()).toEqual(liveIds.sort());
    expect(items.filter((i) => i.current)).toHaveLength(1);
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items[0]).toEqual(expect.objectContaining({ ip: '127.0.0.1', expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }));
    void b;
  });

  it('deletes an own session; a foreign or unknown one answers 404', async () => {
    const mine = await login(app, demoPhones.manager);
    const second = await login(app, demoPhones.manager);
    const foreign = await login(app, demoPhones.engineer);
    const items = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authHeaders(mine.token) })).json().items;
    const secondId = items.find((i: { current: boolean }) => !i.current).id;
    const foreignId = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authHeaders(foreign.token) })).json().items[0].id;

    const notFound = { code: 'not_found', message: 'Сеанс не найден' };
    const del = (id: string) => app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: authHeaders(mine.token) });
    expect((await del(foreignId)).statusCode).toBe(404);
    expect((await del(foreignId)).json()).toEqual(notFound);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(foreign.token) })).statusCode).toBe(200);
    expect((await del('00000000-0000-4000-8000-000000000000')).json()).toEqual(notFound);
    expect((await del('not-a-uuid')).statusCode).toBe(400);

    const res = await del(secondId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(second.token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(mine.token) })).statusCode).toBe(200);
  });

  it('logout-all revokes every session of the employee, the current one too, and only theirs', async () => {
    const bystander = await login(app, demoPhones.owner);
    const tokens = [await login(app, demoPhones.engineer), await login(app, demoPhones.engineer), await login(app, demoPhones.engineer)];
    const live = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authHeaders(tokens[0].token) })).json().items.length;
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: authHeaders(tokens[0].token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: live });
    expect(live).toBeGreaterThanOrEqual(3);
    for (const t of tokens) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(t.token) })).json()).toEqual(unauthenticated);
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(bystander.token) })).statusCode).toBe(200);
  });
});

describe('password guessing through a stolen token', () => {
  it('counts wrong current passwords as sign-in failures and throttles them', async () => {
    const { token } = await login(app, demoPhones.owner);
    const change = () =>
      app.inject({ method: 'POST', url: '/api/auth/password', headers: authHeaders(token), payload: { currentPassword: 'guess-guess', newPassword: 'whatever-123' } });
    for (let i = 0; i < 5; i++) expect((await change()).statusCode).toBe(400);
    const res = await change();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/^Слишком много неудачных попыток входа\. Повторите через \d+ мин\.$/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Each wrong one and the refusal are in the audit log.
    const [owner] = await app.db.select({ id: employees.id }).from(employees).where(eq(employees.phone, demoPhones.owner));
    const actions = await app.db.select({ action: auditLog.action, diff: auditLog.diff }).from(auditLog).where(eq(auditLog.entityId, owner.id));
    expect(actions.filter((r) => r.action === 'password_change_failed')).toHaveLength(5);
    expect(actions.filter((r) => r.action === 'login_throttled')).toEqual([{ action: 'login_throttled', diff: { phone: { after: demoPhones.owner } } }]);
  });
});

describe('switching the current location', () => {
  const open = (token: string, id: string) => app.inject({ method: 'GET', url: `/api/location/current/${id}`, headers: authHeaders(token) });
  const switches = (employeeId: string) =>
    app.db
      .select({ locationId: auditLog.locationId, diff: auditLog.diff, entity: auditLog.entity, employeeId: auditLog.employeeId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'location_switch'), eq(auditLog.entityId, employeeId)))
      .orderBy(auditLog.createdAt);

  it('audits each switch on the employee, in the location switched to; reopening the current one is not a switch', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    const [first, second] = profile.locations;
    await app.db.update(employees).set({ currentLocationId: null }).where(eq(employees.id, profile.id));
    expect((await open(token, first.id)).statusCode).toBe(200);
    expect((await open(token, first.id)).statusCode).toBe(200);
    expect((await open(token, second.id)).statusCode).toBe(200);
    expect(await switches(profile.id)).toEqual([
      { entity: 'employee', employeeId: profile.id, locationId: first.id, diff: { locationId: { before: null, after: first.id } } },
      { entity: 'employee', employeeId: profile.id, locationId: second.id, diff: { locationId: { before: first.id, after: second.id } } },
    ]);
  });

  it('records nothing for a refused switch', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    const foreign = (await app.db.select({ id: locations.id }).from(locations)).find((l) => !profile.locations.some((m) => m.id === l.id))!;
    const before = (await switches(profile.id)).length;
    expect((await open(token, foreign.id)).statusCode).toBe(403);
    expect(await switches(profile.id)).toHaveLength(before);
  });
});
