import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  clientMessageSchema,
  messages,
  realtimeCloseCodes,
  realtimeCloseReasons,
  realtimeEventSchema,
  realtimeLimits,
  type RealtimeEvent,
  type ServerMessageItem,
} from '@repo/contracts';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { forbidden } from '../lib/errors';
import { realtimeChannel } from '../lib/realtime';
import type { AuthContext } from '../types';
import { authenticateToken, tokenFromRequest } from './auth';

const unauthorizedCloseCode = realtimeCloseCodes.unauthorized;
export const foreignOriginMessage = 'Подключение с другого сайта запрещено';

/** One open socket; `auth` is null until it has signed in (handshake credential or `auth` message). */
interface Client {
  socket: WebSocket;
  token: string | null;
  auth: AuthContext | null;
  /** Cleared by each heartbeat, set again by the pong; a socket still false at the next beat is dead. */
  alive: boolean;
  /** Token bucket of incoming messages. */
  tokens: number;
  refilledAt: number;
  authTimer?: NodeJS.Timeout;
  /** Messages are handled one after another (an `auth` message awaits the database). */
  queue: Promise<void>;
}
type SignedIn = Client & { token: string; auth: AuthContext };
const signedIn = (c: Client): c is SignedIn => c.auth !== null;

export interface RealtimeHub {
  /** Connected, authenticated sockets. */
  readonly clientCount: number;
  /** Re-reads every socket's session (revoked → closed with 4401; otherwise its locations are refreshed). */
  recheckSessions(): Promise<void>;
  /** One heartbeat round: terminates sockets that did not answer the previous round's ping, pings the rest. */
  heartbeat(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const send = (socket: WebSocket, items: ServerMessageItem[]) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(items));
};

/**
 * Who receives an event: the sockets whose employee may work in its location, or, for an event with
 * `employeeId`, that employee's sockets alone. An event without a
 * location (company-wide entities such as roles or settings) carries only an id to refetch, and the
 * refetch is permission-checked, so it goes to every signed-in socket.
 */
function receives(client: SignedIn, event: RealtimeEvent): boolean {
  // Addressed to one employee (a task assigned to them): their sockets only, at any location.
  if (event.employeeId !== undefined) return client.auth.employeeId === event.employeeId;
  return event.locationId === null || client.auth.locationIds.includes(event.locationId);
}

/**
 * A browser always sends `Origin` with a WebSocket handshake, and a page of another site would send its
 * own: the socket is refused (403) unless the origin's host is the host the request was addressed to
 * (`Host`, or `X-Forwarded-Host` behind a trusted proxy), so a foreign page cannot ride the `token`
 * cookie (cross-site WebSocket hijacking). No `Origin` at all means a non-browser client: it has no
 * ambient cookie to abuse, so whatever credential it presents is its own.
 */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!host) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes `null` (sandboxed frames, file:)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  let own: string;
  try {
    // Parsed with the origin's scheme so the default port is dropped the same way on both sides.
    own = new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
  return url.host === own;
}

const intFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * WebSocket at /ws. The server sends JSON arrays only. Events come from PostgreSQL LISTEN/NOTIFY
 * (PGlite's in-process listen), so every process on one database delivers every committed mutation
 * to its own sockets.
 *
 * Signing in (never with a token in the address):
 *  - the handshake's `token` cookie (the browser sends it, same origin) or `Authorization: Bearer`
 *    (non-browser clients); an invalid one closes the socket at once with 4401;
 *  - or, without either, the first message `{ type: 'auth', token }` within `authTimeoutMs`; it is
 *    answered with the greeting reply. Anything else first, a bad token or silence closes with 4401.
 *    An `auth` message later switches the socket to that session (or closes it with 4401).
 * Limits: a foreign `Origin` is refused with 403 before the upgrade; at most `socketsPerSession`
 * sockets per session (the new one is closed with 4008); a token bucket of messages per socket
 * (4029 when empty); frames over `maxFrameBytes` are closed by `ws` with 1009; a socket that misses a
 * heartbeat pong is terminated, so dead sockets do not hold a session's places.
 */
export default fp(
  async (app) => {
    const sessionCheckMs = intFromEnv('REALTIME_SESSION_CHECK_MS', 60_000);
    const heartbeatMs = intFromEnv('REALTIME_HEARTBEAT_MS', 30_000);
    const authTimeoutMs = intFromEnv('REALTIME_AUTH_TIMEOUT_MS', realtimeLimits.authTimeoutMs);
    const clients = new Set<Client>();
    const signedInClients = () => [...clients].filter(signedIn);
    let unsubscribe: () => Promise<void> = async () => undefined;
    let closing = false;
    let timer: NodeJS.Timeout | undefined = undefined; // set once listening starts, cleared on close
    let beat: NodeJS.Timeout | undefined = undefined;

    const drop = (client: Client, code: number, reason: string) => {
      clients.delete(client);
      clearTimeout(client.authTimer);
      client.socket.close(code, reason);
    };

    // Before the database closes, and before @fastify/websocket's own preClose (hooks run in the order
    // added) closes sockets without a code: stop listening and say goodbye with 1001 "going away".
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      clearInterval(beat);
      await unsubscribe().catch(() => undefined);
      for (const client of [...clients]) drop(client, realtimeCloseCodes.goingAway, 'Сервер останавливается');
    });
    await app.register(websocket, { options: { maxPayload: realtimeLimits.maxFrameBytes } });
    const handshakes = new WeakMap<FastifyRequest, { token: string | null; auth: AuthContext | null }>();

    const refresh = async (client: SignedIn) => {
      const token = client.token;
      const auth = await authenticateToken(app, token).catch(() => client.auth);
      if (client.token !== token) return; // re-signed in meanwhile
      if (!auth) drop(client, unauthorizedCloseCode, messages.unauthenticated);
      else client.auth = auth;
    };
    const recheckSessions = async () => {
      await Promise.all(signedInClients().map(refresh));
    };

    const heartbeat = () => {
      for (const client of [...clients]) {
        if (!client.alive) {
          clients.delete(client);
          clearTimeout(client.authTimer);
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
      }
    };

    /**
     * A session's event goes to its own employee only (their session list), and a revoked session's
     * sockets are closed at once with 4401 instead of at the next periodic check. A socket never hears
     * about its own session: the sign-in that opened it is old news to it, and since the event is
     * delivered after the commit it could otherwise arrive after the socket has connected, or before.
     */
    const deliverSession = async (event: RealtimeEvent) => {
      if (event.type === 'deleted') {
        for (const client of signedInClients()) {
          if (client.auth.sessionId === event.id) drop(client, unauthorizedCloseCode, messages.unauthenticated);
        }
      }
      const [row] = await app.db.select({ employeeId: sessions.employeeId }).from(sessions).where(eq(sessions.id, event.id));
      if (!row) return;
      const message = JSON.stringify([event]);
      for (const client of signedInClients()) {
        const own = client.auth.sessionId === event.id;
        if (!own && client.auth.employeeId === row.employeeId && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
      }
    };

    const deliver = async (payload: string) => {
      // Notifications already queued when the app closes would query a database that is going away.
      if (closing) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      const result = realtimeEventSchema.safeParse(parsed);
      if (!result.success) return;
      const event = result.data;
      if (event.entity === 'session') return deliverSession(event);
      // Whose locations may have changed: everyone's for a new location (employees of all locations
      // see it at once), the employee's own for an employee event. Refresh before delivering.
      if (event.entity === 'location' && event.type === 'created') await recheckSessions();
      else if (event.entity === 'employee') {
        await Promise.all(signedInClients().filter((c) => c.auth.employeeId === event.id).map(refresh));
      }
      // A role's rules changed (issue #22): every socket re-reads its session (roles are few, changes rare).
      else if (event.entity === 'role') await recheckSessions();
      const message = JSON.stringify([event]);
      for (const client of signedInClients()) {
        if (receives(client, event) && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
      }
    };

    unsubscribe = await app.database.listen(realtimeChannel, (payload) => {
      deliver(payload).catch((err) => app.log.error({ err }, 'realtime delivery failed'));
    });
    timer = setInterval(() => void recheckSessions().catch(() => undefined), sessionCheckMs);
    timer.unref();
    beat = setInterval(heartbeat, heartbeatMs);
    beat.unref();

    app.decorate('realtime', {
      get clientCount() {
        return signedInClients().length;
      },
      recheckSessions,
      heartbeat,
    } satisfies RealtimeHub);

    /** Signs a socket in as `token`'s session, unless that session already has its sockets (4008). */
    const signIn = (client: Client, token: string, auth: AuthContext): boolean => {
      const others = signedInClients().filter((c) => c !== client && c.auth.sessionId === auth.sessionId).length;
      if (others >= realtimeLimits.socketsPerSession) {
        drop(client, realtimeCloseCodes.tooManySockets, realtimeCloseReasons.tooManySockets);
        return false;
      }
      clearTimeout(client.authTimer);
      client.token = token;
      client.auth = auth;
      return true;
    };

    /** Takes one message from the bucket; false (and the socket closed with 4029) when it is empty. */
    const withinRate = (client: Client): boolean => {
      const now = Date.now();
      client.tokens = Math.min(
        realtimeLimits.messageBurst,
        client.tokens + ((now - client.refilledAt) / 1000) * realtimeLimits.messagesPerSecond,
      );
      client.refilledAt = now;
      if (client.tokens < 1) {
        drop(client, realtimeCloseCodes.tooManyMessages, realtimeCloseReasons.tooManyMessages);
        return false;
      }
      client.tokens -= 1;
      return true;
    };

    const handle = async (client: Client, data: RawData, isBinary: boolean) => {
      if (!clients.has(client)) return; // closed meanwhile
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        parsed = undefined;
      }
      const message = clientMessageSchema.safeParse(parsed);
      if (message.success && message.data.type === 'auth') {
        const { token } = message.data;
        const auth = await authenticateToken(app, token).catch(() => null);
        if (!clients.has(client)) return;
        if (!auth) return drop(client, unauthorizedCloseCode, messages.unauthenticated);
        if (!signIn(client, token, auth)) return;
      } else if (!signedIn(client)) {
        // Before signing in, the only acceptable message is `auth`.
        return drop(client, unauthorizedCloseCode, messages.unauthenticated);
      } else if (!message.success) {
        return; // junk from a signed-in client is ignored
      } else if (message.data.type === 'ping') {
        return send(client.socket, [{ type: 'pong' }]);
      }
      const auth = client.auth!;
      send(client.socket, [{ type: 'greeting', employeeId: auth.employeeId, locationIds: auth.locationIds, serverTime: new Date().toISOString() }]);
    };

    app.get(
      '/ws',
      {
        websocket: true,
        config: { auth: false },
        schema: { hide: true },
        // Before anything else, a page of another site is refused with 403 (no upgrade).
        onRequest: async (request) => {
          if (!originAllowed(request.headers.origin, request.host)) throw forbidden(foreignOriginMessage);
        },
        // Authenticate before the upgrade completes, so the handler is synchronous and no early message is lost.
        preValidation: async (request) => {
          const token = tokenFromRequest(request);
          const auth = token ? await authenticateToken(app, token).catch(() => null) : null;
          handshakes.set(request, { token, auth });
        },
      },
      (socket, request) => {
        const handshake = handshakes.get(request) ?? { token: null, auth: null };
        const client: Client = {
          socket,
          token: null,
          auth: null,
          alive: true,
          tokens: realtimeLimits.messageBurst,
          refilledAt: Date.now(),
          queue: Promise.resolve(),
        };
        clients.add(client);
        socket.on('close', () => {
          clients.delete(client);
          clearTimeout(client.authTimer);
        });
        socket.on('pong', () => {
          client.alive = true;
        });
        socket.on('message', (data, isBinary) => {
          if (!clients.has(client) || !withinRate(client)) return;
          client.queue = client.queue
            .then(() => handle(client, data, isBinary))
            .catch((err) => request.log.error({ err }, 'realtime message failed'));
        });
        if (handshake.token) {
          // A credential that does not sign in is refused at once (the browser client signs out on 4401).
          if (!handshake.auth) return drop(client, unauthorizedCloseCode, messages.unauthenticated);
          signIn(client, handshake.token, handshake.auth);
          return;
        }
        client.authTimer = setTimeout(() => {
          if (clients.has(client) && !client.auth) drop(client, unauthorizedCloseCode, messages.unauthenticated);
        }, authTimeoutMs);
      },
    );
  },
  { name: 'realtime', dependencies: ['auth'] },
);
