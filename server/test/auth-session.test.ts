import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { allRules } from '@repo/contracts';
import { auditLog, sessions } from '../src/db/schema';
import { hashToken } from '../src/modules/auth/tokens';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const unauthenticated = { code: 'unauthenticated', message: 'Пользователь не авторизован' };
const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/me', headers });
const checkToken = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/auth/check-token', headers });
const sessionOf = async (token: string) => (await app.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];

describe('GET /api/auth/check-token', () => {
  it('answers valid for a live token, by header and by cookie', async () => {
    const { token } = await login(app, demoPhones.cashier);
    for (const headers of [authHeaders(token), { cookie: `token=${token}` }]) {
      const res = await checkToken(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'valid' });
    }
  });

  it.each([
    ['no token', {}],
    ['a garbage token', { authorization: 'Bearer not-a-token' }],
    ['an unknown well-formed token', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 200 invalid for %s', async (_label, headers) => {
    const res = await checkToken(headers as Record<string, string>);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'invalid' });
  });

  it('answers 200 invalid for a revoked token', async () => {
    const { token } = await login(app, demoPhones.cashier);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(token) })).statusCode).toBe(200);
    const res = await checkToken(authHeaders(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'invalid' });
  });
});

describe('GET /api/auth/bootstrap (the start-up check in one round trip)', () => {
  const bootstrap = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/auth/bootstrap', headers });

  it('answers valid with the very profile /auth/me gives, with the same Shop scoping; the cookie alone is not enough', async () => {
    const { token } = await login(app, demoPhones.owner);
    const profile = (await me(authHeaders(token))).json();
    const res = await bootstrap(authHeaders(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'valid', profile });
    // Like /auth/me, the route does not read the session cookie (only /ws, images and check-token do).
    expect((await bootstrap({ cookie: `token=${token}` })).json()).toEqual({ status: 'invalid' });
    const other = profile.locations[1].id as string;
    const scoped = (await me({ ...authHeaders(token), shop: other })).json();
    expect((await bootstrap({ ...authHeaders(token), shop: other })).json()).toEqual({ status: 'valid', profile: scoped });
  });

  it.each([
    ['no token', {}],
    ['a garbage token', { authorization: 'Bearer not-a-token' }],
    ['a forged cookie', { cookie: 'token=expired-or-forged-token' }],
  ])('answers 200 invalid and no profile for %s', async (_label, headers) => {
    const res = await bootstrap(headers as Record<string, string>);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'invalid' });
  });

  it('answers invalid for a revoked token', async () => {
    const { token } = await login(app, demoPhones.cashier);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(token) });
    expect((await bootstrap(authHeaders(token))).json()).toEqual({ status: 'invalid' });
  });
});

