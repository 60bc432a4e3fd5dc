/**
 * Money (issue #9) through `inject`: income, expense and transfers, the below-zero refusal, cancelling
 * and its refusal, cash shifts with a shortage, the closed-shift rule, `Idempotency-Key`, the cashier's
 * scope, the ledger with its running balance and filters, bad input that changes nothing, the client
 * ledger, and the invariant ledger = balances after a random mix and under 200 parallel expenses.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import {
  cashboxListSchema,
  cashLedgerPageSchema,
  cashOperationPageSchema,
  cashOperationSchema,
  cashShiftPageSchema,
  cashShiftSchema,
  financeCategoryListSchema,
  type CashOperation,
  type FinanceCategory,
  type Location,
} from '@repo/contracts';
import { auditLog, cashBalances, cashMovements, cashOperations, clientLedger, counterparties } from '../src/db/schema';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';
import { recordRealtimeEvents } from './realtime-events';

let app: FastifyInstance;
let owner: string;
let cashier: string;
let loc: Location[];
let categories: FinanceCategory[];
let seq = 0;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  loc = await demoLocations(app, owner);
  categories = financeCategoryListSchema.parse((await call('GET', '/categories')).json());
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH';
function call(method: Method, url: string, payload?: unknown, opts: { token?: string; at?: number; key?: string } = {}) {
  return app.inject({
    method,
    url: `/api/finance${url}`,
    headers: { ...authHeaders(opts.token ?? owner, loc[opts.at ?? 0].id), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

function ok<T = CashOperation>(res: LightMyRequestResponse, status = 201): T {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const category = (name: string) => categories.find((c) => c.name === name && !c.code)!.id;

/** A fresh cashbox of its own (so tests do not share balances), in a demo location. */
async function cashbox(opts: { at?: number; kind?: 'cash' | 'bank' | 'card' } = {}): Promise<string> {
  seq += 1;
  const res = await call('POST', '/cashboxes', { name: `Тестовая касса ${seq}`, kind: opts.kind ?? 'cash', locationId: loc[opts.at ?? 0].id });
  return ok<{ id: string }>(res).id;
}

const income = (cashboxId: string, amount: number, extra: Record<string, unknown> = {}, opts: { token?: string; at?: number; key?: string } = {}) =>
  call('POST', '/operations', { kind: 'income', cashboxId, amount, categoryId: category('Ремонт'), ...extra }, opts);
const expense = (cashboxId: string, amount: number, extra: Record<string, unknown> = {}, opts: { token?: string; at?: number; key?: string } = {}) =>
  call('POST', '/operations', { kind: 'expense', cashboxId, amount, categoryId: category('Хозяйственные расходы'), ...extra }, opts);

async function balanceOf(cashboxId: string): Promise<number> {
  const [row] = await app.db.select().from(cashBalances).where(eq(cashBalances.cashboxId, cashboxId));
  return row?.balance ?? 0;
}

/**
 * The cash invariant: for every cashbox, the sum of its ledger rows = its balance row, the last row's
 * `balance_after` = the balance, each row's `balance_after` = the running sum of its cashbox's rows in
 * posting order, no balance below zero, and every operation's rows net to its amount (or to zero when cancelled).
 */
async function expectLedgerAgrees(): Promise<void> {
  const mismatched = rowsOf(
    await app.db.execute(sql`
      select b.cashbox_id, b.balance, m.total, m.last
      from cash_balances b
      left join (select cashbox_id, sum(amount)::bigint as total,
                   (array_agg(balance_after order by seq desc))[1] as last from cash_movements group by cashbox_id) m on m.cashbox_id = b.cashbox_id
      where b.balance <> coalesce(m.total, 0) or b.balance <> coalesce(m.last, 0) or b.balance < 0`),
  );
  expect(mismatched).toEqual([]);
  const orphan = rowsOf(await app.db.execute(sql`select distinct m.cashbox_id from cash_movements m left join cash_balances b on b.cashbox_id = m.cashbox_id where b.cashbox_id is null`));
  expect(orphan).toEqual([]);
  const running = rowsOf(
    await app.db.execute(sql`
      select seq from (select seq, balance_after, sum(amount) over (partition by cashbox_id order by seq) as run from cash_movements) t
      where balance_after <> run or balance_after < 0`),
  );
  expect(running).toEqual([]);
  const ops = rowsOf(
    await app.db.execute(sql`
      select o.id from cash_operations o join (select operation_id, sum(amount)::bigint as net, sum(abs(amount)) filter (where not cancellation)::bigint as moved
        from cash_movements group by operation_id) m on m.operation_id = o.id
      where (o.status = 'cancelled' and m.net <> 0)
         or (o.status = 'posted' and o.kind = 'income' and m.net <> o.amount)
         or (o.status = 'posted' and o.kind = 'expense' and m.net <> -o.amount)
         or (o.kind = 'transfer' and m.moved <> 2 * o.amount)`),
  );
  expect(ops).toEqual([]);
  // The engine's running count and turnover per cashbox (red storno) = their recount.
  const turnover = rowsOf(
    await app.db.execute(sql`
      select b.cashbox_id from cash_balances b left join (select cashbox_id, count(*) as n,
          coalesce(sum(amount) filter (where (amount > 0) <> cancellation), 0) as i, coalesce(-sum(amount) filter (where (amount < 0) <> cancellation), 0) as o
        from cash_movements group by cashbox_id) m on m.cashbox_id = b.cashbox_id
      where b.rows <> coalesce(m.n, 0) or b.total_in <> coalesce(m.i, 0) or b.total_out <> coalesce(m.o, 0)`),
  );
  expect(turnover).toEqual([]);
}

