/**
 * The cash-flow report (issue #23) through `inject`, against the cash ledger itself: for any period and
 * set of shops its income, expense and net (in total, per category, per cashbox) equal sums straight over
 * `cash_movements` (red storno), its opening the ledger's rows before `from` and its closing those before
 * the end of `to`; the summary `report_cash_days` the database keeps equals its rebuild. On the demo data,
 * and after random postings made in parallel through the API (incomes, expenses, transfers, also to
 * another shop, cancellations, paid sales, pay-outs). Access, the 400s and the Excel file.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { cashflowReportSchema, previousPeriod, reportMessages, type CashflowReport, type Location } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { rowsOf } from '../src/lib/sql';
import { moscowToday } from '../src/modules/reports/period';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
const today = moscowToday();
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = owner, at = 0) =>
  app.inject({ method, url, headers: authHeaders(token, loc[at]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function report(params: string, token = owner, at = 0): Promise<CashflowReport> {
  return cashflowReportSchema.parse(ok(await call('GET', `/api/reports/cashflow?${params}`, undefined, token, at)));
}

/** Sums straight over the ledger rows of the shops' cashboxes: total and per key (category / cashbox), and the balances at both ends. */
async function ledger(locationIds: string[], from: string, to: string, by: 'category' | 'cashbox') {
  const start = `${from}T00:00:00+03:00`;
  const end = new Date(Date.parse(`${to}T00:00:00+03:00`) + DAY).toISOString();
  const rows = await q<{ key: string; income: string; expense: string; net: string }>(sql`
    select ${by === 'cashbox' ? sql`m.cashbox_id::text` : sql`case when o.kind = 'transfer' then 'transfer' else coalesce(m.category_id::text, '-') end`} as key,
      coalesce(sum(m.amount) filter (where (m.amount > 0) <> m.cancellation), 0)::text as income,
      coalesce(-sum(m.amount) filter (where (m.amount > 0) = m.cancellation), 0)::text as expense,
      sum(m.amount)::text as net
    from cash_movements m join cashboxes c on c.id = m.cashbox_id join cash_operations o on o.id = m.operation_id
    where c.location_id = any(${sql.param(locationIds)}::uuid[]) and m.at >= ${start}::timestamptz and m.at < ${end}::timestamptz
    group by 1`);
  const [ends] = await q<{ opening: string; closing: string }>(sql`
    select coalesce(sum(m.amount) filter (where m.at < ${start}::timestamptz), 0)::text as opening, coalesce(sum(m.amount) filter (where m.at < ${end}::timestamptz), 0)::text as closing
    from cash_movements m join cashboxes c on c.id = m.cashbox_id where c.location_id = any(${sql.param(locationIds)}::uuid[])`);
  const byKey = new Map(rows.map((r) => [r.key, { income: Number(r.income), expense: Number(r.expense), net: Number(r.net) }]));
  const total = [...byKey.values()].reduce((a, r) => ({ income: a.income + r.income, expense: a.expense + r.expense, net: a.net + r.net }), { income: 0, expense: 0, net: 0 });
  return { byKey, total, opening: Number(ends.opening), closing: Number(ends.closing) };
}

/** The report of [from, to] for these shops equals the ledger: rows, totals, ends, and the previous period's. */
async function expectLedgerEqual(params: string, locationIds: string[], token = owner, at = 0) {
  const r = await report(params, token, at);
  const by = params.includes('by=cashbox') ? 'cashbox' : 'category';
  const l = await ledger(locationIds, r.from, r.to, by);
  expect(r.totals).toEqual(l.total);
  expect({ opening: r.opening, closing: r.closing }).toEqual({ opening: l.opening, closing: l.closing });
  expect(r.closing).toBe(r.opening + r.totals.net);
  const moved = new Map([...l.byKey].filter(([, v]) => v.income !== 0 || v.expense !== 0));
  const rows = new Map(r.rows.filter((x) => by === 'category' || x.income !== 0 || x.expense !== 0).map((x) => [x.key, { income: x.income, expense: x.expense, net: x.net }]));
  expect(rows).toEqual(moved);
  const p = previousPeriod(r);
  const pl = await ledger(locationIds, p.from, p.to, by);
  expect(r.previous).toEqual({ ...p, totals: pl.total, opening: pl.opening, closing: pl.closing });
  return r;
}

