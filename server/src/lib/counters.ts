import { formatDocumentNumber } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { documentCounters } from '../db/schema';
import { rowsOf } from './sql';

/**
 * The next number of a kind at a location («ПР-000124», «ПКО-000042»): one `document_counters` row per
 * location and kind, incremented by an upsert, so the row stays locked until commit and numbers never repeat.
 */
export async function nextNumber(tx: Tx, locationId: string, kind: string, prefix: string): Promise<string> {
  return (await nextNumbers(tx, locationId, kind, prefix, 1))[0];
}

/**
 * `count` consecutive numbers of a kind at a location, taken by one upsert (a sale's two payments).
 * The kind's `document_numbering` row (Settings → numbering, server/docs/company.md) gives the prefix
 * (`prefix` is the default without a row) and whether the location counts on its own
 * (`document_counters`) or the company has one counter (the row's `last`). The row is read `for key
 * share`: a numbering change (`for update`) waits for the documents being numbered and they wait for it,
 * while documents never wait for each other on it (the company counter's `update` does not conflict
 * with key share; it queues documents on the row itself).
 */
export async function nextNumbers(tx: Tx, locationId: string, kind: string, prefix: string, count: number): Promise<string[]> {
  if (count < 1) return [];
  const [numbering] = rowsOf<{ prefix: string; per_location: boolean }>(await tx.execute(sql`select prefix, per_location from document_numbering where kind = ${kind} for key share`));
  const pfx = numbering ? numbering.prefix : prefix;
  let last: number;
  if (numbering && !numbering.per_location) {
    const [row] = rowsOf<{ last: number }>(await tx.execute(sql`update document_numbering set last = last + ${count} where kind = ${kind} returning last`));
    last = Number(row.last);
  } else {
    const [row] = await tx
      .insert(documentCounters)
      .values({ locationId, kind, last: count })
      .onConflictDoUpdate({ target: [documentCounters.locationId, documentCounters.kind], set: { last: sql`${documentCounters.last} + ${count}` } })
      .returning({ last: documentCounters.last });
    last = row.last;
  }
  return Array.from({ length: count }, (_, i) => formatDocumentNumber(pfx, last - count + 1 + i));
}
