/**
 * The repairs report (issue #23) through `inject`: its figures against a recount straight from the orders'
 * timeline, works, parts and stock ledger (not the columns the report reads), on the demo data and after
 * orders taken in, issued, re-opened and issued again through the API; the columns `ready_at`,
 * `works_total`, `parts_cost` against the same sources; the overdue list; the previous period; access
 * (view:report, scope of allLocations, see_cost, export:report), the 400s and the Excel file.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { previousPeriod, repairsReportSchema, reportMessages, type Location, type RepairsReport } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { rowsOf } from '../src/lib/sql';
import { moscowToday } from '../src/modules/reports/period';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
let statusIds: Map<string, string>;
const today = moscowToday();
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  statusIds = new Map((ok(await call('GET', '/api/orders/statuses')) as Array<{ id: string; name: string }>).map((s) => [s.name, s.id]));
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = owner, at = 0) =>
  app.inject({ method, url, headers: authHeaders(token, loc[at]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function report(params: string, token = owner, at = 0): Promise<RepairsReport> {
  return repairsReportSchema.parse(ok(await call('GET', `/api/reports/repairs?${params}`, undefined, token, at)));
}

interface Expected {
  count: number;
  issued: number;
  readyS: number;
  readyN: number;
  issueS: number;
  works: number;
  margin: number;
}

/**
 * The report recounted from the sources: per order its creation, issue, first «ready» status event,
 * works, parts' price and their cost in the stock ledger (never the columns the report reads).
 */
async function recount(locationIds: string[], from: string, to: string, by: 'status' | 'engineer') {
  const start = `${from}T00:00:00+03:00`;
  const end = new Date(Date.parse(`${to}T00:00:00+03:00`) + DAY).toISOString();
  const orders = await q<{ key: string; created: number; issued: number | null; ready: number | null; works: string; parts: string; cost: string; cur_created: boolean; cur_issued: boolean }>(sql`
    select ${by === 'status' ? sql`o.status_id::text` : sql`coalesce(o.engineer_id::text, '-')`} as key,
      extract(epoch from o.created_at)::float8 as created, extract(epoch from o.issued_at)::float8 as issued,
      (select extract(epoch from min(e.at))::float8 from repair_order_events e join order_statuses s on s.id = e.to_status_id where e.order_id = o.id and e.kind = 'status' and s."group" = 'ready') as ready,
      coalesce((select sum(w.price * w.qty) from repair_order_works w where w.order_id = o.id), 0)::text as works,
      coalesce((select sum(p.price * p.qty) from repair_order_parts p where p.order_id = o.id), 0)::text as parts,
      coalesce((select -sum(m.value) from stock_movements m where m.document_id = o.id and m.document_type = 'repair_order'), 0)::text as cost,
      o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz as cur_created,
      o.issued_at >= ${start}::timestamptz and o.issued_at < ${end}::timestamptz as cur_issued
    from repair_orders o where o.location_id = any(${sql.param(locationIds)}::uuid[])`);
  const out = new Map<string, Expected>();
  const total: Expected = { count: 0, issued: 0, readyS: 0, readyN: 0, issueS: 0, works: 0, margin: 0 };
  for (const o of orders) {
    for (const e of [out.get(o.key) ?? out.set(o.key, { count: 0, issued: 0, readyS: 0, readyN: 0, issueS: 0, works: 0, margin: 0 }).get(o.key)!, total]) {
      if (o.cur_created) e.count += 1;
      if (!o.cur_issued) continue;
      e.issued += 1;
      e.issueS += Number(o.issued) - Number(o.created);
      if (o.ready !== null) {
        e.readyN += 1;
        e.readyS += Number(o.ready) - Number(o.created);
      }
      e.works += Number(o.works);
      e.margin += Number(o.parts) - Number(o.cost);
    }
  }
  return { rows: out, total };
}

const hours = (s: number, n: number) => (n ? Math.round(s / n / 360) / 10 : null);

