import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { documentCounters } from '../db/schema';

/**
 * The next number of a kind at a location («ПР-000124», «ПКО-000042»): one `document_counters` row per
 * location and kind, incremented by an upsert, so the row stays locked until commit and numbers never repeat.
 */
export async function nextNumber(tx: Tx, locationId: string, kind: string, prefix: string): Promise<string> {
  return (await nextNumbers(tx, locationId, kind, prefix, 1))[0];
}

/** `count` consecutive numbers of a kind at a location, taken by one upsert (a sale's two payments). */
export async function nextNumbers(tx: Tx, locationId: string, kind: string, prefix: string, count: number): Promise<string[]> {
  if (count < 1) return [];
  const [row] = await tx
    .insert(documentCounters)
    .values({ locationId, kind, last: count })
    .onConflictDoUpdate({ target: [documentCounters.locationId, documentCounters.kind], set: { last: sql`${documentCounters.last} + ${count}` } })
    .returning({ last: documentCounters.last });
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(row.last - count + 1 + i).padStart(6, '0')}`);
}
