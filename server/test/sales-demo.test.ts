/**
 * The demo sales (issue #11 «Demo data», seeder `sales.demo`): about 600 sales over 60 days in the three
 * shops, posted through the sales service in time order — discounts (line, whole-sale, the client's
 * personal one), split payments, credit sales, returns (some at another shop), same-day cancellations —
 * with every ledger still equal to its balances (stock = balances = pools and never below zero in time,
 * cash by seq, clients), each sale's sums consistent with its lines, payments and ledger rows, numbers in
 * time order, the cash shifts including the sales' cash, at least three units of each product left, and
 * the journal's summary (paid by method, `sales_hourly`) equal to the seeded sales. The app is built
 * without the seeder, which then runs on its own, so its time is measured here.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { salePageSchema, salePrefix, saleSchema } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { runSeeders } from '../src/db/seed';
import { rowsOf } from '../src/lib/sql';
import { modules } from '../src/modules';
import { saleTotals } from '../src/modules/sales/repository';
import { DEMO_SALES, salesDemoSeeder } from '../src/modules/sales/seed';
import { authHeaders, buildTestApp, demoPhones, login, testConfig } from './helpers';
import { demoLocations } from './location-fixtures';
import { summaryDrift, summarySize } from './sales-summary';

// This file seeds whole demo databases itself (no copy of the run's seeded one): minutes on a busy machine.
jest.setTimeout(180_000);

let app: FastifyInstance;
let owner: string;
let locs: Array<{ id: string; name: string }>;
let seedMs: number;
let freeBefore: Map<string, number>;
let shiftsBefore: Map<string, string>;

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));
/**
 * Each shift's arithmetic: expected − float − what moved in its cash desk while it was open (a closed
 * shift), balance − float − what moved since (the open one). The finance demo has its own leftovers
 * (the first float's surplus, collections that land after the first shop closed): the sales must not change it.
 */
const shiftGaps = async () =>
  new Map(
    (
      await q<{ id: string; gap: string }>(sql`select s.id, (case when s.status = 'closed' then s.expected else b.balance end) - s.float - coalesce((select sum(m.amount) from cash_movements m
        where m.cashbox_id = s.cashbox_id and m.at >= s.opened_at and (s.closed_at is null or m.at < s.closed_at)), 0) as gap
      from cash_shifts s join cash_balances b on b.cashbox_id = s.cashbox_id`)
    ).map((r) => [r.id, String(r.gap)]),
  );
const freeNow = async () =>
  new Map((await q<{ k: string; free: number }>(sql`select warehouse_id || ':' || product_id as k, qty - reserved as free from stock_balances`)).map((r) => [r.k, Number(r.free)]));

beforeAll(async () => {
  const without = modules.map((m) => (m.name === 'sales' ? { ...m, seeders: (m.seeders ?? []).filter((s) => s.name !== 'sales.demo') } : m));
  app = await buildTestApp({}, { modules: without });
  freeBefore = await freeNow();
  shiftsBefore = await shiftGaps();
  const started = performance.now();
  expect(await runSeeders(app.db, testConfig(), [salesDemoSeeder])).toEqual(['sales.demo']);
  seedMs = performance.now() - started;
  owner = (await login(app, demoPhones.owner)).token;
  locs = (await demoLocations(app, owner)).map((l) => ({ id: l._id, name: l.name }));
}, 180_000);
afterAll(async () => app?.close());

const api = (url: string, locationId = locs[0].id) => app.inject({ method: 'GET', url: `/api/sales${url}`, headers: authHeaders(owner, locationId) });

