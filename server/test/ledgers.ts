/**
 * The whole database's invariants in one place, for the checks that run against a database some
 * server processes wrote to (`multi-process.test.ts`, `crash/run.ts`): each check is a query answering
 * the offending rows, so an empty list is a pass and a failure names what is wrong.
 *
 * - `ledgerDrift`: every ledger equals its balances — stock movements = balances = pools = running totals
 *   (as `server-process.test.ts`), nothing negative; cash movements = cashbox balances, running balances,
 *   turnover, each operation's rows net to its amount (as `finance.test.ts`); the client ledger = client
 *   balances with running balances (as `sales-demo.test.ts`); the sales journal's summary = a fresh
 *   aggregate (`sales-summary.ts`).
 * - `halfPosted`: no document is half-posted — a posted sale has its lines' stock rows, its payments as
 *   posted cash operations and its totals; a draft has none of them; a posted receipt / write-off has
 *   its lines' movements and a draft none; a posted cash operation has its ledger rows.
 * - `numbering`: no number used twice, none skipped above a baseline (`document_counters` per shop
 *   and kind against the documents that carry the numbers).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db as Database, Tx } from '../src/db/client';
import { rowsOf } from '../src/lib/sql';
import { summaryDrift } from './sales-summary';

type Db = Database | Tx;

export type Offenders = Record<string, unknown[]>;

const q = async (db: Db, query: SQL): Promise<unknown[]> => rowsOf<unknown>(await db.execute(query));

export async function ledgerDrift(db: Db): Promise<Offenders> {
  const summary = await summaryDrift(db);
  return {
    stockBalances: await q(
      db,
      sql`select coalesce(m.warehouse_id, b.warehouse_id) as warehouse_id, coalesce(m.product_id, b.product_id) as product_id, m.qty::text as ledger, b.qty as balance
        from (select warehouse_id, product_id, sum(qty) as qty from stock_movements where warehouse_id is not null group by 1, 2) m
        full join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id
        where coalesce(m.qty, 0) <> coalesce(b.qty, 0)`,
    ),
    stockPools: await q(
      db,
      sql`select p.product_id from stock_pools p left join (select product_id, sum(qty) as q, sum(value) as v from stock_movements group by product_id) m using (product_id)
        where p.qty <> coalesce(m.q, 0) or p.value <> coalesce(m.v, 0) or p.qty < 0 or p.value < 0`,
    ),
    stockTotals: await q(
      db,
      sql`select warehouse_id from (select warehouse_id, sum(rows) r, sum(qty) q, sum(value) v from stock_totals group by warehouse_id) t
        full join (select warehouse_id, count(*) filter (where qty > 0) r, sum(qty) q, sum(value) v from stock_balance_values where warehouse_id is not null group by warehouse_id) c using (warehouse_id)
        where coalesce(t.r, 0) <> coalesce(c.r, 0) or coalesce(t.q, 0) <> coalesce(c.q, 0) or coalesce(t.v, 0) <> coalesce(c.v, 0)`,
    ),
    stockNegative: await q(db, sql`select warehouse_id, product_id from stock_balances where qty < 0 or reserved < 0`),
    // The balance each minimum carries for the reorder suggestions (triggers of migration 0032).
    minStockOnHand: await q(
      db,
      sql`select m.warehouse_id, m.product_id, m.on_hand, b.qty from product_min_stock m
        left join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id where m.on_hand <> coalesce(b.qty, 0)`,
    ),
    cashBalances: await q(
      db,
      sql`select b.cashbox_id, b.balance, m.total, m.last from cash_balances b
        left join (select cashbox_id, sum(amount)::bigint as total, (array_agg(balance_after order by seq desc))[1] as last from cash_movements group by cashbox_id) m using (cashbox_id)
        where b.balance <> coalesce(m.total, 0) or b.balance <> coalesce(m.last, 0) or b.balance < 0`,
    ),
    cashOrphans: await q(db, sql`select distinct m.cashbox_id from cash_movements m left join cash_balances b using (cashbox_id) where b.cashbox_id is null`),
    cashRunning: await q(
      db,
      sql`select seq from (select seq, balance_after, sum(amount) over (partition by cashbox_id order by seq) as run from cash_movements) t where balance_after <> run or balance_after < 0`,
    ),
    cashTurnover: await q(
      db,
      sql`select b.cashbox_id from cash_balances b left join (select cashbox_id, count(*) as n,
          coalesce(sum(amount) filter (where (amount > 0) <> cancellation), 0) as i, coalesce(-sum(amount) filter (where (amount < 0) <> cancellation), 0) as o
        from cash_movements group by cashbox_id) m using (cashbox_id)
        where b.rows <> coalesce(m.n, 0) or b.total_in <> coalesce(m.i, 0) or b.total_out <> coalesce(m.o, 0)`,
    ),
    clientBalances: await q(
      db,
      sql`select c.id from counterparties c left join (select client_id, sum(amount) as s from client_ledger group by 1) l on l.client_id = c.id where c.balance <> coalesce(l.s, 0)`,
    ),
    clientRunning: await q(
      db,
      sql`select seq from (select seq, balance_after, sum(amount) over (partition by client_id order by seq) as run from client_ledger) t where balance_after <> run`,
    ),
    salesPaid: summary.paid,
    salesHourly: summary.hours,
  };
}

export async function halfPosted(db: Db): Promise<Offenders> {
  return {
    // Totals against lines and payments (as sales-demo.test.ts).
    saleSums: await q(
      db,
      sql`select s.number from sales s where s.total <> (select sum(total) from sale_lines l where l.sale_id = s.id)
        or s.paid <> coalesce((select sum(amount) from sale_payments p where p.sale_id = s.id and p.return_id is null), 0)
        or (s.status = 'posted' and s.paid + s.credit_amount <> s.total)`,
    ),
    // A posted (or cancelled) sale's goods left at its posting moment.
    saleStock: await q(
      db,
      sql`select s.number from sales s join sale_lines l on l.sale_id = s.id where s.status <> 'draft' and not l.is_service and not exists (
        select 1 from stock_movements m where m.document_id = s.id and m.document_type = 'sale' and m.number = s.number and not m.cancellation
          and m.product_id = l.product_id and m.warehouse_id = s.warehouse_id and m.qty = -l.qty)`,
    ),
    // Each payment of a sale is a cash operation of the sale with its ledger rows.
    salePayments: await q(
      db,
      sql`select s.number from sale_payments p join sales s on s.id = p.sale_id left join cash_operations o on o.id = p.operation_id
        where p.return_id is null and (o.id is null or o.document_id <> s.id or o.amount <> p.amount or o.kind <> 'income'
          or o.status <> (case when s.status = 'cancelled' then 'cancelled' else 'posted' end)
          or not exists (select 1 from cash_movements m where m.operation_id = o.id))`,
    ),
    // A draft moved nothing and took no money.
    saleDrafts: await q(
      db,
      sql`select s.number from sales s where s.status = 'draft' and (exists (select 1 from stock_movements m where m.document_id = s.id)
        or exists (select 1 from sale_payments p where p.sale_id = s.id) or exists (select 1 from cash_operations o where o.document_id = s.id))`,
    ),
    // Receipts and write-offs: posted with one movement of each line's quantity, or a draft with none.
    stockDocuments: await q(
      db,
      sql`select d.number, d.type, d.status from stock_documents d where d.type in ('receipt', 'write_off') and (
          (d.status = 'draft' and exists (select 1 from stock_movements m where m.document_id = d.id))
          or (d.status = 'posted' and (
            (select count(*) from stock_movements m where m.document_id = d.id) <> (select count(*) from stock_document_lines l where l.document_id = d.id)
            or exists (select 1 from stock_document_lines l where l.document_id = d.id and not exists (select 1 from stock_movements m
              where m.document_id = d.id and m.product_id = l.product_id and not m.cancellation and m.number = d.number
                and m.qty = case when d.type = 'receipt' then l.qty else -l.qty end)))))`,
    ),
    // A posted cash operation has its ledger rows netting to its amount (transfers: out and in).
    cashOperations: await q(
      db,
      sql`select o.number, o.kind from cash_operations o left join (select operation_id, sum(amount)::bigint as net, count(*) as n,
          sum(abs(amount)) filter (where not cancellation)::bigint as moved from cash_movements group by operation_id) m on m.operation_id = o.id
        where (o.status = 'posted' and m.n is null)
          or (o.status = 'cancelled' and m.net <> 0)
          or (o.status = 'posted' and o.kind = 'income' and m.net <> o.amount)
          or (o.status = 'posted' and o.kind = 'expense' and m.net <> -o.amount)
          or (o.kind = 'transfer' and m.moved <> 2 * o.amount)`,
    ),
  };
}

/** Where the numbers of each `document_counters` kind live (table, number column, filter on kind). */
const numbered: Record<string, SQL> = {
  sale: sql`select location_id, number from sales`,
  sale_return: sql`select location_id, number from sale_returns`,
  cash_income: sql`select location_id, number from cash_operations where kind = 'income'`,
  cash_expense: sql`select location_id, number from cash_operations where kind = 'expense'`,
  cash_transfer: sql`select location_id, number from cash_operations where kind = 'transfer'`,
  cash_shift: sql`select location_id, number from cash_shifts`,
  receipt: sql`select location_id, number from stock_documents where type = 'receipt'`,
  write_off: sql`select location_id, number from stock_documents where type = 'write_off'`,
  transfer: sql`select location_id, number from stock_documents where type = 'transfer'`,
  stocktake: sql`select location_id, number from stock_documents where type = 'stocktake'`,
  supplier_return: sql`select location_id, number from stock_documents where type = 'supplier_return'`,
  repair_order: sql`select location_id, number from repair_orders`,
  purchase_order: sql`select location_id, number from purchase_orders`,
};

