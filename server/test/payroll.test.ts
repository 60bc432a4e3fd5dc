/**
 * Pay (issue #22) through `inject`: the commission ledger written by issuing orders and posting sales
 * (to the kopeck, half up per document), take-backs by a partial return, a cancelled sale and a
 * re-opened order, category-limited rules, the base by calendar days (hiring mid-month, blocking), the
 * statement's opening/due arithmetic, and payouts (idempotency, a foreign cashbox, exceeding what is
 * owed, the finance expense in «Зарплата», the cash ledgers, a cancelled operation, a parallel burst).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { accrualListSchema, payrollMessages, type Accrual, type Location } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { moscowDay } from '../src/modules/payroll/base';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { failing, ledgerDrift } from './ledgers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
let cashbox: string;
let warehouse: string;
let goods: Array<{ productId: string; price: number }>;
let statusIds: Map<string, string>;
const today = moscowDay(new Date());

/** The latest pair of a 30-day month followed by a 31-day one, ending before this month: [first, second, the month after]. */
function monthPair(): [string, string, string] {
  const [y, m] = today.split('-').map(Number);
  const first = (back: number) => new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
  const days = (ym: string) => new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).getUTCDate();
  for (let back = 2; back < 14; back++) if (days(first(back)) === 30 && days(first(back - 1)) === 31) return [first(back), first(back - 1), first(back - 2)];
  throw new Error('no month pair');
}
const [M1, M2, M3] = monthPair();

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  [{ id: cashbox }] = await q<{ id: string }>(sql`select id from cashboxes where location_id = ${loc[0]._id} and kind = 'cash' and is_default`);
  [{ id: warehouse }] = await q<{ id: string }>(sql`select id from warehouses where location_id = ${loc[0]._id} and is_default`);
  goods = (
    await q<{ product_id: string; price: string }>(sql`select b.product_id, p.price::text as price from stock_balances b join products p on p.id = b.product_id
      where b.warehouse_id = ${warehouse} and not p.serial_tracked and p.kind = 'good' and b.qty - b.reserved >= 6 order by p.name limit 3`)
  ).map((r) => ({ productId: r.product_id, price: Number(r.price) }));
  expect(goods.length).toBe(3);
  statusIds = new Map((ok(await call('GET', '/api/orders/statuses')) as Array<{ id: string; name: string }>).map((s) => [s.name, s.id]));
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = owner, headers: Record<string, string> = {}, at = 0) =>
  app.inject({ method, url, headers: { ...authHeaders(token, loc[at]._id), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function setScheme(id: string, monthlyBase: number, rules: Array<{ kind: string; percent: number; categoryId?: string | null }>) {
  await app.db.execute(sql`update employees set salary = ${JSON.stringify({ monthlyBase, rules: rules.map((r) => ({ categoryId: null, ...r })) })}::jsonb where id = ${id}`);
}

async function accrual(employeeId: string, from = today, to = today, token = owner): Promise<Accrual> {
  const list = accrualListSchema.parse(ok(await call('GET', `/api/payroll/accruals?from=${from}&to=${to}&employeeId=${employeeId}`, undefined, token)));
  expect(list).toHaveLength(1);
  return list[0];
}

/** An order at the first shop for `engineerId`, with works and parts, issued and paid in full. */
async function issuedOrder(engineerId: string, works: Array<{ price: number; qty?: number; engineerId?: string; productId?: string }>, parts: Array<{ productId: string; qty: number; price: number }> = []) {
  const order = ok(
    await call('POST', '/api/orders', { client: { name: 'Клиент Зарплатный', phone: '+79035557777' }, device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 12' }, malfunction: 'Не заряжается', urgent: false, engineerId }),
    201,
  );
  for (const w of works) ok(await call('POST', `/api/orders/${order.id}/works`, { name: 'Работа', qty: 1, ...w }), 201);
  for (const p of parts) ok(await call('POST', `/api/orders/${order.id}/parts`, { warehouseId: warehouse, ...p }), 201);
  for (const name of ['Диагностика', 'В работе', 'Готов']) ok(await call('POST', `/api/orders/${order.id}/status`, { statusId: statusIds.get(name) }));
  const total = works.reduce((s, w) => s + w.price * (w.qty ?? 1), 0) + parts.reduce((s, p) => s + p.price * p.qty, 0);
  return ok(await call('POST', `/api/orders/${order.id}/issue`, { payments: total ? [{ amount: total, cashboxId: cashbox, method: 'card' }] : [] }));
}

/** The cost the stock ledger took for an order's or a sale's goods (net of its rows). */
const costOf = async (documentId: string, productId: string) =>
  -Number((await q<{ v: string }>(sql`select coalesce(sum(value), 0)::text as v from stock_movements where document_id = ${documentId} and product_id = ${productId}`))[0].v);

const halfUp = (basis: number, percent: number) => {
  // Integer arithmetic: basis × percent(hundredths) / 10000, half away from zero.
  const bp = Math.round(percent * 100);
  const n = Math.abs(basis) * bp;
  return Math.sign(basis) * Math.floor((n * 2 + 10000) / 20000);
};

describe('demo data', () => {
  it('commissions from the demo documents, the month before last paid out in full on the 5th through finance', async () => {
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from payroll_commissions`);
    expect(n).toBeGreaterThan(0);
    const [y, m] = today.split('-').map(Number);
    const month = (back: number) => new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
    const payDay = `${month(1).slice(0, 8)}05`;
    const paid = await q<{ employee_id: string; amount: string; date: string; code: string }>(
      sql`select p.employee_id, p.amount::text as amount, p.date::text as date, c.code from payroll_payouts p join cash_operations o on o.id = p.operation_id join finance_categories c on c.id = o.category_id`,
    );
    expect(paid.length).toBeGreaterThan(0);
    const lastDay = new Date(Date.UTC(y, m - 2, 0)).toISOString().slice(0, 10);
    for (const p of paid) {
      expect(p).toMatchObject({ date: payDay, code: 'salary' });
      const a = await accrual(p.employee_id, month(2), lastDay);
      expect(a.opening + a.total).toBe(Number(p.amount));
    }
    expect(await q(sql`select 1 from payroll_adjustments`)).not.toHaveLength(0);
    expect(failing(await ledgerDrift(app.db))).toEqual({});
  });
});

describe('commission ledger', () => {
  it("an engineer's accrual equals works × percent + parts margin × percent of the orders they issued, to the kopeck", async () => {
    const eng = await addEmployee(app, ['view:repair_order:location'], [loc[0]._id]);
    const helper = await addEmployee(app, ['view:repair_order:location'], [loc[0]._id]);
    await setScheme(eng.id, 0, [
      { kind: 'services_percent', percent: 2.5 },
      { kind: 'parts_margin_percent', percent: 10 },
    ]);
    await setScheme(helper.id, 0, [{ kind: 'services_percent', percent: 33.33 }]);
    const o1 = await issuedOrder(eng.id, [{ price: 12345 }]);
    const o2 = await issuedOrder(eng.id, [{ price: 10000, qty: 2 }, { price: 7777, engineerId: helper.id }], [{ productId: goods[0].productId, qty: 1, price: goods[0].price + 12345 }]);
    const cost = await costOf(o2.id, goods[0].productId);
    const margin = goods[0].price + 12345 - cost;
    const a = await accrual(eng.id);
    // 12345 × 2.5 % = 308.625 → 309 (half up per document); floats would give 308.62499…
    expect(halfUp(12345, 2.5)).toBe(309);
    expect(a.lines.filter((l) => l.documentId === o1.id)).toEqual([expect.objectContaining({ kind: 'services_percent', basis: 12345, percent: 2.5, amount: 309, number: o1.number, reversal: false })]);
    const expected = 309 + halfUp(20000, 2.5) + halfUp(margin, 10);
    expect(a.commission).toBe(expected);
    expect(a.lines.find((l) => l.documentId === o2.id && l.kind === 'parts_margin_percent')).toMatchObject({ basis: margin, amount: halfUp(margin, 10) });
    expect(a.total).toBe(expected);
    // The work done by someone else goes to them, not to the order's engineer.
    const h = await accrual(helper.id);
    expect(h.lines).toEqual([expect.objectContaining({ documentId: o2.id, basis: 7777, percent: 33.33, amount: halfUp(7777, 33.33) })]);
    // The monthly rollup is kept with the ledger.
    const [m] = await q<{ s: string; r: string }>(sql`select (select sum(amount) from payroll_commission_months where employee_id = ${eng.id})::text as s, (select sum(amount) from payroll_commissions where employee_id = ${eng.id})::text as r`);
    expect(Number(m.s)).toBe(Number(m.r));

    // A re-opened order takes everything back, dated now; issuing again accrues again.
    ok(await call('POST', `/api/orders/${o2.id}/reopen`, {}));
    const back = await accrual(eng.id);
    expect(back.commission).toBe(309);
    expect(back.lines.filter((l) => l.documentId === o2.id && l.reversal).map((l) => l.amount).sort()).toEqual([-halfUp(20000, 2.5), -halfUp(margin, 10)].sort());
    expect((await accrual(helper.id)).commission).toBe(0);
  });

  it("a sale's commission for the seller; a partial return takes back its share, a cancelled sale everything", async () => {
    const seller = await addEmployee(app, ['view:sale:location', 'create:sale:location', 'post:sale:location', 'view:product:location', 'view:finance:location', 'create:finance:location'], [loc[0]._id]);
    await setScheme(seller.id, 0, [
      { kind: 'sales_percent', percent: 1.5 },
      { kind: 'sales_margin_percent', percent: 7 },
    ]);
    const g = goods[1];
    const sale = ok(
      await call('POST', '/api/sales', { warehouseId: warehouse, lines: [{ productId: g.productId, qty: 3, price: g.price + 1001 }], payments: [{ method: 'cash', cashboxId: cashbox, amount: 3 * (g.price + 1001) }], post: true }, seller.token),
      201,
    );
    const amount = 3 * (g.price + 1001);
    const cost = await costOf(sale.id, g.productId);
    let a = await accrual(seller.id);
    expect(a.lines).toEqual([
      expect.objectContaining({ kind: 'sales_margin_percent', documentType: 'sale', basis: amount - cost, amount: halfUp(amount - cost, 7) }),
      expect.objectContaining({ kind: 'sales_percent', documentType: 'sale', documentId: sale.id, number: sale.number, basis: amount, amount: halfUp(amount, 1.5) }),
    ]);
    // One unit back: its money and cost, negative, in the return's period, named by the return's number.
    const ret = ok(await call('POST', `/api/sales/${sale.id}/returns`, { warehouseId: warehouse, lines: [{ productId: g.productId, qty: 1 }], refunds: [{ method: 'cash', cashboxId: cashbox, amount: g.price + 1001 }] }), 201);
    const [r] = await q<{ number: string; amount: string; value: string }>(sql`select r.number, l.amount::text as amount, l.value::text as value from sale_returns r join sale_return_lines l on l.return_id = r.id where r.sale_id = ${sale.id}`);
    expect(ret.id).toBe(sale.id);
    a = await accrual(seller.id);
    const back = a.lines.filter((l) => l.documentType === 'sale_return');
    expect(back).toEqual([
      expect.objectContaining({ kind: 'sales_margin_percent', number: r.number, basis: -(Number(r.amount) - Number(r.value)), amount: -halfUp(Number(r.amount) - Number(r.value), 7), reversal: true }),
      expect.objectContaining({ kind: 'sales_percent', number: r.number, basis: -Number(r.amount), amount: -halfUp(Number(r.amount), 1.5), reversal: true }),
    ]);
    expect(a.commission).toBe(halfUp(amount, 1.5) + halfUp(amount - cost, 7) + back[0].amount + back[1].amount);

    // A cancelled sale (same day) takes back everything it gave.
    const sale2 = ok(await call('POST', '/api/sales', { warehouseId: warehouse, lines: [{ productId: g.productId, qty: 1 }], payments: [{ method: 'cash', cashboxId: cashbox, amount: g.price }], post: true }, seller.token), 201);
    const withSale2 = (await accrual(seller.id)).commission;
    expect(withSale2).toBeGreaterThan(a.commission);
    ok(await call('POST', `/api/sales/${sale2.id}/cancel`, {}));
    const after = await accrual(seller.id);
    expect(after.commission).toBe(a.commission);
    expect(after.lines.filter((l) => l.documentId === sale2.id && l.reversal)).toHaveLength(2);
  });

  it('a rule limited to a category counts only lines of that category and its sub-categories', async () => {
    const [root] = await q<{ id: string }>(sql`insert into categories (name) values ('Зарплата: корень') returning id`);
    const [child] = await q<{ id: string }>(sql`insert into categories (name, parent_id) values ('Зарплата: дочерняя', ${root.id}) returning id`);
    const [other] = await q<{ id: string }>(sql`insert into categories (name) values ('Зарплата: другая') returning id`);
    const [inChild] = await q<{ id: string }>(sql`insert into products (kind, name, search_name, price, category_id) values ('service', 'Работа в категории', 'работа в категории', 50000, ${child.id}) returning id`);
    const [outside] = await q<{ id: string }>(sql`insert into products (kind, name, search_name, price, category_id) values ('service', 'Работа вне категории', 'работа вне категории', 40000, ${other.id}) returning id`);
    const eng = await addEmployee(app, [], [loc[0]._id]);
    await setScheme(eng.id, 0, [{ kind: 'services_percent', percent: 10, categoryId: root.id }]);
    const o = await issuedOrder(eng.id, [
      { price: 50000, productId: inChild.id },
      { price: 40000, productId: outside.id },
      { price: 30000 },
    ]);
    const a = await accrual(eng.id);
    expect(a.lines).toEqual([expect.objectContaining({ documentId: o.id, basis: 50000, amount: 5000 })]);
  });

  it('an employee with no matching rule gets no row', async () => {
    const eng = await addEmployee(app, [], [loc[0]._id]);
    await setScheme(eng.id, 100000, [{ kind: 'sales_percent', percent: 5 }]);
    await issuedOrder(eng.id, [{ price: 10000 }]);
    expect(await q(sql`select 1 from payroll_commissions where employee_id = ${eng.id}`)).toHaveLength(0);
  });
});

describe('statement', () => {
  let emp: { id: string; token: string };
  const base = 300_000;

  beforeAll(async () => {
    emp = await addEmployee(app, [], [loc[0]._id]);
    await setScheme(emp.id, base, []);
    // Hired on the 16th of a 30-day month (15 days worked), blocked on the 10th of the next, 31-day month (10 days).
    await app.db.execute(sql`update employees set created_at = ${M1 + '-16T09:00:00+03:00'}, active = false, blocked_at = ${M2 + '-10T18:00:00+03:00'} where id = ${emp.id}`);
    await app.db.execute(sql`insert into payroll_adjustments (employee_id, kind, amount, date, comment) values
      (${emp.id}, 'penalty', 5000, ${M1 + '-20'}, 'Опоздание'), (${emp.id}, 'bonus', 10000, ${M2 + '-20'}, 'Премия')`);
  });

  it('accrues the base by calendar days: hiring mid-month, blocking, nothing before or after', async () => {
    expect((await accrual(emp.id, `${M1}-01`, `${M1}-30`)).base).toBe(150_000);
    expect((await accrual(emp.id, `${M1}-01`, `${M1}-15`)).base).toBe(0);
    expect((await accrual(emp.id, `${M2}-01`, `${M2}-31`)).base).toBe(Math.floor((base * 10 * 2 + 31) / 62)); // 96 774.19 → 96 774
    expect((await accrual(emp.id, `${M3}-01`, `${M3}-28`)).base).toBe(0);
    // Two months at once: the months' rounded parts add up.
    expect((await accrual(emp.id, `${M1}-01`, `${M2}-31`)).base).toBe(150_000 + 96_774);
  });

  it('opening + total − paid = due, with bonuses and penalties by date', async () => {
    const may = await accrual(emp.id, `${M2}-01`, `${M2}-31`);
    expect(may).toMatchObject({ opening: 150_000 - 5000, base: 96_774, bonuses: 10000, penalties: 0, total: 106_774, paid: 0, due: 145_000 + 106_774 });
    const june = await accrual(emp.id, `${M3}-01`, today);
    expect(june).toMatchObject({ opening: may.due, total: 0, due: may.due });
  });

  it('refuses a period longer than 366 days and someone else without the rule', async () => {
    const long = await call('GET', `/api/payroll/accruals?from=2024-01-01&to=2025-06-01&employeeId=${emp.id}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to).toBe(payrollMessages.periodTooLong);
    const nobody = await addEmployee(app, [], [loc[0]._id]);
    expect((await call('GET', `/api/payroll/accruals?from=${today}&to=${today}&employeeId=${emp.id}`, undefined, nobody.token)).statusCode).toBe(403);
    // One's own: always, and the list without the rule is just oneself.
    const mine = accrualListSchema.parse(ok(await call('GET', `/api/payroll/accruals?from=${today}&to=${today}`, undefined, nobody.token)));
    expect(mine.map((a) => a.employeeId)).toEqual([nobody.id]);
  });
});

describe('payouts', () => {
  let emp: { id: string };
  let box: string;
  let owed: number;
  const payout = (amount: number, key: string, extra: Record<string, unknown> = {}, token = owner) =>
    call('POST', '/api/payroll/payouts', { employeeId: emp.id, amount, cashboxId: box, ...extra }, token, { 'idempotency-key': key });
  const paidRows = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from payroll_payouts where employee_id = ${emp.id}`))[0].n);

  beforeAll(async () => {
    emp = await addEmployee(app, [], [loc[0]._id]);
    await setScheme(emp.id, 310_000, []);
    await app.db.execute(sql`update employees set created_at = '2025-03-01T09:00:00+03:00', active = false, blocked_at = '2025-03-31T18:00:00+03:00' where id = ${emp.id}`);
    owed = (await accrual(emp.id)).due;
    expect(owed).toBe(310_000);
    // Enough money in the bank account for the tests.
    [{ id: box }] = await q<{ id: string }>(sql`select c.id from cashboxes c join cash_balances b on b.cashbox_id = c.id where c.location_id = ${loc[0]._id} order by b.balance desc limit 1`);
    const [bal] = await q<{ b: string }>(sql`select balance::text as b from cash_balances where cashbox_id = ${box}`);
    expect(Number(bal.b)).toBeGreaterThan(1_000_000);
  });

  it('pays once per Idempotency-Key: a finance expense in «Зарплата» from the cashbox, cash ledgers intact', async () => {
    const first = ok(await payout(100_000, 'pay-1'), 201);
    const again = ok(await payout(100_000, 'pay-1'), 201);
    expect(again).toEqual(first);
    expect(first.operationNumber).toMatch(/^РКО-\d{6}$/);
    expect(await paidRows()).toBe(1);
    const [op] = await q<{ amount: string; code: string; kind: string; status: string; comment: string }>(
      sql`select o.amount::text as amount, c.code, o.kind, o.status, o.comment from cash_operations o join finance_categories c on c.id = o.category_id where o.id = ${first.operationId}`,
    );
    expect(op).toMatchObject({ amount: '100000', code: 'salary', kind: 'expense', status: 'posted' });
    expect(op.comment).toMatch(/^Зарплата: Тестовый сотрудник/);
    expect(failing(await ledgerDrift(app.db))).toEqual({});
    const a = await accrual(emp.id);
    expect(a).toMatchObject({ paid: 100_000, due: owed - 100_000 });
    expect(a.payouts).toEqual([expect.objectContaining({ id: first.id, amount: 100_000, cancelled: false, operationNumber: first.operationNumber })]);
  });

  it('refuses a cashbox of a shop the payer does not work in (403) and changes nothing', async () => {
    const payer = await addEmployee(app, ['create:payroll:all', 'view:payroll:all', 'create:finance:all', 'view:finance:all'], [loc[0]._id]);
    const [{ id: foreign }] = await q<{ id: string }>(sql`select id from cashboxes where location_id = ${loc[2]._id} limit 1`);
    const res = await call('POST', '/api/payroll/payouts', { employeeId: emp.id, amount: 1000, cashboxId: foreign }, payer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: payrollMessages.foreignCashbox });
    expect(await paidRows()).toBe(1);
    // Without create:finance the payout is refused too.
    const noFinance = await addEmployee(app, ['create:payroll:all'], [loc[0]._id]);
    expect((await call('POST', '/api/payroll/payouts', { employeeId: emp.id, amount: 1000, cashboxId: box }, noFinance.token)).statusCode).toBe(403);
  });

  it('refuses more than is owed with 409 payout_exceeds_due, then pays it with confirm', async () => {
    const res = await payout(owed, 'pay-2');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('payout_exceeds_due');
    expect(res.json().message).toMatch(/больше долга перед сотрудником/);
    expect(await paidRows()).toBe(1);
    const advance = ok(await payout(owed, 'pay-3', { confirm: true }), 201);
    const a = await accrual(emp.id);
    expect(a.due).toBe(-100_000);
    // Cancelling the cash operation in finance: the payout no longer counts.
    ok(await call('POST', `/api/finance/operations/${advance.operationId}/cancel`, undefined, owner, {}, 0));
    const b = await accrual(emp.id);
    expect(b.due).toBe(owed - 100_000);
    expect(b.payouts.find((p) => p.id === advance.id)).toMatchObject({ cancelled: true });
    expect(failing(await ledgerDrift(app.db))).toEqual({});
  });

  it('a parallel burst of payouts with distinct keys never pays more than is owed', async () => {
    const left = (await accrual(emp.id)).due;
    const part = Math.floor(left / 3) + 1;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => payout(part, `burst-${i}`)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    const a = await accrual(emp.id);
    expect(a.due).toBe(left - 2 * part);
    expect(a.due).toBeGreaterThanOrEqual(0);
  });
});

describe('bonuses and penalties', () => {
  it('adds and deletes them, audited and published as payroll', async () => {
    const emp = await addEmployee(app, [], [loc[0]._id]);
    const bonus = ok(await call('POST', '/api/payroll/adjustments', { employeeId: emp.id, kind: 'bonus', amount: 12345, date: today, comment: 'За отзыв клиента' }), 201);
    ok(await call('POST', '/api/payroll/adjustments', { employeeId: emp.id, kind: 'penalty', amount: 345, date: today, comment: 'Опоздание' }), 201);
    let a = await accrual(emp.id);
    expect(a).toMatchObject({ bonuses: 12345, penalties: 345, total: 12000 });
    expect((await call('POST', '/api/payroll/adjustments', { employeeId: emp.id, kind: 'bonus', amount: 0, date: today, comment: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/payroll/adjustments', { employeeId: emp.id, kind: 'bonus', amount: 100, date: today, comment: 'x' }, emp.token)).statusCode).toBe(403);
    ok(await call('DELETE', `/api/payroll/adjustments/${bonus.id}`));
    a = await accrual(emp.id);
    expect(a).toMatchObject({ bonuses: 0, penalties: 345, total: -345 });
    const audit = await q<{ action: string }>(sql`select action from audit_log where entity = 'payroll' and entity_id = ${emp.id} order by created_at`);
    expect(audit.map((r) => r.action)).toEqual(['create', 'create', 'delete']);
  });
});
