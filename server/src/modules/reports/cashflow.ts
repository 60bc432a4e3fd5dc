import { previousPeriod, type cashflowReportQuerySchema, type CashflowReport, type CashflowReportRow } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx';
import { rowsOf } from '../../lib/sql';
import { reportScope } from './access';
import type { XlsxColumn } from './xlsx';

/**
 * The cash-flow report (server/docs/reports.md «Cash flow») from `report_cash_days`, the cash ledger's
 * summary per cashbox, Moscow day and category that the database keeps with every ledger row (migration
 * 0036). One statement over the cashboxes of the report's shops, from the previous period's first day on:
 * - the period's and the previous period's income and expense per key (category or cashbox);
 * - the net of every day from `from` on (to today and beyond), which the cashboxes' balance now
 *   (`cash_balances`, kept with the same rows) less gives the opening balance at the start of `from`;
 * in one snapshot, so a posting committing meanwhile is either in all of them or in none.
 */

type Query = z.output<typeof cashflowReportQuerySchema>;

const TRANSFER_LABEL = 'Перемещения между кассами';
const NO_CATEGORY = 'Без статьи';

interface Sums {
  income: number;
  expense: number;
}
const net = (s: Sums) => ({ income: s.income, expense: s.expense, net: s.income - s.expense });

/** The cut each report was made with, for its Excel columns (`columns(report)` gets only the report). */
const cutOf = new WeakMap<CashflowReport, Query['by']>();

export async function cashflowReport(ctx: Ctx, query: Query): Promise<CashflowReport> {
  const { locationIds } = reportScope(ctx, query.allLocations);
  const prev = previousPeriod(query);
  const boxes = rowsOf<{ id: string; name: string; location_name: string }>(
    await ctx.db.execute(sql`select c.id, c.name, l.name as location_name from cashboxes c join locations l on l.id = c.location_id
      where c.location_id = any(${sql.param(locationIds)}::uuid[]) order by l.name, c.name, c.id`),
  );
  const boxIds = sql`${sql.param(boxes.map((b) => b.id))}::uuid[]`;
  const key = query.by === 'category' ? sql.raw('category_key') : sql.raw('cashbox_id::text');
  const { from, to } = query;
  const result = rowsOf<{ key: string | null; c_in: string; c_out: string; p_in: string; p_out: string; since: string; balance: string }>(
    await ctx.db.execute(sql`select ${key} as key,
        coalesce(sum(income) filter (where day between ${from}::date and ${to}::date), 0)::text as c_in,
        coalesce(sum(expense) filter (where day between ${from}::date and ${to}::date), 0)::text as c_out,
        coalesce(sum(income) filter (where day < ${from}::date), 0)::text as p_in,
        coalesce(sum(expense) filter (where day < ${from}::date), 0)::text as p_out,
        coalesce(sum(income - expense) filter (where day >= ${from}::date), 0)::text as since,
        '0' as balance
      from report_cash_days
      where cashbox_id = any(${boxIds}) and day >= ${prev.from}::date
      group by 1
      union all
      -- The balance even when no summary row matched (an idle period up to today).
      select null, '0', '0', '0', '0', '0', (select coalesce(sum(balance), 0) from cash_balances where cashbox_id = any(${boxIds}))::text`),
  );
  const cur = new Map<string, Sums>();
  const before: Sums = { income: 0, expense: 0 };
  let since = 0;
  let balance = 0;
  for (const r of result) {
    if (r.key === null) {
      balance = Number(r.balance);
      continue;
    }
    cur.set(r.key, { income: Number(r.c_in), expense: Number(r.c_out) });
    before.income += Number(r.p_in);
    before.expense += Number(r.p_out);
    since += Number(r.since);
  }
  const totals = [...cur.values()].reduce((a, s) => ({ income: a.income + s.income, expense: a.expense + s.expense }), { income: 0, expense: 0 });
  const opening = balance - since;
  const prevOpening = opening - (before.income - before.expense);
  const rows = query.by === 'category' ? await byCategory(ctx, cur) : byCashbox(boxes, cur, locationIds.length > 1);
  const report: CashflowReport = {
    from,
    to,
    opening,
    closing: opening + totals.income - totals.expense,
    rows,
    totals: net(totals),
    previous: { ...prev, opening: prevOpening, closing: opening, totals: net(before) },
  };
  cutOf.set(report, query.by);
  return report;
}

/**
 * Rows by category (only those that moved money in the period): income categories by income, then expense
 * ones by expense (largest first), then «Без статьи» and the transfers between cashboxes.
 */
async function byCategory(ctx: Ctx, cur: Map<string, Sums>): Promise<CashflowReportRow[]> {
  const moved = [...cur.entries()].filter(([, s]) => s.income !== 0 || s.expense !== 0);
  const ids = moved.map(([k]) => k).filter((k) => k !== '-' && k !== 'transfer');
  const categories = new Map(
    (ids.length
      ? rowsOf<{ id: string; name: string; kind: 'income' | 'expense' }>(await ctx.db.execute(sql`select id::text as id, name, kind from finance_categories where id = any(${sql.param(ids)}::uuid[])`))
      : []
    ).map((c) => [c.id, c]),
  );
  const rank = (k: string) => (k === 'transfer' ? 3 : k === '-' ? 2 : categories.get(k)?.kind === 'expense' ? 1 : 0);
  return moved
    .map(([k, s]) => ({ key: k, label: k === 'transfer' ? TRANSFER_LABEL : k === '-' ? NO_CATEGORY : (categories.get(k)?.name ?? k), ...net(s) }))
    .sort((a, b) => rank(a.key) - rank(b.key) || (rank(a.key) === 1 ? b.expense - a.expense : b.income - a.income) || a.label.localeCompare(b.label, 'ru'));
}

/** Rows by cashbox: every cashbox of the report's shops, by shop and name; the shop's name with it over several shops. */
function byCashbox(boxes: Array<{ id: string; name: string; location_name: string }>, cur: Map<string, Sums>, withShop: boolean): CashflowReportRow[] {
  return boxes.map((b) => ({ key: b.id, label: withShop ? `${b.location_name} — ${b.name}` : b.name, ...net(cur.get(b.id) ?? { income: 0, expense: 0 }) }));
}

const ruDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

export const fileName = (r: CashflowReport) => `Движение денег ${ruDate(r.from)}–${ruDate(r.to)}`;

export const columns = (r: CashflowReport): XlsxColumn<CashflowReportRow>[] => {
  return [
    { header: cutOf.get(r) === 'cashbox' ? 'Касса' : 'Статья', width: 36, type: 'text', value: (x) => x.label },
    { header: 'Приход, ₽', width: 18, type: 'money', value: (x) => x.income },
    { header: 'Расход, ₽', width: 18, type: 'money', value: (x) => x.expense },
    { header: 'Итого, ₽', width: 18, type: 'money', value: (x) => x.net },
  ];
};

export const totalsRow = (r: CashflowReport): CashflowReportRow => ({ key: 'total', label: 'Итого', ...r.totals });
