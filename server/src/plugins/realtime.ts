import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  clientMessageSchema,
  messages,
  realtimeCloseCodes,
  realtimeEventSchema,
  type RealtimeEvent,
  type ServerMessageItem,
} from '@repo/contracts';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { realtimeChannel } from '../lib/realtime';
import type { AuthContext } from '../types';
import { authenticateToken, tokenFromRequest } from './auth';

const unauthorizedCloseCode = realtimeCloseCodes.unauthorized;
const sessionCheckMs = Number(process.env.REALTIME_SESSION_CHECK_MS ?? 60_000);

interface Client {
  socket: WebSocket;
  token: string;
  auth: AuthContext;
}

export interface RealtimeHub {
  /** Connected, authenticated sockets. */
  readonly clientCount: number;
  /** Re-reads every socket's session (revoked → closed with 4401; otherwise its locations are refreshed). */
  recheckSessions(): Promise<void>;
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
 * Who receives an event: the sockets whose employee may work in its location. An event without a
 * location (company-wide entities such as roles or settings) carries only an id to refetch, and the
 * refetch is permission-checked, so it goes to every signed-in socket.
 */
function receives(client: Client, event: RealtimeEvent): boolean {
  return event.locationId === null || client.auth.locationIds.includes(event.locationId);
}

/**
 * WebSocket at /ws. Authenticated in the handshake (`?token=`, the `token` cookie or a Bearer header);
 * an anonymous socket is closed with 4401. The server sends JSON arrays only. Events come from
 * PostgreSQL LISTEN/NOTIFY (PGlite's in-process listen), so every process on one database delivers
 * every committed mutation to its own sockets.
 */
export default fp(
  async (app) => {
    const clients = new Set<Client>();
    let unsubscribe: () => Promise<void> = async () => undefined;
    let closing = false;
    let timer: NodeJS.Timeout | undefined = undefined; // set once listening starts, cleared on close
    // Before the database closes, and before @fastify/websocket's own preClose (hooks run in the order
    // added) closes sockets without a code: stop listening and say goodbye with 1001 "going away".
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      await unsubscribe().catch(() => undefined);
      for (const client of clients) client.socket.close(realtimeCloseCodes.goingAway, 'Сервер останавливается');
      clients.clear();
    });
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    const handshakes = new WeakMap<FastifyRequest, { token: string; auth: AuthContext } | null>();

    const refresh = async (client: Client) => {
      const auth = await authenticateToken(app, client.token).catch(() => client.auth);
      if (!auth) {
        clients.delete(client);
        client.socket.close(unauthorizedCloseCode, messages.unauthenticated);
      } else client.auth = auth;
    };
    const recheckSessions = async () => {
      await Promise.all([...clients].map(refresh));
    };

    /**
     * A session's event goes to its own employee only (their session list), and a revoked session's
     * sockets are closed at once with 4401 instead of at the next periodic check. A socket never hears
     * about its own session: the sign-in that opened it is old news to it, and since the event is
     * delivered after the commit it could otherwise arrive after the socket has connected, or before.
     */
    const deliverSession = async (event: RealtimeEvent) => {
      if (event.type === 'deleted') {
        for (const client of clients) {
          if (client.auth.sessionId !== event.id) continue;
          clients.delete(client);
          client.socket.close(unauthorizedCloseCode, messages.unauthenticated);
        }
      }
      const [row] = await app.db.select({ employeeId: sessions.employeeId }).from(sessions).where(eq(sessions.id, event.id));
      if (!row) return;
      const message = JSON.stringify([event]);
      for (const client of clients) {
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
        await Promise.all([...clients].filter((c) => c.auth.employeeId === event.id).map(refresh));
      }
      const message = JSON.stringify([event]);
      for (const client of clients) {
        if (receives(client, event) && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
      }
    };

    unsubscribe = await app.database.listen(realtimeChannel, (payload) => {
      deliver(payload).catch((err) => app.log.error({ err }, 'realtime delivery failed'));
    });
    timer = setInterval(() => void recheckSessions().catch(() => undefined), sessionCheckMs);
    timer.unref();

    app.decorate('realtime', {
      get clientCount() {
        return clients.size;
      },
      recheckSessions,
    } satisfies RealtimeHub);

    app.get(
      '/ws',
      {
        websocket: true,
        config: { auth: false },
        schema: { hide: true },
        // Authenticate before the upgrade completes, so the handler is synchronous and no early message is lost.
        preValidation: async (request) => {
          const token = tokenFromRequest(request);
          const auth = token ? await authenticateToken(app, token).catch(() => null) : null;
          handshakes.set(request, token && auth ? { token, auth } : null);
        },
      },
      (socket, request) => {
        const handshake = handshakes.get(request);
        if (!handshake) {
          socket.close(unauthorizedCloseCode, messages.unauthenticated);
          return;
        }
        const client: Client = { socket, ...handshake };
        clients.add(client);
        socket.on('close', () => clients.delete(client));
        socket.on('message', (data, isBinary) => {
          if (isBinary) return;
          let parsed: unknown;
          try {
            parsed = JSON.parse(data.toString());
          } catch {
            return;
          }
          const message = clientMessageSchema.safeParse(parsed);
          if (!message.success) return;
          if (message.data.type === 'ping') return send(socket, [{ type: 'pong' }]);
          send(socket, [
            {
              type: 'greeting',
              employeeId: client.auth.employeeId,
              locationIds: client.auth.locationIds,
              serverTime: new Date().toISOString(),
            },
          ]);
        });
      },
    );
  },
  { name: 'realtime', dependencies: ['auth'] },
);
