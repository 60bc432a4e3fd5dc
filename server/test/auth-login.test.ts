import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { peopleMessages } from '@repo/contracts';
import { auditLog, loginFailures } from '../src/db/schema';
import { buildTestApp, demoPhones, login } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.db.delete(loginFailures);
});

const attempt = (phone: string, password: string, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password }, remoteAddress });

const invalid = { code: 'invalid_credentials', message: 'Введен неверный логин или пароль' };

describe('POST /api/auth/login', () => {
  it.each(['+79000000001', '+7 (900) 000-00-01', '8 900 000 00 01', '9000000001', '7-900-000-00-01', '8(900)0000001'])(
    'accepts the phone written as %s',
    async (phone) => {
      const res = await attempt(phone, 'demo1234');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.profile.phone).toBe('+79000000001');
      expect(body.profile.role.name).toBe('owner');
    },
  );

  it('answers 401 with the Russian message for a wrong password', async () => {
    const res = await attempt(demoPhones.cashier, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalid);
  });

  it('answers the same 401 for an unknown phone', async () => {
    const res = await attempt('+79990001122', 'demo1234');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalid);
  });

  it('answers 400 with a field error for a phone that is not Russian', async () => {
    const res = await attempt('12345', 'demo1234');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { phone: 'Неверный формат телефона: +7 (XXX) XXX-XX-XX' } });
  });

  it('answers 400 with a field error for a missing password', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: demoPhones.owner } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('password');
  });

  it('refuses a blocked employee: 403 in Russian with the right password, the same 401 with a wrong one', async () => {
    await app.db.execute(sql`update employees set active = false where phone = ${demoPhones.manager}`);
    try {
      const res = await attempt(demoPhones.manager, 'demo1234');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: peopleMessages.blockedSignIn });
      const wrong = await attempt(demoPhones.manager, 'not-demo1234');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(invalid);
    } finally {
      await app.db.execute(sql`update employees set active = true where phone = ${demoPhones.manager}`);
    }
  });

  it('audits logins and failed logins, naming the employee when the phone exists', async () => {
    const { profile } = await login(app, '8 (900) 000-00-02');
    await attempt(demoPhones.manager, 'nope-nope');
    await attempt('+79995554433', 'nope-nope');
    const rows = await app.db.select().from(auditLog);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'login', entity: 'employee', entityId: profile.id, employeeId: profile.id }),
        expect.objectContaining({ action: 'login_failed', employeeId: profile.id, diff: { phone: { after: demoPhones.manager } } }),
        expect.objectContaining({ action: 'login_failed', employeeId: null, entityId: null, diff: { phone: { after: '+79995554433' } } }),
      ]),
    );
  });
});

// The login throttle (pair, address, phone back-off, audit of refusals) is tested in throttle.test.ts.
