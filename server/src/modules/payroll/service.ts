import {
  formatKopecks,
  hasRule,
  missingRuleMessage,
  payoutComment,
  payrollMessages as msg,
  ruleScope,
  type Accrual,
  type Action,
  type Adjustment,
  type Payout,
} from '@repo/contracts';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { cashboxes, employees, payrollAdjustments, payrollPayouts } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, forbidden, invalidInput, notFound } from '../../lib/errors';
import { idempotent, type StoredAnswer } from '../../lib/idempotency';
import { rowsOf } from '../../lib/sql';
import { checkOperation, postOperation, systemCategory } from '../finance/service';
import { employeeInScope } from '../people/service';
import type { accrualsQuerySchema, createAdjustmentRequestSchema, createPayoutRequestSchema } from '@repo/contracts';
import { addDays, baseFor, dayStart, daysBetween, firstOfMonth, moscowDay } from './base';

/**
 * Pay (server/docs/payroll.md): the statement of a period per employee (monthly base by calendar days,
 * commission from the ledger `commissions.ts` writes, bonuses and penalties, payouts), bonuses and
 * penalties by hand, payouts as finance expenses in the system category «Зарплата». Every change runs in
 * one transaction and is audited and published as `payroll` (id: the employee).
 */

const ENTITY = 'payroll' as const;
type Conn = Ctx['db'] | Tx;
const rub = formatKopecks;

interface EmployeeRow {
  id: string;
  name: string;
  position: string | null;
  active: boolean;
  allLocations: boolean;
  createdAt: Date;
  blockedAt: Date | null;
  salary: { monthlyBase: number; rules: unknown[] };
}

// ---------------------------------------------------------------------------------------------------
// Access

async function locationsOf(db: Conn, employeeIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!employeeIds.length) return out;
  const rows = rowsOf<{ employee_id: string; location_id: string }>(
    await db.execute(sql`select employee_id, location_id from employee_locations where employee_id in (${sql.join(employeeIds.map((id) => sql`${id}`), sql`, `)})`),
  );
  for (const r of rows) out.set(r.employee_id, [...(out.get(r.employee_id) ?? []), r.location_id]);
  return out;
}

/** May the employee asking act (`action:payroll`) on this employee's pay? own: oneself; location: employees of the current location; all: anyone. */
function mayActOn(ctx: Ctx, action: Action, e: EmployeeRow, locs: string[]): boolean {
  const scope = ruleScope(ctx.auth.rules, action, ENTITY);
  return !!scope && employeeInScope(ctx.auth, ctx.locationId, scope, { id: e.id, allLocations: e.allLocations, locationIds: locs });
}

const employeeColumns = {
  id: employees.id,
  name: employees.name,
  position: employees.position,
  active: employees.active,
  allLocations: employees.allLocations,
  createdAt: employees.createdAt,
  blockedAt: employees.blockedAt,
  salary: employees.salary,
};

