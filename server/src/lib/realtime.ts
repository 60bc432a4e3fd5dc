import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@repo/contracts';
import type { Db, Tx } from '../db/client';

export const realtimeChannel = 'realtime_events';

/**
 * Publishes a mutation event through PostgreSQL NOTIFY inside the caller's transaction: it is delivered
 * only if the transaction commits, and every server process listening on the database receives it.
 */
export async function publishEvent(tx: Tx | Db, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${realtimeChannel}, ${JSON.stringify(event)})`);
}