/** `report_cash_days` as kept, then as `report_cash_days_rebuild()` recounts it from the ledger (zero rows aside). */
async function expectSummaryEqualsRebuild() {
  const read = () => q<{ k: string }>(sql`select cashbox_id || ' ' || day || ' ' || category_key || ' ' || income || ' ' || expense as k from report_cash_days where income <> 0 or expense <> 0 order by 1`);
  const kept = await read();
  await app.db.execute(sql`select report_cash_days_rebuild()`);
  expect(kept.map((r) => r.k)).toEqual((await read()).map((r) => r.k));
  expect(kept.length).toBeGreaterThan(0);
}

const all = () => loc.map((l) => l._id);

describe('demo data', () => {
  it('is lived-in: several income and expense categories, the transfers, every shop', async () => {
    const r = await report(`from=${dayOf(-59)}&to=${today}&allLocations=true`);
    expect(r.rows.length).toBeGreaterThanOrEqual(6);
    expect(r.rows.filter((x) => x.income > 0).length).toBeGreaterThanOrEqual(2);
    expect(r.rows.filter((x) => x.expense > 0).length).toBeGreaterThanOrEqual(4);
    const transfer = r.rows.find((x) => x.key === 'transfer');
    expect(transfer).toMatchObject({ label: 'Перемещения между кассами' });
    // Between the shops' own cashboxes a transfer nets to zero.
    expect(transfer!.net).toBe(0);
    expect(transfer!.income).toBeGreaterThan(0);
    const names = await q<{ id: string; name: string }>(sql`select id::text as id, name from finance_categories`);
    for (const row of r.rows.filter((x) => x.key !== 'transfer' && x.key !== '-')) expect(row.label).toBe(names.find((n) => n.id === row.key)!.name);
  });

  it.each([
    ['the last 60 days, all shops', `from=${dayOf(-59)}&to=${today}&allLocations=true`, null],
    ['a month in the middle, one shop', `from=${dayOf(-40)}&to=${dayOf(-11)}`, 0],
    ['a week by cashbox, another shop', `from=${dayOf(-20)}&to=${dayOf(-14)}&by=cashbox`, 1],
    ['a year by cashbox, all shops', `from=${dayOf(-364)}&to=${today}&by=cashbox&allLocations=true`, null],
    ['today, the third shop', `from=${today}&to=${today}`, 2],
    ['a day before any money', `from=${dayOf(-400)}&to=${dayOf(-400)}&allLocations=true`, null],
  ] as const)('equals the cash ledger: %s', async (_name, params, shop) => {
    await expectLedgerEqual(params, shop === null ? all() : [loc[shop]._id], owner, shop ?? 0);
  });

  it('the summary the database kept while seeding equals its rebuild', async () => {
    await expectSummaryEqualsRebuild();
  });

  it('by cashbox: every cashbox of the shops, with the shop name over all shops', async () => {
    const r = await report(`from=${dayOf(-59)}&to=${today}&by=cashbox&allLocations=true`);
    const boxes = await q<{ id: string; name: string; shop: string }>(sql`select c.id, c.name, l.name as shop from cashboxes c join locations l on l.id = c.location_id order by l.name, c.name, c.id`);
    expect(r.rows.map((x) => [x.key, x.label])).toEqual(boxes.map((b) => [b.id, `${b.shop} — ${b.name}`]));
    const one = await report(`from=${dayOf(-59)}&to=${today}&by=cashbox`);
    expect(one.rows.map((x) => x.label)).toEqual(boxes.filter((b) => b.shop === loc[0].name).map((b) => b.name));
  });
});

