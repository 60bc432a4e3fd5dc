import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { realtimeLimits, serverMessageSchema, type Location } from '@repo/contracts';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';
import { connect, expectNothingQueued, type TestSocket } from './realtime-client';

let app: FastifyInstance;
let base: string;
let owner: string;
let loc: Location[];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // A socket that never signs in is closed after this long (10 s in production).
  process.env.REALTIME_AUTH_TIMEOUT_MS = '300';
  app = await buildTestApp();
  delete process.env.REALTIME_AUTH_TIMEOUT_MS;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(() => app.close());

const open = async (query = '', headers: Record<string, string> = {}, options: Parameters<typeof connect>[2] = {}) => {
  const socket = await connect(`${base}${query}`, headers, options);
  sockets.push(socket);
  return socket;
};
/** Signs in through the API and opens a socket the way the browser does: the `token` cookie. */
const signedIn = async (role: keyof typeof demoPhones) => {
  const { token, profile } = await login(app, demoPhones[role]);
  return { token, profile, socket: await open('', { cookie: `token=${token}` }) };
};
const rename = (id: string, name: string) =>
  app.inject({ method: 'PATCH', url: `/api/location/${id}`, payload: { name }, headers: authHeaders(owner) });
const unauthorized = { code: 4401, reason: 'Пользователь не авторизован' };
const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('/ws handshake', () => {
  it.each([
    ['a garbage cookie', { cookie: 'token=garbage' }],
    ['a garbage bearer header', { authorization: 'Bearer garbage' }],
  ])('closes a socket with %s at once (4401)', async (_label, headers) => {
    const socket = await open('', headers);
    expect(await socket.closed).toEqual(unauthorized);
  });

  it('accepts the token cookie and a bearer header', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const credentials: Array<Record<string, string>> = [{ cookie: `token=${token}` }, { authorization: `Bearer ${token}` }];
    for (const headers of credentials) {
      const socket = await open('', headers);
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual([{ type: 'pong' }]);
    }
  });

  it('no longer accepts a token in the address: ?token= signs nothing in', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const socket = await open(`?token=${token}`);
    socket.send({ type: 'ping' });
    expect(await socket.closed).toEqual(unauthorized);
  });
});

describe('/ws sign-in by the first message', () => {
  it('answers { type: auth, token } with the greeting reply, then serves the socket', async () => {
    const { token, profile } = await login(app, demoPhones.engineer);
    const socket = await open();
    socket.send({ type: 'auth', token });
    const [greeting] = serverMessageSchema.parse(await socket.next()) as Array<Record<string, unknown>>;
    expect(greeting).toMatchObject({ type: 'greeting', employeeId: profile.id });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual([{ type: 'pong' }]);
    expect((await rename(loc[1]._id, 'Белорусская, по первому сообщению')).statusCode).toBe(200);
    expect(await socket.next()).toEqual([{ type: 'updated', locationId: loc[1]._id, entity: 'location', id: loc[1]._id }]);
  });

  it.each([
    ['an auth message with a bad token', { type: 'auth', token: 'garbage' }],
    ['a ping before signing in', { type: 'ping' }],
    ['a greeting before signing in', { type: 'greeting', locationId: null }],
    ['junk before signing in', 'not json'],
  ])('closes a socket that sends %s (4401)', async (_label, message) => {
    const socket = await open();
    socket.send(message);
    expect(await socket.closed).toEqual(unauthorized);
  });

  it('closes a socket that never signs in once the sign-in time is over (4401)', async () => {
    const socket = await open();
    expect(await socket.closed).toEqual(unauthorized);
  });

  it('delivers nothing to a socket that has not signed in yet', async () => {
    const socket = await open();
    expect((await rename(loc[0]._id, 'Арбат, без входа')).statusCode).toBe(200);
    // The close after the sign-in time is the first and only thing the socket gets.
    expect(await socket.closed).toEqual(unauthorized);
    await expectNothingQueued(socket);
  });
});

