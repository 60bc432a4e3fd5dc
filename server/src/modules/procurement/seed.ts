import { allRules, purchaseOrderPrefix, type AuditDiff } from '@repo/contracts';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog, counterparties, employees, locations, products, purchaseOrderLines, purchaseOrders, warehouses } from '../../db/schema';
import { demoAccounts, demoLocations } from '../../db/seed/demo-data';
import { auditRow } from '../../lib/audit';
import { nextNumbers } from '../../lib/counters';
import type { Ctx } from '../../lib/ctx';
import type { Seeder } from '../../lib/module';
import { rowsOf } from '../../lib/sql';
import { demoStockedSkus } from '../catalog/seed';
import { postReceiptInTx } from '../stock/service';
import { applyReceived, backfillSupplierPrices, statusFromLines, type OrderRow } from './receipts';
import { sumsOf } from './repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Which demo supplier sells which goods (by SKU); goods of no speciality go to the other suppliers in turn. */
const specialities: Array<[RegExp, string]> = [
  [/^DSP-/, 'ДисплейОпт'],
  [/^BAT-/, 'АккумТорг'],
  [/^(CASE|GLS|FILM)-/, 'Чехлы и Стёкла'],
  [/^(CHG|CBL)-/, 'Аксессуары Оптом'],
];

/**
 * What becomes of each demo order, oldest first (one every ~1.5 days over 60 days): `received2` arrives
 * in two parts, `dropped` is cancelled after ordering, `closed` is closed after a part, `late` is
 * ordered or partly received past its expected date.
 */
type Fate = 'received' | 'received2' | 'partial' | 'partialLate' | 'ordered' | 'orderedLate' | 'draft' | 'cancelled' | 'dropped' | 'closed';
const fates: Fate[] = [
  'received', 'received', 'cancelled', 'received', 'received', 'received2', 'closed', 'received', 'dropped', 'received',
  'received', 'received2', 'received', 'cancelled', 'received', 'received', 'partialLate', 'received', 'partial', 'dropped',
  'received', 'orderedLate', 'partial', 'received', 'ordered', 'partialLate', 'ordered', 'partial', 'orderedLate', 'cancelled',
  'ordered', 'orderedLate', 'ordered', 'ordered', 'draft', 'draft', 'draft', 'draft', 'draft', 'draft',
];

interface Good {
  id: string;
  name: string;
  sku: string | null;
  price: number;
}

/** A receipt the demo posts against an order (its index), at `at`. */
interface Part {
  order: number;
  at: number;
  lines: Array<{ productId: string; qty: number }>;
}

/** A line of the order with index `order`. */
interface PlannedLine {
  order: number;
  position: number;
  productId: string;
  qty: number;
  price: number;
}

/** A row of an order's history, written once the order has its id. */
interface Step {
  order: number;
  at: number;
  action: 'create' | 'post' | 'update' | 'cancel';
  diff: AuditDiff;
}

const moscowDate = (t: number) => new Date(t + 3 * HOUR).toISOString().slice(0, 10);
const costOf = (price: number) => Math.max(100, Math.round((price * 0.55) / 100) * 100);

/**
 * About 40 purchase orders of the demo shops over the last 60 days, from the demo suppliers, each with
 * the goods of its supplier's speciality: received (some in two parts), partly received, ordered (some
 * past their expected date), drafts (one without a supplier), cancelled, and one closed after a part.
 * Receiving goes the API's way (a stock receipt posted with `postReceiptInTx`, then the order's lines),
 * so ledger = balances; the receipts, the orders and their history are then back-dated. A few goods per
 * shop get a minimum above their stock with nothing on order, so the suggestions are not empty.
 */
