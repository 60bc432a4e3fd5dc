import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * What a restored database is compared by (backup.test.ts, backup-cross-engine.test.ts): every table's rows
 * and the ledgers' sums. Read with the same session settings on both engines, so PGlite and PostgreSQL
 * print a row the same way (timestamps in UTC).
 */
export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Per table (but `backup_runs`, the backups' own log): its row count and a digest of all its rows, in a fixed order. */
export async function fingerprint(database: Database): Promise<Record<string, { n: number; digest: string }>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local extra_float_digits = 1`);
    const tables = ((await tx.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)) as unknown as { rows: Array<{ name: string }> }).rows;
    const out: Record<string, { n: number; digest: string }> = {};
    for (const { name } of tables) {
      if (name === 'backup_runs') continue;
      const [r] = ((await tx.execute(
        sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(j, E'\\n' order by j collate "C"), '')) as digest from (select to_jsonb(t)::text as j from public."${name}" t) x`),
      )) as unknown as { rows: Array<{ n: number; digest: string | null }> }).rows;
      out[name] = { n: r.n, digest: r.digest ?? '' };
    }
    return out;
  });
}

/** The ledgers' own sums and whether the stock ledger agrees with its balances. */
export async function ledgers(database: Database) {
  const [r] = await rows<{ stock_qty: string; stock_value: string; balances_qty: string; cash: string; client_ledger: string; client_balances: string; sales_hourly: string }>(
    database,
    sql`select
      (select coalesce(sum(qty), 0)::text from stock_movements) as stock_qty,
      (select coalesce(sum(value), 0)::text from stock_movements) as stock_value,
      (select coalesce(sum(qty), 0)::text from stock_balances) as balances_qty,
      (select coalesce(sum(amount), 0)::text from cash_movements) as cash,
      (select coalesce(sum(amount), 0)::text from client_ledger) as client_ledger,
      (select coalesce(sum(balance), 0)::text from counterparties) as client_balances,
      (select coalesce(sum(count), 0)::text || '/' || coalesce(sum(total), 0)::text || '/' || coalesce(sum(paid_cash + paid_card + paid_transfer), 0)::text from sales_hourly) as sales_hourly`,
  );
  const [disagree] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from (select m.warehouse_id, m.product_id, sum(m.qty) q from stock_movements m where m.warehouse_id is not null group by 1, 2) m
      full join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id where coalesce(m.q, 0) <> coalesce(b.qty, 0)`,
  );
  return { ...r, stockDisagree: disagree.n };
}