describe('random postings in parallel through the API', () => {
  it('incomes, expenses, transfers (also to another shop), cancellations, paid sales and pay-outs: the report stays the ledger', async () => {
    const boxes = await q<{ id: string; location_id: string; kind: string }>(sql`select id, location_id, kind from cashboxes order by location_id, name`);
    const incomeCats = (await q<{ id: string }>(sql`select id from finance_categories where kind = 'income' and code is null and archived_at is null`)).map((r) => r.id);
    const expenseCats = (await q<{ id: string }>(sql`select id from finance_categories where kind = 'expense' and code is null and archived_at is null`)).map((r) => r.id);
    const [good] = await q<{ product_id: string; warehouse_id: string; price: string; location_id: string }>(sql`select b.product_id, b.warehouse_id, p.price::text as price, w.location_id
      from stock_balances b join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
      where w.location_id = ${loc[0]._id} and not p.serial_tracked and p.kind = 'good' and p.price > 0 and b.qty - b.reserved >= 10 order by b.qty desc limit 1`);
    const employees = (await q<{ id: string }>(sql`select id from employees where active and (salary->>'monthlyBase')::bigint > 0 order by name limit 3`)).map((r) => r.id);
    expect(employees.length).toBeGreaterThan(0);
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(xs: T[]) => xs[rnd(xs.length)];
    const atOf = (locationId: string) => loc.findIndex((l) => l._id === locationId);
    const posted: string[] = [];
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 16 }, (_, i) => {
        const box = pick(boxes);
        const at = atOf(box.location_id);
        const amount = 1000 + rnd(500_000);
        switch ((i + round) % 6) {
          case 0:
            return call('POST', '/api/finance/operations', { kind: 'income', cashboxId: box.id, amount, categoryId: pick(incomeCats) }, owner, at);
          case 1:
            return call('POST', '/api/finance/operations', { kind: 'expense', cashboxId: box.id, amount: 100 + rnd(20_000), categoryId: pick(expenseCats) }, owner, at);
          case 2: {
            // Half of the transfers to a cashbox of another shop.
            const others = boxes.filter((b) => b.id !== box.id && (rnd(2) === 0 ? b.location_id !== box.location_id : b.location_id === box.location_id));
            return call('POST', '/api/finance/operations', { kind: 'transfer', cashboxId: box.id, toCashboxId: pick(others).id, amount: 100 + rnd(30_000) }, owner, at);
          }
          case 3: {
            const cash = boxes.find((b) => b.location_id === loc[0]._id && b.kind === 'cash')!;
            return call('POST', '/api/sales', { warehouseId: good.warehouse_id, lines: [{ productId: good.product_id, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash.id, amount: Number(good.price) }], post: true }, owner, 0);
          }
          case 4:
            return call('POST', '/api/payroll/payouts', { employeeId: pick(employees), amount: 100 + rnd(5000), cashboxId: box.id, confirm: true }, owner, at);
          default: {
            // A cancellation of something posted earlier (some refused: already cancelled, or the money is gone).
            const id = posted.length ? posted[rnd(posted.length)] : null;
            return id ? call('POST', `/api/finance/operations/${id}/cancel`, {}, owner, 0) : call('POST', '/api/finance/operations', { kind: 'income', cashboxId: box.id, amount, categoryId: pick(incomeCats) }, owner, at);
          }
        }
      });
      const answers = await Promise.all(calls);
      for (const a of answers) {
        expect([200, 201, 409]).toContain(a.statusCode);
        const body = a.json() as { id?: string; kind?: string; status?: string };
        if (a.statusCode === 201 && body.kind && body.id && body.status === 'posted') posted.push(body.id);
      }
      expect(answers.filter((a) => a.statusCode !== 409).length).toBeGreaterThan(8);
    }
    const [{ cancelled, transfers, foreign }] = await q<{ cancelled: number; transfers: number; foreign: number }>(sql`select
      count(*) filter (where status = 'cancelled' and cancelled_at > now() - interval '1 hour')::int as cancelled,
      count(*) filter (where kind = 'transfer' and at > now() - interval '1 hour')::int as transfers,
      count(*) filter (where kind = 'transfer' and at > now() - interval '1 hour' and to_location_id <> location_id)::int as foreign
      from cash_operations`);
    expect(cancelled).toBeGreaterThan(0);
    expect(transfers).toBeGreaterThan(0);
    expect(foreign).toBeGreaterThan(0);

    for (const [params, locs, at] of [
      [`from=${today}&to=${today}&allLocations=true`, all(), 0],
      [`from=${today}&to=${today}`, [loc[0]._id], 0],
      [`from=${today}&to=${today}&by=cashbox`, [loc[1]._id], 1],
      [`from=${dayOf(-6)}&to=${today}&by=cashbox&allLocations=true`, all(), 0],
      [`from=${dayOf(-30)}&to=${today}`, [loc[2]._id], 2],
      [`from=${dayOf(-59)}&to=${dayOf(-1)}&allLocations=true`, all(), 0],
    ] as const) {
      await expectLedgerEqual(params, [...locs], owner, at);
    }
    // A transfer to another shop: the sending shop's expense, the receiving shop's income, under «transfers».
    const one = await report(`from=${today}&to=${today}`);
    expect(one.rows.find((x) => x.key === 'transfer')).toBeDefined();
    // Closing today = the cashboxes' balances now.
    const [{ balance }] = await q<{ balance: string }>(sql`select coalesce(sum(b.balance), 0)::text as balance from cash_balances b join cashboxes c on c.id = b.cashbox_id where c.location_id = ${loc[0]._id}`);
    expect(one.closing).toBe(Number(balance));
    await expectSummaryEqualsRebuild();
  });
});