describe('/ws Origin', () => {
  const originOf = () => base.replace(/^ws:/, 'http:').replace(/\/ws$/, '');

  it('accepts the server’s own origin and a client that sends none', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const origins: Array<Record<string, string>> = [{ origin: originOf() }, {}];
    for (const headers of origins) {
      const socket = await open('', { ...headers, cookie: `token=${token}` });
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual([{ type: 'pong' }]);
    }
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['another port of this host', 'http://127.0.0.1:1'],
    ['an opaque origin', 'null'],
    ['garbage', 'not a url'],
  ])('refuses the upgrade from %s with 403 even with a valid cookie', async (_label, origin) => {
    const { token } = await login(app, demoPhones.cashier);
    await expect(connect(base, { origin, cookie: `token=${token}` })).rejects.toThrow('upgrade refused: 403');
    expect(app.realtime.clientCount).toBe(0);
  });
});

describe('/ws limits', () => {
  it(`keeps ${realtimeLimits.socketsPerSession} sockets per session and closes the next one with 4008`, async () => {
    const { token } = await login(app, demoPhones.manager);
    const cookie = { cookie: `token=${token}` };
    const first: TestSocket[] = [];
    for (let i = 0; i < realtimeLimits.socketsPerSession; i++) first.push(await open('', cookie));
    const extra = await open('', cookie);
    expect(await extra.closed).toEqual({ code: 4008, reason: 'Слишком много соединений для одного входа' });
    // Signing in by message counts the same way.
    const byMessage = await open();
    byMessage.send({ type: 'auth', token });
    expect((await byMessage.closed).code).toBe(4008);
    // The open ones keep working, and another session of the same employee is not affected.
    first[0].send({ type: 'ping' });
    expect(await first[0].next()).toEqual([{ type: 'pong' }]);
    const other = await signedIn('manager');
    other.socket.send({ type: 'ping' });
    expect(await other.socket.next()).toEqual([{ type: 'pong' }]);
    // A closed socket frees its place.
    first[0].ws.close();
    await first[0].closed;
    await waitFor(() => app.realtime.clientCount === realtimeLimits.socketsPerSession);
    const again = await open('', cookie);
    again.send({ type: 'ping' });
    expect(await again.next()).toEqual([{ type: 'pong' }]);
  });

  it('answers a normal pace and closes a socket that floods messages with 4029', async () => {
    const { socket } = await signedIn('cashier');
    for (let i = 0; i < 10; i++) socket.send({ type: 'ping' });
    for (let i = 0; i < 10; i++) expect(await socket.next()).toEqual([{ type: 'pong' }]);

    const flood = await signedIn('cashier');
    // 200 messages in one go: far more than the burst plus anything refilled while they arrive.
    for (let i = 0; i < 200; i++) flood.socket.send({ type: 'ping' });
    expect(await flood.socket.closed).toEqual({ code: 4029, reason: 'Слишком много сообщений' });
  });

  it(`closes a socket that sends a frame over ${realtimeLimits.maxFrameBytes} bytes with 1009, and accepts one at the limit`, async () => {
    const { socket } = await signedIn('cashier');
    socket.send('x'.repeat(realtimeLimits.maxFrameBytes)); // junk at the limit: ignored
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual([{ type: 'pong' }]);

    const big = await signedIn('cashier');
    big.socket.send('x'.repeat(realtimeLimits.maxFrameBytes + 1));
    expect((await big.socket.closed).code).toBe(1009);
  });

  it('terminates a socket that does not answer the heartbeat, and keeps one that does', async () => {
    const { token } = await login(app, demoPhones.engineer);
    const deaf = await open('', { cookie: `token=${token}` }, { autoPong: false });
    const live = await open('', { cookie: `token=${token}` });
    const pinged = new Promise((resolve) => live.ws.once('ping', resolve));
    app.realtime.heartbeat();
    await pinged;
    // The live socket's automatic pong went out before this message, so the server has seen it.
    live.send({ type: 'ping' });
    expect(await live.next()).toEqual([{ type: 'pong' }]);
    app.realtime.heartbeat();
    expect((await deaf.closed).code).toBe(1006);
    live.send({ type: 'ping' });
    expect(await live.next()).toEqual([{ type: 'pong' }]);
  });
});