async function findEmployee(db: Conn, id: string, lock = false): Promise<EmployeeRow | null> {
  const q = db.select(employeeColumns).from(employees).where(eq(employees.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return (row as EmployeeRow | undefined) ?? null;
}

/** An employee whose pay the asker may change (`action`): 400 on the field when unknown, 403 outside the scope. */
async function targetEmployee(ctx: Ctx, tx: Tx, id: string, action: Action, lock = false): Promise<EmployeeRow> {
  const e = await findEmployee(tx, id, lock);
  if (!e) throw invalidInput({ employeeId: msg.employeeNotFound }, msg.employeeNotFound);
  if (!mayActOn(ctx, action, e, (await locationsOf(tx, [e.id])).get(e.id) ?? [])) throw forbidden(missingRuleMessage(`${action}:${ENTITY}`));
  return e;
}

// ---------------------------------------------------------------------------------------------------
// The statement

/** The period's lines of a statement as JSON text from the database (see `serializeAccruals`). */
export const rawLines = Symbol('rawLines');
type Statement = Omit<Accrual, 'name' | 'position' | 'active' | 'employeeId'> & { [rawLines]?: string; lineCount?: number };

/**
 * `GET /api/payroll/accruals`'s answer as JSON: each accrual with its lines spliced in from the database's
 * text. A symbol-keyed property survives the object spreads on the way and is invisible to JSON.stringify.
 */
export function serializeAccruals(data: unknown): string {
  if (!Array.isArray(data)) return JSON.stringify(data);
  const parts = (data as Array<Accrual & { [rawLines]?: string; lineCount?: number }>).map((a) => {
    const { lines, lineCount: _count, ...rest } = a;
    const head = JSON.stringify(rest);
    return `${head.slice(0, -1)},"lines":${a[rawLines] ?? JSON.stringify(lines)}}`;
  });
  return `[${parts.join(',')}]`;
}

const hiredDay = (e: EmployeeRow) => moscowDay(e.createdAt);
const leftDay = (e: EmployeeRow) => (e.blockedAt && !e.active ? moscowDay(e.blockedAt) : null);

/** The period's commission rows per employee: their sum, count and the lines as JSON text. */
async function commissionLines(db: Conn, ids: SQL, fromTs: string, toTs: string) {
  return rowsOf<{ employee_id: string; lines: string | null; amount: string; count: string | null }>(
    await db.execute(sql`select employee_id, sum(amount)::text as amount, count(*)::text as count, '[' || string_agg('{"kind":"' || kind || '","documentType":"' || document_type || '","documentId":"' || document_id || '","number":' || to_json(number)::text
        || ',"at":"' || to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","basis":' || basis || ',"percent":' || trim_scale(percent_bp / 100.0)
        || ',"amount":' || amount || ',"reversal":' || reversal || '}', ',' order by at, document_id, kind, reversal, id) || ']' as lines
      from payroll_commissions where employee_id in (${ids}) and at >= ${fromTs}::timestamptz and at < ${toTs}::timestamptz group by employee_id`),
  );
}

/**
 * The period's commission per employee without the lines: whole calendar months from
 * `payroll_commission_months` (kept with the rows, Moscow months), the partial months at the edges from the rows.
 */
async function commissionSums(db: Conn, ids: SQL, from: string, to: string) {
  const firstFull = from === firstOfMonth(from) ? from : firstOfMonth(addDays(firstOfMonth(from), 31));
  const endFull = firstOfMonth(addDays(to, 1));
  const whole = firstFull < endFull;
  const ts = (day: string) => dayStart(day).toISOString();
  const edges = whole
    ? sql`(at >= ${ts(from)}::timestamptz and at < ${ts(firstFull)}::timestamptz) or (at >= ${ts(endFull)}::timestamptz and at < ${ts(addDays(to, 1))}::timestamptz)`
    : sql`at >= ${ts(from)}::timestamptz and at < ${ts(addDays(to, 1))}::timestamptz`;
  return rowsOf<{ employee_id: string; lines: string | null; amount: string; count: string | null }>(
    await db.execute(sql`select employee_id, sum(amount)::text as amount, null as count, null as lines from (
        ${whole ? sql`select employee_id, amount from payroll_commission_months where employee_id in (${ids}) and month >= ${firstFull}::date and month < ${endFull}::date union all` : sql``}
        select employee_id, amount from payroll_commissions where employee_id in (${ids}) and (${edges})
      ) c group by employee_id`),
  );
}

/**
 * The statements of `list` over [from, to]: a handful of set-based reads (the period's ledger rows, the
 * months before it from the rollup, adjustments and payouts), the base computed here.
 */
async function statements(db: Conn, list: EmployeeRow[], from: string, to: string, withLines = true): Promise<Map<string, Statement>> {
  const out = new Map<string, Statement>();
  if (!list.length) return out;
  const ids = sql.join(list.map((e) => sql`${e.id}`), sql`, `);
  const fromTs = dayStart(from).toISOString();
  const toTs = dayStart(addDays(to, 1)).toISOString();
  const monthTs = dayStart(firstOfMonth(from)).toISOString();
  // The period's ledger rows, aggregated to JSON per employee in the database: one row per employee
  // instead of tens of thousands to parse (bench/payroll.ts: a month of a busy chain is ~35k lines).
  // Without the lines, the whole months of the period come from the monthly rollup and only the partial
  // months at its edges from the rows (a year's report: 12 rows per employee instead of ~500k rows).
  const lineRows = withLines ? await commissionLines(db, ids, fromTs, toTs) : await commissionSums(db, ids, from, to);
  // Commission before the period: the monthly rollup up to `from`'s month, and that month's rows before
  // `from`; or, past the middle of the month, the rollup up to its end less its rows from `from` on (the
  // shorter run of rows either way).
  const nextMonth = firstOfMonth(addDays(firstOfMonth(from), 31));
  const late = daysBetween(from, nextMonth) < daysBetween(firstOfMonth(from), from);
  const before = rowsOf<{ employee_id: string; amount: string }>(
    await db.execute(sql`select employee_id, sum(amount)::text as amount from (
        select employee_id, amount from payroll_commission_months where employee_id in (${ids}) and month < ${late ? nextMonth : firstOfMonth(from)}::date
        union all
        ${
          late
            ? sql`select employee_id, -amount from payroll_commissions where employee_id in (${ids}) and at >= ${fromTs}::timestamptz and at < ${dayStart(nextMonth).toISOString()}::timestamptz`
            : sql`select employee_id, amount from payroll_commissions where employee_id in (${ids}) and at >= ${monthTs}::timestamptz and at < ${fromTs}::timestamptz`
        }
      ) c group by employee_id`),
  );
  const adjustments = rowsOf<{ id: string; employee_id: string; kind: 'bonus' | 'penalty'; amount: string; date: string; comment: string; author_id: string | null; author_name: string | null; created_at: string | Date }>(
    await db.execute(sql`select a.id, a.employee_id, a.kind, a.amount, a.date::text as date, a.comment, a.author_id, au.name as author_name, a.created_at
      from payroll_adjustments a left join employees au on au.id = a.author_id where a.employee_id in (${ids}) and a.date <= ${to}::date order by a.date, a.created_at`),
  );
  const payouts = rowsOf<{ id: string; employee_id: string; amount: string; cashbox_id: string; cashbox_name: string; operation_id: string; operation_number: string; date: string; comment: string | null; author_name: string | null; cancelled: boolean }>(
    await db.execute(sql`select p.id, p.employee_id, p.amount, p.cashbox_id, b.name as cashbox_name, p.operation_id, o.number as operation_number, p.date::text as date, p.comment,
        au.name as author_name, (o.status = 'cancelled') as cancelled
      from payroll_payouts p join cash_operations o on o.id = p.operation_id join cashboxes b on b.id = p.cashbox_id left join employees au on au.id = p.author_id
      where p.employee_id in (${ids}) and p.date <= ${to}::date order by p.date, p.created_at`),
  );
  // The base is earned day by day: never for days still ahead (a month's statement on the 10th has 10 days of it).
  const today = moscowDay(new Date());
  const baseTo = to < today ? to : today;
  for (const e of list) {
    const hired = hiredDay(e);
    const left = leftDay(e);
    const monthly = Number(e.salary?.monthlyBase ?? 0);
    const base = from <= baseTo ? baseFor(monthly, hired, left, from, baseTo) : 0;
    const openingBase = hired < from ? baseFor(monthly, hired, left, hired, addDays(from, -1)) : 0;
    out.set(e.id, { base, commission: 0, bonuses: 0, penalties: 0, total: 0, paid: 0, opening: openingBase, due: 0, lines: [], adjustments: [], payouts: [] });
  }
  for (const r of lineRows) {
    const st = out.get(r.employee_id)!;
    st.commission = Number(r.amount);
    // Kept as the database wrote it: the route splices it into the answer (`serializeAccruals`) instead of
    // parsing ~8 MB of a busy month's lines to write them out again. `lines` stays [] until someone asks.
    if (r.lines) {
      st[rawLines] = r.lines;
      st.lineCount = Number(r.count);
    }
  }
  for (const r of before) out.get(r.employee_id)!.opening += Number(r.amount);
  for (const a of adjustments) {
    const s = out.get(a.employee_id)!;
    const amount = Number(a.amount);
    const signed = a.kind === 'bonus' ? amount : -amount;
    if (a.date < from) {
      s.opening += signed;
      continue;
    }
    if (a.kind === 'bonus') s.bonuses += amount;
    else s.penalties += amount;
    s.adjustments.push({ id: a.id, employeeId: a.employee_id, kind: a.kind, amount, date: a.date, comment: a.comment, authorId: a.author_id, authorName: a.author_name, createdAt: new Date(a.created_at).toISOString() });
  }
  for (const p of payouts) {
    const s = out.get(p.employee_id)!;
    const amount = Number(p.amount);
    if (p.date < from) {
      if (!p.cancelled) s.opening -= amount;
      continue;
    }
    if (!p.cancelled) s.paid += amount;
    s.payouts.push({ id: p.id, employeeId: p.employee_id, amount, cashboxId: p.cashbox_id, cashboxName: p.cashbox_name, operationId: p.operation_id, operationNumber: p.operation_number, date: p.date, comment: p.comment, authorName: p.author_name, cancelled: p.cancelled });
  }
  for (const s of out.values()) {
    s.total = s.base + s.commission + s.bonuses - s.penalties;
    s.due = s.opening + s.total - s.paid;
  }
  return out;
}

/** The statements of some employees over [from, to] (demo data, bench). */
export async function statementsFor(db: Conn, ids: string[], from: string, to: string): Promise<Map<string, Statement>> {
  if (!ids.length) return new Map();
  const list = (await db.select(employeeColumns).from(employees).where(inArray(employees.id, ids))) as EmployeeRow[];
  return statements(db, list, from, to);
}

const hasScheme = (e: EmployeeRow) => Number(e.salary?.monthlyBase ?? 0) > 0 || (Array.isArray(e.salary?.rules) && e.salary.rules.length > 0);
const isEmpty = (s: Statement) => !s.opening && !s.total && !s.commission && !s.paid && !s.lines.length && !s.lineCount && !s.adjustments.length && !s.payouts.length;

/** `GET /api/payroll/accruals`: one's own always; others by `view:payroll` (own / location / all). */
export async function listAccruals(ctx: Ctx, q: z.output<typeof accrualsQuerySchema>): Promise<Accrual[]> {
  if (daysBetween(q.from, q.to) > 366) throw invalidInput({ to: msg.periodTooLong }, msg.periodTooLong);
  const db = ctx.db;
  let list: EmployeeRow[];
  if (q.employeeId) {
    const e = await findEmployee(db, q.employeeId);
    if (!e) throw notFound(msg.employeeNotFound);
    if (e.id !== ctx.auth.employeeId && !mayActOn(ctx, 'view', e, (await locationsOf(db, [e.id])).get(e.id) ?? [])) throw forbidden(missingRuleMessage(`view:${ENTITY}`));
    list = [e];
  } else {
    const scope = ruleScope(ctx.auth.rules, 'view', ENTITY);
    const where =
      scope === 'all'
        ? undefined
        : scope === 'location' && ctx.locationId
          ? sql`(${employees.id} = ${ctx.auth.employeeId} or ${employees.allLocations} or exists (select 1 from employee_locations el where el.employee_id = ${employees.id} and el.location_id = ${ctx.locationId}))`
          : eq(employees.id, ctx.auth.employeeId);
    list = (await db.select(employeeColumns).from(employees).where(where).orderBy(employees.name)) as EmployeeRow[];
  }
  const byId = await statements(db, list, q.from, q.to, q.lines);
  return list
    .filter((e) => q.employeeId || e.id === ctx.auth.employeeId || hasScheme(e) || !isEmpty(byId.get(e.id)!))
    .map((e) => ({ employeeId: e.id, name: e.name, position: e.position, active: e.active, ...byId.get(e.id)! }));
}

/** What is owed to an employee now: everything accrued up to today (Moscow) − everything paid. */
export async function owedNow(db: Conn, e: EmployeeRow): Promise<number> {
  const today = moscowDay(new Date());
  const s = (await statements(db, [e], today, today)).get(e.id)!;
  return s.due;
}

// ---------------------------------------------------------------------------------------------------
// Bonuses and penalties

async function adjustmentOut(db: Conn, id: string): Promise<Adjustment> {
  const [a] = rowsOf<{ id: string; employee_id: string; kind: 'bonus' | 'penalty'; amount: string; date: string; comment: string; author_id: string | null; author_name: string | null; created_at: string | Date }>(
    await db.execute(sql`select a.id, a.employee_id, a.kind, a.amount, a.date::text as date, a.comment, a.author_id, au.name as author_name, a.created_at
      from payroll_adjustments a left join employees au on au.id = a.author_id where a.id = ${id}`),
  );
  return { id: a.id, employeeId: a.employee_id, kind: a.kind, amount: Number(a.amount), date: a.date, comment: a.comment, authorId: a.author_id, authorName: a.author_name, createdAt: new Date(a.created_at).toISOString() };
}

export async function createAdjustment(ctx: Ctx, input: z.output<typeof createAdjustmentRequestSchema>): Promise<Adjustment> {
  return ctx.db.transaction(async (tx) => {
    const e = await targetEmployee(ctx, tx, input.employeeId, 'create');
    const [row] = await tx
      .insert(payrollAdjustments)
      .values({ employeeId: e.id, kind: input.kind, amount: input.amount, date: input.date, comment: input.comment, authorId: ctx.auth.employeeId })
      .returning({ id: payrollAdjustments.id });
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id: e.id,
      action: 'create',
      locationId: null,
      after: { adjustmentId: row.id, kind: input.kind, amount: input.amount, date: input.date, comment: input.comment },
    });
    return adjustmentOut(tx, row.id);
  });
}