/** `document_counters` as `location:kind` → last number. */
export async function counterBaseline(db: Db): Promise<Map<string, number>> {
  const rows = rowsOf<{ location_id: string; kind: string; last: number }>(await db.execute(sql`select location_id, kind, last from document_counters`));
  return new Map(rows.map((r) => [`${r.location_id}:${r.kind}`, Number(r.last)]));
}

/**
 * Per shop and kind: no number twice; the numbers above `baseline` (the counters before the run; 0 when
 * absent) are exactly baseline+1 … the counter's last (no gap, none beyond the counter). Drafts deleted
 * by hand would leave gaps, so the baseline is taken before the writes under test.
 */
export async function numbering(db: Db, baseline: Map<string, number> = new Map()): Promise<Offenders> {
  const counters = await counterBaseline(db);
  const out: Offenders = { duplicates: [], gaps: [], unknownKinds: [] };
  for (const [kind, query] of Object.entries(numbered)) {
    const dup = await q(db, sql`select location_id, number, count(*)::int as n from (${query}) x group by 1, 2 having count(*) > 1`);
    out.duplicates.push(...dup.map((d) => ({ kind, ...(d as object) })));
  }
  for (const [key, last] of counters) {
    const [locationId, kind] = key.split(':');
    const query = numbered[kind];
    if (!query) {
      out.unknownKinds.push(kind);
      continue;
    }
    const from = baseline.get(key) ?? 0;
    const nums = rowsOf<{ n: number }>(
      await db.execute(sql`select substring(number from '([0-9]+)$')::int as n from (${query}) x where location_id = ${locationId} order by 1`),
    )
      .map((r) => Number(r.n))
      .filter((n) => n > from);
    const expected = last - from;
    const contiguous = nums.length === expected && nums.every((n, i) => n === from + 1 + i);
    if (!contiguous) {
      const have = new Set(nums);
      const missing: number[] = [];
      for (let n = from + 1; n <= last && missing.length < 20; n++) if (!have.has(n)) missing.push(n);
      out.gaps.push({ locationId, kind, baseline: from, counter: last, found: nums.length, missing, beyondCounter: nums.filter((n) => n > last) });
    }
  }
  return out;
}

/** Only the failing checks (non-empty lists). */
export const failing = (o: Offenders): Offenders => Object.fromEntries(Object.entries(o).filter(([k, v]) => v.length > 0 && k !== 'unknownKinds'));
