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
 * Applies the entries in order: each client's balance row is locked (update … returning), the row written
 * with the balance after it. Entries of several clients lock them in id order (no deadlocks).
 */
export async function postClientLedger(tx: Tx, entries: ClientLedgerEntry[]): Promise<void> {
  const ordered = [...entries].filter((e) => e.amount !== 0).sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  for (const e of ordered) {
    const [row] = await tx
      .update(counterparties)
      .set({ balance: sql`${counterparties.balance} + ${e.amount}` })
      .where(sql`${counterparties.id} = ${e.clientId}`)
      .returning({ balance: counterparties.balance });
    if (!row) throw new Error(`client ledger: client ${e.clientId} not found`);
    await tx.insert(clientLedger).values({
      clientId: e.clientId,
      kind: e.kind,
      amount: e.amount,
      balanceAfter: row.balance,
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
