/**
 * Sales at the counter (issue #11) through `inject`: a sale posted in one step with a split payment (stock
 * out at the average cost, cash in, the client's history), Idempotency-Key, shortages, payment rules, the
 * discount cap with a manager's confirmation, the client's personal discount, the list with totals,
 * same-day cancellation, customer returns at another location (cost and money back by units), serials, and
 * parallel sales over the last units with the ledgers agreeing afterwards; the journal's summary (each sale's
 * paid by method, `sales_hourly`) equal to the sales after each of them, the list's totals from it equal to
 * the live ones, and the triggers keeping it whoever writes the rows. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { priceSale, salePageSchema, saleSchema, splitByLargestRemainder, withinCap, type Sale } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import * as repo from '../src/modules/sales/repository';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';
import { summaryDrift, summarySize } from './sales-summary';

let app: FastifyInstance;
let owner: string;
let manager: string;
let cashier: string;
let arbat: string;
let other: string;
let cash: string;
let card: string;
let otherCash: string;
let otherWarehouse: string;
let good: { productId: string; warehouseId: string; qty: number; price: number; name: string };

const one = <T>(r: unknown) => rowsOf<T>(r)[0];

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  manager = (await login(app, demoPhones.manager)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  const locations = await demoLocations(app, owner);
  arbat = locations.find((l) => l.name === 'Сервис+ на Арбате')!._id;
  other = locations.find((l) => l._id !== arbat)!._id;
  ({ id: cash } = one<{ id: string }>(await app.db.execute(sql`select id from cashboxes where location_id = ${arbat} and kind = 'cash' and is_default`)));
  ({ id: card } = one<{ id: string }>(await app.db.execute(sql`select id from cashboxes where location_id = ${arbat} and kind <> 'cash' order by name limit 1`)));
  ({ id: otherCash } = one<{ id: string }>(await app.db.execute(sql`select id from cashboxes where location_id = ${other} and kind = 'cash' and is_default`)));
  ({ id: otherWarehouse } = one<{ id: string }>(await app.db.execute(sql`select id from warehouses where location_id = ${other} order by name limit 1`)));
  const s = one<{ product_id: string; warehouse_id: string; qty: number; price: string; name: string }>(
    await app.db.execute(sql`select b.product_id, b.warehouse_id, (b.qty - b.reserved)::int as qty, p.price::text as price, p.name from stock_balances b
      join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
      where w.location_id = ${arbat} and not p.serial_tracked and p.kind = 'good' and p.price > 0 and b.qty - b.reserved >= 12 order by b.qty desc, p.name limit 1`),
  );
  good = { productId: s.product_id, warehouseId: s.warehouse_id, qty: s.qty, price: Number(s.price), name: s.name };
});
afterAll(async () => app?.close());

function call(method: 'GET' | 'POST', url: string, payload?: unknown, token = owner, loc = arbat, headers: Record<string, string> = {}) {
  return app.inject({ method, url: `/api/sales${url}`, headers: { ...authHeaders(token, loc), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}
const ok = (res: { statusCode: number; body: string; json: () => unknown }, code = 201): Sale => {
  if (res.statusCode !== code) throw new Error(`${res.statusCode} ${res.body}`);
  return saleSchema.parse(res.json());
};
const balance = async (warehouseId = good.warehouseId, productId = good.productId) =>
  one<{ qty: number }>(await app.db.execute(sql`select coalesce((select qty from stock_balances where warehouse_id = ${warehouseId} and product_id = ${productId}), 0)::int as qty`)).qty;
const available = async (warehouseId = good.warehouseId, productId = good.productId) =>
  one<{ qty: number }>(await app.db.execute(sql`select coalesce((select qty - reserved from stock_balances where warehouse_id = ${warehouseId} and product_id = ${productId}), 0)::int as qty`)).qty;
const cashOf = async (cashboxId: string) => Number(one<{ b: string }>(await app.db.execute(sql`select coalesce((select balance from cash_balances where cashbox_id = ${cashboxId}), 0)::text as b`)).b);
const pool = async (productId = good.productId) => one<{ qty: number; value: string }>(await app.db.execute(sql`select qty, value::text as value from stock_pools where product_id = ${productId}`));

async function newClient(name: string, phone: string, discountPercent = 0): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/clients', headers: authHeaders(owner, arbat), payload: { name, phones: [phone], discountPercent } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

/** The journal's summary (`paid_*` by method, `sales_hourly`) = a fresh count from the sales and their payments. */
async function expectSummaryAgrees() {
  expect(await summaryDrift(app.db)).toEqual({ paid: [], hours: [] });
}