export const procurementDemoSeeder: Seeder = {
  name: 'procurement.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name))).orderBy(asc(locations.name));
    if (locs.length < 3) return;
    const [{ n }] = await tx.select({ n: count() }).from(purchaseOrders);
    if (Number(n) > 0) return;
    const wh: string[] = [];
    for (const l of locs) {
      const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.locationId, l.id), eq(warehouses.isDefault, true)));
      if (!w) return;
      wh.push(w.id);
    }
    const staff = await tx.select({ id: employees.id, phone: employees.phone }).from(employees).where(inArray(employees.phone, demoAccounts.map((a) => a.phone)));
    const [owner, manager] = ['owner', 'manager'].map((role) => staff.find((e) => e.phone === demoAccounts.find((a) => a.role === role)?.phone));
    const suppliers = await tx
      .select({ id: counterparties.id, name: counterparties.name })
      .from(counterparties)
      .where(and(eq(counterparties.isSupplier, true), isNull(counterparties.archivedAt)))
      .orderBy(asc(counterparties.name));
    const goods: Good[] = (
      await tx
        .select({ id: products.id, name: products.name, sku: products.sku, price: products.price, serialTracked: products.serialTracked })
        .from(products)
        .where(and(eq(products.kind, 'good'), isNull(products.archivedAt)))
        .orderBy(asc(products.searchName))
    ).filter((g) => g.sku && demoStockedSkus.has(g.sku) && !g.serialTracked);
    if (!owner || !manager || suppliers.length === 0 || goods.length === 0) return;

    // The stock demo back-dated its receipts after posting them: their prices get their real dates first.
    await backfillSupplierPrices(tx);

    // Each good's supplier: the one of its speciality, else the others in turn.
    const others = suppliers.filter((s) => !specialities.some(([, name]) => s.name.includes(name)));
    const supplierOf = (g: Good, i: number) => {
      const name = specialities.find(([re]) => re.test(g.sku ?? ''))?.[1];
      return suppliers.find((s) => name && s.name.includes(name)) ?? (others.length ? others : suppliers)[i % (others.length || suppliers.length)];
    };
    const range = new Map<string, Good[]>();
    goods.forEach((g, i) => {
      const id = supplierOf(g, i).id;
      range.set(id, [...(range.get(id) ?? []), g]);
    });
    const selling = suppliers.filter((s) => range.has(s.id));
    const known = rowsOf<{ supplier_id: string; product_id: string; price: string }>(await tx.execute(sql`select supplier_id, product_id, price::text from supplier_prices`));
    const lastPrice = new Map(known.map((r) => [`${r.supplier_id}:${r.product_id}`, Number(r.price)]));

    const now = Date.now();
    const orders: Array<typeof purchaseOrders.$inferInsert> = [];
    const lines: PlannedLine[] = [];
    const parts: Part[] = [];
    const history: Step[] = [];
    const closings: Array<{ order: number; at: number }> = [];

    fates.forEach((fate, k) => {
      const loc = k % 3;
      const author = k % 4 === 3 ? owner : manager;
      const created = now - (59 - k * 1.45) * DAY + ((k * 5) % 9) * HOUR;
      const ordered = fate === 'draft' || fate === 'cancelled' ? null : created + 3 * HOUR;
      const noSupplier = fate === 'draft' && k === fates.length - 2;
      const supplier = selling[k % selling.length];
      const assortment = range.get(supplier.id)!;
      const picked = Array.from({ length: Math.min(assortment.length, 2 + (k % 4)) }, (_, i) => assortment[(k * 3 + i) % assortment.length]);
      const own = picked.map((g, i) => ({ productId: g.id, qty: [3, 5, 2, 10, 4, 6][(k + i) % 6], price: lastPrice.get(`${supplier.id}:${g.id}`) ?? costOf(g.price) }));
      const late = fate === 'orderedLate' || fate === 'partialLate';
      const open = fate.startsWith('ordered') || fate.startsWith('partial');
      // Open orders not yet late are expected in the coming days; the others a few days after ordering.
      const expected = ordered === null ? (fate === 'draft' && k % 2 ? now + (3 + k % 4) * DAY : null) : open && !late ? now + (1 + (k % 6)) * DAY : ordered + (4 + (k % 3)) * DAY;
      const closedAt = fate === 'closed' ? ordered! + 6 * DAY : null;
      const cancelledAt = fate === 'cancelled' ? created + 2 * HOUR : fate === 'dropped' ? ordered! + DAY : null;
      orders.push({
        number: '',
        status: fate === 'draft' ? 'draft' : fate === 'cancelled' || fate === 'dropped' ? 'cancelled' : 'ordered',
        locationId: locs[loc].id,
        warehouseId: wh[loc],
        supplierId: noSupplier ? null : supplier.id,
        expectedAt: expected === null ? null : moscowDate(expected),
        comment: fate === 'dropped' ? 'Поставщик не подтвердил наличие' : noSupplier ? 'Найти поставщика дешевле' : k % 7 === 0 ? 'Срочно: заканчивается на витрине' : null,
        ...sumsOf(own),
        authorId: author.id,
        orderedAt: ordered === null ? null : new Date(ordered),
        orderedById: ordered === null ? null : author.id,
        cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
        cancelledById: cancelledAt === null ? null : author.id,
        createdAt: new Date(created),
        updatedAt: new Date(created),
      });
      own.forEach((l, position) => lines.push({ order: k, position, ...l }));
      history.push({ order: k, at: created, action: 'create', diff: { supplierId: { after: noSupplier ? null : supplier.id }, lines: { after: own.length } } });
      if (ordered !== null) history.push({ order: k, at: ordered, action: 'post', diff: { status: { before: 'draft', after: 'ordered' } } });
      if (cancelledAt !== null) history.push({ order: k, at: cancelledAt, action: 'cancel', diff: { status: { before: ordered === null ? 'draft' : 'ordered', after: 'cancelled' } } });
      if (ordered === null || fate.startsWith('ordered') || fate === 'dropped') return;
      const whole = own.map((l) => ({ productId: l.productId, qty: l.qty }));
      const half = Math.ceil(own.length / 2);
      // A part: the first half of the lines in full, and one more line half-way.
      const some = [...whole.slice(0, half), ...(own[half] && own[half].qty > 1 ? [{ productId: own[half].productId, qty: Math.floor(own[half].qty / 2) }] : [])];
      if (fate === 'received') parts.push({ order: k, at: Math.min(ordered + (3 + (k % 3)) * DAY, now - HOUR), lines: whole });
      else if (fate === 'received2') {
        parts.push({ order: k, at: ordered + 2 * DAY, lines: some });
        const rest = whole.map((l) => ({ productId: l.productId, qty: l.qty - (some.find((s) => s.productId === l.productId)?.qty ?? 0) })).filter((l) => l.qty > 0);
        parts.push({ order: k, at: ordered + 5 * DAY, lines: rest });
      } else parts.push({ order: k, at: Math.min(ordered + 2 * DAY, now - 2 * HOUR), lines: some });
      if (closedAt !== null) closings.push({ order: k, at: closedAt });
    });

    // Numbers per shop in the order the orders were written.
    for (const l of locs) {
      const mine = orders.filter((o) => o.locationId === l.id);
      const numbers = await nextNumbers(tx, l.id, 'purchase_order', purchaseOrderPrefix, mine.length);
      mine.forEach((o, i) => (o.number = numbers[i]));
    }
    const rows = await tx.insert(purchaseOrders).values(orders).returning();
    await tx.insert(purchaseOrderLines).values(lines.map(({ order, ...l }) => ({ ...l, orderId: rows[order].id })));

    // Receiving, in time order (receipt numbers follow it), each part as the API does it.
    const current = new Map<number, OrderRow>(rows.map((r, k) => [k, r]));
    const dated: Array<{ id: string; at: number }> = [];
    for (const part of [...parts].sort((a, b) => a.at - b.at)) {
      const order = current.get(part.order)!;
      const price = new Map(lines.filter((l) => l.order === part.order).map((l) => [l.productId, l.price]));
      const ctx = seedCtx(tx, config, order);
      const receipt = await postReceiptInTx(ctx, tx, { warehouseId: order.warehouseId, supplierId: order.supplierId, purchaseOrderId: order.id, comment: null }, part.lines.map((l) => ({ ...l, cost: price.get(l.productId)! })));
      const after = await applyReceived(tx, order, part.lines);
      current.set(part.order, after);
      dated.push({ id: receipt.id, at: part.at });
      const diff: AuditDiff = { receipt: { after: receipt.number }, receivedQty: { before: order.receivedQty, after: after.receivedQty } };
      if (after.status !== order.status) diff.status = { before: order.status, after: after.status };
      history.push({ order: part.order, at: part.at, action: 'update', diff });
    }
    for (const c of closings) {
      const order = current.get(c.order)!;
      const own = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
      const status = statusFromLines({ status: order.status, closedAt: new Date(c.at) }, own);
      await tx.update(purchaseOrders).set({ status, closedAt: new Date(c.at), closedById: order.authorId }).where(eq(purchaseOrders.id, order.id));
      history.push({ order: c.order, at: c.at, action: 'cancel', diff: { status: { before: order.status, after: status }, closed: { after: true } } });
    }
    await tx.insert(auditLog).values(
      history.map((h) => {
        const order = rows[h.order];
        const row = auditRow({ employeeId: order.authorId, locationId: order.locationId, ip: null }, { entity: 'purchase_order', entityId: order.id, action: h.action, diff: h.diff });
        return { ...row, createdAt: new Date(h.at) };
      }),
    );

    // Back-dating: the receipts (documents, ledger rows, their history), then each order's last change.
    const ids = sql`${sql.param(dated.map((d) => d.id))}::uuid[]`;
    const ats = sql`${sql.param(dated.map((d) => new Date(d.at).toISOString()))}::timestamptz[]`;
    await tx.execute(sql`update stock_documents d set created_at = x.at, updated_at = x.at, posted_at = x.at from unnest(${ids}, ${ats}) as x(id, at) where d.id = x.id`);
    await tx.execute(sql`update stock_movements m set at = x.at from unnest(${ids}, ${ats}) as x(id, at) where m.document_id = x.id`);
    await tx.execute(sql`update audit_log a set created_at = x.at from unnest(${ids}, ${ats}) as x(id, at) where a.entity = 'stock_document' and a.entity_id = x.id::text`);
    await tx.execute(sql`update purchase_orders o set updated_at = greatest(o.created_at, o.ordered_at, o.closed_at, o.cancelled_at,
        (select max(d.posted_at) from stock_documents d where d.purchase_order_id = o.id))
      where o.id = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
    await backfillSupplierPrices(tx);

    await belowMinimum(tx, wh, goods);
  },
};

/** The author of an order at its shop, with every rule (the seed acts as staff would through the API). */
function seedCtx(tx: Tx, config: Ctx['config'], order: OrderRow): Ctx {
  const employeeId = order.authorId!;
  return {
    db: tx as unknown as Db,
    config,
    auth: { employeeId, sessionId: 'seed', name: '', roleName: 'owner', rules: allRules(), locationIds: [order.locationId] },
    actor: { employeeId, locationId: order.locationId, ip: null },
    locationId: order.locationId,
  };
}

/**
 * Per shop, the three goods lowest in stock with nothing on order get a minimum a little above their stock
 * (the sales and repairs demo only lower it afterwards), and one good on an open order a minimum above
 * its stock plus what is expected; at the first shop, a good never bought gets one too: a suggestion
 * without a supplier.
 */
async function belowMinimum(tx: Tx, wh: string[], goods: Good[]): Promise<void> {
  const rows: Array<{ productId: string; warehouseId: string; qty: number }> = [];
  for (const [i, warehouseId] of wh.entries()) {
    const stock = rowsOf<{ product_id: string; qty: number; expected: number }>(
      await tx.execute(sql`select b.product_id, b.qty, coalesce((select sum(greatest(0, l.qty - l.received)) from purchase_order_lines l join purchase_orders o on o.id = l.order_id
          where o.warehouse_id = b.warehouse_id and o.status in ('ordered', 'partial') and l.product_id = b.product_id), 0)::int as expected
        from stock_balances b where b.warehouse_id = ${warehouseId} and b.qty > 0 and b.product_id = any(${sql.param(goods.map((g) => g.id))}::uuid[])
        order by b.qty, b.product_id`),
    );
    stock.filter((s) => s.expected === 0).slice(0, 3).forEach((s, k) => rows.push({ productId: s.product_id, warehouseId, qty: s.qty + 2 + k }));
    const onOrder = stock.find((s) => s.expected > 0);
    if (onOrder) rows.push({ productId: onOrder.product_id, warehouseId, qty: onOrder.qty + onOrder.expected + 1 + i });
  }
  const [never] = rowsOf<{ id: string }>(
    await tx.execute(sql`select p.id from products p where p.kind = 'good' and p.archived_at is null and not p.serial_tracked
      and not exists (select 1 from stock_balances b where b.product_id = p.id) and not exists (select 1 from supplier_prices s where s.product_id = p.id)
      order by p.search_name limit 1`),
  );
  if (never) rows.push({ productId: never.id, warehouseId: wh[0], qty: 2 });
  if (rows.length === 0) return;
  await tx.execute(sql`insert into product_min_stock (product_id, warehouse_id, qty)
    select * from unnest(${sql.param(rows.map((r) => r.productId))}::uuid[], ${sql.param(rows.map((r) => r.warehouseId))}::uuid[], ${sql.param(rows.map((r) => r.qty))}::int[])
    on conflict (product_id, warehouse_id) do update set qty = excluded.qty`);
}
