import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, employees, loginFailures, roles } from '../src/db/schema';
import { cleanupFailures, phoneDelayMs, throttleClock, throttlePolicy } from '../src/modules/auth/throttle';
import { buildTestApp, demoPhones } from './helpers';

/**
 * The login throttle (issue #7, items 2, 3 and 8). Time is moved with `throttleClock`, never slept:
 * every test starts at the real time and advances it by hand. The two scenarios send a few hundred
 * sign-ins each (one Argon2 check apiece), hence their longer time limit.
 */
let app: FastifyInstance;
let now = Date.now();
const realClock = throttleClock.now;
const advance = (ms: number) => {
  now += ms;
};

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  throttleClock.now = realClock;
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(loginFailures);
  now = Date.now();
  throttleClock.now = () => new Date(now);
});

const attempt = (phone: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password }, remoteAddress });

const inMinutes = /^Слишком много неудачных попыток входа\. Повторите через (\d+) мин\.$/;
const inSeconds = /^Слишком много неудачных попыток входа\. Повторите через (\d+) сек\.$/;
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
const failuresOf = (phone: string) => app.db.select().from(loginFailures).where(eq(loginFailures.phone, phone));

/** Employees with the demo password, for the shop scenarios. */
async function addEmployees(phones: string[]): Promise<void> {
  const [owner] = await app.db.select({ hash: employees.passwordHash }).from(employees).where(eq(employees.phone, demoPhones.owner));
  const [cashier] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'cashier'));
  await app.db
    .insert(employees)
    .values(phones.map((phone, i) => ({ name: `Сотрудник смены ${i + 1}`, phone, passwordHash: owner.hash, roleId: cashier.id })))
    .onConflictDoNothing();
}