export async function deleteAdjustment(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [a] = await tx.select().from(payrollAdjustments).where(eq(payrollAdjustments.id, id)).for('update');
    if (!a) throw notFound(msg.adjustmentNotFound);
    const e = await findEmployee(tx, a.employeeId);
    if (!e || !mayActOn(ctx, 'delete', e, (await locationsOf(tx, [e.id])).get(e.id) ?? [])) throw forbidden(missingRuleMessage(`delete:${ENTITY}`));
    await tx.delete(payrollAdjustments).where(eq(payrollAdjustments.id, id));
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id: e.id,
      action: 'delete',
      locationId: null,
      before: { adjustmentId: a.id, kind: a.kind, amount: a.amount, date: a.date, comment: a.comment },
      event: { type: 'updated' },
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Payouts

/**
 * `POST /api/payroll/payouts` (Idempotency-Key): a finance expense in the system category «Зарплата» from
 * a cashbox of a location the payer works in, through the finance service (cash ledger, balances, shift;
 * 409 `insufficient_funds`). The employee's row is locked first, so parallel payouts to one employee
 * queue and each sees what the previous paid: more than is owed now is 409 `payout_exceeds_due` unless
 * `confirm`.
 */
export async function createPayout(ctx: Ctx, input: z.output<typeof createPayoutRequestSchema>, key: string | null): Promise<StoredAnswer<Payout>> {
  if (!hasRule(ctx.auth.rules, 'create:finance')) throw forbidden(missingRuleMessage('create:finance'));
  return idempotent(ctx, key, 'POST /payroll/payouts', input, 201, async (tx) => {
    const e = await targetEmployee(ctx, tx, input.employeeId, 'create', true);
    const [box] = await tx.select({ id: cashboxes.id, locationId: cashboxes.locationId, name: cashboxes.name }).from(cashboxes).where(eq(cashboxes.id, input.cashboxId));
    if (!box) throw invalidInput({ cashboxId: msg.cashboxNotFound }, msg.cashboxNotFound);
    if (!ctx.auth.locationIds.includes(box.locationId)) throw forbidden(msg.foreignCashbox);
    const owed = await owedNow(tx, e);
    if (input.amount > owed && !input.confirm) throw new AppError(409, 'payout_exceeds_due', msg.exceedsDue(rub(Math.max(owed, 0)), rub(input.amount)));
    const categoryId = await systemCategory(tx, 'salary');
    const [payout] = await tx.execute<{ id: string }>(sql`select gen_random_uuid() as id`).then((r) => rowsOf<{ id: string }>(r));
    const fields = await checkOperation(ctx, tx, {
      kind: 'expense',
      cashboxId: box.id,
      amount: input.amount,
      categoryId,
      comment: payoutComment(e.name, input.comment),
      documentType: 'payroll_payout',
      documentId: payout.id,
      documentNumber: null,
    });
    const op = await postOperation(ctx, tx, fields);
    const date = moscowDay(op.at);
    await tx.insert(payrollPayouts).values({ id: payout.id, employeeId: e.id, amount: input.amount, cashboxId: box.id, operationId: op.id, date, comment: input.comment ?? null, authorId: ctx.auth.employeeId });
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id: e.id,
      action: 'create',
      locationId: box.locationId,
      after: { payoutId: payout.id, amount: input.amount, cashboxId: box.id, operationNumber: op.number, ...(input.amount > owed ? { advance: input.amount - Math.max(owed, 0) } : {}) },
    });
    return {
      id: payout.id,
      employeeId: e.id,
      amount: input.amount,
      cashboxId: box.id,
      cashboxName: box.name,
      operationId: op.id,
      operationNumber: op.number,
      date,
      comment: input.comment ?? null,
      authorName: ctx.auth.name,
      cancelled: false,
    };
  });
}