describe('demo sales', () => {
  it('seed once', async () => {
    process.stdout.write(`sales.demo seeded in ${Math.round(seedMs)} ms\n`);
    expect(await runSeeders(app.db, testConfig(), [salesDemoSeeder])).toEqual([]);
    // Run by hand on a database that has sales: nothing more.
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from sales`))[0].n;
    await app.db.transaction((tx) => salesDemoSeeder.run(tx, { config: testConfig() }));
    expect((await q<{ n: number }>(sql`select count(*)::int as n from sales`))[0].n).toBe(before);
  });

  it('are about 600 over 60 days in the three shops, with discounts, split payments, credit, returns and cancellations', async () => {
    const perLocation = await q<{ location_id: string; n: number; days: number; last: number }>(sql`select location_id, count(*)::int as n,
        extract(epoch from now() - min(posted_at)) / 86400 as days, extract(epoch from now() - max(posted_at)) / 86400 as last
      from sales where status <> 'draft' group by 1`);
    expect(perLocation).toHaveLength(3);
    const total = perLocation.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(DEMO_SALES - 30);
    expect(total).toBeLessThanOrEqual(DEMO_SALES);
    for (const l of perLocation) {
      expect(l.n).toBeGreaterThan(100);
      expect(Number(l.days)).toBeGreaterThan(55);
      expect(Number(l.days)).toBeLessThan(61);
      expect(Number(l.last)).toBeLessThan(1);
    }
    const f = (
      await q<Record<string, number>>(sql`select
        count(*) filter (where status = 'cancelled')::int as cancelled,
        count(*) filter (where status = 'draft')::int as drafts,
        count(*) filter (where status = 'posted' and credit_amount > 0)::int as credit,
        count(*) filter (where status = 'posted' and cardinality(methods) > 1)::int as split,
        count(*) filter (where status = 'posted' and 'card' = any(methods))::int as card,
        count(*) filter (where status = 'posted' and 'cash' = any(methods))::int as cash,
        count(*) filter (where status = 'posted' and 'transfer' = any(methods))::int as transfer,
        count(*) filter (where status = 'posted' and client_id is not null)::int as clients,
        count(*) filter (where status = 'posted' and discount > 0)::int as discounted,
        count(*) filter (where status = 'posted' and sale_discount is not null and exists (select 1 from counterparties c where c.id = client_id
          and c.discount_percent > 0 and (sale_discount ->> 'percent')::numeric = c.discount_percent))::int as personal,
        count(*) filter (where status = 'posted' and exists (select 1 from sale_lines l where l.sale_id = sales.id and l.line_discount is not null))::int as line_discount,
        count(*) filter (where status = 'posted' and returned > 0)::int as returned,
        count(*) filter (where status = 'posted' and not exists (select 1 from sale_lines l where l.sale_id = sales.id and not l.is_service))::int as services_only,
        count(*) filter (where status = 'posted' and exists (select 1 from sale_lines l where l.sale_id = sales.id and cardinality(l.serials) > 0))::int as serials
        from sales`)
    )[0];
    process.stdout.write(`sales.demo: ${JSON.stringify(f)}\n`);
    expect(f.cancelled).toBeGreaterThanOrEqual(3);
    expect(f.credit).toBeGreaterThanOrEqual(4);
    expect(f.split).toBeGreaterThanOrEqual(5);
    expect(f.card).toBeGreaterThan(100);
    expect(f.cash).toBeGreaterThan(100);
    expect(f.clients).toBeGreaterThan(100);
    expect(f.discounted).toBeGreaterThan(50);
    expect(f.personal).toBeGreaterThanOrEqual(10);
    expect(f.line_discount).toBeGreaterThanOrEqual(10);
    expect(f.returned).toBeGreaterThanOrEqual(5);
    expect(f.services_only).toBeGreaterThan(30);
    expect(f.services_only).toBeLessThan(total / 2);
    expect(f.serials).toBeGreaterThanOrEqual(4);
    const returns = await q<{ elsewhere: boolean; n: number }>(sql`select r.location_id <> s.location_id as elsewhere, count(*)::int as n from sale_returns r join sales s on s.id = r.sale_id group by 1`);
    expect(returns.find((r) => r.elsewhere)?.n ?? 0).toBeGreaterThanOrEqual(1);
    expect(returns.find((r) => !r.elsewhere)?.n ?? 0).toBeGreaterThanOrEqual(1);
    // Sellers: the cashier at her shop, the manager and the owner.
    const sellers = await q<{ n: number }>(sql`select count(distinct employee_id)::int as n from sales`);
    expect(sellers[0].n).toBeGreaterThanOrEqual(3);
  });

  it('keeps every ledger equal to its balances, and at least three units of each product sold', async () => {
    const stockBad = await q(sql`select b.warehouse_id from stock_balances b left join (select warehouse_id, product_id, sum(qty) as q from stock_movements where warehouse_id is not null group by 1, 2) m
      on m.warehouse_id = b.warehouse_id and m.product_id = b.product_id where b.qty <> coalesce(m.q, 0)`);
    expect(stockBad).toEqual([]);
    const negative = await q(sql`select * from (select warehouse_id, product_id, sum(qty) over (partition by warehouse_id, product_id order by at, seq) as level
      from stock_movements where warehouse_id is not null) t where level < 0`);
    expect(negative).toEqual([]);
    const pools = await q(sql`select p.product_id from stock_pools p left join (select product_id, sum(qty) as q, sum(value) as v from stock_movements group by 1) m on m.product_id = p.product_id
      where p.qty <> coalesce(m.q, 0) or p.value <> coalesce(m.v, 0) or p.qty < 0 or p.value < 0`);
    expect(pools).toEqual([]);
    expect(await q(sql`select 1 from stock_balances where qty < 0 or reserved < 0 or reserved > qty`)).toEqual([]);
    const reservedBad = await q(sql`select b.warehouse_id from stock_balances b left join (select p.warehouse_id, p.product_id, sum(p.qty) as q
        from repair_order_parts p join repair_orders o on o.id = p.order_id where not p.written_off and not o.finished group by 1, 2) r
      on r.warehouse_id = b.warehouse_id and r.product_id = b.product_id where b.reserved <> coalesce(r.q, 0)`);
    expect(reservedBad).toEqual([]);
    const cashBad = await q(sql`select c.cashbox_id from cash_balances c left join (select cashbox_id, sum(amount) as s from cash_movements group by 1) m on m.cashbox_id = c.cashbox_id
      where c.balance <> coalesce(m.s, 0) or c.balance < 0`);
    expect(cashBad).toEqual([]);
    const running = await q(sql`select seq from (select seq, balance_after, sum(amount) over (partition by cashbox_id order by seq) as run from cash_movements) t where balance_after <> run`);
    expect(running).toEqual([]);
    const clientBad = await q(sql`select c.id from counterparties c left join (select client_id, sum(amount) as s from client_ledger group by 1) l on l.client_id = c.id where c.balance <> coalesce(l.s, 0)`);
    expect(clientBad).toEqual([]);
    const clientRunning = await q(sql`select seq from (select seq, balance_after, sum(amount) over (partition by client_id order by seq) as run from client_ledger) t where balance_after <> run`);
    expect(clientRunning).toEqual([]);
    // Every warehouse × product the sales took from keeps at least three free units.
    const after = await freeNow();
    const drained = [...after].filter(([k, free]) => free < (freeBefore.get(k) ?? 0) && free < 3);
    expect(drained).toEqual([]);
    // sales.test.ts sells from a product with at least 12 free units at Arbat.
    const plenty = await q<{ n: number }>(sql`select count(*)::int as n from stock_balances b join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
      where w.location_id = ${locs[0].id} and not p.serial_tracked and p.kind = 'good' and p.price > 0 and b.qty - b.reserved >= 12`);
    expect(plenty[0].n).toBeGreaterThan(0);
  });

  it('keeps the journal’s summary (paid by method, sales_hourly) equal to the sales, and the list’s totals from it equal to the live ones', async () => {
    expect(await summaryDrift(app.db)).toEqual({ paid: [], hours: [] });
    const size = await summarySize(app.db);
    expect(size.hours).toBeGreaterThan(100);
    expect(size.paid).toBeGreaterThan(100);
    // Each shop, all time and the last 30 days from a moment not on an hour (as the list computes them).
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000 - 1234);
    for (const l of locs) {
      for (const range of [{}, { from, to }, { from }]) {
        const f = { locationIds: [l.id], ...range };
        const live = await saleTotals(app.db, f, { live: true });
        expect(live.count).toBeGreaterThan(0);
        expect(await saleTotals(app.db, f)).toEqual(live);
      }
    }
  });

  it('keeps each sale consistent with its lines, payments, stock rows, cash operations and the client’s ledger, at its moment', async () => {
    const sums = await q(sql`select s.number from sales s where s.total <> (select sum(total) from sale_lines l where l.sale_id = s.id)
      or s.subtotal <> (select sum(qty * price) from sale_lines l where l.sale_id = s.id) or s.discount <> (select sum(discount) from sale_lines l where l.sale_id = s.id)
      or s.paid <> coalesce((select sum(amount) from sale_payments p where p.sale_id = s.id and p.return_id is null), 0)
      or (s.status = 'posted' and s.paid + s.credit_amount <> s.total) or s.returned <> coalesce((select sum(amount) from sale_returns r where r.sale_id = s.id), 0)`);
    expect(sums).toEqual([]);
    // Goods left at the posting moment, named by the sale; services moved nothing.
    const stock = await q(sql`select s.number from sales s join sale_lines l on l.sale_id = s.id where s.status <> 'draft' and not l.is_service and not exists (
        select 1 from stock_movements m where m.document_id = s.id and m.document_type = 'sale' and m.number = s.number and not m.cancellation
          and m.product_id = l.product_id and m.warehouse_id = s.warehouse_id and m.at = s.posted_at and m.qty = -l.qty and m.value = -l.cost)`);
    expect(stock).toEqual([]);
    expect(await q(sql`select 1 from stock_movements m join sale_lines l on l.sale_id = m.document_id and l.product_id = m.product_id where l.is_service`)).toEqual([]);
    // Each payment is a posted cash operation of the sale, at the sale's moment, into a cashbox of its shop.
    const cash = await q(sql`select s.number from sale_payments p join sales s on s.id = p.sale_id join cash_operations o on o.id = p.operation_id
      where p.return_id is null and (o.document_id <> s.id or o.document_type <> 'sale' or o.amount <> p.amount or o.at <> s.posted_at or o.location_id <> s.location_id
        or o.kind <> 'income' or o.status <> (case when s.status = 'cancelled' then 'cancelled' else 'posted' end) or o.client_id is distinct from s.client_id)`);
    expect(cash).toEqual([]);
    // The client is charged what is not the partner's, at the posting moment.
    const charged = await q(sql`select s.number from sales s where s.client_id is not null and s.status <> 'draft' and s.total <> s.credit_amount and not exists (select 1 from client_ledger l
      where l.document_id = s.id and l.kind = 'sale' and not l.cancellation and l.amount = -(s.total - s.credit_amount) and l.at = s.posted_at and l.client_id = s.client_id)`);
    expect(charged).toEqual([]);
    // Credit shares lie within their offer's range and term.
    const credit = await q(sql`select s.number from sales s join credit_offers o on o.id = s.credit_offer_id where s.credit_amount < o.min_amount or s.credit_amount > o.max_amount
      or not exists (select 1 from credit_offer_terms t where t.offer_id = o.id and t.months = s.credit_months)`);
    expect(credit).toEqual([]);
    // The partner's money: confirmed into the bank account days later (an income linked to the sale), the last days' still expected.
    const partner = (
      await q<{ confirmed: number; pending: number; wrong: number }>(sql`select
        count(*) filter (where s.credit_confirmed_at is not null)::int as confirmed,
        count(*) filter (where s.credit_confirmed_at is null)::int as pending,
        count(*) filter (where s.credit_confirmed_at is not null and not exists (select 1 from cash_operations o join cashboxes b on b.id = o.cashbox_id
          where o.id = s.credit_operation_id and b.kind = 'bank' and o.kind = 'income' and o.amount = s.credit_amount and o.document_id = s.id and o.at = s.credit_confirmed_at
          and o.at > s.posted_at))::int as wrong
        from sales s where s.status = 'posted' and s.credit_amount > 0`)
    )[0];
    expect(partner.confirmed).toBeGreaterThan(0);
    expect(partner.pending).toBeGreaterThanOrEqual(2);
    expect(partner.wrong).toBe(0);
    // Cancelled the same Moscow day, with every movement reversed at that moment.
    const cancelled = await q(sql`select s.number from sales s where s.status = 'cancelled' and ((s.posted_at + interval '3 hours')::date <> (s.cancelled_at + interval '3 hours')::date
      or s.cancelled_at < s.posted_at or exists (select 1 from stock_movements m where m.document_id = s.id and m.cancellation and m.at <> s.cancelled_at)
      or coalesce((select sum(qty) from stock_movements m where m.document_id = s.id), 0) <> 0
      or coalesce((select sum(m.amount) from cash_movements m join sale_payments p on p.operation_id = m.operation_id where p.sale_id = s.id), 0) <> 0)`);
    expect(cancelled).toEqual([]);
    // Returns: later than the sale, goods back at the sale's cost by units, the money out of a cashbox of the returning shop.
    const returns = await q(sql`select r.number from sale_returns r join sales s on s.id = r.sale_id where r.created_at <= s.posted_at
      or not exists (select 1 from stock_movements m where m.document_id = s.id and m.number = r.number and m.at = r.created_at and m.warehouse_id = r.warehouse_id)
      or r.amount <> coalesce((select -sum(p.amount) from sale_payments p where p.return_id = r.id), 0)
      or exists (select 1 from sale_payments p join cash_operations o on o.id = p.operation_id where p.return_id = r.id and (o.location_id <> r.location_id or o.at <> r.created_at or o.kind <> 'expense'))`);
    expect(returns).toEqual([]);
    expect(await q(sql`select l.id from sale_lines l where l.returned_qty > l.qty or l.returned_qty <> coalesce((select sum(qty) from sale_return_lines x where x.sale_line_id = l.id), 0)`)).toEqual([]);
  });

  it('numbers the sales per shop in time order, inside the cash shifts, which include their cash', async () => {
    const rows = await q<{ location_id: string; number: string }>(sql`select location_id, number from sales order by location_id, created_at, number`);
    for (const l of locs) {
      const mine = rows.filter((r) => r.location_id === l.id);
      expect(mine.map((r) => r.number)).toEqual(mine.map((_, i) => `${salePrefix}-${String(i + 1).padStart(6, '0')}`));
    }
    // Cash desk payments sit in the shift open at their moment.
    const outside = await q(sql`select o.number from cash_operations o join cashboxes b on b.id = o.cashbox_id join cash_shifts s on s.id = o.shift_id
      where o.document_type = 'sale' and (o.at < s.opened_at or (s.closed_at is not null and o.at >= s.closed_at))`);
    expect(outside).toEqual([]);
    const unfiled = await q(sql`select o.number from cash_operations o join cashboxes b on b.id = o.cashbox_id where o.document_type = 'sale' and b.kind = 'cash' and o.shift_id is null`);
    expect(unfiled).toEqual([]);
    // Every shift's float / expected / counted moved with the sales' cash before it: its arithmetic is what it was.
    expect(await shiftGaps()).toEqual(shiftsBefore);
    expect(await q(sql`select number from cash_shifts where status = 'closed' and counted - expected <> difference`)).toEqual([]);
  });

  it('answers the API: the list with totals by shop and month, filters, a sale card and its receipt', async () => {
    for (const l of locs) {
      const page = salePageSchema.parse((await api('?pageSize=50', l.id)).json());
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((s) => s.locationId === l.id)).toBe(true);
      expect(page.totals.total).toBeGreaterThan(0);
    }
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() + 3 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
    const month = salePageSchema.parse((await api(`?from=${monthAgo}&to=${today}&pageSize=100`)).json());
    expect(month.totals.count).toBeGreaterThan(50);
    expect(month.totals.byMethod.cash + month.totals.byMethod.card + month.totals.byMethod.transfer).toBeGreaterThan(0);
    const card = salePageSchema.parse((await api('?method=card&pageSize=100')).json());
    expect(card.items.every((s) => s.methods.includes('card'))).toBe(true);
    const [withReturn] = await q<{ id: string; location_id: string }>(sql`select id, location_id from sales where returned > 0 order by posted_at limit 1`);
    const sale = saleSchema.parse((await api(`/${withReturn.id}`, withReturn.location_id)).json());
    expect(sale.returns.length).toBeGreaterThan(0);
    expect(sale.payments.length).toBeGreaterThan(0);
    const found = salePageSchema.parse((await api(`?search=${encodeURIComponent(sale.number)}`, withReturn.location_id)).json());
    expect(found.items.map((s) => s.id)).toContain(sale.id);
    const templates = (await app.inject({ method: 'GET', url: '/api/templates', headers: authHeaders(owner, withReturn.location_id) })).json() as Array<{ id: string; kind: string }>;
    const receipt = templates.find((t) => t.kind === 'sale_receipt')!;
    const printed = await app.inject({ method: 'POST', url: `/api/templates/${receipt.id}/render`, headers: authHeaders(owner, withReturn.location_id), payload: { saleId: sale.id } });
    expect(printed.statusCode).toBe(200);
    expect(printed.json().html).toContain(sale.number);
  });
});