describe('/ws messages', () => {
  it('answers the greeting with an array naming the employee and their locations', async () => {
    const { socket, profile } = await signedIn('engineer');
    socket.send({ type: 'greeting', locationId: loc[0]._id });
    const reply = await socket.next();
    expect(Array.isArray(reply)).toBe(true);
    const [greeting] = serverMessageSchema.parse(reply) as Array<Record<string, unknown>>;
    expect(greeting).toMatchObject({ type: 'greeting', employeeId: profile.id });
    expect([...(greeting.locationIds as string[])].sort()).toEqual([loc[0]._id, loc[1]._id].sort());
    expect(Math.abs(Date.parse(greeting.serverTime as string) - Date.now())).toBeLessThan(60_000);
  });

  it('ignores invalid messages and keeps serving', async () => {
    const { socket } = await signedIn('cashier');
    for (const junk of ['not json', '[]', '{"type":"shout"}', '{"type":"greeting","locationId":5}', 'null']) socket.send(junk);
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send({ type: 'ping' });
    // The pong is the first thing that comes back: nothing answered the junk.
    expect(await socket.next()).toEqual([{ type: 'pong' }]);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });
});

describe('fan-out', () => {
  it('delivers a location change to the employees of that location only', async () => {
    const engineer = await signedIn('engineer');
    const cashier = await signedIn('cashier');
    const manager = await signedIn('manager');
    expect((await rename(loc[1]._id, 'Белорусская, обновлено')).statusCode).toBe(200);
    const event = [{ type: 'updated', locationId: loc[1]._id, entity: 'location', id: loc[1]._id }];
    expect(await engineer.socket.next()).toEqual(event);
    expect(await manager.socket.next()).toEqual(event);

    // The cashier works in the first location only: the next thing it receives is the first location's event.
    expect((await rename(loc[0]._id, 'Арбат, обновлено')).statusCode).toBe(200);
    expect(await cashier.socket.next()).toEqual([{ type: 'updated', locationId: loc[0]._id, entity: 'location', id: loc[0]._id }]);
    await expectNothingQueued(cashier.socket);
  });

  it('does not deliver a rolled-back mutation', async () => {
    const engineer = await signedIn('engineer');
    const bad = await app.inject({ method: 'PATCH', url: `/api/location/${loc[0]._id}`, payload: { name: 'x' }, headers: authHeaders(owner) });
    expect(bad.statusCode).toBe(400);
    const refused = await app.inject({ method: 'DELETE', url: `/api/location/${loc[0]._id}`, headers: authHeaders(owner) });
    expect(refused.statusCode).toBe(409);
    expect((await rename(loc[0]._id, 'Арбат, снова')).statusCode).toBe(200);
    expect(await engineer.socket.next()).toEqual([{ type: 'updated', locationId: loc[0]._id, entity: 'location', id: loc[0]._id }]);
  });

  it('tells the owner’s other sockets about a new location at once', async () => {
    const manager = await signedIn('manager');
    const res = await app.inject({ method: 'POST', url: '/api/location', payload: { name: 'Сервис+ на Соколе' }, headers: authHeaders(owner) });
    expect(res.statusCode).toBe(201);
    expect(await manager.socket.next()).toEqual([{ type: 'created', locationId: res.json()._id, entity: 'location', id: res.json()._id }]);
  });
});

describe('sessions', () => {
  const sessionIdOf = async (token: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authHeaders(token) });
    return (res.json().items as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
  };

  it('closes a revoked session’s socket at once and tells only that employee’s other sockets', async () => {
    const cashier = await signedIn('cashier');
    const engineer = await signedIn('engineer');
    const other = await signedIn('engineer');
    const otherSession = await sessionIdOf(other.token);
    // The second sign-in is announced to the employee's first socket.
    expect(await engineer.socket.next()).toEqual([{ type: 'created', locationId: null, entity: 'session', id: otherSession }]);
    const engineerSession = await sessionIdOf(engineer.token);

    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(engineer.token) });
    expect(logout.statusCode).toBe(200);
    expect(await engineer.socket.closed).toEqual(unauthorized);
    expect(await other.socket.next()).toEqual([{ type: 'deleted', locationId: null, entity: 'session', id: engineerSession }]);
    other.socket.send({ type: 'ping' });
    expect(await other.socket.next()).toEqual([{ type: 'pong' }]);
    cashier.socket.send({ type: 'ping' });
    expect(await cashier.socket.next()).toEqual([{ type: 'pong' }]);
  });

  it('closes a socket whose session ended without an event (expired) at the next check', async () => {
    const engineer = await signedIn('engineer');
    await app.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where token_hash is not null and id = ${await sessionIdOf(engineer.token)}`);
    await app.realtime.recheckSessions();
    expect(await engineer.socket.closed).toEqual(unauthorized);
  });
});
