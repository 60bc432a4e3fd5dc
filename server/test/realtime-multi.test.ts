import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Location } from '@repo/contracts';
import { openDatabase, type Database } from '../src/db/client';
import { authHeaders, buildTestApp, createTestDatabase, demoPhones, login, type TestDatabase } from './helpers';
import { demoLocations } from './location-fixtures';
import { connect } from './realtime-client';

/**
 * Two server processes on one PostgreSQL database: each has its own pool and its own LISTEN connection,
 * so an event published by one reaches the sockets of the other only through NOTIFY. PGlite is
 * in-process by nature, so this runs on PostgreSQL only (TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
(onPostgres ? describe : describe.skip)('realtime across two app instances on one PostgreSQL database', () => {
  let test: TestDatabase;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;

  beforeAll(async () => {
    test = await createTestDatabase();
    second = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: '' });
    appA = await buildTestApp({ databaseUrl: test.databaseUrl }, { database: test.database });
    appB = await buildTestApp({ databaseUrl: test.databaseUrl }, { database: second });
    await appB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await second?.close();
    await test?.dispose();
  });

  it('delivers an event published by instance A to a socket connected to instance B, and closes it when B stops', async () => {
    const owner = (await login(appA, demoPhones.owner)).token;
    const loc: Location[] = await demoLocations(appA, owner);
    const engineer = (await login(appB, demoPhones.engineer)).token;
    const url = `ws://127.0.0.1:${(appB.server.address() as AddressInfo).port}/ws`;
    const socket = await connect(url, { cookie: `token=${engineer}` });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual([{ type: 'pong' }]);

    const res = await appA.inject({ method: 'PATCH', url: `/api/location/${loc[1]._id}`, payload: { name: 'Из другого процесса' }, headers: authHeaders(owner) });
    expect(res.statusCode).toBe(200);
    expect(await socket.next(5000)).toEqual([{ type: 'updated', locationId: loc[1]._id, entity: 'location', id: loc[1]._id }]);

    await appB.close();
    expect((await socket.closed).code).toBe(1001);
  });
});
