/**
 * The sales journal's summary (server/docs/sales.md, «Scale») against a fresh count from the rows it
 * summarises, for the tests: each sale's `paid_cash` / `paid_card` / `paid_transfer` against its
 * `sale_payments` without `return_id`, and each shop's hour of `sales_hourly` against an aggregate of
 * `sales` by `date_bin('1 hour', coalesce(posted_at, created_at), 2000-01-01 UTC)` (count: not cancelled,
 * drafts too; sums: posted). A row of `sales_hourly` with nothing left in its hour must be all zeros.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client';
import { rowsOf } from '../src/lib/sql';

export interface SummaryDrift {
  /** Sales whose `paid_*` differ from their payments: [id, stored cash/card/transfer, from payments]. */
  paid: Array<{ id: string; stored: string; payments: string }>;
  /** Hours whose stored sums differ from the sales': [shop, hour, stored, from sales]. */
  hours: Array<{ location_id: string; hour: string; stored: string; sales: string }>;
}

export async function summaryDrift(db: Db | Tx): Promise<SummaryDrift> {
  const paid = rowsOf<SummaryDrift['paid'][number]>(
    await db.execute(sql`select s.id, concat_ws('/', s.paid_cash, s.paid_card, s.paid_transfer) as stored,
        concat_ws('/', coalesce(p.cash, 0), coalesce(p.card, 0), coalesce(p.transfer, 0)) as payments
      from sales s left join (
        select sale_id, sum(amount) filter (where method = 'cash') as cash, sum(amount) filter (where method = 'card') as card,
          sum(amount) filter (where method = 'transfer') as transfer
        from sale_payments where return_id is null group by sale_id
      ) p on p.sale_id = s.id
      where (s.paid_cash, s.paid_card, s.paid_transfer) <> (coalesce(p.cash, 0), coalesce(p.card, 0), coalesce(p.transfer, 0))
      order by s.id`),
  );
  const hours = rowsOf<SummaryDrift['hours'][number]>(
    await db.execute(sql`with fresh as (
        select location_id, date_bin('1 hour', coalesce(posted_at, created_at), timestamptz '2000-01-01 00:00:00+00') as hour,
          count(*) as count,
          coalesce(sum(total) filter (where status = 'posted'), 0) as total,
          coalesce(sum(discount) filter (where status = 'posted'), 0) as discount,
          coalesce(sum(returned) filter (where status = 'posted'), 0) as returned,
          coalesce(sum(paid_cash) filter (where status = 'posted'), 0) as cash,
          coalesce(sum(paid_card) filter (where status = 'posted'), 0) as card,
          coalesce(sum(paid_transfer) filter (where status = 'posted'), 0) as transfer
        from sales where status <> 'cancelled' group by 1, 2
      ),
      cmp as (
        select coalesce(f.location_id, h.location_id) as location_id, coalesce(f.hour, h.hour) as hour,
          concat_ws('/', coalesce(h.count, 0), coalesce(h.total, 0), coalesce(h.discount, 0), coalesce(h.returned, 0), coalesce(h.paid_cash, 0), coalesce(h.paid_card, 0), coalesce(h.paid_transfer, 0)) as stored,
          concat_ws('/', coalesce(f.count, 0), coalesce(f.total, 0), coalesce(f.discount, 0), coalesce(f.returned, 0), coalesce(f.cash, 0), coalesce(f.card, 0), coalesce(f.transfer, 0)) as sales
        from fresh f full join sales_hourly h on h.location_id = f.location_id and h.hour = f.hour
      )
      select location_id, hour::text as hour, stored, sales from cmp where stored <> sales order by 1, 2`),
  );
  return { paid, hours };
}

/** Rows of the summary, to tell the check is not vacuous. */
export async function summarySize(db: Db | Tx): Promise<{ hours: number; paid: number }> {
  const [row] = rowsOf<{ hours: number; paid: number }>(
    await db.execute(sql`select (select count(*)::int from sales_hourly where count <> 0) as hours,
      (select count(*)::int from sales where (paid_cash, paid_card, paid_transfer) <> (0, 0, 0)) as paid`),
  );
  return row;
}