/** Stock ledger = balances = pools; cash ledger = balances; nothing negative; the journal's summary. */
async function expectLedgersAgree() {
  await expectSummaryAgrees();
  expect(
    rowsOf(
      await app.db.execute(sql`select m.warehouse_id, m.product_id from stock_movements m left join stock_balances b on b.warehouse_id = m.warehouse_id and b.product_id = m.product_id
      where m.warehouse_id is not null group by m.warehouse_id, m.product_id, b.qty having sum(m.qty) <> coalesce(b.qty, 0)`),
    ),
  ).toEqual([]);
  expect(
    rowsOf(
      await app.db.execute(sql`select p.product_id from stock_pools p left join (select product_id, sum(qty)::bigint as qty, sum(value)::bigint as value from stock_movements group by product_id) m on m.product_id = p.product_id
      where p.qty <> coalesce(m.qty, 0) or p.value <> coalesce(m.value, 0) or p.qty < 0 or p.value < 0`),
    ),
  ).toEqual([]);
  expect(rowsOf(await app.db.execute(sql`select 1 from stock_balances where qty < 0 or reserved < 0`))).toEqual([]);
  expect(
    rowsOf(
      await app.db.execute(sql`select b.cashbox_id from cash_balances b left join (select cashbox_id, sum(amount)::bigint as total from cash_movements group by cashbox_id) m on m.cashbox_id = b.cashbox_id
      where b.balance <> coalesce(m.total, 0) or b.balance < 0`),
    ),
  ).toEqual([]);
  expect(
    rowsOf(
      await app.db.execute(sql`select c.id from counterparties c left join (select client_id, sum(amount)::bigint as total from client_ledger group by client_id) l on l.client_id = c.id
      where c.balance <> coalesce(l.total, 0)`),
    ),
  ).toEqual([]);
}

describe('pricing (shared with the sale screen)', () => {
  it('spreads the whole-sale discount over the lines to the kopeck (largest remainder)', () => {
    const p = priceSale(
      [
        { qty: 1, price: 10000 },
        { qty: 3, price: 3333 },
        { qty: 1, price: 1, discount: { amount: 1 } },
      ],
      { amount: 1000 },
    );
    expect(p.lines.map((l) => l.total).reduce((a, b) => a + b, 0)).toBe(p.total);
    expect(p.total).toBe(10000 + 9999 - 1000);
    expect(p.lines[2]).toEqual({ gross: 1, discount: 1, total: 0 });
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 7.5 % of 1 234,57 ₽ = 92,59275 → 92,59 ₽.
    expect(priceSale([{ qty: 1, price: 123457 }], { percent: 7.5 }).total).toBe(123457 - 9259);
    expect(priceSale([{ qty: 1, price: 100 }], { amount: 101 }).errors).toHaveProperty('discount');
    expect(priceSale([{ qty: 2, price: 100, discount: { percent: 10.01 } }]).lines[0].discount).toBe(20);
    expect(withinCap({ gross: 1000, discount: 100 }, 10)).toBe(true);
    expect(withinCap({ gross: 1000, discount: 101 }, 10)).toBe(false);
  });
});

