/**
 * The demo repair orders (issue #10 «Demo data», seeder `orders.demo`): about 150 orders over 60 days in
 * the three shops, every status, issued orders adopting the finance demo's repair payments, parts written
 * off through the stock engine or reserved, prepayments, overdue orders, warranty claims; every ledger
 * still equal to its balances, every order's sums, statuses and timeline consistent; the API answers it.
 * The app is built without the seeder, which then runs on its own, so its time is measured here.
 */
import type { FastifyInstance } from 'fastify';
import { imeiChecksumOk, orderBoardSchema, orderPageSchema, orderSchema, orderTimelineSchema, repairOrderPrefix } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { runSeeders } from '../src/db/seed';
import { rowsOf } from '../src/lib/sql';
import { modules } from '../src/modules';
import { ordersDemoSeeder } from '../src/modules/orders/seed';
import { overdueAtOf } from '../src/modules/orders/service';
import { authHeaders, buildTestApp, demoPhones, login, testConfig } from './helpers';
import { demoLocations } from './location-fixtures';

// This file seeds whole demo databases itself (no copy of the run's seeded one): minutes on a busy machine.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: string;
let locs: Array<{ id: string; name: string }>;
let seedMs: number;

type StatusRow = { id: string; name: string; group: string; limit_hours: number | null; next: string[] };
let statuses: StatusRow[];
const statusNamed = (name: string) => statuses.find((s) => s.name === name)!;

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  const without = modules.map((m) => (m.name === 'orders' ? { ...m, seeders: (m.seeders ?? []).filter((s) => s.name !== 'orders.demo') } : m));
  app = await buildTestApp({}, { modules: without });
  const started = performance.now();
  expect(await runSeeders(app.db, testConfig(), [ordersDemoSeeder])).toEqual(['orders.demo']);
  seedMs = performance.now() - started;
  owner = (await login(app, demoPhones.owner)).token;
  locs = (await demoLocations(app, owner)).map((l) => ({ id: l._id, name: l.name }));
  statuses = await q<StatusRow>(sql`select id, name, "group", limit_hours, next from order_statuses`);
});
afterAll(async () => app?.close());

const api = (url: string, locationId = locs[0].id) => app.inject({ method: 'GET', url: `/api/orders${url}`, headers: authHeaders(owner, locationId) });

