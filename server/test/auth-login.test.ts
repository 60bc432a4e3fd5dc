import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
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

  it('refuses a blocked employee with the same 401', async () => {
    await app.db.execute(sql`update employees set active = false where phone = ${demoPhones.manager}`);
    try {
      const res = await attempt(demoPhones.manager, 'demo1234');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalid);
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

describe('login throttling', () => {
  const tooMany = /^Слишком много неудачных попыток входа\. Повторите через (\d+) мин\.$/;

  it('blocks the phone after 5 failures, even with the right password, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attempt(demoPhones.engineer, `wrong-${i}`, `10.1.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const res = await attempt(demoPhones.engineer, 'demo1234', '10.1.0.99');
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.code).toBe('too_many_requests');
    expect(body.message).toMatch(tooMany);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(Number(tooMany.exec(body.message)![1])).toBe(Math.ceil(retryAfter / 60));
    // Another phone from a fresh address is not affected.
    expect((await attempt(demoPhones.cashier, 'demo1234', '10.1.0.100')).statusCode).toBe(200);
  });

  it('lets no more than 5 of a burst of parallel wrong attempts through to the password check', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(demoPhones.engineer, `wrong-${i}`, `10.6.0.${i}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await app.db.select().from(loginFailures).where(eq(loginFailures.phone, demoPhones.engineer))).toHaveLength(5);
  });

  it('does not block at 4 failures', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt(demoPhones.engineer, `wrong-${i}`)).statusCode).toBe(401);
    expect((await attempt(demoPhones.engineer, 'demo1234')).statusCode).toBe(200);
  });

  it('blocks the address after 5 failures across different phones', async () => {
    const phones = ['+79990000001', '+79990000002', '+79990000003', '+79990000004', '+79990000005'];
    for (const phone of phones) expect((await attempt(phone, 'whatever1', '10.2.0.7')).statusCode).toBe(401);
    const res = await attempt(demoPhones.owner, 'demo1234', '10.2.0.7');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address still signs in.
    expect((await attempt(demoPhones.owner, 'demo1234', '10.2.0.8')).statusCode).toBe(200);
  });

  it('computes Retry-After from the oldest counted failure', async () => {
    for (let i = 0; i < 5; i++) await attempt(demoPhones.engineer, `wrong-${i}`, `10.3.0.${i}`);
    // Age the failures: the oldest counted one leaves the window in about 2 minutes.
    await app.db.execute(sql`update login_failures set created_at = now() - interval '13 minutes'`);
    const res = await attempt(demoPhones.engineer, 'demo1234', '10.3.0.50');
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(100);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(res.json().message).toBe('Слишком много неудачных попыток входа. Повторите через 2 мин.');
  });

  it('lets the phone in again once the failures leave the 15-minute window', async () => {
    for (let i = 0; i < 5; i++) await attempt(demoPhones.engineer, `wrong-${i}`, `10.4.0.${i}`);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.4.0.50')).statusCode).toBe(429);
    await app.db.execute(sql`update login_failures set created_at = now() - interval '16 minutes'`);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.4.0.50')).statusCode).toBe(200);
  });

  it('clears the phone failures after a successful login', async () => {
    for (let i = 0; i < 4; i++) await attempt(demoPhones.engineer, `wrong-${i}`, `10.5.0.${i}`);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.5.0.50')).statusCode).toBe(200);
    expect(await app.db.select().from(loginFailures).where(eq(loginFailures.phone, demoPhones.engineer))).toEqual([]);
    // So four more failures still do not block.
    for (let i = 0; i < 4; i++) await attempt(demoPhones.engineer, `wrong-${i}`, `10.5.1.${i}`);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.5.1.50')).statusCode).toBe(200);
  });
});
