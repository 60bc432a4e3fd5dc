import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { documentCounters } from '../db/schema';

/**
 * The next number of a kind at a location («ПР-000124», «ПКО-000042»): one `document_counters` row per
 * location and kind, incremented by an upsert, so the row stays locked until commit and numbers never repeat.
 */
export async function nextNumber(tx: Tx, locationId: string, kind: string, prefix: string): Promise<string> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ locationId, kind, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.locationId, documentCounters.kind], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return `${prefix}-${String(row.last).padStart(6, '0')}`;
}