describe('a sale at the counter', () => {
  let sale: Sale;
  let lastBody: Record<string, unknown>;

  it('posts in one step with a split payment: stock out at the average cost, cash in, the client charged and paid', async () => {
    const client = await newClient('Покупатель Продажин', '+7 (903) 111-22-33');
    const [stockBefore, cashBefore, cardBefore, poolBefore] = [await balance(), await cashOf(cash), await cashOf(card), await pool()];
    const total = good.price * 2;
    lastBody = {
      clientId: client,
      warehouseId: good.warehouseId,
      lines: [{ productId: good.productId, qty: 2 }],
      payments: [
        { method: 'cash', cashboxId: cash, amount: total - 100000 },
        { method: 'card', cashboxId: card, amount: 100000 },
      ],
      post: true,
    };
    sale = ok(
      await call(
        'POST',
        '',
        {
          clientId: client,
          warehouseId: good.warehouseId,
          lines: [{ productId: good.productId, qty: 2 }],
          payments: [
            { method: 'cash', cashboxId: cash, amount: total - 100000 },
            { method: 'card', cashboxId: card, amount: 100000 },
          ],
          post: true,
        },
        cashier,
        arbat,
        { 'idempotency-key': 'sale-split-1' },
      ),
    );
    expect(sale.number).toMatch(/^ПД-\d{6}$/);
    expect(sale).toMatchObject({ status: 'posted', total, paid: total, due: 0, methods: ['cash', 'card'] });
    expect(sale.lines[0]).toMatchObject({ qty: 2, price: good.price, total, cost: null }); // the cashier does not see costs
    expect(sale.payments.map((p) => p.operationNumber)).toEqual([expect.stringMatching(/^ПКО-/), expect.stringMatching(/^ПКО-/)]);
    expect(await balance()).toBe(stockBefore - 2);
    expect(await cashOf(cash)).toBe(cashBefore + total - 100000);
    expect(await cashOf(card)).toBe(cardBefore + 100000);
    // The cost taken is round_half_up(2 × V / Q) of the pool.
    const cost = Math.round((2 * Number(poolBefore.value)) / poolBefore.qty);
    expect(Number((await pool()).value)).toBe(Number(poolBefore.value) - cost);
    const asOwner = ok(await call('GET', `/${sale.id}`), 200);
    expect(asOwner.lines[0].cost).toBe(cost);
    // The client's history: the charge and the two payments; the balance is back to zero.
    const history = rowsOf<{ kind: string; amount: string }>(await app.db.execute(sql`select kind, amount::text from client_ledger where client_id = ${client} order by seq`));
    expect(history.map((h) => [h.kind, Number(h.amount)])).toEqual([
      ['payment', total - 100000],
      ['payment', 100000],
      ['sale', -total],
    ]);
    expect(one<{ balance: string }>(await app.db.execute(sql`select balance::text from counterparties where id = ${client}`)).balance).toBe('0');
    // The stock ledger names the sale.
    expect(rowsOf(await app.db.execute(sql`select 1 from stock_movements where document_type = 'sale' and document_id = ${sale.id}`))).toHaveLength(1);
    // The split sale's money by method, kept by the payments' trigger; its hour in the journal's summary.
    expect(one<{ paid: string }>(await app.db.execute(sql`select concat_ws('/', paid_cash, paid_card, paid_transfer) as paid from sales where id = ${sale.id}`)).paid).toBe(`${total - 100000}/100000/0`);
    await expectSummaryAgrees();
  });

  it('the same Idempotency-Key posts nothing a second time', async () => {
    const before = await balance();
    const first = await app.db.execute(sql`select count(*)::int as n from sales`);
    const repeat = await call('POST', '', lastBody, cashier, arbat, { 'idempotency-key': 'sale-split-1' });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().id).toBe(sale.id);
    expect(rowsOf(await app.db.execute(sql`select count(*)::int as n from sales`))).toEqual(rowsOf(first));
    const again = await call('POST', '', { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 2 }], payments: [], post: true }, cashier, arbat, { 'idempotency-key': 'sale-split-1' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400); // a different body under the same key is refused
    expect(await balance()).toBe(before);
  });

  it('names the short product and changes nothing; a payment short of the total is refused for a cashier', async () => {
    const before = [await balance(), await cashOf(cash)];
    const short = await call('POST', '', { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 100_000 }], payments: [], post: true });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('insufficient_stock');
    expect(short.json().message).toContain(good.name);
    const unpaid = await call('POST', '', { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash, amount: 1 }], post: true }, cashier);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('payment_due');
    const over = await call('POST', '', { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash, amount: good.price + 1 }], post: true }, cashier);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toHaveProperty('payments');
    expect([await balance(), await cashOf(cash)]).toEqual(before);
    expect((await call('POST', '', { warehouseId: otherWarehouse, lines: [{ productId: good.productId }], post: false })).json().errors).toHaveProperty('warehouseId');
    expect((await call('POST', '', { warehouseId: good.warehouseId, lines: [] })).json().errors).toHaveProperty('lines');
  });

  it('a discount over the cashier cap needs a manager: refused, then confirmed by the manager’s password', async () => {
    const body = { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 1, discount: { percent: 20 } }], payments: [{ method: 'cash', cashboxId: cash, amount: good.price - Math.round(good.price * 0.2) }], post: true };
    const refused = await call('POST', '', body, cashier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'discount_approval_required', message: expect.stringContaining('10%') });
    const wrong = await call('POST', '', { ...body, discountApproval: { phone: demoPhones.manager, password: 'nope' } }, cashier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty(['discountApproval.password']);
    const byCashier = await call('POST', '', { ...body, discountApproval: { phone: demoPhones.cashier, password: 'demo1234' } }, cashier);
    expect(byCashier.statusCode).toBe(403);
    const confirmed = ok(await call('POST', '', { ...body, discountApproval: { phone: '8 (900) 000-00-02', password: 'demo1234' } }, cashier));
    expect(confirmed.approvedBy?.name).toBeTruthy();
    expect(confirmed.discount).toBe(Math.round(good.price * 0.2));
    // Within the cap: no confirmation.
    ok(await call('POST', '', { ...body, lines: [{ productId: good.productId, qty: 1, discount: { percent: 10 } }], payments: [{ method: 'card', cashboxId: card, amount: good.price - Math.round(good.price * 0.1) }] }, cashier));
  });

  it('the client’s personal discount applies by itself', async () => {
    const client = await newClient('Постоянный Клиент', '+7 (903) 111-22-44', 15);
    const draft = ok(await call('POST', '', { clientId: client, warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 1 }] }, cashier));
    expect(draft.status).toBe('draft');
    expect(draft.saleDiscount).toEqual({ percent: 15 });
    expect(draft.total).toBe(good.price - Math.round(good.price * 0.15));
    // Posting the draft later: the personal discount is within the cap (the client's own).
    await expectSummaryAgrees(); // the draft counts in its hour, with no sums
    const posted = ok(await call('POST', `/${draft.id}/post`, { payments: [{ method: 'cash', cashboxId: cash, amount: draft.total }] }, cashier), 200);
    expect(posted.status).toBe('posted');
    await expectSummaryAgrees(); // moved to its posting's hour, with its sums
  });

  it('lists with filters and totals', async () => {
    const page = salePageSchema.parse((await call('GET', '?method=card')).json());
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((s) => s.methods.includes('card'))).toBe(true);
    expect(page.totals.byMethod.card).toBeGreaterThan(0);
    const all = salePageSchema.parse((await call('GET', '')).json());
    // The totals are over every filtered row (the demo's sales too), not the page: as the ledger says.
    const expected = one<{ n: number; total: string }>(
      await app.db.execute(sql`select count(*)::int as n, coalesce(sum(total) filter (where status = 'posted'), 0)::text as total from sales where location_id = ${arbat} and status <> 'cancelled'`),
    );
    expect(all.total).toBe(expected.n);
    expect(all.totals.total).toBe(Number(expected.total));
    // By method: what the payments say (split sales included), as the list computes it another way.
    const methods = rowsOf<{ method: 'cash' | 'card' | 'transfer'; amount: string }>(
      await app.db.execute(sql`select p.method, sum(p.amount)::text as amount from sale_payments p join sales s on s.id = p.sale_id
        where s.location_id = ${arbat} and s.status = 'posted' and p.return_id is null group by p.method`),
    );
    expect(all.totals.byMethod).toEqual({ cash: 0, card: 0, transfer: 0, ...Object.fromEntries(methods.map((m) => [m.method, Number(m.amount)])) });
    // A number typed from its start, in any case, is found by its prefix.
    const byPrefix = salePageSchema.parse((await call('GET', `?search=${encodeURIComponent(sale.number.toLowerCase())}`)).json());
    expect(byPrefix.items.map((s) => s.number)).toEqual([sale.number]);
    const found = salePageSchema.parse((await call('GET', `?search=${encodeURIComponent(sale.number.slice(-4))}`)).json());
    expect(found.items.map((s) => s.id)).toContain(sale.id);
    expect((await call('GET', '?from=3000-01-01')).statusCode).toBe(400);
  });
});

