import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { realtimeChannel } from '../src/lib/realtime';

export interface RecordedEvent {
  type: string;
  entity: string;
  id: string;
  locationId: string | null;
}

/**
 * Listens on the channel the realtime hub listens to (what every open tab would be told) and records
 * each event. `delivered()` resolves once every event committed so far has arrived: notifications
 * reach a listener in commit order, so a marker sent now arrives after all of them (the timeout only
 * ends a broken run).
 */
export async function recordRealtimeEvents(app: FastifyInstance) {
  const events: RecordedEvent[] = [];
  const markers = new Map<string, () => void>();
  const unlisten = await app.database.listen(realtimeChannel, (payload) => {
    const value = JSON.parse(payload) as { sentinel?: string } & RecordedEvent;
    if (value.sentinel) markers.get(value.sentinel)?.();
    else events.push(value);
  });
  async function delivered(): Promise<void> {
    const marker = `s${markers.size}`;
    const arrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the realtime marker never arrived')), 20_000);
      markers.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await app.db.execute(sql`select pg_notify(${realtimeChannel}, ${JSON.stringify({ sentinel: marker })})`);
    await arrived;
  }
  return { events, delivered, stop: unlisten };
}