describe('demo orders', () => {
  it('seed fast, once', async () => {
    // Every test file seeds the demo: keep it well under two seconds (about 0.7 s on PGlite).
    expect(seedMs).toBeLessThan(5000);
    process.stdout.write(`orders.demo seeded in ${Math.round(seedMs)} ms\n`);
    expect(await runSeeders(app.db, testConfig(), [ordersDemoSeeder])).toEqual([]);
    // Run by hand on a database that has orders: nothing more.
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from repair_orders`))[0].n;
    await app.db.transaction((tx) => ordersDemoSeeder.run(tx, { config: testConfig() }));
    expect((await q<{ n: number }>(sql`select count(*)::int as n from repair_orders`))[0].n).toBe(before);
  });

  it('are about 150 over 60 days in the three shops, in every status, with overdue orders and warranty claims', async () => {
    const rows = await q<{ name: string; n: number; overdue: number; urgent: number; issued: number }>(sql`
      select s.name, count(*)::int as n, count(*) filter (where o.overdue_at < now())::int as overdue, count(*) filter (where o.urgent)::int as urgent,
        count(*) filter (where o.issued_at is not null)::int as issued
      from repair_orders o join order_statuses s on s.id = o.status_id group by 1`);
    const total = rows.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(130);
    expect(total).toBeLessThanOrEqual(170);
    expect(rows.map((r) => r.name).sort()).toEqual(statuses.map((s) => s.name).sort());
    const issued = rows.find((r) => r.name === 'Выдан')!;
    expect(issued.n).toBeGreaterThanOrEqual(80);
    expect(issued.issued).toBe(issued.n);
    expect(rows.filter((r) => r.name !== 'Выдан').every((r) => r.issued === 0)).toBe(true);
    expect(rows.find((r) => r.name === 'Отказ')!.n).toBeGreaterThanOrEqual(3);
    const overdue = rows.reduce((s, r) => s + r.overdue, 0);
    expect(overdue).toBeGreaterThanOrEqual(3);
    expect(overdue).toBeLessThanOrEqual(8);
    expect(rows.reduce((s, r) => s + r.urgent, 0)).toBeGreaterThanOrEqual(2);
    const perLocation = await q<{ location_id: string; n: number; first: string; last: string }>(
      sql`select location_id, count(*)::int as n, min(created_at)::text as first, max(created_at)::text as last from repair_orders group by 1`,
    );
    expect(perLocation).toHaveLength(3);
    for (const l of perLocation) expect(l.n).toBeGreaterThan(25);
    const span = await q<{ days: number; open_days: number }>(sql`select extract(epoch from now() - min(created_at)) / 86400 as days,
      extract(epoch from now() - min(created_at) filter (where issued_at is null and warranty_of_id is null)) / 86400 as open_days from repair_orders`);
    expect(Number(span[0].days)).toBeGreaterThan(55);
    expect(Number(span[0].open_days)).toBeLessThanOrEqual(10);
    // Open orders with parts reserved, prepayments, estimates and due dates.
    const open = (await q<{ parts: number; prepaid: number; estimate: number; due: number }>(sql`select
      count(*) filter (where exists (select 1 from repair_order_parts p where p.order_id = o.id and not p.written_off))::int as parts,
      count(*) filter (where o.paid > 0)::int as prepaid, count(*) filter (where o.estimate is not null)::int as estimate, count(*) filter (where o.due_at is not null)::int as due
      from repair_orders o where not o.finished`))[0];
    expect(open.parts).toBeGreaterThanOrEqual(3);
    expect(open.prepaid).toBeGreaterThanOrEqual(6);
    expect(open.estimate).toBeGreaterThanOrEqual(3);
    expect(open.due).toBeGreaterThanOrEqual(3);
    const issuedParts = (await q<{ n: number }>(sql`select count(distinct order_id)::int as n from repair_order_parts where written_off`))[0].n;
    expect(issuedParts).toBeGreaterThanOrEqual(15);
  });

  it('has three warranty claims of issued orders within their warranty: same client and device, free works', async () => {
    const claims = await q<{ id: string; client_id: string; imei: string | null; serial: string | null; model: string; o_client: string; o_imei: string | null; o_serial: string | null; o_model: string; until: string; o_issued: string | null; total: number; o_location: string; location_id: string }>(sql`
      select c.id, c.client_id, c.imei, c.serial, c.device_model as model, o.client_id as o_client, o.imei as o_imei, o.serial as o_serial, o.device_model as o_model,
        o.issued_at::text as o_issued, c.total::int as total, o.location_id as o_location, c.location_id,
        (o.issued_at + make_interval(days => greatest((select max(warranty_days) from repair_order_works w where w.order_id = o.id), coalesce((select max(warranty_days) from repair_order_parts p where p.order_id = o.id), 0))))::text as until
      from repair_orders c join repair_orders o on o.id = c.warranty_of_id`);
    expect(claims).toHaveLength(3);
    for (const c of claims) {
      expect([c.client_id, c.imei, c.serial, c.model, c.location_id]).toEqual([c.o_client, c.o_imei, c.o_serial, c.o_model, c.o_location]);
      expect(c.o_issued).not.toBeNull();
      expect(new Date(c.until).getTime()).toBeGreaterThan(Date.now());
      expect(c.total).toBe(0);
    }
    const original = await q<{ n: number }>(sql`select count(*)::int as n from repair_order_events e join repair_orders c on c.warranty_of_id = e.order_id where e.kind = 'warranty' and e.text like '%' || c.number`);
    expect(original[0].n).toBe(3);
  });

  it('keeps every ledger equal to its balances', async () => {
    const stockBad = await q(sql`select b.warehouse_id from stock_balances b left join (select warehouse_id, product_id, sum(qty) as q from stock_movements where warehouse_id is not null group by 1, 2) m
      on m.warehouse_id = b.warehouse_id and m.product_id = b.product_id where b.qty <> coalesce(m.q, 0)`);
    expect(stockBad).toEqual([]);
    // Reserved = the parts of open orders not written off, per warehouse and product.
    const reservedBad = await q(sql`select b.warehouse_id, b.product_id, b.reserved, r.q from stock_balances b left join (select p.warehouse_id, p.product_id, sum(p.qty) as q
        from repair_order_parts p join repair_orders o on o.id = p.order_id where not p.written_off and not o.finished group by 1, 2) r
      on r.warehouse_id = b.warehouse_id and r.product_id = b.product_id where b.reserved <> coalesce(r.q, 0)`);
    expect(reservedBad).toEqual([]);
    // The stock ledger stays non-negative in time order too (the write-offs are back-dated to the issue).
    const negative = await q(sql`select * from (select warehouse_id, product_id, sum(qty) over (partition by warehouse_id, product_id order by at, seq) as level
      from stock_movements where warehouse_id is not null) t where level < 0`);
    expect(negative).toEqual([]);
    const pools = await q(sql`select p.product_id from stock_pools p left join (select product_id, sum(qty) as q, sum(value) as v from stock_movements group by 1) m on m.product_id = p.product_id
      where p.qty <> coalesce(m.q, 0) or p.value <> coalesce(m.v, 0)`);
    expect(pools).toEqual([]);
    const cashBad = await q(sql`select c.cashbox_id from cash_balances c left join (select cashbox_id, sum(amount) as s from cash_movements group by 1) m on m.cashbox_id = c.cashbox_id where c.balance <> coalesce(m.s, 0)`);
    expect(cashBad).toEqual([]);
    const running = await q(sql`select seq from (select seq, balance_after, sum(amount) over (partition by cashbox_id order by seq) as run from cash_movements) t where balance_after <> run`);
    expect(running).toEqual([]);
    const clientBad = await q(sql`select c.id from counterparties c left join (select client_id, sum(amount) as s from client_ledger group by 1) l on l.client_id = c.id where c.balance <> coalesce(l.s, 0)`);
    expect(clientBad).toEqual([]);
    const clientRunning = await q(sql`select seq from (select seq, balance_after, sum(amount) over (partition by client_id order by seq) as run from client_ledger) t where balance_after <> run`);
    expect(clientRunning).toEqual([]);
  });

  it('keeps each order’s sums with its lines and payments; issued orders are paid in full and charged to the client', async () => {
    const totals = await q(sql`select o.number from repair_orders o where o.total <> coalesce((select sum(price * qty) from repair_order_works w where w.order_id = o.id), 0)
      + coalesce((select sum(price * qty) from repair_order_parts p where p.order_id = o.id), 0)`);
    expect(totals).toEqual([]);
    const paid = await q(sql`select o.number from repair_orders o where o.paid <> coalesce((select sum(amount) from repair_order_payments p where p.order_id = o.id), 0)`);
    expect(paid).toEqual([]);
    const due = await q(sql`select number, total, paid from repair_orders where issued_at is not null and total <> paid`);
    expect(due).toEqual([]);
    expect(await q(sql`select number from repair_orders where issued_at is not null and total = 0`)).toEqual([]);
    // Each payment is the linked cash operation: same client, location, amount; the method from the cashbox.
    const payments = await q(sql`select o.number from repair_order_payments p join repair_orders o on o.id = p.order_id join cash_operations c on c.id = p.operation_id join cashboxes b on b.id = c.cashbox_id
      where c.document_type is distinct from 'repair_order' or c.document_id <> o.id or c.document_number <> o.number or c.client_id <> o.client_id or c.location_id <> o.location_id
        or c.amount <> p.amount or c.status <> 'posted' or c.kind <> 'income' or p.method <> (case when b.kind = 'card' then 'card' else 'cash' end)`);
    expect(payments).toEqual([]);
    const linked = await q<{ n: number }>(sql`select count(*)::int as n from cash_operations where document_type = 'repair_order'`);
    expect(linked[0].n).toBe((await q<{ n: number }>(sql`select count(*)::int as n from repair_order_payments`))[0].n);
    // The client is charged the total at the issue (client ledger, kind order).
    const charges = await q(sql`select o.number from repair_orders o where o.issued_at is not null and not exists (select 1 from client_ledger l
      where l.document_id = o.id and l.kind = 'order' and l.amount = -o.total and l.client_id = o.client_id and l.at = o.issued_at)`);
    expect(charges).toEqual([]);
    // Issued parts are written off through the engine, named by the order, at the issue time.
    const parts = await q(sql`select o.number from repair_order_parts p join repair_orders o on o.id = p.order_id
      where p.written_off <> (o.issued_at is not null)
         or (p.written_off and not exists (select 1 from stock_movements m where m.document_id = o.id and m.document_type = 'repair_order' and m.number = o.number
           and m.product_id = p.product_id and m.warehouse_id = p.warehouse_id and m.qty = -p.qty and m.at = o.issued_at))`);
    expect(parts).toEqual([]);
    const warehouses = await q(sql`select o.number from repair_order_parts p join repair_orders o on o.id = p.order_id join warehouses w on w.id = p.warehouse_id where w.location_id <> o.location_id`);
    expect(warehouses).toEqual([]);
  });

  it('numbers the orders per location in creation order and leaves the counters at the last one', async () => {
    const rows = await q<{ location_id: string; number: string; created_at: string }>(sql`select location_id, number, created_at::text from repair_orders order by location_id, created_at`);
    const counters = await q<{ location_id: string; last: number }>(sql`select location_id, last from document_counters where kind = 'repair_order'`);
    for (const l of locs) {
      const mine = rows.filter((r) => r.location_id === l.id);
      expect(mine.map((r) => r.number)).toEqual(mine.map((_, i) => `${repairOrderPrefix}-${String(i + 1).padStart(6, '0')}`));
      expect(counters.find((c) => c.location_id === l.id)?.last).toBe(mine.length);
    }
  });

  it('keeps statuses, overdue moments and the timeline consistent', async () => {
    const orders = await q<{ id: string; number: string; status_id: string; status_changed_at: Date; due_at: Date | null; overdue_at: Date | null; finished: boolean; issued_at: Date | null; created_at: Date; updated_at: Date }>(
      sql`select id, number, status_id, status_changed_at, due_at, overdue_at, finished, issued_at, created_at, updated_at from repair_orders`,
    );
    const events = await q<{ order_id: string; kind: string; at: Date; from_status_id: string | null; to_status_id: string | null }>(
      sql`select order_id, kind, at, from_status_id, to_status_id from repair_order_events order by order_id, at, id`,
    );
    const byOrder = new Map<string, typeof events>();
    for (const e of events) byOrder.set(e.order_id, [...(byOrder.get(e.order_id) ?? []), e]);
    const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
    const problems: string[] = [];
    for (const o of orders) {
      const status = statuses.find((s) => s.id === o.status_id)!;
      if (o.finished !== ['closed', 'cancelled'].includes(status.group)) problems.push(`${o.number}: finished`);
      const expected = overdueAtOf({ ...status, limitHours: status.limit_hours } as never, new Date(o.status_changed_at), o.due_at ? new Date(o.due_at) : null);
      if (time(expected) !== time(o.overdue_at)) problems.push(`${o.number}: overdue_at`);
      const mine = byOrder.get(o.id) ?? [];
      if (mine[0]?.kind !== 'created' || time(mine[0].at) !== time(o.created_at) || mine[0].to_status_id !== statusNamed('Новый').id) problems.push(`${o.number}: created first`);
      if (mine.some((e) => time(e.at)! > Date.now() || time(e.at)! < time(o.created_at)!)) problems.push(`${o.number}: event times`);
      // The status events chain through allowed transitions to the current status, at status_changed_at.
      let current = statusNamed('Новый').id;
      let changed = time(o.created_at);
      for (const e of mine.filter((x) => x.kind === 'status')) {
        const from = statuses.find((s) => s.id === e.from_status_id)!;
        if (e.from_status_id !== current || !from.next.includes(e.to_status_id!)) problems.push(`${o.number}: transition ${from?.name}`);
        current = e.to_status_id!;
        changed = time(e.at);
      }
      if (current !== o.status_id) problems.push(`${o.number}: last status`);
      if (changed !== time(o.status_changed_at)) problems.push(`${o.number}: status_changed_at`);
      if (new Set(mine.map((e) => time(e.at))).size !== mine.length) problems.push(`${o.number}: events at the same moment`);
      if (o.issued_at && !mine.some((e) => e.kind === 'issued' && Math.abs(time(e.at)! - time(o.issued_at)!) <= 5)) problems.push(`${o.number}: issued event`);
      if (o.issued_at && mine.filter((e) => e.kind === 'payment').length !== 1) problems.push(`${o.number}: payments`);
      if (time(o.updated_at)! < time(o.status_changed_at)!) problems.push(`${o.number}: updated_at`);
    }
    expect(problems).toEqual([]);
    const kinds = new Set(events.map((e) => e.kind));
    for (const kind of ['created', 'status', 'comment', 'payment', 'work_added', 'part_added', 'issued', 'warranty']) expect(kinds).toContain(kind);
  });

  it('has realistic devices: valid IMEIs on about half, serials on the rest, all in the device dictionary', async () => {
    const devices = await q<{ type: string; brand: string; model: string; imei: string | null; serial: string | null }>(sql`select device_type as type, device_brand as brand, device_model as model, imei, serial from repair_orders`);
    const withImei = devices.filter((d) => d.imei);
    expect(withImei.every((d) => imeiChecksumOk(d.imei!))).toBe(true);
    expect(withImei.length / devices.length).toBeGreaterThan(0.3);
    expect(withImei.length / devices.length).toBeLessThan(0.7);
    expect(devices.every((d) => !!d.imei !== !!d.serial)).toBe(true);
    expect(devices.filter((d) => d.serial).every((d) => /^[A-Z0-9]{8,20}$/.test(d.serial!))).toBe(true);
    expect(new Set(devices.map((d) => d.type))).toEqual(new Set(['Смартфон', 'Планшет', 'Ноутбук', 'Смарт-часы']));
    const missing = await q(sql`select distinct o.device_type, o.device_brand, o.device_model from repair_orders o where not exists (select 1 from device_models d
      where lower(d.type) = lower(o.device_type) and lower(d.brand) = lower(o.device_brand) and lower(d.model) = lower(o.device_model))`);
    expect(missing).toEqual([]);
  });

  it('answers the API: the lists, the board, an order card and its timeline', async () => {
    for (const l of locs) {
      const page = orderPageSchema.parse((await api('', l.id)).json());
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((o) => o.locationId === l.id && o.status.group !== 'closed')).toBe(true);
    }
    const board = orderBoardSchema.parse((await api('/board')).json());
    expect(board.columns.map((c) => c.group)).toEqual(['new', 'in_progress', 'waiting', 'ready']);
    expect(board.columns.every((c) => c.total > 0)).toBe(true);
    const overdue = orderPageSchema.parse((await api('?overdue=true&pageSize=100', locs[0].id)).json());
    const overdueAll = (await Promise.all(locs.map(async (l) => orderPageSchema.parse((await api('?overdue=true', l.id)).json()).items))).flat();
    expect(overdueAll.length).toBeGreaterThanOrEqual(3);
    expect(overdue.items.every((o) => o.overdue)).toBe(true);
    const finished = orderPageSchema.parse((await api('?finished=true&pageSize=100')).json());
    const issued = finished.items.find((o) => o.status.name === 'Выдан')!;
    expect(issued.due).toBe(0);
    const card = orderSchema.parse((await api(`/${issued.id}`)).json());
    expect(card.works.length).toBeGreaterThan(0);
    expect(card.payments).toEqual([expect.objectContaining({ amount: card.total, number: expect.stringMatching(/^ПКО-/) })]);
    expect(card.warrantyUntil).not.toBeNull();
    const timeline = orderTimelineSchema.parse((await api(`/${issued.id}/timeline`)).json());
    expect(timeline.items.map((i) => i.kind)).toEqual(expect.arrayContaining(['created', 'status', 'payment', 'issued']));
    // A warranty claim shows its original.
    const [claim] = await q<{ id: string; location_id: string }>(sql`select id, location_id from repair_orders where warranty_of_id is not null limit 1`);
    const claimCard = orderSchema.parse((await api(`/${claim.id}`, claim.location_id)).json());
    expect(claimCard.warrantyOfNumber).toMatch(new RegExp(`^${repairOrderPrefix}-`));
  });
});