describe('a sale on credit', () => {
  it('records the offer and the partner’s share, expected («ожидается от партнёра») until its money is confirmed into the bank account, once', async () => {
    const offerRes = await app.inject({
      method: 'POST',
      url: '/api/credits/offers',
      headers: authHeaders(owner, arbat),
      payload: { partner: 'Проба Банк', name: 'Рассрочка для теста продаж', minAmount: 100, maxAmount: 100_000_000, terms: [{ months: 6, feePercent: 5 }] },
    });
    expect(offerRes.statusCode).toBe(201);
    const offerId: string = offerRes.json().id;
    const client = await newClient('Покупатель В Рассрочку', '+7 (903) 111-22-77');
    const paid = Math.floor(good.price / 2);
    const share = good.price - paid;
    const sale = ok(
      await call('POST', '', {
        clientId: client,
        warehouseId: good.warehouseId,
        lines: [{ productId: good.productId, qty: 1 }],
        payments: [{ method: 'cash', cashboxId: cash, amount: paid }],
        creditOfferId: offerId,
        creditMonths: 6,
        post: true,
      }),
    );
    expect(sale.credit).toMatchObject({ offerId, partner: 'Проба Банк', months: 6, amount: share, confirmedAt: null, operationNumber: null });
    expect([sale.creditAmount, sale.due, sale.creditPending]).toEqual([share, 0, true]);
    // The client owes nothing: the partner pays its share.
    const owes = one<{ b: string }>(await app.db.execute(sql`select balance::text as b from counterparties where id = ${client}`));
    expect(Number(owes.b)).toBe(0);
    const pending = salePageSchema.parse((await call('GET', '?creditPending=true&pageSize=100')).json());
    expect(pending.items.every((s) => s.creditPending)).toBe(true);
    expect(pending.items.map((s) => s.id)).toContain(sale.id);

    // Not into a cash desk; not by a seller without the finance rights there.
    const intoCash = await call('POST', `/${sale.id}/credit/confirm`, { cashboxId: cash }, owner, arbat, { 'Idempotency-Key': 'credit-cash' });
    expect(intoCash.statusCode).toBe(400);
    expect(intoCash.json().errors).toEqual({ cashboxId: 'Деньги партнёра поступают на расчётный счёт, а не в кассу' });
    const { id: bank } = one<{ id: string }>(await app.db.execute(sql`select id from cashboxes where kind = 'bank' order by name limit 1`));
    const bankBefore = await cashOf(bank);
    const key = { 'Idempotency-Key': 'credit-confirm-1' };
    const confirmed = ok(await call('POST', `/${sale.id}/credit/confirm`, { cashboxId: bank }, owner, arbat, key), 200);
    expect(confirmed.credit?.confirmedAt).toBeTruthy();
    expect(confirmed.credit?.operationNumber).toMatch(/^ПКО-/);
    expect(confirmed.creditPending).toBe(false);
    expect(await cashOf(bank)).toBe(bankBefore + share);
    // A double click moves the money once; another confirmation is refused.
    expect((await call('POST', `/${sale.id}/credit/confirm`, { cashboxId: bank }, owner, arbat, key)).statusCode).toBe(200);
    expect(await cashOf(bank)).toBe(bankBefore + share);
    const again = await call('POST', `/${sale.id}/credit/confirm`, { cashboxId: bank }, owner, arbat, { 'Idempotency-Key': 'credit-confirm-2' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Поступление от партнёра уже подтверждено']);
    const op = one<{ document_id: string; amount: string }>(await app.db.execute(sql`select document_id, amount::text as amount from cash_operations where number = ${confirmed.credit!.operationNumber} and cashbox_id = ${bank}`));
    expect([op.document_id, Number(op.amount)]).toEqual([sale.id, share]);
    const after = salePageSchema.parse((await call('GET', '?creditPending=true&pageSize=100')).json());
    expect(after.items.map((s) => s.id)).not.toContain(sale.id);
    await expectLedgersAgree();
  });
});

describe('cancel and returns', () => {
  it('a manager cancels a sale the same day: exact reversals; a cashier may not', async () => {
    const [stockBefore, cashBefore, poolBefore] = [await balance(), await cashOf(cash), await pool()];
    const sale = ok(await call('POST', '', { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash, amount: good.price }], post: true }, cashier));
    expect((await call('POST', `/${sale.id}/cancel`, {}, cashier)).statusCode).toBe(403);
    const cancelled = ok(await call('POST', `/${sale.id}/cancel`, { comment: 'Ошибка кассира' }, manager), 200);
    expect(cancelled.status).toBe('cancelled');
    expect([await balance(), await cashOf(cash), await pool()]).toEqual([stockBefore, cashBefore, poolBefore]);
    expect((await call('POST', `/${sale.id}/cancel`, {}, manager)).statusCode).toBe(409);
    await expectLedgersAgree();
  });

  it('a partial return at another location: goods back at the sale’s cost by units, money out there, never more than sold', async () => {
    const client = await newClient('Возвратов Пётр', '+7 (903) 111-22-88');
    const sale = ok(
      await call('POST', '', { clientId: client, warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 3 }], payments: [{ method: 'cash', cashboxId: cash, amount: good.price * 3 }], post: true }, owner),
    );
    const cost = sale.lines[0].cost!;
    const [otherBefore, otherCashBefore] = [await balance(otherWarehouse), await cashOf(otherCash)];
    // The return is made at the other shop, by its cashier's rules (the owner here), finding the sale by number.
    const found = (await call('GET', `/returnable?search=${encodeURIComponent(sale.number)}`, undefined, owner, other)).json() as Sale[];
    expect(found.map((s) => s.id)).toContain(sale.id);
    const back = Math.floor(sale.lines[0].total / 3) + (sale.lines[0].total % 3 > 0 ? 1 : 0);
    const refused = await call('POST', `/${sale.id}/returns`, { warehouseId: otherWarehouse, lines: [{ productId: good.productId, qty: 4 }], refunds: [] }, owner, other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['lines.0.qty']).toContain('не больше 3');
    const mismatch = await call('POST', `/${sale.id}/returns`, { warehouseId: otherWarehouse, lines: [{ productId: good.productId, qty: 1 }], refunds: [{ method: 'cash', cashboxId: otherCash, amount: 1 }] }, owner, other);
    expect(mismatch.json().errors).toHaveProperty('refunds');
    const returned = ok(
      await call('POST', `/${sale.id}/returns`, { warehouseId: otherWarehouse, lines: [{ productId: good.productId, qty: 1 }], refunds: [{ method: 'cash', cashboxId: otherCash, amount: back }] }, owner, other, { 'idempotency-key': 'ret-1' }),
    );
    expect(returned.returns).toHaveLength(1);
    expect(returned.returns[0]).toMatchObject({ number: expect.stringMatching(/^ВЗ-\d{6}$/), amount: back, locationId: other });
    expect(returned.lines[0].returnedQty).toBe(1);
    expect(await balance(otherWarehouse)).toBe(otherBefore + 1);
    expect(await cashOf(otherCash)).toBe(otherCashBefore - back);
    // The first unit comes back with the heavier share of the cost.
    const value = Number(one<{ v: string }>(await app.db.execute(sql`select value::text as v from sale_return_lines where return_id = ${returned.returns[0].id}`)).v);
    expect(value).toBe(Math.floor(cost / 3) + (cost % 3 > 0 ? 1 : 0));
    // Two more units, then nothing is left to return.
    const rest = sale.lines[0].total - back;
    ok(await call('POST', `/${sale.id}/returns`, { warehouseId: otherWarehouse, lines: [{ productId: good.productId, qty: 2 }], refunds: [{ method: 'cash', cashboxId: otherCash, amount: rest }] }, owner, other));
    const none = await call('POST', `/${sale.id}/returns`, { warehouseId: otherWarehouse, lines: [{ productId: good.productId, qty: 1 }], refunds: [] }, owner, other);
    expect(none.json().errors['lines.0.qty']).toContain('не больше 0');
    const values = rowsOf<{ v: string }>(await app.db.execute(sql`select sum(l.value)::text as v from sale_return_lines l join sale_returns r on r.id = l.return_id where r.sale_id = ${sale.id}`));
    expect(Number(values[0].v)).toBe(cost);
    // The client's balance: charged, paid, refunded — zero again.
    expect(one<{ balance: string }>(await app.db.execute(sql`select balance::text from counterparties where id = ${client}`)).balance).toBe('0');
    // A sale with returns is not cancelled.
    expect((await call('POST', `/${sale.id}/cancel`, {}, owner)).statusCode).toBe(409);
    await expectLedgersAgree();
  });
});