function expectMatches(actual: Omit<RepairsReport['rows'][number], 'key' | 'label' | 'colour'>, e: Expected, seesCost = true) {
  expect({ count: actual.count, issued: actual.issued, worksRevenue: actual.worksRevenue, partsMargin: actual.partsMargin }).toEqual({
    count: e.count,
    issued: e.issued,
    worksRevenue: e.works,
    partsMargin: seesCost ? e.margin : null,
  });
  // Hours: one decimal; a float sum in another order may round the last digit the other way.
  for (const [a, b] of [
    [actual.avgHoursToReady, hours(e.readyS, e.readyN)],
    [actual.avgHoursToIssue, hours(e.issueS, e.issued)],
  ]) {
    if (b === null) expect(a).toBeNull();
    else expect(Math.abs(a! - b)).toBeLessThanOrEqual(0.1);
  }
}

async function expectLedgerEqual(r: RepairsReport, locationIds: string[], by: 'status' | 'engineer', seesCost = true) {
  const e = await recount(locationIds, r.from, r.to, by);
  for (const row of r.rows) expectMatches(row, e.rows.get(row.key) ?? { count: 0, issued: 0, readyS: 0, readyN: 0, issueS: 0, works: 0, margin: 0 }, seesCost);
  // Every key with orders is a row.
  for (const [k, v] of e.rows) if (v.count || v.issued) expect(r.rows.map((x) => x.key)).toContain(k);
  expectMatches(r.totals, e.total, seesCost);
  const p = previousPeriod(r);
  const pe = await recount(locationIds, p.from, p.to, by);
  expectMatches(r.previous.totals, pe.total, seesCost);
  expect(r.previous).toMatchObject(p);
}

/** The columns the orders service keeps for the report, against the timeline, works and ledger. */
async function columnDrift() {
  return q(sql`select o.number, o.ready_at, o.works_total, o.parts_cost from repair_orders o
    where o.ready_at is distinct from (select min(e.at) from repair_order_events e join order_statuses s on s.id = e.to_status_id where e.order_id = o.id and e.kind = 'status' and s."group" = 'ready')
      or o.works_total <> coalesce((select sum(w.price * w.qty) from repair_order_works w where w.order_id = o.id), 0)
      or o.parts_cost is distinct from (case when o.issued_at is not null then coalesce((select -sum(m.value) from stock_movements m where m.document_id = o.id and m.document_type = 'repair_order'), 0) end)`);
}

/** `report_repair_days` as kept, then as `report_repair_days_rebuild()` recounts it from the orders (zero rows aside). */
async function expectSummaryEqualsRebuild() {
  const read = () =>
    q<{ k: string }>(sql`select concat_ws(' ', location_id, day, status_id, engineer_key, accepted, issued, ready_n, ready_ms, issue_ms, works, margin) as k from report_repair_days
      where (accepted, issued, ready_n, ready_ms, issue_ms, works, margin) <> (0, 0, 0, 0, 0, 0, 0) order by 1`);
  const kept = await read();
  await app.db.execute(sql`select report_repair_days_rebuild()`);
  expect(kept.map((r) => r.k)).toEqual((await read()).map((r) => r.k));
  expect(kept.length).toBeGreaterThan(0);
}

