/**
 * The pay report (issue #23) through `inject`: its rows equal the pay statement (`GET /api/payroll/accruals`)
 * of the same period — accrued = the statement's total, paid, due at the end — for the employees of the
 * report's shops; over more than a year it still adds up (due = the one-day statement's due at the end,
 * accrued = due − opening + paid); the previous period; the scope of view:payroll narrows it; 403 without
 * view:payroll; the Excel file; the 400s. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { accrualListSchema, payrollReportSchema, previousPeriod, reportMessages, type Accrual, type Location, type PayrollReport } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { rowsOf } from '../src/lib/sql';
import { statementSpans } from '../src/modules/reports/payroll';
import { moscowToday } from '../src/modules/reports/period';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
const today = moscowToday();
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const monthStart = (back: number) => {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
};
const monthEnd = (back: number) => {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - back, 0)).toISOString().slice(0, 10);
};

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterAll(async () => app?.close());

const call = (url: string, token = owner, at = 0) => app.inject({ method: 'GET', url, headers: authHeaders(token, loc[at]._id) });

async function report(params: string, token = owner, at = 0): Promise<PayrollReport> {
  return payrollReportSchema.parse(ok(await call(`/api/reports/payroll?${params}`, token, at)));
}
async function statement(from: string, to: string, token = owner, at = 0): Promise<Accrual[]> {
  return accrualListSchema.parse(ok(await call(`/api/payroll/accruals?from=${from}&to=${to}&lines=false`, token, at)));
}

/** Employees who work at one of these shops, or at all of them. */
async function employeesOf(locationIds: string[]): Promise<Set<string>> {
  const rows = await q<{ id: string }>(sql`select e.id from employees e where e.all_locations
    or exists (select 1 from employee_locations el where el.employee_id = e.id and el.location_id = any(${sql.param(locationIds)}::uuid[]))`);
  return new Set(rows.map((r) => r.id));
}

/** The report equals the statement of the same period (as the same employee sees it), kept to the shops' employees. */
async function expectStatement(r: PayrollReport, locationIds: string[], token = owner, at = 0) {
  const here = await employeesOf(locationIds);
  const expected = (await statement(r.from, r.to, token, at)).filter((a) => here.has(a.employeeId));
  expect(new Map(r.rows.map((x) => [x.employeeId, x]))).toEqual(
    new Map(expected.map((a) => [a.employeeId, { employeeId: a.employeeId, name: a.name, accrued: a.total, paid: a.paid, due: a.due }])),
  );
  const sum = (k: 'accrued' | 'paid' | 'due') => r.rows.reduce((s, x) => s + x[k], 0);
  expect(r.totals).toEqual({ accrued: sum('accrued'), paid: sum('paid'), due: sum('due') });
  const p = previousPeriod(r);
  const prev = (await statement(p.from, p.to, token, at)).filter((a) => here.has(a.employeeId));
  expect(r.previous).toEqual({ ...p, totals: { accrued: prev.reduce((s, a) => s + a.total, 0), paid: prev.reduce((s, a) => s + a.paid, 0), due: prev.reduce((s, a) => s + a.due, 0) } });
}