describe('demo finance', () => {
  it('is lived-in across the three shops, with one open shift, and agrees with its ledger', async () => {
    const counts = rowsOf<{ location_id: string; n: number }>(await app.db.execute(sql`select location_id, count(*)::int as n from cash_operations group by 1`));
    expect(counts).toHaveLength(3);
    for (const c of counts) expect(c.n).toBeGreaterThan(60);
    const shifts = cashShiftPageSchema.parse((await call('GET', '/shifts?locationId=all')).json());
    expect(shifts.open).toHaveLength(1);
    expect(shifts.open[0].locationId).toBe(loc[0].id);
    expect(shifts.open[0].figures).not.toBeNull();
    expect(shifts.total).toBeGreaterThanOrEqual(150);
    const withDifference = shifts.items.filter((s) => s.status === 'closed' && s.difference !== 0);
    expect(shifts.items.every((s) => s.status === 'open' || s.expected !== null)).toBe(true);
    expect(withDifference.length + shifts.items.length).toBeGreaterThan(0);
    const withClients = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from cash_operations where client_id is not null`));
    expect(withClients[0].n).toBeGreaterThan(20);
    // Card payments land on each shop's «Эквайринг» and are settled to «Расчётный счёт», which pays rent and suppliers.
    const byBox = rowsOf<{ name: string; kind: string; moves: number; ins: number; outs: number }>(
      await app.db.execute(sql`select b.name, b.kind, count(m.*)::int as moves, count(*) filter (where m.amount > 0)::int as ins, count(*) filter (where m.amount < 0)::int as outs
        from cashboxes b join cash_movements m on m.cashbox_id = b.id where b.kind <> 'cash' group by b.id, b.name, b.kind`),
    );
    expect(byBox.filter((b) => b.kind === 'card' && b.ins > 10 && b.outs > 5)).toHaveLength(3);
    expect(byBox.filter((b) => b.kind === 'bank' && b.name === 'Расчётный счёт' && b.ins > 10 && b.outs > 2)).toHaveLength(1);
    await expectLedgerAgrees();
  });

  it('seeds the category tree with the system categories', async () => {
    expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Оплата от клиента', 'Продажа', 'Ремонт', 'Закупка товара', 'Аренда', 'Зарплата', 'Инкассация']));
    expect(categories.find((c) => c.code === 'shift_shortage')).toMatchObject({ kind: 'expense', name: 'Недостача по смене' });
    expect(categories.find((c) => c.code === 'shift_surplus')).toMatchObject({ kind: 'income', name: 'Излишек по смене' });
  });
});

describe('operations', () => {
  it('posts income, expense and a transfer with numbers per location and kind, and lists balances', async () => {
    const box = await cashbox();
    const bank = await cashbox({ kind: 'bank' });
    const a = ok(await income(box, 150000, { comment: 'Замена дисплея' }));
    expect(a).toMatchObject({ kind: 'income', status: 'posted', amount: 150000, cashboxId: box, categoryName: 'Ремонт', comment: 'Замена дисплея' });
    expect(a.number).toMatch(/^ПКО-\d{6}$/);
    const b = ok(await expense(box, 20000));
    expect(b.number).toMatch(/^РКО-\d{6}$/);
    const t = ok(await call('POST', '/operations', { kind: 'transfer', cashboxId: box, toCashboxId: bank, amount: 100000 }));
    expect(t).toMatchObject({ kind: 'transfer', toCashboxId: bank, toLocationId: loc[0].id, categoryId: null });
    expect(t.number).toMatch(/^ПМ-\d{6}$/);
    // Numbers count per location and kind.
    const a2 = ok(await income(box, 100));
    expect(Number(a2.number.slice(4))).toBe(Number(a.number.slice(4)) + 1);
    const other = ok(await income(await cashbox({ at: 1 }), 100, {}, { at: 1 }));
    expect(other.locationId).toBe(loc[1].id);
    expect(await balanceOf(box)).toBe(150000 - 20000 - 100000 + 100);
    expect(await balanceOf(bank)).toBe(100000);
    const boxes = cashboxListSchema.parse((await call('GET', '/cashboxes')).json());
    expect(boxes.find((x) => x.id === box)).toMatchObject({ balance: 30100, kind: 'cash', locationId: loc[0].id });
    expect(boxes.find((x) => x.id === bank)).toMatchObject({ balance: 100000, kind: 'bank' });
    expect(boxes.every((x) => x.locationId === loc[0].id)).toBe(true);
    const all = cashboxListSchema.parse((await call('GET', '/cashboxes?locationId=all')).json());
    expect(new Set(all.map((x) => x.locationId)).size).toBe(3);
    const got = cashOperationSchema.parse((await call('GET', `/operations/${a.id}`)).json());
    expect(got).toEqual(a);
    await expectLedgerAgrees();
  });

  it('transfers to another location’s cashbox with scope all, into that location’s open shift', async () => {
    const box = await cashbox();
    const far = await cashbox({ at: 2 });
    const shift = ok<{ id: string }>(await call('POST', '/shifts', { cashboxId: far, float: 0 }, { at: 2 }));
    ok(await income(box, 50000));
    const t = ok(await call('POST', '/operations', { kind: 'transfer', cashboxId: box, toCashboxId: far, amount: 30000, comment: 'Размен' }));
    expect(t).toMatchObject({ toLocationId: loc[2].id, toShiftId: shift.id, shiftId: null });
    expect(await balanceOf(far)).toBe(30000);
    // The destination location sees it in its list.
    const there = cashOperationPageSchema.parse((await call('GET', `/operations?cashboxId=${far}`, undefined, { at: 2 })).json());
    expect(there.items.map((o) => o.id)).toContain(t.id);
  });

  it('refuses an expense or transfer over the balance with 409 naming the balance, and changes nothing', async () => {
    const box = await cashbox();
    ok(await income(box, 123450));
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(cashMovements);
    const res = await expense(box, 123451);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_funds' });
    expect(res.json().message).toBe(`В кассе «Тестовая касса ${seq}» недостаточно денег: доступно 1 234,50 ₽`);
    const tr = await call('POST', '/operations', { kind: 'transfer', cashboxId: box, toCashboxId: await cashbox(), amount: 200000 });
    expect(tr.statusCode).toBe(409);
    expect(tr.json().message).toContain('доступно 1 234,50 ₽');
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(cashMovements)).toEqual(before);
    expect(await balanceOf(box)).toBe(123450);
    // The whole balance can go.
    ok(await expense(box, 123450));
    expect(await balanceOf(box)).toBe(0);
  });

  it('answers bad input with 400 / 403 in Russian and changes nothing', async () => {
    const box = await cashbox();
    ok(await income(box, 10000));
    const counts = async () => ({
      ops: (await app.db.select({ n: sql<number>`count(*)::int` }).from(cashOperations))[0].n,
      moves: (await app.db.select({ n: sql<number>`count(*)::int` }).from(cashMovements))[0].n,
      balance: await balanceOf(box),
    });
    const before = await counts();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ kind: 'income', cashboxId: box, amount: 0, categoryId: category('Ремонт') }, 400, 'Проверьте'],
      [{ kind: 'income', cashboxId: box, amount: -100, categoryId: category('Ремонт') }, 400, 'Проверьте'],
      [{ kind: 'income', cashboxId: box, amount: 10.5, categoryId: category('Ремонт') }, 400, 'Проверьте'],
      [{ kind: 'income', cashboxId: box, amount: '100', categoryId: category('Ремонт') }, 400, 'Проверьте'],
      [{ kind: 'income', cashboxId: box, amount: 100 }, 400, 'Выберите статью'],
      [{ kind: 'income', cashboxId: box, amount: 100, categoryId: '00000000-0000-4000-8000-000000000000' }, 400, 'Статья не найдена'],
      [{ kind: 'income', cashboxId: box, amount: 100, categoryId: category('Аренда') }, 400, 'Статья другого типа'],
      [{ kind: 'expense', cashboxId: box, amount: 100, categoryId: category('Ремонт') }, 400, 'Статья другого типа'],
      [{ kind: 'income', cashboxId: '00000000-0000-4000-8000-000000000000', amount: 100, categoryId: category('Ремонт') }, 400, 'Касса не найдена'],
      [{ kind: 'income', cashboxId: box, amount: 100, categoryId: category('Ремонт'), clientId: '00000000-0000-4000-8000-000000000000' }, 400, 'Клиент не найден'],
      [{ kind: 'transfer', cashboxId: box, amount: 100 }, 400, 'Выберите кассу назначения'],
      [{ kind: 'transfer', cashboxId: box, toCashboxId: box, amount: 100 }, 400, 'совпадают'],
      [{ kind: 'refund', cashboxId: box, amount: 100 }, 400, 'Проверьте'],
      [{ kind: 'income', cashboxId: 'nope', amount: 100 }, 400, 'Проверьте'],
      [{ kind: 'income', cashboxId: box, amount: 100_000_000_001, categoryId: category('Ремонт') }, 400, 'Проверьте'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/operations', payload);
      expect([res.statusCode, payload]).toEqual([status, payload]);
      expect(res.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
    // A cashbox of another location from the cashier: 403.
    const foreign = await cashbox({ at: 1 });
    const res = await income(foreign, 100, {}, { token: cashier });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Касса принадлежит другому магазину');
  });

  it('cancels with a reversal, refuses a second cancel and a reversal below zero, and copies', async () => {
    const box = await cashbox();
    const a = ok(await income(box, 50000));
    const b = ok(await expense(box, 10000));
    const cancelled = ok(await call('POST', `/operations/${b.id}/cancel`), 200);
    expect(cancelled).toMatchObject({ status: 'cancelled', id: b.id });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await balanceOf(box)).toBe(50000);
    expect((await call('POST', `/operations/${b.id}/cancel`)).statusCode).toBe(409);
    // The income was spent: cancelling it would take the cashbox below zero.
    ok(await expense(box, 45000));
    const refused = await call('POST', `/operations/${a.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Нельзя отменить ${a.number}: В кассе «Тестовая касса ${seq}» недостаточно денег: доступно 50,00 ₽`);
    expect(await balanceOf(box)).toBe(5000);
    const rows = await app.db.select().from(cashMovements).where(eq(cashMovements.operationId, b.id)).orderBy(asc(cashMovements.seq));
    expect(rows.map((r) => [r.amount, r.cancellation])).toEqual([
      [-10000, false],
      [10000, true],
    ]);
    // The cashier has no cancel right.
    expect((await call('POST', `/operations/${a.id}/cancel`, undefined, { token: cashier })).statusCode).toBe(403);
    // Copy: a prefilled form, nothing posted.
    const copy = ok<Record<string, unknown>>(await call('POST', `/operations/${b.id}/copy`), 200);
    expect(copy).toMatchObject({ kind: 'expense', cashboxId: box, amount: 10000, categoryId: b.categoryId, copiedFromId: b.id });
    expect(await balanceOf(box)).toBe(5000);
    const again = ok(await call('POST', '/operations', { ...copy, amount: 1000 }));
    expect(again.copiedFromId).toBe(b.id);
    // Operations are never edited.
    expect((await app.inject({ method: 'PATCH', url: `/api/finance/operations/${a.id}`, headers: authHeaders(owner, loc[0].id), payload: { amount: 1 } })).statusCode).toBe(404);
    await expectLedgerAgrees();
  });

  it('posts a client payment and a refund to the client ledger, and their cancellation', async () => {
    const [client] = await app.db.select().from(counterparties).where(eq(counterparties.isSupplier, false)).limit(1);
    const box = await cashbox();
    const balanceBefore = client.balance;
    const pay = ok(await income(box, 250000, { clientId: client.id, categoryId: category('Оплата от клиента'), documentType: 'repair_order', documentNumber: 'З-000123' }));
    expect(pay).toMatchObject({ clientId: client.id, clientName: client.name, documentType: 'repair_order', documentNumber: 'З-000123' });
    const refund = ok(await expense(box, 50000, { clientId: client.id, categoryId: category('Возврат клиенту') }));
    const [after] = await app.db.select().from(counterparties).where(eq(counterparties.id, client.id));
    expect(after.balance).toBe(balanceBefore + 250000 - 50000);
    const entries = await app.db.select().from(clientLedger).where(eq(clientLedger.documentId, pay.id));
    expect(entries).toMatchObject([{ kind: 'payment', amount: 250000, number: pay.number, cancellation: false }]);
    ok(await call('POST', `/operations/${refund.id}/cancel`), 200);
    const [final] = await app.db.select().from(counterparties).where(eq(counterparties.id, client.id));
    expect(final.balance).toBe(balanceBefore + 250000);
    const refundEntries = await app.db.select().from(clientLedger).where(eq(clientLedger.documentId, refund.id)).orderBy(asc(clientLedger.seq));
    expect(refundEntries.map((e) => [e.kind, e.amount, e.cancellation])).toEqual([
      ['refund', -50000, false],
      ['refund', 50000, true],
    ]);
    // A transfer has no client.
    expect((await call('POST', '/operations', { kind: 'transfer', cashboxId: box, toCashboxId: await cashbox(), amount: 100, clientId: client.id })).statusCode).toBe(400);
  });

  it('audits and lists with filters', async () => {
    const box = await cashbox();
    const a = ok(await income(box, 7000));
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(entry).toMatchObject({ entity: 'cash_operation', action: 'post', locationId: loc[0].id });
    const page = cashOperationPageSchema.parse((await call('GET', `/operations?cashboxId=${box}&kind=income`)).json());
    expect(page.items.map((o) => o.id)).toEqual([a.id]);
    const byNumber = cashOperationPageSchema.parse((await call('GET', `/operations?search=${encodeURIComponent(a.number)}`)).json());
    expect(byNumber.items.map((o) => o.id)).toContain(a.id);
    expect((await call('GET', '/operations?kind=nope')).statusCode).toBe(400);
    expect((await call('GET', '/operations?from=2026-13-01')).statusCode).toBe(400);
  });
});

describe('the ledger', () => {
  it('lists rows newest first with the running balance, filters and totals', async () => {
    const box = await cashbox();
    const [client] = await app.db.select().from(counterparties).where(eq(counterparties.isSupplier, false)).limit(1);
    ok(await income(box, 10000));
    ok(await income(box, 5000, { clientId: client.id, categoryId: category('Оплата от клиента') }));
    const e = ok(await expense(box, 3000));
    ok(await call('POST', `/operations/${e.id}/cancel`), 200);
    const page = cashLedgerPageSchema.parse((await call('GET', `/ledger?cashboxId=${box}`)).json());
    expect(page.items.map((r) => [r.amount, r.balanceAfter, r.cancellation])).toEqual([
      [3000, 15000, true],
      [-3000, 12000, false],
      [5000, 15000, false],
      [10000, 10000, false],
    ]);
    expect(page).toMatchObject({ total: 4, totalIn: 15000, totalOut: 0 });
    expect(page.items[2]).toMatchObject({ clientId: client.id, clientName: client.name, categoryName: 'Оплата от клиента', kind: 'income' });
    const byClient = cashLedgerPageSchema.parse((await call('GET', `/ledger?cashboxId=${box}&clientId=${client.id}`)).json());
    expect(byClient.items.map((r) => r.amount)).toEqual([5000]);
    const byCategory = cashLedgerPageSchema.parse((await call('GET', `/ledger?cashboxId=${box}&categoryId=${category('Ремонт')}`)).json());
    expect(byCategory.items.map((r) => r.amount)).toEqual([10000]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = cashLedgerPageSchema.parse((await call('GET', `/ledger?cashboxId=${box}&from=${today}&to=${today}`)).json());
    expect(dated).toMatchObject({ total: 4, totalIn: 15000, totalOut: 0 });
    const past = cashLedgerPageSchema.parse((await call('GET', `/ledger?cashboxId=${box}&to=2020-01-01`)).json());
    expect(past.total).toBe(0);
    const paged = cashLedgerPageSchema.parse((await call('GET', `/ledger?cashboxId=${box}&page=2&pageSize=3`)).json());
    expect(paged.items.map((r) => r.amount)).toEqual([10000]);
    // The demo ledger of the location over 60 days, and all locations for the owner.
    const here = cashLedgerPageSchema.parse((await call('GET', '/ledger?pageSize=10')).json());
    expect(here.total).toBeGreaterThan(60);
    expect(here.items.every((r) => r.locationId === loc[0].id || r.cashboxName)).toBe(true);
    const all = cashLedgerPageSchema.parse((await call('GET', '/ledger?locationId=all&pageSize=10')).json());
    expect(all.total).toBeGreaterThan(here.total);
    // The unfiltered totals (the engine's counters) = the same sums over the rows (a filter that keeps every row).
    for (const query of ['', '?locationId=all', `?cashboxId=${box}`]) {
      const fast = cashLedgerPageSchema.parse((await call('GET', `/ledger${query}`)).json());
      const summed = cashLedgerPageSchema.parse((await call('GET', `/ledger${query}${query ? '&' : '?'}from=2000-01-01`)).json());
      expect({ total: fast.total, totalIn: fast.totalIn, totalOut: fast.totalOut }).toEqual({ total: summed.total, totalIn: summed.totalIn, totalOut: summed.totalOut });
    }
    // The operation list of a location includes the transfers coming into it, newest first, paged.
    const ops = cashOperationPageSchema.parse((await call('GET', '/operations?pageSize=200', undefined, { at: 0 })).json());
    expect(ops.items.some((o) => o.kind === 'transfer' && o.toLocationId === loc[0].id && o.locationId !== loc[0].id)).toBe(true);
    const times = ops.items.map((o) => o.at);
    expect([...times].sort().reverse()).toEqual(times);
    const p2 = cashOperationPageSchema.parse((await call('GET', '/operations?pageSize=100&page=2', undefined, { at: 0 })).json());
    expect(p2.items.map((o) => o.id)).toEqual(ops.items.slice(100, 200).map((o) => o.id));
  });
});

describe('the cashier', () => {
  it('sees only the location’s cashboxes and ledger; 403 on another location', async () => {
    const boxes = cashboxListSchema.parse((await call('GET', '/cashboxes', undefined, { token: cashier })).json());
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((b) => b.locationId === loc[0].id)).toBe(true);
    expect((await call('GET', '/cashboxes?locationId=all', undefined, { token: cashier })).statusCode).toBe(403);
    expect((await call('GET', `/cashboxes?locationId=${loc[1].id}`, undefined, { token: cashier })).statusCode).toBe(403);
    expect((await call('GET', '/ledger', undefined, { token: cashier, at: 1 })).statusCode).toBe(403);
    const foreign = await cashbox({ at: 1 });
    expect((await call('GET', `/ledger?cashboxId=${foreign}`, undefined, { token: cashier })).statusCode).toBe(403);
    // Takes money in the location’s cashbox.
    const own = boxes[0].id;
    const res = await income(own, 1000, {}, { token: cashier });
    expect(res.statusCode).toBe(201);
    const ledger = cashLedgerPageSchema.parse((await call('GET', '/ledger?pageSize=200', undefined, { token: cashier })).json());
    expect(ledger.items.every((r) => r.locationId === loc[0].id)).toBe(true);
    // Settings and categories are not theirs.
    expect((await call('POST', '/cashboxes', { name: 'Своя касса' }, { token: cashier })).statusCode).toBe(403);
    expect((await call('POST', '/categories', { name: 'Своя статья', kind: 'income' }, { token: cashier })).statusCode).toBe(403);
  });

  it('own scope sees only the employee’s operations', async () => {
    const own = await addEmployee(app, ['view:finance:own', 'create:finance:own', 'cancel:finance:own'], [loc[0].id]);
    const box = await cashbox();
    const mine = ok(await income(box, 1000, {}, { token: own.token }));
    const theirs = ok(await income(box, 2000));
    const page = cashOperationPageSchema.parse((await call('GET', `/operations?cashboxId=${box}`, undefined, { token: own.token })).json());
    expect(page.items.map((o) => o.id)).toEqual([mine.id]);
    expect((await call('GET', `/operations/${theirs.id}`, undefined, { token: own.token })).statusCode).toBe(404);
    expect((await call('POST', `/operations/${theirs.id}/cancel`, undefined, { token: own.token })).statusCode).toBe(404);
    expect((await call('POST', `/operations/${mine.id}/cancel`, undefined, { token: own.token })).statusCode).toBe(200);
  });
});

describe('shifts', () => {
  it('opens with a float, takes the operations, closes with a shortage recorded; one open per cashbox', async () => {
    const box = await cashbox();
    ok(await income(box, 100000)); // before the shift: no shift id
    const opened = cashShiftSchema.parse(ok(await call('POST', '/shifts', { cashboxId: box, float: 90000 })));
    expect(opened).toMatchObject({ status: 'open', float: 90000, cashboxId: box });
    expect(opened.number).toMatch(/^СМ-\d{6}$/);
    // The float was 100 ₽ short of the balance: posted at once as a shortage, into the shift.
    expect(await balanceOf(box)).toBe(90000);
    const again = await call('POST', '/shifts', { cashboxId: box, float: 90000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Смена уже открыта');
    const a = ok(await income(box, 50000));
    const b = ok(await expense(box, 20000));
    expect([a.shiftId, b.shiftId]).toEqual([opened.id, opened.id]);
    const list = cashShiftPageSchema.parse((await call('GET', `/shifts?cashboxId=${box}`)).json());
    expect(list.open).toHaveLength(1);
    expect(list.open[0].figures).toMatchObject({ float: 90000, income: 50000, expense: 20000, balance: 120000, operations: 2 });
    const cashboxes = cashboxListSchema.parse((await call('GET', '/cashboxes')).json());
    expect(cashboxes.find((c) => c.id === box)!.openShift).toMatchObject({ id: opened.id });
    // Counted 1 150 ₽ against 1 200 ₽ expected: a 50 ₽ shortage.
    const closed = cashShiftSchema.parse(ok(await call('POST', `/shifts/${opened.id}/close`, { counted: 115000 }), 200));
    expect(closed).toMatchObject({ status: 'closed', expected: 120000, counted: 115000, difference: -5000 });
    const diff = cashOperationSchema.parse((await call('GET', `/operations/${closed.differenceOperationId}`)).json());
    expect(diff).toMatchObject({ kind: 'expense', amount: 5000, categoryName: 'Недостача по смене', shiftId: opened.id });
    expect(await balanceOf(box)).toBe(115000);
    expect((await call('POST', `/shifts/${opened.id}/close`, { counted: 115000 })).statusCode).toBe(409);
    // Operations after the shift have none.
    expect(ok(await income(box, 100)).shiftId).toBeNull();
    // A surplus at the next close.
    const next = cashShiftSchema.parse(ok(await call('POST', '/shifts', { cashboxId: box, float: 115100 })));
    const surplus = cashShiftSchema.parse(ok(await call('POST', `/shifts/${next.id}/close`, { counted: 116100 }), 200));
    expect(surplus).toMatchObject({ expected: 115100, counted: 116100, difference: 1000 });
    const s = cashOperationSchema.parse((await call('GET', `/operations/${surplus.differenceOperationId}`)).json());
    expect(s).toMatchObject({ kind: 'income', categoryName: 'Излишек по смене' });
    // Only cash cashboxes have shifts.
    expect((await call('POST', '/shifts', { cashboxId: await cashbox({ kind: 'card' }), float: 0 })).statusCode).toBe(400);
    await expectLedgerAgrees();
  });

  it('an operation of a closed shift is cancelled only with edit_closed_period', async () => {
    const box = await cashbox();
    const shift = cashShiftSchema.parse(ok(await call('POST', '/shifts', { cashboxId: box, float: 0 })));
    const a = ok(await income(box, 40000));
    ok(await call('POST', `/shifts/${shift.id}/close`, { counted: 40000 }), 200);
    const manager = (await login(app, demoPhones.manager)).token;
    const refused = await call('POST', `/operations/${a.id}/cancel`, undefined, { token: manager });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('закрытой смене');
    expect(await balanceOf(box)).toBe(40000);
    // The owner has edit_closed_period.
    expect(ok(await call('POST', `/operations/${a.id}/cancel`), 200).status).toBe('cancelled');
    expect(await balanceOf(box)).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('the same POST twice in parallel moves money once and both answers are identical', async () => {
    const box = await cashbox();
    const key = `pay-${Date.now()}`;
    const [r1, r2] = await Promise.all([income(box, 77700, {}, { key }), income(box, 77700, {}, { key })]);
    expect([r1.statusCode, r2.statusCode]).toEqual([201, 201]);
    expect(r1.json()).toEqual(r2.json());
    expect(await balanceOf(box)).toBe(77700);
    const later = await income(box, 77700, {}, { key });
    expect(later.json()).toEqual(r1.json());
    expect(await balanceOf(box)).toBe(77700);
    // The same key with another body: 409, nothing moves.
    const other = await income(box, 1, {}, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Ключ идемпотентности уже использован для другого запроса');
    expect(await balanceOf(box)).toBe(77700);
    // A cancel twice with one key: one reversal.
    const ckey = `cancel-${Date.now()}`;
    const id = r1.json().id;
    const [c1, c2] = await Promise.all([call('POST', `/operations/${id}/cancel`, undefined, { key: ckey }), call('POST', `/operations/${id}/cancel`, undefined, { key: ckey })]);
    expect([c1.statusCode, c2.statusCode]).toEqual([200, 200]);
    expect(c1.json()).toEqual(c2.json());
    expect(await balanceOf(box)).toBe(0);
    // A shift opened twice with one key: one shift, same answer.
    const skey = `shift-${Date.now()}`;
    const [s1, s2] = await Promise.all([call('POST', '/shifts', { cashboxId: box, float: 0 }, { key: skey }), call('POST', '/shifts', { cashboxId: box, float: 0 }, { key: skey })]);
    expect([s1.statusCode, s2.statusCode]).toEqual([201, 201]);
    expect(s1.json()).toEqual(s2.json());
    // A refused call keeps no key: after money arrives, the same key posts.
    const rkey = `retry-${Date.now()}`;
    expect((await expense(box, 500, {}, { key: rkey })).statusCode).toBe(409);
    ok(await income(box, 1000));
    expect((await expense(box, 500, {}, { key: rkey })).statusCode).toBe(201);
    expect((await expense(box, 500, {}, { key: 'ключ с пробелами' })).statusCode).toBe(400);
    await expectLedgerAgrees();
  });
});

describe('realtime', () => {
  it('announces operations, balances and shifts to the locations they concern', async () => {
    const box = await cashbox();
    const far = await cashbox({ at: 1 });
    const rec = await recordRealtimeEvents(app);
    try {
      const a = ok(await income(box, 10000));
      const t = ok(await call('POST', '/operations', { kind: 'transfer', cashboxId: box, toCashboxId: far, amount: 4000 }));
      const shift = cashShiftSchema.parse(ok(await call('POST', '/shifts', { cashboxId: box, float: 6000 })));
      ok(await call('POST', `/operations/${t.id}/cancel`), 200);
      await rec.delivered();
      const of = (id: string) => rec.events.filter((e) => e.id === id).map((e) => `${e.type}:${e.entity}:${e.locationId === loc[0].id ? 0 : e.locationId === loc[1].id ? 1 : '?'}`);
      expect(of(a.id)).toEqual(['posted:cash_operation:0', 'posted:cash_balance:0']);
      expect(of(t.id)).toEqual([
        'posted:cash_operation:0',
        'posted:cash_balance:0',
        'posted:cash_operation:1',
        'posted:cash_balance:1',
        'cancelled:cash_operation:0',
        'cancelled:cash_balance:0',
        'cancelled:cash_operation:1',
        'cancelled:cash_balance:1',
      ]);
      expect(of(shift.id)).toEqual(['created:cash_shift:0']);
    } finally {
      await rec.stop();
    }
  });
});

describe('categories and cashboxes', () => {
  it('creates, renames, moves and archives categories; system ones stay put', async () => {
    const parent = ok<FinanceCategory>(await call('POST', '/categories', { name: 'Тестовые расходы', kind: 'expense' }));
    const child = ok<FinanceCategory>(await call('POST', '/categories', { name: 'Канцелярия', kind: 'expense', parentId: parent.id }));
    expect(child.parentId).toBe(parent.id);
    expect((await call('POST', '/categories', { name: 'канцелярия', kind: 'expense', parentId: parent.id })).statusCode).toBe(409);
    expect((await call('POST', '/categories', { name: 'Не туда', kind: 'income', parentId: parent.id })).statusCode).toBe(400);
    expect((await call('PATCH', `/categories/${parent.id}`, { parentId: child.id })).statusCode).toBe(400);
    expect(ok<FinanceCategory>(await call('PATCH', `/categories/${child.id}`, { name: 'Канцтовары', parentId: null }), 200)).toMatchObject({ name: 'Канцтовары', parentId: null });
    const archived = ok<FinanceCategory>(await call('PATCH', `/categories/${child.id}`, { archived: true }), 200);
    expect(archived.archived).toBe(true);
    const box = await cashbox();
    ok(await income(box, 1000));
    expect((await expense(box, 100, { categoryId: child.id })).json().message).toBe('Статья в архиве');
    const shortage = categories.find((c) => c.code === 'shift_shortage')!;
    expect((await call('PATCH', `/categories/${shortage.id}`, { archived: true })).statusCode).toBe(409);
    const list = financeCategoryListSchema.parse((await call('GET', '/categories?kind=expense')).json());
    expect(list.every((c) => c.kind === 'expense' && !c.archived)).toBe(true);
  });

  it('manages cashboxes with manage_settings', async () => {
    const box = await cashbox({ at: 2 });
    const renamed = ok<{ name: string; kind: string }>(await call('PATCH', `/cashboxes/${box}`, { name: 'Терминал Сбер', kind: 'card' }), 200);
    expect(renamed).toMatchObject({ name: 'Терминал Сбер', kind: 'card' });
    expect((await call('POST', '/cashboxes', { name: 'терминал сбер', locationId: loc[2].id })).statusCode).toBe(409);
    const manager = (await login(app, demoPhones.manager)).token;
    expect((await call('PATCH', `/cashboxes/${box}`, { name: 'Нет' }, { token: manager })).statusCode).toBe(403);
  });
});

describe('the cash invariant', () => {
  it('holds after a seeded random mix of operations and cancellations', async () => {
    const boxes = [await cashbox(), await cashbox(), await cashbox({ at: 1 })];
    let state = 20261125;
    const rnd = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor(state / 65536) % n;
    };
    const posted: CashOperation[] = [];
    for (let i = 0; i < 60; i++) {
      const b = rnd(3);
      const at = b === 2 ? 1 : 0;
      const action = rnd(10);
      let res: LightMyRequestResponse;
      if (action < 4) res = await income(boxes[b], 100 + rnd(100000), {}, { at });
      else if (action < 7) res = await expense(boxes[b], 100 + rnd(60000), {}, { at });
      else if (action < 9) res = await call('POST', '/operations', { kind: 'transfer', cashboxId: boxes[b], toCashboxId: boxes[(b + 1) % 3], amount: 100 + rnd(50000) }, { at });
      else {
        if (posted.length === 0) continue;
        const victim = posted[rnd(posted.length)];
        res = await call('POST', `/operations/${victim.id}/cancel`, undefined, { at: victim.locationId === loc[1].id ? 1 : 0 });
        expect([200, 409]).toContain(res.statusCode);
        continue;
      }
      if (res.statusCode === 201) posted.push(res.json());
      else expect(res.json().code).toBe('insufficient_funds');
    }
    await expectLedgerAgrees();
  });

  it('200 parallel expenses against one cashbox never take it below zero', async () => {
    const box = await cashbox();
    ok(await income(box, 50 * 1000));
    const results = await Promise.all(Array.from({ length: 200 }, () => expense(box, 1000)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(150);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toContain('доступно 0,00 ₽');
    expect(await balanceOf(box)).toBe(0);
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().number);
    expect(new Set(numbers).size).toBe(50);
    await expectLedgerAgrees();
  }, 120_000);
});
