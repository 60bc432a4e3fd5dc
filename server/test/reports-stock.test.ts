/**
 * The stock report (issue #23) through `inject`: today its value equals the balances page's (the whole
 * shop, one warehouse, every shop, a category); at a past date every row equals a recount straight from the
 * stock ledger (quantities and pools summed up to the day's end, split over the warehouses by
 * valuation.ts), and stays what it was after more postings; the last sale and the slow movers from the
 * ledger; `stock_pools.last_sale_at` kept with the ledger; without `see_cost` no value anywhere; paging and
 * sorting; access. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { reportMessages, stockReportSchema, type Location, type StockReport } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { recountStockTotals } from '../bench/scale';
import { rowsOf } from '../src/lib/sql';
import { dayEnd, monthBefore, moscowToday } from '../src/modules/reports/period';
import { fromBase, pastBase, stockSnapshots } from '../src/modules/reports/stock-past';
import type { Ctx } from '../src/lib/ctx';
import { splitByWarehouse } from '../src/modules/stock/valuation';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
const today = moscowToday();
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const endOf = (day: string) => new Date(Date.parse(`${day}T00:00:00+03:00`) + DAY).toISOString();

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = owner, at = 0) =>
  app.inject({ method, url, headers: authHeaders(token, loc[at]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function report(params: string, token = owner, at = 0): Promise<StockReport> {
  return stockReportSchema.parse(ok(await call('GET', `/api/reports/stock?${params}`, undefined, token, at)));
}

/** Every row of the report (all pages). */
async function allRows(params: string, token = owner, at = 0): Promise<StockReport['rows']> {
  const out: StockReport['rows'] = [];
  for (let page = 1; ; page++) {
    const r = await report(`${params}&page=${page}&pageSize=200`, token, at);
    out.push(...r.rows);
    if (out.length >= r.total) return out;
  }
}

const warehousesOf = async (locationIds: string[]) =>
  (await q<{ id: string }>(sql`select id from warehouses where location_id = any(${sql.param(locationIds)}::uuid[]) order by id`)).map((w) => w.id);

/**
 * A recount straight from the stock ledger at the end of `day`: per product, the units in `warehouseIds`
 * and their value (the pool summed from the ledger split over every warehouse and the units in transit by
 * valuation.ts), the last sale or use in a repair (qty < 0, not a cancellation row) before the day's end.
 */
async function recount(day: string, warehouseIds: string[]): Promise<Map<string, { qty: number; value: number; lastSaleAt: string | null; shares: Map<string, { qty: number; value: number }> }>> {
  const end = endOf(day);
  const moves = await q<{ product_id: string; warehouse_id: string | null; qty: string; value: string }>(
    sql`select product_id, warehouse_id, sum(qty)::text as qty, sum(value)::text as value from stock_movements where at < ${end}::timestamptz group by 1, 2`,
  );
  const sold = new Map(
    (
      await q<{ product_id: string; at: string }>(
        sql`select product_id, max(at) as at from stock_movements where at < ${end}::timestamptz and document_type in ('sale', 'repair_order') and qty < 0 and not cancellation group by 1`,
      )
    ).map((r) => [r.product_id, new Date(r.at).toISOString()]),
  );
  const byProduct = new Map<string, typeof moves>();
  for (const m of moves) byProduct.set(m.product_id, [...(byProduct.get(m.product_id) ?? []), m]);
  const out = new Map<string, { qty: number; value: number; lastSaleAt: string | null; shares: Map<string, { qty: number; value: number }> }>();
  for (const [productId, rows] of byProduct) {
    const pool = { qty: rows.reduce((s, r) => s + Number(r.qty), 0), value: rows.reduce((s, r) => s + Number(r.value), 0) };
    const balances = rows.filter((r) => r.warehouse_id && Number(r.qty) > 0).map((r) => ({ warehouseId: r.warehouse_id!, qty: Number(r.qty) }));
    const split = splitByWarehouse(pool, balances);
    const mine = balances.filter((b) => warehouseIds.includes(b.warehouseId));
    if (!mine.length) continue;
    out.set(productId, {
      qty: mine.reduce((s, b) => s + b.qty, 0),
      value: mine.reduce((s, b) => s + (split.byWarehouse.get(b.warehouseId) ?? 0), 0),
      lastSaleAt: sold.get(productId) ?? null,
      shares: new Map(mine.map((b) => [b.warehouseId, { qty: b.qty, value: split.byWarehouse.get(b.warehouseId) ?? 0 }])),
    });
  }
  return out;
}