describe('demo data', () => {
  it('is lived-in: by engineer over the last two months, every shop, issued orders with works and parts margin', async () => {
    const r = await report(`from=${dayOf(-60)}&to=${today}&by=engineer&allLocations=true`);
    const named = r.rows.filter((x) => x.key !== '-');
    expect(named.length).toBeGreaterThanOrEqual(2);
    expect(r.totals.issued).toBeGreaterThan(50);
    expect(r.totals.worksRevenue).toBeGreaterThan(0);
    expect(r.totals.partsMargin).toBeGreaterThan(0);
    expect(r.totals.avgHoursToReady).toBeGreaterThan(0);
    expect(r.totals.avgHoursToIssue).toBeGreaterThan(r.totals.avgHoursToReady!);
    expect(r.totals.overdue).toBeGreaterThan(0);
    expect(r.overdue.length).toBe(Math.min(100, r.totals.overdue));
  });

  it('the seeder filled ready_at, works_total and parts_cost as the service keeps them, and the summary equals its rebuild', async () => {
    expect(await columnDrift()).toEqual([]);
    await expectSummaryEqualsRebuild();
    const [{ ready, cost }] = await q<{ ready: number; cost: number }>(
      sql`select count(ready_at)::int as ready, count(*) filter (where parts_cost > 0)::int as cost from repair_orders`,
    );
    expect(ready).toBeGreaterThan(50);
    expect(cost).toBeGreaterThan(5);
  });

  it.each(['status', 'engineer'] as const)('by %s, one shop and all shops: equal to the recount from the sources, the previous period too', async (by) => {
    for (const [params, locs] of [
      [`from=${dayOf(-30)}&to=${today}&by=${by}`, [loc[0]._id]],
      [`from=${dayOf(-45)}&to=${dayOf(-10)}&by=${by}&allLocations=true`, loc.map((l) => l._id)],
    ] as const) {
      const r = await report(params);
      await expectLedgerEqual(r, [...locs], by);
    }
  });

  it('by status: every status in the company order with its colour; by engineer «Без инженера» under «-»', async () => {
    const byStatus = await report(`from=${dayOf(-30)}&to=${today}&allLocations=true`);
    const statuses = await q<{ id: string; name: string; colour: string }>(sql`select id, name, colour from order_statuses where archived_at is null order by position, created_at`);
    expect(byStatus.rows.map((x) => [x.key, x.label, x.colour])).toEqual(statuses.map((s) => [s.id, s.name, s.colour]));
    const byEngineer = await report(`from=${dayOf(-30)}&to=${today}&by=engineer&allLocations=true`);
    const none = byEngineer.rows.find((x) => x.key === '-');
    expect(none?.label).toBe('Без инженера');
    for (const row of byEngineer.rows.filter((x) => x.key !== '-')) {
      const [{ name }] = await q<{ name: string }>(sql`select name from employees where id = ${row.key}`);
      expect(row.label).toBe(name);
    }
  });

  it('overdue: the working orders past their time now, most overdue first, with status, engineer, client and device', async () => {
    const r = await report(`from=${today}&to=${today}&allLocations=true`);
    const expected = await q<{ id: string; number: string; status: string; client: string; engineer: string | null; device: string }>(
      sql`select o.id, o.number, s.name as status, c.name as client, e.name as engineer, o.device_type || ' ' || o.device_brand || ' ' || o.device_model as device
        from repair_orders o join order_statuses s on s.id = o.status_id join counterparties c on c.id = o.client_id left join employees e on e.id = o.engineer_id
        where not o.finished and o.overdue_at <= now() order by o.overdue_at, o.number`,
    );
    expect(r.totals.overdue).toBe(expected.length);
    expect(r.overdue.map((o) => ({ id: o.id, number: o.number, status: o.statusName, client: o.clientName, engineer: o.engineerName, device: o.device }))).toEqual(expected.slice(0, 100));
    for (let i = 1; i < r.overdue.length; i++) expect(r.overdue[i].hoursOverdue).toBeLessThanOrEqual(r.overdue[i - 1].hoursOverdue);
    const oneShop = await report(`from=${today}&to=${today}`, owner, 1);
    expect(oneShop.overdue.every((o) => o.locationId === loc[1]._id)).toBe(true);
    expect(oneShop.totals.overdue).toBeLessThan(r.totals.overdue);
  });
});

