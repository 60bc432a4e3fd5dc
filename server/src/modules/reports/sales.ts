import { previousPeriod, type salesReportQuerySchema, type SalesReport, type SalesReportRow, type SalesReportTotals } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx';
import { rowsOf } from '../../lib/sql';
import { reportScope } from './access';
import { averageOf, marginOf } from './period';
import { withoutJit } from './stock';
import type { XlsxColumn } from './xlsx';

/**
 * The sales and gross profit report (server/docs/reports.md «Sales»), read from the summary the database
 * keeps with the journal (`report_sales_days`, migration 0035): the period's days of the chosen shops
 * summed by period bucket (day, ISO week from Monday, month) and cut (shop, seller, category, none). Two
 * grouped reads at once: the period's rows and the previous period's totals.
 */

type Query = z.output<typeof salesReportQuerySchema>;

/** `employee_key` / `category_key` of «no seller» / «no category». */
const NONE_UUID = '00000000-0000-0000-0000-000000000000';

const labels = {
  none: 'Все продажи',
  noEmployee: 'Без продавца',
  noCategory: 'Без категории',
  /** A key whose row is gone (a category deleted since: the summary keeps its sales under its id). */
  gone: { none: '', location: 'Магазин удалён', employee: 'Сотрудник удалён', category: 'Категория удалена' },
} as const;

/** What the summary sums for a row or a period. */
interface Sums {
  sales: number;
  cost: number;
  returns: number;
  returnCost: number;
  /** Sales (checks); by category, the sales with a line of it. */
  count: number;
}

function figures(s: Sums, seesCost: boolean): SalesReportTotals {
  const revenue = s.sales - s.returns;
  const cost = s.cost - s.returnCost;
  return {
    revenue,
    cost: seesCost ? cost : null,
    grossProfit: seesCost ? revenue - cost : null,
    margin: seesCost ? marginOf(revenue - cost, revenue) : null,
    count: s.count,
    avgCheck: averageOf(revenue, s.count),
    returns: s.returns,
  };
}

type SumRow = { sales: string; cost: string; returns: string; return_cost: string; checks: string; cnt: string };
const sumsOf = (r: SumRow | undefined, count: 'checks' | 'cnt'): Sums => ({
  sales: Number(r?.sales ?? 0),
  cost: Number(r?.cost ?? 0),
  returns: Number(r?.returns ?? 0),
  returnCost: Number(r?.return_cost ?? 0),
  count: Number(r?.[count] ?? 0),
});

/** The cut each report was made with, for its Excel columns (`columns(report)` gets only the report). */
const cutOf = new WeakMap<SalesReport, Query['by']>();

export async function salesReport(ctx: Ctx, query: Query): Promise<SalesReport> {
  const { locationIds, seesCost } = reportScope(ctx, query.allLocations);
  const prev = previousPeriod(query);
  const locs = sql`${sql.param(locationIds)}::uuid[]`;
  // `day::timestamp`: date_trunc of a plain timestamp, the same whatever the session's time zone.
  const bucket = query.groupBy === 'day' ? sql`day` : sql`date_trunc(${query.groupBy}, day::timestamp)::date`;
  const key = { none: sql`'none'`, location: sql`location_id::text`, employee: sql`employee_key::text`, category: sql`category_key::text` }[query.by];
  const count = query.by === 'category' ? sql`category_checks` : sql`checks`;
  const sums = sql`coalesce(sum(sales), 0)::text as sales, coalesce(sum(cost), 0)::text as cost, coalesce(sum(returns), 0)::text as returns,
    coalesce(sum(return_cost), 0)::text as return_cost, coalesce(sum(checks), 0)::text as checks, coalesce(sum(${count}), 0)::text as cnt`;

  const [grouped, before] = await Promise.all([
    withoutJit(ctx, sql`select ${bucket}::text as period, ${key} as key, ${sums}
      from report_sales_days
      where location_id = any(${locs}) and day between ${query.from}::date and ${query.to}::date
      group by 1, 2`),
    withoutJit(ctx, sql`select ${sums} from report_sales_days
      where location_id = any(${locs}) and day between ${prev.from}::date and ${prev.to}::date`),
  ]);
  // A key whose sales were all cancelled keeps a row of zeros in the summary: not a row of the report.
  const found = rowsOf<SumRow & { period: string; key: string }>(grouped).filter((r) => [r.sales, r.cost, r.returns, r.return_cost, r.checks, r.cnt].some((v) => Number(v) !== 0));
  const names = await labelsOf(ctx, query.by, [...new Set(found.map((r) => r.key))]);
  const rows: SalesReportRow[] = found
    .map((r) => {
      const k = r.key === NONE_UUID ? '-' : r.key;
      return { period: r.period, key: k, label: names.get(r.key) ?? labels.gone[query.by], ...figures(sumsOf(r, 'cnt'), seesCost) };
    })
    .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : (a.key === '-' ? 1 : 0) - (b.key === '-' ? 1 : 0) || a.label.localeCompare(b.label, 'ru') || (a.key < b.key ? -1 : 1)));

  const total = found.reduce<Sums>(
    (s, r) => {
      const x = sumsOf(r, 'checks');
      return { sales: s.sales + x.sales, cost: s.cost + x.cost, returns: s.returns + x.returns, returnCost: s.returnCost + x.returnCost, count: s.count + x.count };
    },
    { sales: 0, cost: 0, returns: 0, returnCost: 0, count: 0 },
  );
  const report: SalesReport = {
    from: query.from,
    to: query.to,
    rows,
    totals: figures(total, seesCost),
    previous: { ...prev, totals: figures(sumsOf(rowsOf<SumRow>(before)[0], 'checks'), seesCost) },
  };
  cutOf.set(report, query.by);
  return report;
}