describe('access, validation and the Excel file', () => {
  it('the Excel file has exactly the rows of the JSON, and a totals row', async () => {
    for (const by of ['category', 'cashbox'] as const) {
      const params = `from=${dayOf(-30)}&to=${today}&by=${by}&allLocations=true`;
      const r = await report(params);
      const file = await call('GET', `/api/reports/cashflow?${params}&format=xlsx`);
      expect(file.statusCode).toBe(200);
      const [sheet] = await readXlsxFile(file.rawPayload);
      const line = (x: { label: string; income: number; expense: number; net: number }) => [x.label, x.income / 100, x.expense / 100, x.net / 100];
      expect(sheet.data[0]).toEqual([by === 'category' ? 'Статья' : 'Касса', 'Приход, ₽', 'Расход, ₽', 'Итого, ₽']);
      expect(sheet.data.slice(1, -1)).toEqual(r.rows.map(line));
      expect(sheet.data[sheet.data.length - 1]).toEqual(line({ label: 'Итого', ...r.totals }));
    }
  });

  it('403 without view:report, for all shops with view:report:location, and for the file without export:report', async () => {
    const cashier = (await login(app, demoPhones.cashier)).token;
    expect((await call('GET', `/api/reports/cashflow?from=${today}&to=${today}`, undefined, cashier)).statusCode).toBe(403);
    const senior = (await login(app, '+79000000009')).token;
    await expectLedgerEqual(`from=${dayOf(-30)}&to=${today}`, [loc[0]._id], senior);
    const allShops = await call('GET', `/api/reports/cashflow?from=${today}&to=${today}&allLocations=true`, undefined, senior);
    expect(allShops.statusCode).toBe(403);
    expect(allShops.json().message).toBe(reportMessages.allLocationsForbidden);
    expect((await call('GET', `/api/reports/cashflow?from=${today}&to=${today}&format=xlsx`, undefined, senior)).statusCode).toBe(403);
    // A viewer of one shop only: «all shops» are the shops he works in.
    const viewer = await addEmployee(app, ['view:report:all'], [loc[2]._id]);
    const r = await call('GET', `/api/reports/cashflow?from=${dayOf(-30)}&to=${today}&by=cashbox&allLocations=true`, undefined, viewer.token, 2);
    const boxes = await q<{ id: string }>(sql`select id from cashboxes where location_id = ${loc[2]._id}`);
    expect((ok(r) as CashflowReport).rows.map((x) => x.key).sort()).toEqual(boxes.map((b) => b.id).sort());
  });

  it.each([
    [`from=${today}&to=${dayOf(-1)}`, reportMessages.fromAfterTo],
    [`from=${dayOf(-5 * 366)}&to=${today}`, reportMessages.rangeTooLong],
    [`from=${today}&to=${today}&by=client`, reportMessages.unknownBy],
    [`from=2025-02-30&to=${today}`, null],
  ])('400 with a Russian message: %s', async (params, message) => {
    const res = await call('GET', `/api/reports/cashflow?${params}`);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.body).toContain(message);
  });
});
