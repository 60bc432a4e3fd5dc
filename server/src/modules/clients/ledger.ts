import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clientLedger, counterparties } from '../../db/schema';

/**
 * The client balance ledger (`client_ledger` + `counterparties.balance`), written only through this
 * function, inside the caller's transaction. Other modules call it when money or a charge touches a
 * client: finance (payment = income from the client, refund = expense to them, and their
 * cancellations), later orders and sales (their charges, negative). Sign: + the client's balance goes
 * up (they paid us / we owe them more), − it goes down (they owe us more).
 */
export interface ClientLedgerEntry {
  clientId: string;
  kind: 'payment' | 'refund' | 'adjustment' | 'order' | 'sale' | (string & {});
  amount: number;
  locationId: string | null;
  documentType?: string | null;
  documentId?: string | null;
  number?: string | null;
  comment?: string | null;
  cancellation?: boolean;
  at?: Date;
}

/**
 * Applies the entries in order: each client's balance row is locked (update … returning), the rows written
 * with the balance after each of them. Entries of several clients lock them in id order (no deadlocks).
 * One update per client and one insert for all rows, however many entries (a sale's payments and its
 * charge are three).
 */
export async function postClientLedger(tx: Tx, entries: ClientLedgerEntry[]): Promise<void> {
  const ordered = [...entries].filter((e) => e.amount !== 0).sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  if (!ordered.length) return;
  const byClient = new Map<string, ClientLedgerEntry[]>();
  for (const e of ordered) byClient.set(e.clientId, [...(byClient.get(e.clientId) ?? []), e]);
  const rows: Array<typeof clientLedger.$inferInsert> = [];
  for (const [clientId, list] of byClient) {
    const sum = list.reduce((s, e) => s + e.amount, 0);
    const [row] = await tx
      .update(counterparties)
      .set({ balance: sql`${counterparties.balance} + ${sum}` })
      .where(sql`${counterparties.id} = ${clientId}`)
      .returning({ balance: counterparties.balance });
    if (!row) throw new Error(`client ledger: client ${clientId} not found`);
    let balance = row.balance - sum;
    for (const e of list) {
      balance += e.amount;
      rows.push({
        clientId: e.clientId,
        kind: e.kind,
        amount: e.amount,
        balanceAfter: balance,
        locationId: e.locationId,
        documentType: e.documentType ?? null,
        documentId: e.documentId ?? null,
        number: e.number ?? null,
        comment: e.comment ?? null,
        cancellation: e.cancellation ?? false,
        ...(e.at ? { at: e.at } : {}),
      });
    }
  }
  await tx.insert(clientLedger).values(rows);
}