describe('the statement', () => {
  it('the month before last, all shops: paid out in full on the 5th of last month, so lived-in', async () => {
    const r = await report(`from=${monthStart(2)}&to=${monthEnd(2)}&allLocations=true`);
    expect(r.rows.length).toBeGreaterThan(5);
    expect(r.totals.accrued).toBeGreaterThan(0);
    await expectStatement(r, loc.map((l) => l._id));
    const last = await report(`from=${monthStart(1)}&to=${monthEnd(1)}&allLocations=true`);
    expect(last.totals.paid).toBeGreaterThan(0);
    await expectStatement(last, loc.map((l) => l._id));
  });

  it('one shop: its employees and those of every shop, equal to the statement', async () => {
    for (const at of [0, 1, 2]) {
      const r = await report(`from=${monthStart(1)}&to=${today}`, owner, at);
      await expectStatement(r, [loc[at]._id], owner, at);
      const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from employee_locations el join employees e on e.id = el.employee_id
        where not e.all_locations and el.employee_id not in (select employee_id from employee_locations where location_id = ${loc[at]._id})`);
      if (n > 0) expect(r.rows.length).toBeLessThan((await report(`from=${monthStart(1)}&to=${today}&allLocations=true`)).rows.length);
    }
  });

  it('over more than a year (spans of whole months): due = the statement at the end, accrued = due − opening + paid', async () => {
    expect(statementSpans('2024-01-15', '2026-03-10')).toEqual([
      ['2024-01-15', '2024-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-01-01', '2026-03-10'],
    ]);
    expect(statementSpans('2024-03-01', '2025-02-28')).toEqual([['2024-03-01', '2025-02-28']]);
    const from = dayOf(-800);
    const r = await report(`from=${from}&to=${today}&allLocations=true`);
    const atEnd = new Map((await statement(today, today)).map((a) => [a.employeeId, a]));
    const atStart = new Map((await statement(from, from)).map((a) => [a.employeeId, a]));
    const paid = new Map(
      (
        await q<{ id: string; paid: string }>(sql`select p.employee_id as id, sum(p.amount)::text as paid from payroll_payouts p join cash_operations o on o.id = p.operation_id
          where o.status = 'posted' and p.date between ${from}::date and ${today}::date group by 1`)
      ).map((x) => [x.id, Number(x.paid)]),
    );
    expect(r.rows.length).toBeGreaterThan(5);
    for (const row of r.rows) {
      expect(row.due).toBe(atEnd.get(row.employeeId)?.due ?? 0);
      expect(row.paid).toBe(paid.get(row.employeeId) ?? 0);
      expect(row.accrued).toBe(row.due - (atStart.get(row.employeeId)?.opening ?? 0) + row.paid);
    }
  });
});

describe('the commission without the lines', () => {
  it('whole months from the monthly rollup and the edges from the rows add up to the rows themselves', async () => {
    const withLines = async (from: string, to: string) =>
      accrualListSchema.parse(ok(await call(`/api/payroll/accruals?from=${from}&to=${to}`))).map((a) => [a.employeeId, a.commission] as const);
    const without = async (from: string, to: string) => (await statement(from, to)).map((a) => [a.employeeId, a.commission] as const);
    const periods: Array<[string, string]> = [
      [monthStart(1), monthEnd(1)], // one whole month
      [dayOf(-365), today], // edges on both sides, whole months between
      [monthStart(2), today], // whole months, then part of this one
      [dayOf(-45), monthEnd(1)], // part of a month, then a whole one
      [dayOf(-20), dayOf(-3)], // within a month or across two, no whole one
      [monthStart(0), monthStart(0)], // one day, the 1st
    ];
    let nonZero = 0;
    for (const [from, to] of periods) {
      const expected = await withLines(from, to);
      expect(await without(from, to)).toEqual(expected);
      nonZero += expected.filter(([, c]) => c !== 0).length;
    }
    expect(nonZero).toBeGreaterThan(10);
  });

  it('the opening, counted from the start or from the end of its month, carries the due over day by day', async () => {
    const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    // From a late day of a month to an early one and back: both ways of counting the opening meet.
    for (const [from, to] of [
      [plus(monthStart(2), 19), plus(monthStart(1), 3)],
      [plus(monthStart(2), 2), plus(monthStart(1), 20)],
    ]) {
      const period = new Map((await statement(from, to)).map((a) => [a.employeeId, a]));
      const next = await statement(plus(to, 1), plus(to, 1));
      expect(next.length).toBeGreaterThan(5);
      for (const a of next) expect([a.employeeId, a.opening]).toEqual([a.employeeId, period.get(a.employeeId)?.due ?? 0]);
    }
  });
});

describe('access', () => {
  it('403 without view:payroll; its scope narrows the employees as the statement does', async () => {
    const senior = (await login(app, '+79000000009')).token;
    const res = await call(`/api/reports/payroll?from=${today}&to=${today}`, senior);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('зарплата');
    const noPay = await addEmployee(app, ['view:report:all', 'export:report:all'], loc.map((l) => l._id));
    expect((await call(`/api/reports/payroll?from=${today}&to=${today}&allLocations=true`, noPay.token)).statusCode).toBe(403);
    expect((await call(`/api/reports/payroll?from=${today}&to=${today}`, (await login(app, demoPhones.engineer)).token)).statusCode).toBe(403);

    // view:payroll at its shop only: even over all shops, the shop's employees (and those of every shop).
    const local = await addEmployee(app, ['view:report:all', 'view:payroll:location'], loc.map((l) => l._id));
    const r = await report(`from=${monthStart(1)}&to=${today}&allLocations=true`, local.token, 2);
    const ofShop = await employeesOf([loc[2]._id]);
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.every((x) => ofShop.has(x.employeeId) || x.employeeId === local.id)).toBe(true);
    await expectStatement(r, loc.map((l) => l._id), local.token, 2);
    const everyone = await report(`from=${monthStart(1)}&to=${today}&allLocations=true`);
    expect(r.rows.length).toBeLessThan(everyone.rows.length);
    // view:payroll:own: oneself only.
    const own = await addEmployee(app, ['view:report:all', 'view:payroll:own'], [loc[0]._id]);
    expect((await report(`from=${monthStart(1)}&to=${today}&allLocations=true`, own.token)).rows.map((x) => x.employeeId)).toEqual([own.id]);
  });

  it('the Excel file has exactly the rows of the JSON and a totals row; 403 without export:report', async () => {
    const params = `from=${monthStart(2)}&to=${monthEnd(1)}&allLocations=true`;
    const r = await report(params);
    const file = await call(`/api/reports/payroll?${params}&format=xlsx`);
    expect(file.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(file.rawPayload);
    const line = (x: { name: string; accrued: number; paid: number; due: number }) => [x.name, x.accrued / 100, x.paid / 100, x.due / 100];
    expect(sheet.data[0]).toEqual(['Сотрудник', 'Начислено, ₽', 'Выплачено, ₽', 'Долг на конец, ₽']);
    expect(sheet.data.slice(1, -1)).toEqual(r.rows.map(line));
    expect(sheet.data[sheet.data.length - 1]).toEqual(line({ name: 'Итого', ...r.totals }));
    const viewer = await addEmployee(app, ['view:report:all', 'view:payroll:all'], [loc[0]._id]);
    expect((await call(`/api/reports/payroll?${params}&format=xlsx`, viewer.token)).statusCode).toBe(403);
  });

  it.each([
    [`from=${today}&to=${dayOf(-1)}`, reportMessages.fromAfterTo],
    [`from=${dayOf(-5 * 366)}&to=${today}`, reportMessages.rangeTooLong],
  ])('400 with a Russian message: %s', async (params, message) => {
    const res = await call(`/api/reports/payroll?${params}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});
