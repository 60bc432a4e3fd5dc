import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { connect } from './realtime-client';
import { loadConfig, serverTimeoutOptions } from '../src/config';
import { buildTestApp, demoPhones, login } from './helpers';

/**
 * Issue #7, items 1 and 10, on a listening server through raw sockets: malformed HTTP gets a 400 in
 * the error contract (Russian, JSON) and a closed connection, never a 5xx or a hang; a client that
 * stalls in its headers or body is cut off with 408 once the configured time has passed.
 */

// Short limits so the stalled clients below are cut off quickly. As in production, the idle timeout
// is longer than the request timeout (a stalled request gets its 408 first); it is still short enough
// to show that an open WebSocket is exempt from it.
const timeouts = { requestMs: 500, headersMs: 300, idleMs: 1000, keepAliveMs: 1000 };

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildTestApp({ timeouts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
}, 120_000);
afterAll(() => app?.close());

interface RawAnswer {
  status: number | null;
  headers: string;
  body: string;
  /** The server closed the connection (false: still open when the test gave up waiting). */
  closed: boolean;
}

/**
 * Writes the request bytes (a chunk, or chunks with a pause between them) and reads until the server
 * closes the connection. `giveUpMs` only bounds a broken server; a correct one closes long before.
 */
function raw(request: string | Buffer, giveUpMs = 20_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      resolve({ status: status ? Number(status[1]) : null, headers: head, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.write(request);
  });
}

const malformed = { code: 'validation', message: 'Некорректный HTTP-запрос', errors: { _: 'Некорректный HTTP-запрос' } };

function expectContract(answer: RawAnswer, status: number, body: unknown) {
  expect(answer.closed).toBe(true);
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
  expect(JSON.parse(answer.body)).toEqual(body);
}

describe('malformed HTTP', () => {
  it.each([
    [
      'bad chunked encoding',
      'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'Content-Length together with Transfer-Encoding',
      'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
    ['two different Content-Lengths', 'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['a NUL in a header value', 'GET /api/health HTTP/1.1\r\nHost: a\r\nUser-Agent: a\u0000b\r\n\r\n'],
    ['garbage instead of a request line', 'HELLO\r\n\r\n'],
  ])('%s: 400 in the error contract, connection closed', async (_what, request) => {
    expectContract(await raw(request), 400, malformed);
  });

  it('a non-ASCII path (raw UTF-8 bytes): 400 in the error contract', async () => {
    const request = Buffer.concat([Buffer.from('GET /api/location/'), Buffer.from('магазин', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: a\r\n\r\n')]);
    expectContract(await raw(request), 400, malformed);
  });

  it('a broken %-escape in the path: 400 «Некорректный адрес запроса» from the router', async () => {
    const answer = await raw('GET /api/location/current/%E0%A4%A HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expectContract(answer, 400, { code: 'validation', message: 'Некорректный адрес запроса', errors: { _: 'Некорректный адрес запроса' } });
  });

  it('a path parameter over the router limit: 400 in the error contract', async () => {
    const answer = await raw(`GET /api/location/current/${'a'.repeat(5000)} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
    expectContract(answer, 400, { code: 'validation', message: 'Некорректный адрес запроса', errors: { _: 'Некорректный адрес запроса' } });
  });

  it('headers over the size limit: 431 in the error contract', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expectContract(answer, 431, { code: 'validation', message: 'Слишком большие заголовки запроса', errors: { _: 'Слишком большие заголовки запроса' } });
  });

  it('the server still answers normally afterwards', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
  });
});

describe('timeouts (item 10)', () => {
  const timedOut = { code: 'timeout', message: 'Запрос не получен полностью за отведённое время' };

  it('a client that sends headers and half a body, then stalls, gets 408 and a closed connection', async () => {
    const answer = await raw('POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"phone":"+79000000001",');
    expectContract(answer, 408, timedOut);
  });

  it('a client that never finishes its headers (slowloris) gets 408 and a closed connection', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: a\r\nX-Slow: 1\r\n');
    expectContract(answer, 408, timedOut);
  });

  it('a client that connects and sends nothing is disconnected', async () => {
    const answer = await raw('');
    expect(answer.closed).toBe(true);
    expect(answer.status === null || answer.status === 408).toBe(true);
  });

  it('an open WebSocket outlives the request and idle timeouts', async () => {
    const { token } = await login(app, demoPhones.cashier);
    const socket = await connect(`ws://127.0.0.1:${port}/ws`, { authorization: `Bearer ${token}` });
    try {
      // Well past requestMs and idleMs (and several checking intervals): a cut-off would have happened.
      await new Promise((r) => setTimeout(r, 2.5 * timeouts.idleMs));
      socket.send({ type: 'ping' });
      const reply = await socket.next(10_000);
      expect(JSON.stringify(reply)).toContain('pong');
    } finally {
      socket.ws.close();
    }
  });
});

describe('timeout configuration', () => {
  it('reads the environment, with defaults for unset or nonsense values', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000', CONNECTION_TIMEOUT_MS: '9000', KEEP_ALIVE_TIMEOUT_MS: '4000' }).timeouts).toEqual({
      requestMs: 5000,
      headersMs: 2000,
      idleMs: 9000,
      keepAliveMs: 4000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '0', HEADERS_TIMEOUT_MS: 'soon' }).timeouts).toEqual({ requestMs: 60_000, headersMs: 15_000, idleMs: 120_000, keepAliveMs: 72_000 });
  });

  it('never lets the headers deadline exceed the request deadline (Node would then ignore the latter)', () => {
    const options = serverTimeoutOptions({ requestMs: 1000, headersMs: 5000, idleMs: 2000, keepAliveMs: 500 });
    expect(options).toMatchObject({ requestTimeout: 1000, connectionTimeout: 2000, keepAliveTimeout: 500, http: { headersTimeout: 1000, requestTimeout: 1000 } });
    expect(options.http.connectionsCheckingInterval).toBeLessThanOrEqual(1000);
  });
});