describe('GET /api/auth/me', () => {
  it('answers the owner profile with every rule, change_location among them', async () => {
    const { token } = await login(app, demoPhones.owner);
    const res = await me(authHeaders(token));
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({ phone: '+79000000001', name: 'Смирнов Алексей Петрович', position: 'Генеральный директор' });
    expect(profile.role).toMatchObject({ name: 'owner', title: 'Владелец' });
    expect(profile.role.rules).toEqual(expect.arrayContaining(['change_location', 'delete:location:all', 'view:audit:all']));
    expect(profile.role.rules).toHaveLength(allRules().length);
    expect(profile.locations.map((l: { name: string }) => l.name)).toEqual(['Сервис+ на Арбате', 'Сервис+ на Белорусской', 'Сервис+ на Войковской']);
    // The location ref is `{ id, name }` only (the `_id` form belongs to full Location objects).
    expect(Object.keys(profile.location).sort()).toEqual(['id', 'name']);
    expect(profile.location).toEqual(profile.locations[0]);
  });

  it('gives the cashier one location and no change_location', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const profile = (await me(authHeaders(token))).json();
    expect(profile.role.name).toBe('cashier');
    expect(profile.role.rules).not.toContain('change_location');
    expect(profile.role.rules).toContain('create:sale:location');
    expect(profile.locations).toHaveLength(1);
    expect(profile.location.name).toBe('Сервис+ на Арбате');
  });

  it('gives the engineer the first two locations and follows a valid Shop header', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    expect(profile.locations.map((l) => l.name)).toEqual(['Сервис+ на Арбате', 'Сервис+ на Белорусской']);
    expect(profile.role.rules).toContain('change_location');
    const second = profile.locations[1].id;
    expect((await me(authHeaders(token, second))).json().location.id).toBe(second);
  });

  it('answers the remembered current location while it is still allowed', async () => {
    const { token, profile } = await login(app, demoPhones.manager);
    const third = profile.locations[2].id;
    await app.db.execute(sql`update employees set current_location_id = ${third} where id = ${profile.id}`);
    expect((await me(authHeaders(token, profile.locations[0].id))).json().location.id).toBe(third);
  });

  it('keeps the owner on every rule even when the stored rules are emptied', async () => {
    await app.db.execute(sql`update roles set rules = '[]'::jsonb where name = 'owner'`);
    const { token } = await login(app, demoPhones.owner);
    expect((await me(authHeaders(token))).json().role.rules).toHaveLength(allRules().length);
  });

  it.each([
    ['no token', {}],
    ['a garbage bearer token', { authorization: 'Bearer garbage' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 403 unauthenticated for %s', async (_label, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(unauthenticated);
  });

  it('does not take the cookie on ordinary routes, so a cross-site form cannot act with it', async () => {
    const { token } = await login(app, demoPhones.cashier);
    expect((await me({ cookie: `token=${token}` })).statusCode).toBe(403);
    const patch = await app.inject({ method: 'PATCH', url: '/api/auth/me', headers: { cookie: `token=${token}` }, payload: { name: 'Чужое имя' } });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual(unauthenticated);
    expect((await me(authHeaders(token))).json().name).not.toBe('Чужое имя');
  });

  it('prefers the Authorization header over the cookie where the cookie is accepted', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const check = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/check-token', headers }).then((r) => r.json().status);
    expect(await check({ authorization: 'Bearer garbage-garbage-garbage', cookie: `token=${token}` })).toBe('invalid');
    expect(await check({ ...authHeaders(token), cookie: 'token=garbage-garbage-garbage' })).toBe('valid');
  });

  it('does not accept ?token= outside /ws', async () => {
    const { token } = await login(app, demoPhones.cashier);
    expect((await app.inject({ method: 'GET', url: `/api/auth/me?token=${token}` })).statusCode).toBe(403);
  });

  it('answers 403 unauthenticated for a blocked employee with a live token', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    await app.db.execute(sql`update employees set active = false where id = ${profile.id}`);
    try {
      expect((await me(authHeaders(token))).json()).toEqual(unauthenticated);
    } finally {
      await app.db.execute(sql`update employees set active = true where id = ${profile.id}`);
    }
  });
});

describe('session lifetime', () => {
  it('stores only the SHA-256 of the token, with the configured expiry', async () => {
    const before = Date.now();
    const { token } = await login(app, demoPhones.cashier);
    const row = await sessionOf(token);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(app.config.sessionTtlMs - 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(app.config.sessionTtlMs);
  });

  it('rejects an expired token with 403 unauthenticated', async () => {
    const { token } = await login(app, demoPhones.cashier);
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
    const res = await me(authHeaders(token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(unauthenticated);
    expect((await checkToken(authHeaders(token))).json()).toEqual({ status: 'invalid' });
  });

  it('slides the expiry on use, at most once a minute', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const soon = new Date(Date.now() + 60 * 60_000);
    // Used 10 seconds ago: too recent to write again.
    await app.db.update(sessions).set({ expiresAt: soon, lastUsedAt: new Date(Date.now() - 10_000) }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(authHeaders(token))).statusCode).toBe(200);
    expect((await sessionOf(token)).expiresAt.getTime()).toBe(soon.getTime());
    // Used 2 minutes ago: the expiry moves to a full lifetime from now.
    await app.db.update(sessions).set({ lastUsedAt: new Date(Date.now() - 120_000) }).where(eq(sessions.tokenHash, hashToken(token)));
    const before = Date.now();
    expect((await me(authHeaders(token))).statusCode).toBe(200);
    const row = await sessionOf(token);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + app.config.sessionTtlMs - 1000);
    expect(row.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('logout revokes the token: me answers 403 unauthenticated afterwards, and the logout is audited', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await sessionOf(token)).revokedAt).toBeInstanceOf(Date);
    expect((await me(authHeaders(token))).json()).toEqual(unauthenticated);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'logout'));
    expect(audits.some((a) => a.employeeId === profile.id && a.entityId === profile.id)).toBe(true);
  });

  it('logout without a token is 403 unauthenticated', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(unauthenticated);
  });
});
