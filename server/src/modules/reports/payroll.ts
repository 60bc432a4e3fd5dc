import { hasRule, missingRuleMessage, previousPeriod, type payrollReportQuerySchema, type PayrollReport, type PayrollReportRow } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx';
import { forbidden } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { listAccruals } from '../payroll/service';
import { reportScope, type ReportScope } from './access';
import type { XlsxColumn } from './xlsx';

/**
 * The pay report (server/docs/reports.md «Pay»): the pay statement (`listAccruals` of the payroll module,
 * without lines) of the period, so its figures are the statement's to the kopeck and its employees those
 * the scope of `view:payroll` shows, kept to the employees who work at one of the report's shops (or at
 * all of them). accrued = the statement's `total`, paid = its `paid`, due = its `due` at the period's end.
 *
 * The statement takes at most 366 days; a longer report is the sum of statements of whole-month spans of
 * at most twelve months (the base is counted per month, commission, bonuses, penalties and payouts per
 * day, so the pieces add up exactly), its `due` the last piece's.
 */

type Query = z.output<typeof payrollReportQuerySchema>;
type Figures = Omit<PayrollReportRow, 'employeeId' | 'name'>;

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const parse = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));

/** [from, to] cut after every twelfth month's end (counted from `from`'s month). */
export function statementSpans(from: string, to: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let start = from;
  while (start <= to) {
    const t = parse(start);
    const d = new Date(t);
    const yearEnd = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 12, 0));
    const end = yearEnd < to ? yearEnd : to;
    out.push([start, end]);
    start = iso(parse(end) + 86_400_000);
  }
  return out;
}

/** The employees of the report's shops, by statement: name and figures over [from, to]. */
async function statement(ctx: Ctx, scope: ReportScope, from: string, to: string): Promise<Map<string, { name: string } & Figures>> {
  const out = new Map<string, { name: string } & Figures>();
  const spans = statementSpans(from, to);
  for (const [i, [a, b]] of spans.entries()) {
    const last = i === spans.length - 1;
    for (const s of await listAccruals(ctx, { from: a, to: b, lines: false })) {
      const row = out.get(s.employeeId) ?? { name: s.name, accrued: 0, paid: 0, due: 0 };
      row.accrued += s.total;
      row.paid += s.paid;
      if (last) row.due = s.due;
      out.set(s.employeeId, row);
    }
  }
  if (out.size === 0) return out;
  const here = new Set(
    rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select e.id from employees e where e.id = any(${sql.param([...out.keys()])}::uuid[])
        and (e.all_locations or exists (select 1 from employee_locations el where el.employee_id = e.id and el.location_id = any(${sql.param(scope.locationIds)}::uuid[])))`),
    ).map((r) => r.id),
  );
  for (const id of [...out.keys()]) if (!here.has(id)) out.delete(id);
  return out;
}

const sum = (list: Figures[]): Figures => list.reduce((a, r) => ({ accrued: a.accrued + r.accrued, paid: a.paid + r.paid, due: a.due + r.due }), { accrued: 0, paid: 0, due: 0 });

export async function payrollReport(ctx: Ctx, query: Query): Promise<PayrollReport> {
  const scope = reportScope(ctx, query.allLocations);
  // Others' pay needs `view:payroll` besides `view:report` (its scope narrows the employees, as the statement's does).
  if (!hasRule(ctx.auth.rules, 'view:payroll')) throw forbidden(missingRuleMessage('view:payroll'));
  const prev = previousPeriod(query);
  const cur = await statement(ctx, scope, query.from, query.to);
  const before = await statement(ctx, scope, prev.from, prev.to);
  const rows: PayrollReportRow[] = [...cur.entries()]
    .map(([employeeId, r]) => ({ employeeId, name: r.name, accrued: r.accrued, paid: r.paid, due: r.due }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return { from: query.from, to: query.to, rows, totals: sum(rows), previous: { ...prev, totals: sum([...before.values()]) } };
}

const ruDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

export const fileName = (r: PayrollReport) => `Зарплата ${ruDate(r.from)}–${ruDate(r.to)}`;

export const columns = (_r: PayrollReport): XlsxColumn<PayrollReportRow>[] => [
  { header: 'Сотрудник', width: 36, type: 'text', value: (x) => x.name },
  { header: 'Начислено, ₽', width: 18, type: 'money', value: (x) => x.accrued },
  { header: 'Выплачено, ₽', width: 18, type: 'money', value: (x) => x.paid },
  { header: 'Долг на конец, ₽', width: 20, type: 'money', value: (x) => x.due },
];

export const totalsRow = (r: PayrollReport): PayrollReportRow => ({ employeeId: '00000000-0000-0000-0000-000000000000', name: 'Итого', ...r.totals });