describe('serials and parallel sales', () => {
  it('a serial-tracked product is sold by its serial, which leaves the stock', async () => {
    const row = one<{ product_id: string; warehouse_id: string; serial: string; price: string } | undefined>(
      await app.db.execute(sql`select s.product_id, s.warehouse_id, s.serial, p.price::text as price from stock_serials s join products p on p.id = s.product_id
        join warehouses w on w.id = s.warehouse_id join stock_balances b on b.warehouse_id = s.warehouse_id and b.product_id = s.product_id
        where s.status = 'in_stock' and w.location_id = ${arbat} and b.qty - b.reserved >= 1 limit 1`),
    );
    if (!row) throw new Error('the demo has no serial-tracked goods in stock at Arbat');
    const body = { warehouseId: row.warehouse_id, lines: [{ productId: row.product_id, qty: 1 }], payments: [{ method: 'card', cashboxId: card, amount: Number(row.price) }], post: true };
    const missing = await call('POST', '', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors['lines.0.serials']).toContain('серийный номер');
    expect((await call('POST', '', { ...body, lines: [{ productId: row.product_id, qty: 1, serials: ['НЕТ-ТАКОГО'] }] })).json().errors['lines.0.serials']).toContain('НЕТ-ТАКОГО');
    const sold = ok(await call('POST', '', { ...body, lines: [{ productId: row.product_id, qty: 1, serials: [row.serial] }] }));
    expect(sold.lines[0].serials).toEqual([row.serial]);
    expect(one<{ status: string }>(await app.db.execute(sql`select status from stock_serials where product_id = ${row.product_id} and serial = ${row.serial}`)).status).toBe('gone');
  });

  it('parallel sales fighting over the last units never take stock below zero, and the ledgers agree', async () => {
    // Free units: a repair order of the demo may hold some of them.
    const left = await available();
    const attempts = left + 6;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        call('POST', '', { warehouseId: good.warehouseId, lines: [{ productId: good.productId, qty: 1 }], payments: [{ method: i % 2 ? 'cash' : 'card', cashboxId: i % 2 ? cash : card, amount: good.price }], post: true }, owner),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(left);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    expect(await available()).toBe(0);
    await expectLedgersAgree();
  });
});