const daysBetween = (day: string, at: string | null) => (at === null ? null : Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${moscowToday(new Date(at))}T00:00:00Z`)) / DAY));

async function expectRecount(day: string, params: string, warehouseIds: string[], at = 0) {
  const rows = await allRows(`at=${day}${params}`, owner, at);
  const straight = await recount(day, warehouseIds);
  expect(straight.size).toBeGreaterThan(0);
  expect(new Map(rows.map((r) => [r.productId, { qty: r.qty, value: r.value, lastSaleAt: r.lastSaleAt }]))).toEqual(
    new Map([...straight].map(([id, x]) => [id, { qty: x.qty, value: x.value, lastSaleAt: x.lastSaleAt }])),
  );
  for (const r of rows) expect(r.daysWithoutSale).toBe(daysBetween(day, r.lastSaleAt));
  const r = await report(`at=${day}${params}`, owner, at);
  expect(r.value).toBe([...straight.values()].reduce((s, x) => s + x.value, 0));
  expect(r.qty).toBe([...straight.values()].reduce((s, x) => s + x.qty, 0));
  expect(r.total).toBe(straight.size);
  // Each warehouse's slice: its shares of every product.
  const byWarehouse = new Map<string, { qty: number; value: number }>();
  for (const x of straight.values()) {
    for (const [w, sh] of x.shares) {
      const t = byWarehouse.get(w) ?? { qty: 0, value: 0 };
      byWarehouse.set(w, { qty: t.qty + sh.qty, value: t.value + sh.value });
    }
  }
  expect(new Map(r.byWarehouse.map((w) => [w.key, { qty: w.qty, value: w.value }]))).toEqual(byWarehouse);
}

const warehouse: string[] = [];
const cash: string[] = [];
beforeAll(async () => {
  for (const [i, l] of loc.entries()) {
    warehouse[i] = (await q<{ id: string }>(sql`select id from warehouses where location_id = ${l._id} and is_default`))[0].id;
    cash[i] = (await q<{ id: string }>(sql`select id from cashboxes where location_id = ${l._id} and kind = 'cash' and is_default`))[0].id;
  }
});

describe('the stock report against the balances and the ledger', () => {
  it('today: the value of the shop, of one warehouse, of every shop and of a category equal the balances page', async () => {
    type Page = { totalValue: number; totalQty: number };
    const balances = async (params: string, at = 0) => ok(await call('GET', `/api/stock/balances?pageSize=1${params}`, undefined, owner, at)) as Page;
    for (const [params, at] of [['', 0], ['', 1], [`&warehouseId=${warehouse[2]}`, 2], ['&allLocations=true', 0]] as const) {
      const r = await report(params.slice(1), owner, at);
      const b = await balances(params, at);
      expect(r.at).toBe(today);
      expect(r.value).toBeGreaterThan(0);
      expect([r.value, r.qty]).toEqual([b.totalValue, b.totalQty]);
      expect(r.byWarehouse.reduce((s, x) => s + x.value!, 0)).toBe(r.value);
      expect(r.byCategory.reduce((s, x) => s + x.value!, 0)).toBe(r.value);
      expect(r.byCategory.reduce((s, x) => s + x.qty, 0)).toBe(r.qty);
    }
    // Each warehouse's slice is that warehouse's balances page.
    const all = await report('allLocations=true');
    expect(all.byWarehouse.length).toBeGreaterThanOrEqual(3);
    for (const w of all.byWarehouse) {
      const b = ok(await call('GET', `/api/stock/balances?pageSize=1&allLocations=true&warehouseId=${w.key}`)) as Page;
      expect([w.value, w.qty]).toEqual([b.totalValue, b.totalQty]);
    }
    // A top-level category takes its sub-categories, as on the balances page.
    const [{ id: parent }] = await q<{ id: string }>(sql`select parent_id as id from categories where parent_id is not null group by 1 order by count(*) desc limit 1`);
    const cat = await report(`categoryId=${parent}&allLocations=true`);
    const b = ok(await call('GET', `/api/stock/balances?pageSize=1&allLocations=true&categoryId=${parent}`)) as Page;
    expect(cat.value).toBeGreaterThan(0);
    expect([cat.value, cat.qty]).toEqual([b.totalValue, b.totalQty]);
    expect(cat.byCategory.length).toBeGreaterThan(1);
    expect(cat.byWarehouse.reduce((s, x) => s + x.value!, 0)).toBe(cat.value);
    expect(cat.byWarehouse.reduce((s, x) => s + x.qty, 0)).toBe(cat.qty);
    // Rows are per product: the view's values of its balances in the report's warehouses.
    const mine = await warehousesOf([loc[0]._id]);
    const rows = await allRows('sort=name');
    const view = await q<{ product_id: string; qty: number; value: string }>(
      sql`select product_id, sum(qty)::int as qty, sum(value)::text as value from stock_balance_values where warehouse_id = any(${sql.param(mine)}::uuid[]) and qty > 0 group by 1`,
    );
    expect(new Map(rows.map((r) => [r.productId, [r.qty, r.value]]))).toEqual(new Map(view.map((v) => [v.product_id, [v.qty, Number(v.value)]])));
  });

  it('at past dates: every row equals a recount from the ledger (both ways of reading it), and stays so after more postings', async () => {
    const all = loc.map((l) => l._id);
    const days = [dayOf(-1), dayOf(-7), dayOf(-30), dayOf(-50)];
    for (const day of days) {
      await expectRecount(day, '&allLocations=true', await warehousesOf(all));
      await expectRecount(day, '', await warehousesOf([loc[1]._id]), 1);
    }
    const snapshot = await Promise.all(days.map((d) => report(`at=${d}&allLocations=true&pageSize=200`)));
    // More postings today: a receipt, a write-off, a sale, a transfer on its way.
    const [{ id: product }] = await q<{ id: string }>(sql`select b.product_id as id from stock_balances b join products p on p.id = b.product_id
      where b.warehouse_id = ${warehouse[0]} and b.qty - b.reserved >= 4 and not p.serial_tracked and p.price > 0 order by b.qty desc limit 1`);
    const receipt = ok(await call('POST', '/api/stock/receipts', { warehouseId: warehouse[0], lines: [{ productId: product, qty: 10, cost: 99_999 }] }), 201) as { id: string };
    ok(await call('POST', `/api/stock/receipts/${receipt.id}/post`));
    const writeOff = ok(await call('POST', '/api/stock/write-offs', { warehouseId: warehouse[0], reason: 'Брак', lines: [{ productId: product, qty: 1 }] }), 201) as { id: string };
    ok(await call('POST', `/api/stock/write-offs/${writeOff.id}/post`));
    const [{ price }] = await q<{ price: string }>(sql`select price::text from products where id = ${product}`);
    ok(await call('POST', '/api/sales', { warehouseId: warehouse[0], lines: [{ productId: product, qty: 2 }], payments: [{ method: 'cash', cashboxId: cash[0], amount: 2 * Number(price) }], post: true }), 201);
    const transfer = ok(await call('POST', '/api/stock/transfers', { fromWarehouseId: warehouse[0], toWarehouseId: warehouse[1], lines: [{ productId: product, qty: 3 }] }), 201) as { id: string };
    ok(await call('POST', `/api/stock/transfers/${transfer.id}/send`));
    const again = await Promise.all(days.map((d) => report(`at=${d}&allLocations=true&pageSize=200`)));
    expect(again).toEqual(snapshot);
    await expectRecount(today, '&allLocations=true', await warehousesOf(all));
    await expectRecount(dayOf(-1), '', await warehousesOf([loc[0]._id]));
    // Today (the balances) and the recount of today (the ledger) agree, the goods in transit outside every warehouse.
    const now = await report('allLocations=true');
    const b = ok(await call('GET', '/api/stock/balances?pageSize=1&allLocations=true')) as { totalValue: number };
    expect(now.value).toBe(b.totalValue);
    const row = (await allRows('allLocations=true')).find((r) => r.productId === product)!;
    expect(row.daysWithoutSale).toBe(0);
  });

  it('keeps stock_pools.last_sale_at with the ledger', async () => {
    expect(
      await q(sql`select p.product_id from stock_pools p left join (
          select product_id, max(at) as at from stock_movements where document_type in ('sale', 'repair_order') and qty < 0 and not cancellation group by 1
        ) m on m.product_id = p.product_id where p.last_sale_at is distinct from m.at`),
    ).toEqual([]);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from stock_pools where last_sale_at is not null`))[0].n).toBeGreaterThan(5);
  });

  it('slow movers: only goods with no sale for at least N days (or none ever), from the ledger at the date too', async () => {
    for (const day of [today, dayOf(-10)]) {
      const every = await allRows(`at=${day}&allLocations=true&sort=daysWithoutSale`);
      expect(every.some((r) => r.daysWithoutSale !== null && r.daysWithoutSale < 30)).toBe(true);
      for (const n of [30, 60, 90]) {
        const slow = await allRows(`at=${day}&allLocations=true&slowDays=${n}&sort=daysWithoutSale`);
        expect(slow.map((r) => r.productId)).toEqual(every.filter((r) => r.daysWithoutSale === null || r.daysWithoutSale >= n).map((r) => r.productId));
        const r = await report(`at=${day}&allLocations=true&slowDays=${n}`);
        expect(r.value).toBe(slow.reduce((s, x) => s + x.value!, 0));
      }
      // Never sold first, then the longest without a sale.
      const days = every.map((r) => (r.daysWithoutSale === null ? Infinity : r.daysWithoutSale));
      expect(days).toEqual([...days].sort((a, b) => b - a));
    }
    const bad = await call('GET', '/api/reports/stock?slowDays=45');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(reportMessages.slowDays);
  });

  it('pages and sorts over all matching rows; the totals and slices are not the page’s', async () => {
    const whole = await allRows('allLocations=true&sort=value');
    const r1 = await report('allLocations=true&pageSize=7&page=1');
    const r2 = await report('allLocations=true&pageSize=7&page=2');
    expect(r1.rows).toEqual(whole.slice(0, 7));
    expect(r2.rows).toEqual(whole.slice(7, 14));
    expect(r1.total).toBe(whole.length);
    expect(r1.value).toBe(whole.reduce((s, x) => s + x.value!, 0));
    expect(r1.byWarehouse).toEqual(r2.byWarehouse);
    const values = whole.map((x) => x.value!);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const byQty = (await allRows('allLocations=true&sort=qty')).map((x) => x.qty);
    expect(byQty).toEqual([...byQty].sort((a, b) => b - a));
    const byName = await allRows('allLocations=true&sort=name');
    expect(new Set(byName.map((x) => x.productId))).toEqual(new Set(whole.map((x) => x.productId)));
    // The search narrows the rows to the matching goods.
    const word = whole[0].name.split(' ')[0];
    const found = await allRows(`allLocations=true&search=${encodeURIComponent(word)}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((x) => x.name.toLowerCase().includes(word.toLowerCase()) || x.sku !== null)).toBe(true);
    // The previous figures are the report a month before.
    const now = await report('allLocations=true');
    const before = await report(`allLocations=true&at=${monthBefore(today)}`);
    expect(now.previous).toEqual({ at: monthBefore(today), value: before.value, qty: before.qty });
  });

  it('keeps the totals of a past day once replayed, and drops them when the ledger gets a row dated on or before it', async () => {
    const day = monthBefore(today);
    const kept = () => q<{ day: string; qty: string; value: string }>(sql`select day::text, qty::text, value::text from report_stock_past where day = ${day}`);
    await app.db.execute(sql`delete from report_stock_past`);
    const first = await report('allLocations=true&slowDays=30');
    expect(await kept()).toEqual([{ day, qty: String(first.previous.qty), value: String(first.previous.value) }]);
    // What is kept is what is shown next time, and equals the day's own report with the same filters.
    await app.db.execute(sql`update report_stock_past set value = value + 1 where day = ${day}`);
    expect((await report('allLocations=true&slowDays=30')).previous.value).toBe(first.previous.value! + 1);
    await app.db.execute(sql`update report_stock_past set value = value - 1 where day = ${day}`);
    const atDay = await report(`allLocations=true&slowDays=30&at=${day}`);
    expect(first.previous).toEqual({ at: day, value: atDay.value, qty: atDay.qty });
    // A posting now keeps them; a row dated before the day (a data load) drops that day and the later ones.
    const [{ id: product, wh }] = await q<{ id: string; wh: string }>(sql`select product_id as id, warehouse_id as wh from stock_balances where qty > 0 limit 1`);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
        values (now(), gen_random_uuid(), 'receipt', 'ПР-TEST', ${wh}, ${product}, 0, 0)`);
      expect(rowsOf(await tx.execute(sql`select 1 from report_stock_past where day = ${day}`))).toHaveLength(1);
      await tx.execute(sql`insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
        values (${dayEnd(day).toISOString()}::timestamptz - interval '2 days', gen_random_uuid(), 'receipt', 'ПР-TEST', ${wh}, ${product}, 0, 0)`);
      expect(rowsOf(await tx.execute(sql`select 1 from report_stock_past where day = ${day}`))).toHaveLength(0);
      tx.rollback();
    }).catch((e: unknown) => {
      if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
    });
    expect(await kept()).toHaveLength(1);
  });

  it('without see_cost no value anywhere, sorting by value falls back to the quantity; the Excel file has every page’s rows', async () => {
    const blind = await addEmployee(app, ['view:report:all', 'export:report:all'], loc.map((l) => l._id));
    const r = await report('allLocations=true&pageSize=200', blind.token);
    expect(r.total).toBeGreaterThan(0);
    expect([r.value, r.previous.value]).toEqual([null, null]);
    for (const x of [...r.rows, ...r.byWarehouse, ...r.byCategory]) expect(x.value).toBeNull();
    const qty = r.rows.map((x) => x.qty);
    expect(qty).toEqual([...qty].sort((a, b) => b - a));
    const file = await call('GET', '/api/reports/stock?allLocations=true&pageSize=200&format=xlsx', undefined, blind.token);
    expect(file.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(file.rawPayload);
    expect(sheet.data[0]).toEqual(['Товар', 'Артикул', 'Категория', 'Остаток', 'Последняя продажа', 'Дней без продаж']);
    const ru = (iso: string | null) => (iso ? moscowToday(new Date(iso)).split('-').reverse().join('.') : null);
    expect(sheet.data.slice(1)).toEqual(r.rows.map((x) => [x.name, x.sku, x.categoryName, x.qty, ru(x.lastSaleAt), x.daysWithoutSale]));
    // The file of a paged report holds every page, in the table's order.
    const pages = [];
    for (let page = 1; ; page++) {
      const seen = await report(`allLocations=true&pageSize=20&page=${page}`);
      pages.push(...seen.rows);
      if (page * 20 >= seen.total) break;
    }
    expect(pages.length).toBeGreaterThan(20);
    const mine = await call('GET', '/api/reports/stock?allLocations=true&pageSize=20&page=2&format=xlsx');
    const [full] = await readXlsxFile(mine.rawPayload);
    expect(full.data[0][4]).toBe('Стоимость, ₽');
    expect(full.data.slice(1).map((x) => [x[0], x[4]])).toEqual(pages.map((x) => [x.name, x.value! / 100]));
  });

  it('403: without view:report, all shops with view:report:location, a warehouse of another shop', async () => {
    const cashier = (await login(app, demoPhones.cashier)).token;
    expect((await call('GET', '/api/reports/stock', undefined, cashier)).statusCode).toBe(403);
    const viewer = await addEmployee(app, ['view:report:location', 'see_cost'], [loc[0]._id]);
    const own = await report('', viewer.token);
    expect(own.value).toBe((await report('')).value);
    const allShops = await call('GET', '/api/reports/stock?allLocations=true', undefined, viewer.token);
    expect(allShops.statusCode).toBe(403);
    expect(allShops.json().message).toBe(reportMessages.allLocationsForbidden);
    const foreign = await call('GET', `/api/reports/stock?warehouseId=${warehouse[1]}`, undefined, viewer.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(reportMessages.warehouseForbidden);
    expect((await call('GET', '/api/reports/stock?format=xlsx', undefined, viewer.token)).statusCode).toBe(403);
  });
  it('past days from snapshots: built on first use, read from before and after with the rows between, the same as from the ledger (a transfer on its way at the time too)', async () => {
    const settings = { ...stockSnapshots };
    const spacing = (n: number) => Object.assign(stockSnapshots, { spacing: n, totalsSpacing: n });
    const all = await warehousesOf(loc.map((l) => l._id));
    const one = await warehousesOf([loc[1]._id]);
    // A transfer sent 12 days ago and received 4 days ago, written straight into the ledger and the balances.
    const [{ id: product, qty, value }] = await q<{ id: string; qty: number; value: string }>(sql`select b.product_id as id, b.qty, sp.value::text from stock_balances b
      join stock_pools sp on sp.product_id = b.product_id where b.warehouse_id = ${warehouse[0]} and b.qty >= 3 and sp.qty > 0 order by b.qty desc limit 1`);
    const moved = Math.floor((Number(value) * 3) / qty);
    const at = (day: string) => new Date(Date.parse(`${day}T12:00:00+03:00`)).toISOString();
    for (const [day, wh, sign] of [[dayOf(-12), warehouse[0], -1], [dayOf(-12), null, 1], [dayOf(-4), null, -1], [dayOf(-4), warehouse[1], 1]] as const) {
      await app.db.execute(sql`insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
        values (${at(day)}::timestamptz, gen_random_uuid(), 'transfer', 'ПЕ-TEST', ${wh}, ${product}, ${3 * sign}, ${moved * sign})`);
    }
    await app.db.execute(sql`update stock_balances set qty = qty - 3 where warehouse_id = ${warehouse[0]} and product_id = ${product}`);
    await app.db.execute(sql`insert into stock_balances (warehouse_id, product_id, qty) values (${warehouse[1]}, ${product}, 3)
      on conflict (warehouse_id, product_id) do update set qty = stock_balances.qty + 3`);
    // And the running totals per warehouse, as the engine keeps them with a posting.
    await recountStockTotals(app.db);
    const variants = ['allLocations=true', 'allLocations=true&slowDays=30&sort=daysWithoutSale', `allLocations=true&categoryId=${(await q<{ id: string }>(sql`select category_id as id from products where id = ${product}`))[0].id}`];
    const readAll = async (day: string) => [
      ...(await Promise.all(variants.map((v) => report(`at=${day}&${v}&pageSize=200`)))),
      await report(`at=${day}&pageSize=200`, owner, 1),
    ];
    const built = [dayOf(-30), dayOf(-20), dayOf(-10), dayOf(-3)];
    // Read from the nearest snapshot: -5 from -3 and -13 from -10 across the transfer's rows (its product
    // touched, in transit at -5), -8 and -11 next to -10 (in transit, untouched), and so on.
    const between = [dayOf(-5), dayOf(-13), dayOf(-8), dayOf(-11), dayOf(-21), dayOf(-2), dayOf(-1), dayOf(-25), dayOf(-50)];
    try {
      // The reference: every day summed from the ledger's start (no snapshot).
      spacing(Number.MAX_SAFE_INTEGER);
      await app.db.execute(sql`delete from report_stock_snapshots`);
      await app.db.execute(sql`delete from report_stock_past`);
      const reference = new Map<string, StockReport[]>();
      for (const day of [...built, ...between]) reference.set(day, await readAll(day));
      // Spacing 0: every day asked gets its own snapshot, built from the nearest base.
      spacing(0);
      await app.db.execute(sql`delete from report_stock_past`);
      for (const day of built) {
        await expectRecount(day, '&allLocations=true', all);
        await expectRecount(day, '', one, 1);
        expect(await readAll(day)).toEqual(reference.get(day));
      }
      const snapshots = async () => (await q<{ day: string }>(sql`select day::text from report_stock_snapshots order by day`)).map((r) => r.day);
      const kept = await snapshots();
      expect(kept).toEqual(expect.arrayContaining(built));
      // While the transfer was on its way, the snapshot's pool holds the units in transit outside every warehouse.
      const [pool] = await q<{ qty: number; wh_qty: number; value: string; wh_value: string }>(
        sql`select qty, wh_qty, value::text, wh_value::text from report_stock_snapshot_pools where day = ${dayOf(-10)} and product_id = ${product}`,
      );
      expect(pool.qty - pool.wh_qty).toBe(3);
      expect(Number(pool.value) - Number(pool.wh_value)).toBeGreaterThan(0);
      // Any spacing: the days between are read from the nearest snapshot and the rows between, none built.
      spacing(Number.MAX_SAFE_INTEGER);
      await app.db.execute(sql`delete from report_stock_past`);
      const ctx = { db: app.db } as Ctx;
      const totals = async (day: string, slices: boolean) =>
        (await q<{ qty: string; value: string }>(sql`with ${fromBase(day, (await pastBase(ctx, day, Number.MAX_SAFE_INTEGER))!, { warehouseIds: all, allWarehouses: true, productConds: [] }, slices)}
          select sum(qty)::text as qty, sum(value)::text as value from matched`))[0];
      for (const day of between) {
        await expectRecount(day, '&allLocations=true', all);
        await expectRecount(day, '', one, 1);
        expect(await readAll(day)).toEqual(reference.get(day));
        // The totals a month before split only the goods in transit; the same figures.
        const r = reference.get(day)![0];
        expect(await totals(day, false)).toEqual({ qty: String(r.qty), value: String(r.value) });
        expect(await totals(day, true)).toEqual({ qty: String(r.qty), value: String(r.value) });
      }
      expect(await snapshots()).toEqual(kept);
      // Today's stock less the later rows (a day that ended less than an hour ago, and the builds' base).
      for (const [day, warehouses] of [[dayOf(-1), all], [dayOf(-5), all], [dayOf(-13), one]] as const) {
        const [got] = await q<{ rows: Array<{ id: string; qty: number; value: number }>; slices: Array<{ key: string; qty: number; value: number }> }>(
          sql`with ${fromBase(day, { kind: 'current' }, { warehouseIds: [...warehouses], allWarehouses: warehouses === all, productConds: [] }, true)}
            select (select json_agg(json_build_object('id', id, 'qty', qty, 'value', value)) from matched) as rows,
              (select json_agg(json_build_object('key', warehouse_id, 'qty', qty, 'value', value)) from wslices) as slices`,
        );
        const straight = await recount(day, [...warehouses]);
        expect(new Map(got.rows.map((r) => [r.id, { qty: r.qty, value: Number(r.value) }]))).toEqual(new Map([...straight].map(([id, x]) => [id, { qty: x.qty, value: x.value }])));
        const slices = new Map<string, { qty: number; value: number }>();
        for (const x of straight.values()) for (const [w, sh] of x.shares) slices.set(w, { qty: (slices.get(w)?.qty ?? 0) + sh.qty, value: (slices.get(w)?.value ?? 0) + sh.value });
        expect(new Map(got.slices.map((w) => [w.key, { qty: Number(w.qty), value: Number(w.value) }]))).toEqual(slices);
      }
      // A ledger row dated 15 days ago (a data load) drops the snapshots from that day on.
      await app.db.execute(sql`insert into stock_movements (at, document_id, document_type, number, warehouse_id, product_id, qty, value)
        values (${at(dayOf(-15))}::timestamptz, gen_random_uuid(), 'receipt', 'ПР-TEST', ${warehouse[0]}, ${product}, 0, 0)`);
      expect(await snapshots()).toEqual(kept.filter((d) => d < dayOf(-15)));
      expect((await q<{ n: number }>(sql`select count(*)::int as n from report_stock_snapshot_pools where day >= ${dayOf(-15)}`))[0].n).toBe(0);
    } finally {
      Object.assign(stockSnapshots, settings);
    }
  });
});
