import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
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
 * One statement per client however many entries (a sale's payments and its charge are three): the
 * balance update is a data-modifying CTE the rows' `balance_after` read.
 */
export async function postClientLedger(tx: Tx, entries: ClientLedgerEntry[]): Promise<void> {
  const ordered = [...entries].filter((e) => e.amount !== 0).sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  const byClient = new Map<string, ClientLedgerEntry[]>();
  for (const e of ordered) byClient.set(e.clientId, [...(byClient.get(e.clientId) ?? []), e]);
  for (const [clientId, list] of byClient) {
    const sum = list.reduce((s, e) => s + e.amount, 0);
    // balance_after of each row: the new balance, less what the rows after it add.
    let after = -sum;
    const rows = list.map((e) => {
      after += e.amount;
      return {
        clientId: e.clientId,
        kind: e.kind,
        amount: e.amount,
        balanceAfter: sql<number>`(select balance from bal) + ${after}`,
        locationId: e.locationId,
        documentType: e.documentType ?? null,
        documentId: e.documentId ?? null,
        number: e.number ?? null,
        comment: e.comment ?? null,
        cancellation: e.cancellation ?? false,
        ...(e.at ? { at: e.at } : {}),
      };
    });
    const written = await tx.execute(sql`with bal as (update ${counterparties} set balance = balance + ${sum} where id = ${clientId} returning balance)
      ${tx.insert(clientLedger).values(rows).getSQL()} returning seq`);
    if (rowsOf(written).length !== rows.length) throw new Error(`client ledger: client ${clientId} not found`);
  }
}