describe('through the API', () => {
  let warehouse: string;
  let cashbox: string;
  let good: { productId: string; price: number };
  let engineer: string;

  beforeAll(async () => {
    [{ id: warehouse }] = await q<{ id: string }>(sql`select id from warehouses where location_id = ${loc[0]._id} and is_default`);
    [{ id: cashbox }] = await q<{ id: string }>(sql`select id from cashboxes where location_id = ${loc[0]._id} and kind = 'cash' and is_default`);
    const [g] = await q<{ product_id: string; price: string }>(sql`select b.product_id, p.price::text as price from stock_balances b join products p on p.id = b.product_id
      where b.warehouse_id = ${warehouse} and not p.serial_tracked and p.kind = 'good' and b.qty - b.reserved >= 4 order by p.name limit 1`);
    good = { productId: g.product_id, price: Number(g.price) };
    engineer = (await addEmployee(app, ['view:repair_order:location'], [loc[0]._id])).id;
  });

  const todayByEngineer = async () => {
    const r = await report(`from=${today}&to=${today}&by=engineer`);
    return r.rows.find((x) => x.key === engineer) ?? null;
  };

  it('intake, works, a part, ready, issue, re-open and issue again: the columns and the report follow every step', async () => {
    const order = ok(
      await call('POST', '/api/orders', { client: { name: 'Клиент Отчётный', phone: '+79035551212' }, device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' }, malfunction: 'Не включается', urgent: false, engineerId: engineer }),
      201,
    );
    const row = async () => (await q<{ ready_at: Date | null; works_total: string; parts_cost: string | null; total: string }>(sql`select ready_at, works_total::text, parts_cost::text, total::text from repair_orders where id = ${order.id}`))[0];
    expect(await todayByEngineer()).toMatchObject({ count: 1, issued: 0, worksRevenue: 0, partsMargin: 0, avgHoursToIssue: null });

    const work = ok(await call('POST', `/api/orders/${order.id}/works`, { name: 'Замена платы', price: 350000, qty: 2 }), 201).works[0];
    ok(await call('POST', `/api/orders/${order.id}/works`, { name: 'Чистка', price: 50000 }), 201);
    ok(await call('POST', `/api/orders/${order.id}/parts`, { warehouseId: warehouse, productId: good.productId, qty: 2, price: 120000 }), 201);
    expect(await row()).toMatchObject({ works_total: '750000', total: '990000', parts_cost: null, ready_at: null });
    ok(await call('DELETE', `/api/orders/${order.id}/works/${work.id}`));
    expect(await row()).toMatchObject({ works_total: '50000', total: '290000' });
    ok(await call('POST', `/api/orders/${order.id}/works`, { name: 'Замена платы', price: 350000 }), 201);

    for (const name of ['Диагностика', 'В работе', 'Готов']) ok(await call('POST', `/api/orders/${order.id}/status`, { statusId: statusIds.get(name) }));
    const readyAt = (await row()).ready_at;
    expect(readyAt).not.toBeNull();
    ok(await call('POST', `/api/orders/${order.id}/issue`, { payments: [{ amount: 640000, cashboxId: cashbox, method: 'cash' }] }));
    const [{ cost }] = await q<{ cost: string }>(sql`select (-sum(value))::text as cost from stock_movements where document_id = ${order.id}`);
    expect(Number(cost)).toBeGreaterThan(0);
    expect(await row()).toMatchObject({ works_total: '400000', parts_cost: cost });
    const issued = await todayByEngineer();
    expect(issued).toMatchObject({ count: 1, issued: 1, worksRevenue: 400000, partsMargin: 240000 - Number(cost) });
    expect(issued!.avgHoursToReady).not.toBeNull();
    expect(issued!.avgHoursToIssue).not.toBeNull();

    // Re-opened: not issued any more (no cost), back in «ready»; ready_at stays the first time.
    ok(await call('POST', `/api/orders/${order.id}/reopen`, { comment: 'Клиент вернулся' }));
    expect(await row()).toMatchObject({ parts_cost: null, ready_at: readyAt });
    expect(await todayByEngineer()).toMatchObject({ count: 1, issued: 0, worksRevenue: 0, partsMargin: 0 });
    ok(await call('POST', `/api/orders/${order.id}/issue`, {}));
    const [{ cost: again }] = await q<{ cost: string }>(sql`select (-sum(value))::text as cost from stock_movements where document_id = ${order.id}`);
    expect(await row()).toMatchObject({ parts_cost: again });
    expect(await todayByEngineer()).toMatchObject({ issued: 1, worksRevenue: 400000, partsMargin: 240000 - Number(again) });
    expect(await columnDrift()).toEqual([]);
    await expectSummaryEqualsRebuild();
    await expectLedgerEqual(await report(`from=${today}&to=${today}&by=engineer`), [loc[0]._id], 'engineer');
    await expectLedgerEqual(await report(`from=${dayOf(-6)}&to=${today}&by=status&allLocations=true`), loc.map((l) => l._id), 'status');
  });

  it('orders of one shop and engineer taken in, moved, issued and re-opened in parallel: the summary stays its rebuild', async () => {
    const make = (i: number) =>
      call('POST', '/api/orders', { client: { name: `Клиент Параллельный ${i}`, phone: `+7903555${String(2000 + i)}` }, device: { type: 'Смартфон', brand: 'Xiaomi', model: 'Redmi 9' }, malfunction: 'Не звонит', urgent: false, engineerId: engineer, prepayment: i % 2 ? { amount: 10000, cashboxId: cashbox, method: 'cash' } : undefined });
    const orders = (await Promise.all(Array.from({ length: 8 }, (_, i) => make(i)))).map((r) => ok(r, 201) as { id: string });
    const step = (name: string) => Promise.all(orders.map((o) => call('POST', `/api/orders/${o.id}/status`, { statusId: statusIds.get(name) })));
    await Promise.all(orders.map((o, i) => call('POST', `/api/orders/${o.id}/works`, { name: 'Замена шлейфа', price: 100000 + i * 1000 })));
    for (const name of ['Диагностика', 'В работе', 'Готов']) for (const r of await step(name)) ok(r);
    const issues = await Promise.all(orders.map((o, i) => call('POST', `/api/orders/${o.id}/issue`, { payments: [{ amount: 100000 + i * 1000 - (i % 2 ? 10000 : 0), cashboxId: cashbox, method: 'cash' }] })));
    for (const r of issues) ok(r);
    for (const r of await Promise.all(orders.slice(0, 4).map((o) => call('POST', `/api/orders/${o.id}/reopen`, {})))) ok(r);
    await expectSummaryEqualsRebuild();
    await expectLedgerEqual(await report(`from=${today}&to=${today}&by=engineer`), [loc[0]._id], 'engineer');
    expect(await todayByEngineer()).toMatchObject({ issued: 1 + 4 });
  });

  it('an order made overdue shows in the list with its names and the hours past', async () => {
    const order = ok(
      await call('POST', '/api/orders', { client: { name: 'Клиент Просроченный', phone: '+79035551313' }, device: { type: 'Планшет', brand: 'Samsung', model: 'Tab S7' }, malfunction: 'Трещина', urgent: false, engineerId: engineer }),
      201,
    );
    // The most overdue of all: due a year ago.
    await app.db.execute(sql`update repair_orders set overdue_at = now() - interval '8760 hours 30 minutes' where id = ${order.id}`);
    const r = await report(`from=${today}&to=${today}`);
    const [{ name }] = await q<{ name: string }>(sql`select name from employees where id = ${engineer}`);
    expect(r.overdue[0]).toMatchObject({ id: order.id, number: order.number, locationId: loc[0]._id, statusName: 'Новый', engineerName: name, clientName: 'Клиент Просроченный', device: 'Планшет Samsung Tab S7', hoursOverdue: 8760 });
    expect(r.overdue[0].statusColour).toMatch(/^#/);
    // Finished orders are never overdue.
    await app.db.execute(sql`update repair_orders set finished = true where id = ${order.id}`);
    expect((await report(`from=${today}&to=${today}`)).overdue.map((o) => o.id)).not.toContain(order.id);
  });
});

describe('access, validation and the Excel file', () => {
  it('without see_cost the parts margin is null everywhere and absent from the file', async () => {
    const viewer = await addEmployee(app, ['view:report:all', 'export:report:all'], loc.map((l) => l._id));
    const r = await report(`from=${dayOf(-30)}&to=${today}&by=engineer&allLocations=true`, viewer.token);
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.every((x) => x.partsMargin === null)).toBe(true);
    expect(r.totals.partsMargin).toBeNull();
    expect(r.previous.totals.partsMargin).toBeNull();
    await expectLedgerEqual(r, loc.map((l) => l._id), 'engineer', false);
    const file = await call('GET', `/api/reports/repairs?from=${dayOf(-30)}&to=${today}&by=engineer&allLocations=true&format=xlsx`, undefined, viewer.token);
    expect(file.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(file.rawPayload);
    expect(sheet.data[0]).toEqual(['Инженер', 'Принято', 'Выдано', 'Часов до готовности', 'Часов до выдачи', 'Выручка за работы, ₽']);
  });

  it('the Excel file has exactly the rows of the JSON, and a totals row', async () => {
    const params = `from=${dayOf(-30)}&to=${today}&by=status&allLocations=true`;
    const r = await report(params);
    const file = await call('GET', `/api/reports/repairs?${params}&format=xlsx`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readXlsxFile(file.rawPayload);
    const money = (v: number | null) => (v === null ? null : v / 100);
    const line = (x: Omit<RepairsReport['rows'][number], 'key' | 'colour'>) => [x.label, x.count, x.issued, x.avgHoursToReady, x.avgHoursToIssue, money(x.worksRevenue), money(x.partsMargin)];
    expect(sheet.data[0]).toEqual(['Статус', 'Принято', 'Выдано', 'Часов до готовности', 'Часов до выдачи', 'Выручка за работы, ₽', 'Маржа на запчастях, ₽']);
    expect(sheet.data.slice(1, -1)).toEqual(r.rows.map(line));
    expect(sheet.data[sheet.data.length - 1]).toEqual(line({ label: 'Итого', ...r.totals }));
  });

  it('403 without view:report, for all shops with view:report:location, and for the file without export:report', async () => {
    const engineer = (await login(app, demoPhones.engineer)).token;
    expect((await call('GET', `/api/reports/repairs?from=${today}&to=${today}`, undefined, engineer)).statusCode).toBe(403);
    const senior = (await login(app, '+79000000009')).token;
    expect((await call('GET', `/api/reports/repairs?from=${today}&to=${today}`, undefined, senior)).statusCode).toBe(200);
    const all = await call('GET', `/api/reports/repairs?from=${today}&to=${today}&allLocations=true`, undefined, senior);
    expect(all.statusCode).toBe(403);
    expect(all.json().message).toBe(reportMessages.allLocationsForbidden);
    expect((await call('GET', `/api/reports/repairs?from=${today}&to=${today}&format=xlsx`, undefined, senior)).statusCode).toBe(403);
    // The senior cashier's shop only (and no cost): her report is the owner's of that shop without the margin.
    const mine = await report(`from=${dayOf(-30)}&to=${today}`, senior);
    const owners = await report(`from=${dayOf(-30)}&to=${today}`);
    const noCost = <T extends { partsMargin: number | null }>(x: T) => ({ ...x, partsMargin: null });
    expect(mine).toEqual({ ...owners, rows: owners.rows.map(noCost), totals: noCost(owners.totals), previous: { ...owners.previous, totals: noCost(owners.previous.totals) } });
  });

  it.each([
    [`from=${today}&to=${dayOf(-1)}`, reportMessages.fromAfterTo],
    [`from=${dayOf(-5 * 366)}&to=${today}`, reportMessages.rangeTooLong],
    [`from=${today}&to=${today}&by=client`, reportMessages.unknownBy],
  ])('400 with a Russian message: %s', async (params, message) => {
    const res = await call('GET', `/api/reports/repairs?${params}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});