describe('correct sign-ins never count as failures', () => {
  it('lets 10 parallel correct sign-ins of one phone from one address all in, and leaves no rows', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => attempt(demoPhones.engineer, 'demo1234', '10.1.0.1')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await failuresOf(demoPhones.engineer)).toEqual([]);
  });

  it('lets 8 parallel correct sign-ins of one phone from 8 addresses in', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(demoPhones.cashier, 'demo1234', `10.1.1.${i + 1}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await failuresOf(demoPhones.cashier)).toEqual([]);
  });

  it('lets correct sign-ins in while wrong ones for the same phone and address run in parallel', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(demoPhones.manager, i % 2 === 0 ? 'demo1234' : `wrong-${i}`, '10.1.2.1')),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 401, 200, 401, 200, 401, 200, 401]);
  });
});

describe('per phone+address pair', () => {
  it('locks the pair after 5 failures, even for the right password, with Retry-After and minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(demoPhones.engineer, `wrong-${i}`, '10.2.0.1')).statusCode).toBe(401);
    const res = await attempt(demoPhones.engineer, 'demo1234', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'too_many_requests', message: 'Слишком много неудачных попыток входа. Повторите через 15 мин.' });
    expect(retryAfter(res)).toBe(15 * 60);
    // Another phone from the same address is not affected.
    expect((await attempt(demoPhones.cashier, 'demo1234', '10.2.0.1')).statusCode).toBe(200);
  });

  it('does not lock at 4 failures', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt(demoPhones.engineer, `wrong-${i}`, '10.2.1.1')).statusCode).toBe(401);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.2.1.1')).statusCode).toBe(200);
  });

  it('lets no more than 5 of a parallel burst from one address through to the password check', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(demoPhones.engineer, `wrong-${i}`, '10.2.2.1')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await failuresOf(demoPhones.engineer)).toHaveLength(5);
  });

  it('computes Retry-After from the oldest counted failure', async () => {
    for (let i = 0; i < 5; i++) await attempt(demoPhones.engineer, `wrong-${i}`, '10.2.3.1');
    advance(13 * 60_000);
    const res = await attempt(demoPhones.engineer, 'demo1234', '10.2.3.1');
    expect(res.statusCode).toBe(429);
    expect(retryAfter(res)).toBe(120);
    expect(res.json().message).toBe('Слишком много неудачных попыток входа. Повторите через 2 мин.');
  });

  it('lets the pair in again once the failures leave the 15-minute window', async () => {
    for (let i = 0; i < 5; i++) await attempt(demoPhones.engineer, `wrong-${i}`, '10.2.4.1');
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.2.4.1')).statusCode).toBe(429);
    advance(15 * 60_000 + 1);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.2.4.1')).statusCode).toBe(200);
  });

  it('forgives the pair its failures after a correct sign-in', async () => {
    for (let i = 0; i < 4; i++) await attempt(demoPhones.engineer, `wrong-${i}`, '10.2.5.1');
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.2.5.1')).statusCode).toBe(200);
    expect(await failuresOf(demoPhones.engineer)).toEqual([]);
    for (let i = 0; i < 4; i++) expect((await attempt(demoPhones.engineer, `wrong-${i}`, '10.2.5.1')).statusCode).toBe(401);
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.2.5.1')).statusCode).toBe(200);
  });

  it('counts an attempt abandoned while pending (a crashed check) as a failure once it is stale', async () => {
    const at = new Date(now - throttlePolicy.pendingTtlMs - 1);
    await app.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ phone: demoPhones.engineer, ip: '10.2.6.1', pending: true, createdAt: at })));
    expect((await attempt(demoPhones.engineer, 'demo1234', '10.2.6.1')).statusCode).toBe(429);
  });
});

describe('per phone: a growing back-off, not a lock', () => {
  it('delays 1, 2, 4 … seconds after the newest failure, capped at a minute, whatever the address', async () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 30].map(phoneDelayMs)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    for (let i = 0; i < 5; i++) expect((await attempt(demoPhones.engineer, `wrong-${i}`, `10.3.0.${i + 1}`)).statusCode).toBe(401);
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await attempt(demoPhones.engineer, 'demo1234', `10.3.1.${i + 1}`);
      expect(res.statusCode).toBe(429);
      seen.push(retryAfter(res));
      expect(res.json().message).toMatch(retryAfter(res) < 60 ? inSeconds : inMinutes);
      // Wait the back-off out, then fail once more from yet another address.
      advance(retryAfter(res) * 1000);
      expect((await attempt(demoPhones.engineer, `wrong-again-${i}`, `10.3.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect(seen).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    const last = await attempt(demoPhones.engineer, 'demo1234', '10.3.3.1');
    expect(last.json().message).toBe('Слишком много неудачных попыток входа. Повторите через 1 мин.');
  });

  it('lets no more than 5 of a parallel burst from many addresses through, then asks for a second', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(demoPhones.engineer, `wrong-${i}`, `10.3.4.${i + 1}`)));
    const refused = results.filter((r) => r.statusCode === 429);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.json().message).toBe('Слишком много неудачных попыток входа. Повторите через 1 сек.');
    expect(await failuresOf(demoPhones.engineer)).toHaveLength(5);
  });

  it('a flood against one phone from many addresses keeps its owner out no longer than the cap', async () => {
    const victim = demoPhones.engineer;
    // The owner of the phone signed in at work before the flood; home has never been used.
    expect((await attempt(victim, 'demo1234', '10.4.255.1')).statusCode).toBe(200);
    let guesses = 0;
    let address = 0;
    const flood = async (minutes: number) => {
      for (let t = 0; t < minutes * 60; t += 5) {
        address += 1;
        const res = await attempt(victim, `guess-${address}`, `10.4.${address >> 8}.${address & 255}`);
        expect([401, 429]).toContain(res.statusCode);
        if (res.statusCode === 401) guesses += 1;
        if (res.statusCode === 429) expect(retryAfter(res)).toBeLessThanOrEqual(60);
        advance(5_000);
      }
    };
    await flood(10);
    // From home: refused for at most the cap, then in.
    const home = await attempt(victim, 'demo1234', '10.5.0.1');
    expect(home.statusCode).toBe(429);
    expect(retryAfter(home)).toBeLessThanOrEqual(60);
    advance(retryAfter(home) * 1000);
    const counted = (await failuresOf(victim)).length;
    expect((await attempt(victim, 'demo1234', '10.5.0.1')).statusCode).toBe(200);
    // Her sign-in does not forgive the attacker's failures (only her own from that address).
    expect(await failuresOf(victim)).toHaveLength(counted);
    await flood(5);
    // At work (an address she has signed in from) the flood does not hold her at all.
    expect((await attempt(victim, 'demo1234', '10.4.255.1')).statusCode).toBe(200);
    // About 16 minutes of flooding reached the password check 5 times free, 6 times while the
    // back-off grew (1 … 32 s), then about once a minute.
    expect(guesses).toBeGreaterThanOrEqual(15);
    expect(guesses).toBeLessThanOrEqual(5 + 6 + 17);
  }, 120_000);
});

