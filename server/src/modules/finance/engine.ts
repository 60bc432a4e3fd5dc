import { cancelFundsMessage, insufficientFundsMessage } from '@repo/contracts';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cashBalances, cashboxes } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The cash posting engine: the only code that writes `cash_movements` and `cash_balances`. Every call
 * runs inside the caller's transaction, after `lockBalances` for every cashbox it touches: the balance
 * rows are locked in cashbox-id order (created first when missing), so two postings sharing cashboxes
 * queue up instead of deadlocking, and a balance read under the lock stays true until commit. Each
 * ledger row carries the cashbox's balance right after it (`balance_after`).
 */

export const insufficientFunds = (message: string) => new AppError(409, 'insufficient_funds', message);

/** One ledger row to write: signed kopecks into (+) or out of (−) a cashbox. */
export interface CashMove {
  cashboxId: string;
  amount: number;
}

const uuids = (values: string[]) => sql`${sql.param(values)}::uuid[]`;

/** Locks the balance rows of these cashboxes in id order, creating the missing ones; returns the balances read under the lock. */
export async function lockBalances(tx: Tx, cashboxIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(cashboxIds)].sort();
  const out = new Map<string, number>();
  if (ids.length === 0) return out;
  const lock = async (list: string[]) => {
    const rows = await tx.select({ cashboxId: cashBalances.cashboxId, balance: cashBalances.balance }).from(cashBalances).where(sql`${cashBalances.cashboxId} = any(${uuids(list)})`).orderBy(asc(cashBalances.cashboxId)).for('update');
    for (const r of rows) out.set(r.cashboxId, r.balance);
  };
  await lock(ids);
  const missing = ids.filter((id) => !out.has(id));
  if (missing.length) {
    await tx.execute(sql`insert into cash_balances (cashbox_id) select unnest(${uuids(missing)}) on conflict do nothing`);
    await lock(missing);
  }
  return out;
}

async function cashboxName(tx: Tx, id: string): Promise<string> {
  const [row] = await tx.select({ name: cashboxes.name }).from(cashboxes).where(inArray(cashboxes.id, [id]));
  return row?.name ?? id;
}

/**
 * The balances after these moves, in order; 409 `insufficient_funds` naming the balance available at the
 * first row that would take its cashbox below zero («Нельзя отменить …» for a cancellation).
 */
export async function assertCovered(tx: Tx, number: string, moves: CashMove[], balances: Map<string, number>, cancellation = false) {
  const running = new Map(balances);
  const rows: Array<CashMove & { balanceAfter: number }> = [];
  for (const m of moves) {
    const before = running.get(m.cashboxId);
    if (before === undefined) throw new Error(`cash engine: cashbox ${m.cashboxId} moved without its balance locked`);
    const after = before + m.amount;
    if (after < 0) {
      const name = await cashboxName(tx, m.cashboxId);
      throw insufficientFunds(cancellation ? cancelFundsMessage(number, name, before) : insufficientFundsMessage(name, before));
    }
    running.set(m.cashboxId, after);
    rows.push({ ...m, balanceAfter: after });
  }
  return { running, rows };
}

/**
 * Writes an operation's ledger rows in order and applies them to the locked balances. A row that would
 * take its cashbox below zero refuses the whole posting with 409 `insufficient_funds` naming the balance
 * available (for a cancellation: «Нельзя отменить …»). The table's CHECK is the last line behind it.
 */
export async function writeMovements(
  tx: Tx,
  op: LedgerOperation,
  moves: CashMove[],
  balances: Map<string, number>,
  opts: { cancellation?: boolean; at?: Date } = {},
): Promise<void> {
  return writeMovementsOf(tx, [{ op, moves }], balances, opts);
}

/** The operation a ledger row belongs to. */
export interface LedgerOperation {
  id: string;
  number: string;
  categoryId: string | null;
  clientId: string | null;
}

/** `writeMovements` for several operations at once (in order): one insert and one balance update for all. */
export async function writeMovementsOf(
  tx: Tx,
  items: Array<{ op: LedgerOperation; moves: CashMove[] }>,
  balances: Map<string, number>,
  opts: { cancellation?: boolean; at?: Date } = {},
): Promise<void> {
  const cancellation = opts.cancellation ?? false;
  let running = new Map(balances);
  const rows: Array<CashMove & { balanceAfter: number; op: LedgerOperation }> = [];
  for (const { op, moves } of items) {
    const covered = await assertCovered(tx, op.number, moves, running, cancellation);
    running = covered.running;
    rows.push(...covered.rows.map((r) => ({ ...r, op })));
  }
  if (rows.length === 0) return;
  const at = opts.at ?? new Date();
  // Balance, row count and turnover per cashbox (red storno: a reversal row reduces the side it reverses).
  const sums = new Map<string, { n: number; in: number; out: number }>();
  for (const r of rows) {
    const t = sums.get(r.cashboxId) ?? { n: 0, in: 0, out: 0 };
    t.n += 1;
    if (r.amount > 0 !== cancellation) t.in += r.amount;
    else t.out -= r.amount;
    sums.set(r.cashboxId, t);
  }
  const changed = [...sums.keys()];
  const bigints = (values: number[]) => sql`${sql.param(values.map(String))}::bigint[]`;
  try {
    // The ledger rows (a data-modifying CTE) and the balances in one statement.
    await tx.execute(sql`with moved as (insert into cash_movements (at, operation_id, cashbox_id, amount, balance_after, cancellation, category_id, client_id)
      select ${at}, t.operation_id, t.cashbox_id, t.amount, t.balance_after, ${cancellation}, nullif(t.category, '')::uuid, nullif(t.client, '')::uuid
      from unnest(${uuids(rows.map((r) => r.op.id))}, ${uuids(rows.map((r) => r.cashboxId))}, ${sql.param(rows.map((r) => String(r.amount)))}::bigint[],
          ${sql.param(rows.map((r) => String(r.balanceAfter)))}::bigint[], ${sql.param(rows.map((r) => r.op.categoryId ?? ''))}::text[], ${sql.param(rows.map((r) => r.op.clientId ?? ''))}::text[])
        with ordinality as t(operation_id, cashbox_id, amount, balance_after, category, client, n)
      order by t.n)
    update cash_balances b set balance = v.balance, rows = b.rows + v.n, total_in = b.total_in + v.total_in, total_out = b.total_out + v.total_out, updated_at = now()
      from unnest(${uuids(changed)}, ${bigints(changed.map((id) => running.get(id)!))}, ${bigints(changed.map((id) => sums.get(id)!.n))},
        ${bigints(changed.map((id) => sums.get(id)!.in))}, ${bigints(changed.map((id) => sums.get(id)!.out))}) as v(cashbox_id, balance, n, total_in, total_out)
      where b.cashbox_id = v.cashbox_id`);
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '23514') throw insufficientFunds('В кассе недостаточно денег');
    throw err;
  }
  for (const [id, b] of running) balances.set(id, b);
}
