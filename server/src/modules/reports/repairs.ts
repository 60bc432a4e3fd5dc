import { previousPeriod, type repairsReportQuerySchema, type OverdueOrder, type RepairsReport, type RepairsReportRow } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx';
import { rowsOf } from '../../lib/sql';
import { reportScope } from './access';
import type { XlsxColumn } from './xlsx';

/**
 * The repairs report (server/docs/reports.md «Repairs») from `report_repair_days`, the summary per shop,
 * Moscow day, status and engineer that the database keeps with `repair_orders` (migration 0036), from the
 * columns the orders service keeps on the order for it (`ready_at`, `works_total`, `parts_cost`):
 * - `count`: orders accepted (created) in the period, by their current status / their engineer;
 * - `issued`, the mean hours to «ready» and to issue, works revenue and parts margin: orders issued in the
 *   period, by the same key;
 * - the overdue working orders now (from the orders: a figure of now, not of a period).
 * One read of the summary covers the period and the previous one.
 */

type Query = z.output<typeof repairsReportQuerySchema>;
type Totals = RepairsReport['previous']['totals'];

const NO_ENGINEER = 'Без инженера';
/** The summary's engineer key of an order without one. */
const NO_KEY = '00000000-0000-0000-0000-000000000000';

/** Per key and period: what the summary sums. */
interface Sums {
  count: number;
  issued: number;
  readyN: number;
  readyMs: number;
  issueMs: number;
  works: number;
  margin: number;
}
const emptySums = (): Sums => ({ count: 0, issued: 0, readyN: 0, readyMs: 0, issueMs: 0, works: 0, margin: 0 });

function add(a: Sums, b: Sums): Sums {
  return {
    count: a.count + b.count,
    issued: a.issued + b.issued,
    readyN: a.readyN + b.readyN,
    readyMs: a.readyMs + b.readyMs,
    issueMs: a.issueMs + b.issueMs,
    works: a.works + b.works,
    margin: a.margin + b.margin,
  };
}

/** Mean hours with one decimal; null over nothing. */
const hours = (ms: number, n: number) => (n === 0 ? null : Math.round(ms / n / 360_000) / 10);

function figures(s: Sums, seesCost: boolean): Totals {
  return {
    count: s.count,
    issued: s.issued,
    avgHoursToReady: hours(s.readyMs, s.readyN),
    avgHoursToIssue: hours(s.issueMs, s.issued),
    worksRevenue: s.works,
    partsMargin: seesCost ? s.margin : null,
  };
}

/** The cut each report was made with, for its Excel columns (`columns(report)` gets only the report). */
const cutOf = new WeakMap<RepairsReport, Query['by']>();

export async function repairsReport(ctx: Ctx, query: Query): Promise<RepairsReport> {
  const { locationIds, seesCost } = reportScope(ctx, query.allLocations);
  const prev = previousPeriod(query);
  const locs = sql`${sql.param(locationIds)}::uuid[]`;
  const key = query.by === 'status' ? sql.raw(`status_id::text`) : sql.raw(`case when engineer_key = '${NO_KEY}' then '-' else engineer_key::text end`);
  const inPeriod = sql`day >= ${query.from}::date`;

  const [summed, overdueCount, overdue] = await Promise.all([
    // Per key, the sums of the period (c_…) and of the previous one (p_…), one pass over the summary's days.
    ctx.db.execute(sql`select ${key} as key, ${sql.join(
      (['c', 'p'] as const).map((p) => {
        const f = p === 'c' ? inPeriod : sql`not (${inPeriod})`;
        const col = (name: string) => sql.raw(`${p}_${name}`);
        return sql`coalesce(sum(accepted) filter (where ${f}), 0)::int as ${col('count')},
          coalesce(sum(issued) filter (where ${f}), 0)::int as ${col('issued')},
          coalesce(sum(ready_n) filter (where ${f}), 0)::int as ${col('ready_n')},
          coalesce(sum(ready_ms) filter (where ${f}), 0)::text as ${col('ready_ms')},
          coalesce(sum(issue_ms) filter (where ${f}), 0)::text as ${col('issue_ms')},
          coalesce(sum(works) filter (where ${f}), 0)::text as ${col('works')},
          coalesce(sum(margin) filter (where ${f}), 0)::text as ${col('margin')}`;
      }),
      sql`, `,
    )}
      from report_repair_days
      where location_id = any(${locs}) and day >= ${prev.from}::date and day <= ${query.to}::date
      group by 1`),
    // Working orders past their time now, counted index-only (finished ones have no overdue_at anyway).
    ctx.db.execute(sql`select count(*)::int as n from repair_orders where location_id = any(${locs}) and overdue_at <= now() and not finished`),
    // The most overdue: each shop's first 100 in index order, then the first 100 of those.
    ctx.db.execute(sql`select o.id, o.number, o.location_id, s.name as status_name, s.colour as status_colour, e.name as engineer_name, c.name as client_name,
        concat_ws(' ', o.device_type, o.device_brand, o.device_model) as device, o.overdue_at, floor(extract(epoch from now() - o.overdue_at) / 3600)::int as hours
      from unnest(${locs}) l(id)
      cross join lateral (select * from repair_orders x where x.location_id = l.id and x.overdue_at <= now() and not x.finished order by x.overdue_at, x.number limit 100) o
      join order_statuses s on s.id = o.status_id
      join counterparties c on c.id = o.client_id
      left join employees e on e.id = o.engineer_id
      order by o.overdue_at, o.number
      limit 100`),
  ]);

  const cur = new Map<string, Sums>();
  const before = new Map<string, Sums>();
  type SummedRow = Record<`${'c' | 'p'}_${'count' | 'issued' | 'ready_n' | 'ready_ms' | 'issue_ms' | 'works' | 'margin'}`, string | number> & { key: string };
  for (const r of rowsOf<SummedRow>(summed)) {
    for (const [p, m] of [['c', cur], ['p', before]] as const) {
      m.set(r.key, {
        count: Number(r[`${p}_count`]),
        issued: Number(r[`${p}_issued`]),
        readyN: Number(r[`${p}_ready_n`]),
        readyMs: Number(r[`${p}_ready_ms`]),
        issueMs: Number(r[`${p}_issue_ms`]),
        works: Number(r[`${p}_works`]),
        margin: Number(r[`${p}_margin`]),
      });
    }
  }

  const rows = await labelled(ctx, query.by, cur);
  const overdueRows = rowsOf<{
    id: string;
    number: string;
    location_id: string;
    status_name: string;
    status_colour: string;
    engineer_name: string | null;
    client_name: string;
    device: string;
    overdue_at: string | Date;
    hours: number;
  }>(overdue);
  const list: OverdueOrder[] = overdueRows.map((r) => ({
    id: r.id,
    number: r.number,
    locationId: r.location_id,
    statusName: r.status_name,
    statusColour: r.status_colour,
    engineerName: r.engineer_name,
    clientName: r.client_name,
    device: r.device,
    overdueAt: new Date(r.overdue_at).toISOString(),
    hoursOverdue: Math.max(0, Number(r.hours)),
  }));

  const sum = (m: Map<string, Sums>) => [...m.values()].reduce(add, emptySums());
  const totals = { ...figures(sum(cur), seesCost), overdue: Number(rowsOf<{ n: number }>(overdueCount)[0].n) };
  const report: RepairsReport = {
    from: query.from,
    to: query.to,
    rows: rows.map(({ key: k, label, colour }) => ({ key: k, label, colour, ...figures(cur.get(k) ?? emptySums(), seesCost) })),
    totals,
    previous: { ...prev, totals: figures(sum(before), seesCost) },
    overdue: list,
  };
  cutOf.set(report, query.by);
  return report;
}