describe('the journal summary (paid by method, sales_hourly)', () => {
  const H = 3_600_000;
  const floorHour = (t: number) => Math.floor(t / H) * H;
  const ceilHour = (t: number) => Math.ceil(t / H) * H;

  it('gives the list the same totals as the sales themselves, with edges not on an hour', async () => {
    // Moments of Arbat's sales not on an hour (a quarter and three quarters through), in ms.
    const days = rowsOf<{ ms: number }>(
      await app.db.execute(sql`select floor(extract(epoch from coalesce(posted_at, created_at)) * 1000)::float8 as ms from sales
        where location_id = ${arbat} and status <> 'cancelled'
          and date_bin('1 hour', coalesce(posted_at, created_at), timestamptz '2000-01-01 00:00:00+00') <> coalesce(posted_at, created_at)
        order by 1`),
    ).map((r) => Number(r.ms));
    expect(days.length).toBeGreaterThan(20);
    const a = days[Math.floor(days.length / 4)];
    const b = days[Math.floor((days.length * 3) / 4)];
    expect(floorHour(b)).toBeGreaterThan(ceilHour(a));
    const at = (t: number) => new Date(t);
    const ranges: Array<{ from?: Date; to?: Date }> = [
      {},
      { from: at(a) },
      { to: at(b) },
      { from: at(a), to: at(b) },
      { from: at(a + 1), to: at(b + 1) },
      { from: at(floorHour(a)), to: at(ceilHour(b)) },
      { from: at(a), to: at(a + 10 * 60_000) }, // shorter than an hour
      { from: at(ceilHour(a) - 5 * 60_000), to: at(ceilHour(a) + 5 * 60_000) }, // across an hour, no whole one
      { from: at(floorHour(a)), to: at(floorHour(a) + H) }, // exactly one hour
    ];
    for (const locationIds of [[arbat], [arbat, other]]) {
      for (const range of ranges) {
        const f: repo.ListFilter = { locationIds, ...range };
        const live = await repo.saleTotals(app.db, f, { live: true });
        expect({ range, totals: await repo.saleTotals(app.db, f) }).toEqual({ range, totals: live });
      }
    }
    // Not vacuous: the edges hold sales, and so do the whole hours between them.
    const edge = await repo.saleTotals(app.db, { locationIds: [arbat], from: at(a), to: at(ceilHour(a)) }, { live: true });
    expect(edge.count).toBeGreaterThan(0);
    const middle = await repo.saleTotals(app.db, { locationIds: [arbat], from: at(ceilHour(a)), to: at(floorHour(b)) }, { live: true });
    expect(middle.count).toBeGreaterThan(0);
    expect(middle.byMethod.length).toBeGreaterThan(0);
    // Through the API: moments in the query, and the same with a filter that keeps every row (the number's
    // prefix), which reads the sales.
    const query = `?from=${encodeURIComponent(at(a).toISOString())}&to=${encodeURIComponent(at(b).toISOString())}&pageSize=5`;
    const fromSummary = salePageSchema.parse((await call('GET', query)).json());
    const fromSales = salePageSchema.parse((await call('GET', `${query}&search=${encodeURIComponent('ПД-')}`)).json());
    expect(fromSummary.total).toBeGreaterThan(0);
    expect([fromSummary.total, fromSummary.totals, fromSummary.items.map((s) => s.id)]).toEqual([fromSales.total, fromSales.totals, fromSales.items.map((s) => s.id)]);
  });

  it('keeps up with any writer: rows written directly, in any order, in one transaction, in any time zone', async () => {
    const id = await app.db.transaction(async (tx) => {
      // A session time zone with a 45-minute offset: the hour must not depend on it.
      await tx.execute(sql`set local time zone 'Asia/Kathmandu'`);
      const [{ id }] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into sales (location_id, number, status, warehouse_id, subtotal, discount, total, paid, methods, posted_at, created_at)
          values (${arbat}, 'ПД-T00001', 'posted', ${good.warehouseId}, 1100, 100, 1000, 1000, '{cash,card}', now() - interval '3 days 17 minutes', now() - interval '3 days 20 minutes')
          returning id`),
      );
      await tx.execute(sql`insert into sale_payments (sale_id, method, cashbox_id, amount) values (${id}, 'cash', ${cash}, 600), (${id}, 'card', ${card}, 400)`);
      await tx.execute(sql`update sale_payments set method = 'transfer' where sale_id = ${id} and method = 'card'`);
      await tx.execute(sql`update sales set posted_at = posted_at - interval '5 hours', returned = 250 where id = ${id}`);
      // A refund row (a return's) is not the sale's payment.
      await tx.execute(sql`insert into sale_payments (sale_id, return_id, method, cashbox_id, amount) values (${id}, gen_random_uuid(), 'cash', ${cash}, -250)`);
      // A draft written and removed in the same transaction leaves nothing.
      await tx.execute(sql`insert into sales (location_id, number, warehouse_id, total) values (${arbat}, 'ПД-T00002', ${good.warehouseId}, 5)`);
      await tx.execute(sql`delete from sales where number = 'ПД-T00002' and location_id = ${arbat}`);
      return id;
    });
    expect(one<{ paid: string }>(await app.db.execute(sql`select concat_ws('/', paid_cash, paid_card, paid_transfer) as paid from sales where id = ${id}`)).paid).toBe('600/0/400');
    expect(await summaryDrift(app.db)).toEqual({ paid: [], hours: [] });
    for (const step of [
      sql`update sales set status = 'cancelled' where id = ${id}`,
      sql`update sales set status = 'posted', location_id = ${other} where id = ${id}`,
      sql`update sale_payments set amount = 700 where sale_id = ${id} and method = 'cash' and return_id is null`,
      sql`update sales set status = 'draft', posted_at = null where id = ${id}`,
      sql`delete from sale_payments where sale_id = ${id} and method = 'transfer'`,
      sql`update sales set status = 'posted', posted_at = now() where id = ${id}`,
      sql`delete from sales where id = ${id}`,
    ]) {
      await app.db.execute(step);
      expect(await summaryDrift(app.db)).toEqual({ paid: [], hours: [] });
    }
  });

  it('the check notices a trigger that is missing', async () => {
    const size = await summarySize(app.db);
    expect(size.hours).toBeGreaterThan(0);
    expect(size.paid).toBeGreaterThan(0);
    const [{ id }] = rowsOf<{ id: string }>(await app.db.execute(sql`select id from sales where status = 'posted' and location_id = ${arbat} order by number limit 1`));
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      app.db.transaction(async (tx) => {
        // The hours' trigger is deferred to the commit; here it fires at each statement's end.
        await tx.execute(sql`set constraints all immediate`);
        await tx.execute(sql`update sales set total = total + 1 where id = ${id}`);
        expect(await summaryDrift(tx)).toEqual({ paid: [], hours: [] });
        await tx.execute(sql`alter table sales disable trigger sales_hourly_upd`);
        await tx.execute(sql`update sales set total = total + 1 where id = ${id}`);
        expect((await summaryDrift(tx)).hours).toHaveLength(1);
        await tx.execute(sql`alter table sale_payments disable trigger sale_payments_paid_ins`);
        await tx.execute(sql`insert into sale_payments (sale_id, method, cashbox_id, amount) values (${id}, 'card', ${card}, 1)`);
        expect((await summaryDrift(tx)).paid.map((p) => p.id)).toEqual([id]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await summaryDrift(app.db)).toEqual({ paid: [], hours: [] });
  });
});
