import { formatDocumentNumber } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
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
  // One statement (a posting is counted in round trips, docs/decisions.md): the kind's row read `for key
  // share`, then either the location's counter or the company's, whichever the row says.
  const [row] = rowsOf<{ prefix: string | null; last: number | string }>(
    await tx.execute(sql`with n as (select prefix, per_location from document_numbering where kind = ${kind} for key share),
      c as (insert into document_counters (location_id, kind, last) select ${locationId}::uuid, ${kind}::text, ${count}::int where coalesce((select per_location from n), true)
        on conflict (location_id, kind) do update set last = document_counters.last + ${count}::int returning last),
      u as (update document_numbering set last = last + ${count}::int where kind = ${kind} and not per_location returning last)
      select (select prefix from n) as prefix, coalesce((select last from c), (select last from u)) as last`),
  );
  const pfx = row.prefix ?? prefix;
  const last = Number(row.last);
  return Array.from({ length: count }, (_, i) => formatDocumentNumber(pfx, last - count + 1 + i));
}