/**
 * The rows' keys with their labels, in the table's order. By status: every status in the company's order
 * (the chart shows the whole flow), archived ones only when they have orders. By engineer: those with
 * orders, by name, «Без инженера» last.
 */
async function labelled(ctx: Ctx, by: Query['by'], cur: Map<string, Sums>): Promise<Array<{ key: string; label: string; colour: string | null }>> {
  const used = (k: string) => {
    const s = cur.get(k);
    return !!s && (s.count > 0 || s.issued > 0);
  };
  if (by === 'status') {
    const statuses = rowsOf<{ id: string; name: string; colour: string; archived: boolean }>(
      await ctx.db.execute(sql`select id, name, colour, archived_at is not null as archived from order_statuses order by position, created_at`),
    );
    return statuses.filter((s) => !s.archived || used(s.id)).map((s) => ({ key: s.id, label: s.name, colour: s.colour }));
  }
  const ids = [...cur.keys()].filter((k) => k !== '-' && used(k));
  const names = ids.length
    ? rowsOf<{ id: string; name: string }>(await ctx.db.execute(sql`select id, name from employees where id = any(${sql.param(ids)}::uuid[])`))
    : [];
  const rows = names.map((e) => ({ key: e.id, label: e.name, colour: null })).sort((a, b) => a.label.localeCompare(b.label, 'ru'));
  if (used('-')) rows.push({ key: '-', label: NO_ENGINEER, colour: null });
  return rows;
}

const ruDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

export const fileName = (r: RepairsReport) => `Ремонты ${ruDate(r.from)}–${ruDate(r.to)}`;

type Row = RepairsReportRow;

/** The table's columns; the parts margin only with `see_cost` (the report has it as null otherwise). */
export const columns = (r: RepairsReport): XlsxColumn<Row>[] => {
  const cols: XlsxColumn<Row>[] = [
    { header: cutOf.get(r) === 'engineer' ? 'Инженер' : 'Статус', width: 30, type: 'text', value: (x) => x.label },
    { header: 'Принято', width: 12, type: 'int', value: (x) => x.count },
    { header: 'Выдано', width: 12, type: 'int', value: (x) => x.issued },
    { header: 'Часов до готовности', width: 20, type: 'percent', value: (x) => x.avgHoursToReady },
    { header: 'Часов до выдачи', width: 18, type: 'percent', value: (x) => x.avgHoursToIssue },
    { header: 'Выручка за работы, ₽', width: 20, type: 'money', value: (x) => x.worksRevenue },
  ];
  if (r.totals.partsMargin !== null) cols.push({ header: 'Маржа на запчастях, ₽', width: 22, type: 'money', value: (x) => x.partsMargin });
  return cols;
};

export const totalsRow = (r: RepairsReport): Row => {
  const { overdue: _overdue, ...t } = r.totals;
  return { key: 'total', label: 'Итого', colour: null, ...t };
};
