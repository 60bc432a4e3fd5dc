import { z } from 'zod';
import { entityNameSchema } from './entities';

/** What every mutation publishes to the employees of the location it happened in. */
export const realtimeEventSchema = z.object({
  type: z.enum(['created', 'updated', 'deleted', 'posted', 'cancelled']),
  locationId: z.string().nullable(),
  /** One of `entityNames` (entities.ts); clients invalidate the queries keyed by it. */
  entity: entityNameSchema,
  id: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** What the client may send. The greeting goes out 2000 ms after connecting (seed §9). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('greeting'), locationId: z.string().nullish() }),
  z.object({ type: z.literal('ping') }),
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
 * client treats it like 403 `unauthenticated`), 1001 when the server stops (reconnect later).
 */
export const realtimeCloseCodes = { unauthorized: 4401, goingAway: 1001 } as const;