/** The cut's labels by key: shop and seller names, categories as «Parent / Child». */
async function labelsOf(ctx: Ctx, by: Query['by'], keys: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (by === 'none') {
    out.set('none', labels.none);
    return out;
  }
  out.set(NONE_UUID, by === 'employee' ? labels.noEmployee : labels.noCategory);
  const ids = keys.filter((k) => k !== NONE_UUID);
  if (!ids.length) return out;
  const list = sql`${sql.param(ids)}::uuid[]`;
  const named = rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(
      by === 'location'
        ? sql`select id::text, name from locations where id = any(${list})`
        : by === 'employee'
          ? sql`select id::text, name from employees where id = any(${list})`
          : sql`select c.id::text, concat_ws(' / ', p.name, c.name) as name from categories c left join categories p on p.id = c.parent_id where c.id = any(${list})`,
    ),
  );
  for (const r of named) out.set(r.id, r.name);
  return out;
}

const ruDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

export const fileName = (r: SalesReport) => `Продажи ${ruDate(r.from)}–${ruDate(r.to)}`;

type Row = SalesReport['rows'][number];

/** The table's columns: the cut's only when there is one, cost, profit and margin only with `see_cost`. */
export function columns(r: SalesReport): XlsxColumn<Row>[] {
  const by = cutOf.get(r) ?? (r.rows.some((x) => x.key !== 'none') ? 'location' : 'none');
  const cut = { none: null, location: 'Магазин', employee: 'Продавец', category: 'Категория' }[by];
  const seesCost = r.totals.cost !== null;
  return [
    { header: 'Период', width: 12, type: 'date', value: (x) => x.period },
    ...(cut ? [{ header: cut, width: 32, type: 'text' as const, value: (x: Row) => x.label }] : []),
    { header: 'Выручка, ₽', width: 16, type: 'money', value: (x) => x.revenue },
    ...(seesCost
      ? [
          { header: 'Себестоимость, ₽', width: 16, type: 'money' as const, value: (x: Row) => x.cost },
          { header: 'Валовая прибыль, ₽', width: 18, type: 'money' as const, value: (x: Row) => x.grossProfit },
          { header: 'Маржа, %', width: 10, type: 'percent' as const, value: (x: Row) => x.margin },
        ]
      : []),
    { header: 'Чеков', width: 10, type: 'int', value: (x) => x.count },
    { header: 'Средний чек, ₽', width: 16, type: 'money', value: (x) => x.avgCheck },
    { header: 'Возвраты, ₽', width: 14, type: 'money', value: (x) => x.returns },
  ];
}

/** The totals under the rows (the first cell says «Итого»). */
export const totalsRow = (r: SalesReport): Row => ({ period: '', key: 'total', label: '', ...r.totals });
