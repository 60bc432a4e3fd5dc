import { z } from 'zod';
import { entityNameSchema } from './entities';

/** What every mutation publishes to the employees of the location it happened in. */
export const realtimeEventSchema = z.object({
  type: z.enum(['created', 'updated', 'deleted', 'posted', 'cancelled']),
  locationId: z.string().nullable(),
  /** One of `entityNames` (entities.ts); clients invalidate the queries keyed by it. */
  entity: entityNameSchema,
  id: z.string(),
  /**
   * Addressed to one employee: delivered only to that employee's sockets, whatever location they work
   * at or look at (a task assigned to them, a task fallen due). Without it the event goes by `locationId`.
   */
  employeeId: z.string().optional(),
  /** Why the addressed employee is told, for a notification: a task assigned to them, or fallen due; a new request from the site. */
  notice: z.enum(['assigned', 'due', 'shop_request']).optional(),
  /** The notification's text (Russian, for the addressed employee: «Вам назначена задача: …»). */
  text: z.string().max(300).optional(),
  /** Where the notification leads (a path of the back-office: `/tasks/<id>`). */
  href: z.string().max(300).optional(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** What the client may send. The greeting goes out 2000 ms after connecting (seed §9). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('greeting'), locationId: z.string().nullish() }),
  z.object({ type: z.literal('ping') }),
  /**
   * Signs a socket in that had no credential in its handshake (a client without the `token` cookie,
   * e.g. a script): it must be the first message, within `realtimeLimits.authTimeoutMs`; the answer is
   * the greeting reply. A token never goes into the `/ws` address.
   */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** The server answers the greeting with this, always inside an array. */
export const greetingReplySchema = z.object({
  type: z.literal('greeting'),
  employeeId: z.string(),
  locationIds: z.array(z.string()),
  serverTime: z.string(),
});
export const pongSchema = z.object({ type: z.literal('pong') });

export const serverMessageItemSchema = z.union([realtimeEventSchema, greetingReplySchema, pongSchema]);
export type ServerMessageItem = z.infer<typeof serverMessageItemSchema>;
/** The server sends JSON arrays only (seed §4). */
export const serverMessageSchema = z.array(serverMessageItemSchema);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export const greetingDelayMs = 2000;

/**
 * Close codes of `/ws`: 4401 when the socket has no valid session (anonymous, or revoked later — the
 * client treats it like 403 `unauthenticated`), 1001 when the server stops (reconnect later), 4008 when
 * the session already has `realtimeLimits.socketsPerSession` open sockets (the new one is closed),
 * 4029 when a socket sends more messages than `realtimeLimits` allow, 1009 (from `ws`) for a frame over
 * `realtimeLimits.maxFrameBytes`. After 4008 and 4029 the client waits its longest back-off.
 */
export const realtimeCloseCodes = { unauthorized: 4401, goingAway: 1001, tooManySockets: 4008, tooManyMessages: 4029, frameTooLarge: 1009 } as const;

/** The Russian close reasons (a close reason is at most 123 bytes of UTF-8). */
export const realtimeCloseReasons = {
  tooManySockets: 'Слишком много соединений для одного входа',
  tooManyMessages: 'Слишком много сообщений',
} as const;

/** Limits of `/ws` per socket and per session. */
export const realtimeLimits = {
  socketsPerSession: 5,
  /** Token bucket: a burst of `messageBurst` messages, refilled at `messagesPerSecond`. */
  messageBurst: 20,
  messagesPerSecond: 10,
  maxFrameBytes: 64 * 1024,
  authTimeoutMs: 10_000,
} as const;