describe('per address: a higher limit that a shop does not reach', () => {
  const shop = '10.6.0.1';
  const staff = Array.from({ length: 10 }, (_, i) => `+790100000${String(i).padStart(2, '0')}`);

  it('keeps a shop of 10 employees signing in while an attacker there guesses other phones', async () => {
    await addEmployees(staff);
    // The morning: everyone signs in at the shop once (one with a typo first).
    expect((await attempt(staff[0], 'demo12345', shop)).statusCode).toBe(401);
    for (const phone of staff) expect((await attempt(phone, 'demo1234', shop)).statusCode).toBe(200);

    // The attacker at the same router tries five passwords on each of 30 other phones (the owner's
    // among them), while the staff keep signing in, some after a typo.
    const targets = [demoPhones.owner, ...Array.from({ length: 29 }, (_, i) => `+790200000${String(i).padStart(2, '0')}`)];
    const attacker: number[] = [];
    let turn = 0;
    for (const target of targets) {
      for (let i = 0; i < 5; i++) {
        attacker.push((await attempt(target, `guess-${i}`, shop)).statusCode);
        advance(2_000);
      }
      const phone = staff[turn++ % staff.length];
      if (turn % 3 === 0) expect((await attempt(phone, 'demo-typo', shop)).statusCode).toBe(401);
      const res = await attempt(phone, 'demo1234', shop);
      expect({ phone, status: res.statusCode }).toEqual({ phone, status: 200 });
    }
    // The attacker was stopped at the address limit (the staff's typos count too).
    const passed = attacker.filter((c) => c === 401).length;
    expect(passed).toBeLessThanOrEqual(throttlePolicy.addressLimit);
    expect(passed).toBeGreaterThan(throttlePolicy.addressLimit - 15);
    expect(attacker.slice(-20).every((c) => c === 429)).toBe(true);
    // A phone that has never signed in at the shop waits for the address; elsewhere it is free.
    const stranger = await attempt(demoPhones.cashier, 'demo1234', shop);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(inMinutes);
    expect((await attempt(demoPhones.cashier, 'demo1234', '10.6.0.2')).statusCode).toBe(200);
    // And every one of the staff still signs in.
    for (const phone of staff) expect((await attempt(phone, 'demo1234', shop)).statusCode).toBe(200);
  }, 120_000);

  it('locks the address for unknown phones after the limit, with Retry-After from the oldest counted failure', async () => {
    const at = new Date(now - 10 * 60_000);
    await app.db.insert(loginFailures).values(
      Array.from({ length: throttlePolicy.addressLimit }, (_, i) => ({ phone: `+7903${String(i).padStart(7, '0')}`, ip: '10.6.1.1', createdAt: at })),
    );
    const res = await attempt(demoPhones.manager, 'demo1234', '10.6.1.1');
    expect(res.statusCode).toBe(429);
    expect(retryAfter(res)).toBe(5 * 60);
    expect(res.json().message).toBe('Слишком много неудачных попыток входа. Повторите через 5 мин.');
    advance(5 * 60_000);
    expect((await attempt(demoPhones.manager, 'demo1234', '10.6.1.1')).statusCode).toBe(200);
  });

  it('does not lock the address one failure short of the limit', async () => {
    await app.db.insert(loginFailures).values(
      Array.from({ length: throttlePolicy.addressLimit - 1 }, (_, i) => ({ phone: `+7904${String(i).padStart(7, '0')}`, ip: '10.6.2.1', createdAt: new Date(now) })),
    );
    expect((await attempt(demoPhones.manager, 'demo1234', '10.6.2.1')).statusCode).toBe(200);
  });
});

describe('old failures expire', () => {
  it('deletes rows older than the window when failures are recorded, so the table does not grow', async () => {
    for (let i = 0; i < 3; i++) await attempt('+79050000000', `wrong-${i}`, `10.7.0.${i + 1}`);
    expect(await failuresOf('+79050000000')).toHaveLength(3);
    advance(throttlePolicy.windowMs + throttlePolicy.cleanupEveryMs);
    await attempt('+79050000001', 'wrong', '10.7.1.1');
    expect(await failuresOf('+79050000000')).toEqual([]);
    expect(await failuresOf('+79050000001')).toHaveLength(1);
  });

  it('cleanupFailures deletes only what left the window', async () => {
    await app.db.insert(loginFailures).values([
      { phone: '+79060000000', ip: '10.7.2.1', createdAt: new Date(now - throttlePolicy.windowMs - 1) },
      { phone: '+79060000000', ip: '10.7.2.1', pending: true, createdAt: new Date(now - throttlePolicy.windowMs - 1) },
      { phone: '+79060000000', ip: '10.7.2.1', createdAt: new Date(now - throttlePolicy.windowMs + 60_000) },
    ]);
    expect(await cleanupFailures(app.db, { force: true })).toBe(2);
    expect(await failuresOf('+79060000000')).toHaveLength(1);
  });
});

describe('refusals by the throttle are audited', () => {
  const throttledRows = (phone: string, ip: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_throttled'), eq(auditLog.ip, ip), sql`${auditLog.diff} -> 'phone' ->> 'after' = ${phone}`));

  it('records the refused sign-in with the phone and the address, never the password', async () => {
    for (let i = 0; i < 5; i++) await attempt(demoPhones.manager, `wrong-${i}`, '10.8.0.1');
    expect((await attempt(demoPhones.manager, 'secret-guess-1', '10.8.0.1')).statusCode).toBe(429);
    expect((await attempt(demoPhones.manager, 'secret-guess-2', '10.8.0.1')).statusCode).toBe(429);
    const [manager] = await app.db.select({ id: employees.id }).from(employees).where(eq(employees.phone, demoPhones.manager));
    const rows = await throttledRows(demoPhones.manager, '10.8.0.1');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ entity: 'employee', entityId: manager.id, employeeId: manager.id, locationId: null, ip: '10.8.0.1', diff: { phone: { after: demoPhones.manager } } });
      expect(JSON.stringify(row)).not.toContain('secret-guess');
    }
  });

  it('records a refused sign-in of an unknown phone without an employee', async () => {
    for (let i = 0; i < 5; i++) await attempt('+79070000000', `wrong-${i}`, '10.8.1.1');
    expect((await attempt('+79070000000', 'wrong-5', '10.8.1.1')).statusCode).toBe(429);
    expect(await throttledRows('+79070000000', '10.8.1.1')).toEqual([expect.objectContaining({ entityId: null, employeeId: null, ip: '10.8.1.1' })]);
  });
});
