import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { serverMessageSchema, type Location } from '@repo/contracts';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';
import { connect, expectNothingQueued, type TestSocket } from './realtime-client';

let app: FastifyInstance;
let base: string;
let owner: string;
let loc: Location[];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(() => app.close());

const open = async (query = '', headers: Record<string, string> = {}) => {
  const socket = await connect(`${base}${query}`, headers);
  sockets.push(socket);
  return socket;
};
const signedIn = async (role: keyof typeof demoPhones) => {
  const { token, profile } = await login(app, demoPhones[role]);
  return { token, profile, socket: await open(`?token=${token}`) };
};
const rename = (id: string, name: string) =>
  app.inject({ method: 'PATCH', url: `/api/location/${id}`, payload: { name }, headers: authHeaders(owner) });
const unauthorized = { code: 4401, reason: 'Пользователь не авторизован' };

describe('/ws handshake', () => {
  it.each([
    ['no token', ''],
    ['a garbage token', '?token=garbage'],
  ])('closes a socket with %s (4401)', async (_label, query) => {
    const socket = await open(query);
    expect(await socket.closed).toEqual(unauthorized);
  });

  it('accepts the token cookie', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const socket = await open('', { cookie: `token=${token}` });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual([{ type: 'pong' }]);
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
