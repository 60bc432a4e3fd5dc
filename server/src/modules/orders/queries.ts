import {
  finishedOrderGroups,
  normalizeDeviceId,
  orderStatusGroups,
  ruleScope,
  type DeviceHistoryItem,
  type OrderBoard,
  type OrderPage,
  type OrderStatusGroup,
  type OrderTimelineItem,
  type PartLookupItem,
} from '@repo/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { repairOrders } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import { forbidden } from '../../lib/errors';
import { containsPattern, rowsOf } from '../../lib/sql';
import { listItemsOut, scopeOf } from './service';
import * as repo from './repository';

/** The rows a list may show: own → the employee's orders; location → the current location; all → the current location, or all of theirs without one. */
function visibility(ctx: Ctx): SQL {
  const scope = scopeOf(ctx, 'view');
  const me = ctx.auth.employeeId;
  const locs = ctx.locationId ? [ctx.locationId] : scope === 'all' ? ctx.auth.locationIds : [];
  if (locs.length === 0) throw forbidden('Выберите магазин');
  const where = inArray(repairOrders.locationId, locs);
  if (scope === 'own') return and(where, sql`(${repairOrders.engineerId} = ${me} or ${repairOrders.managerId} = ${me} or ${repairOrders.authorId} = ${me})`)!;
  return where;
}

/**
 * Search: an order number, any part of the client's phone, the client's name, an IMEI fragment or a
 * serial. Each kind is found through its own index (trigram on the number and IMEI, the clients' own
 * search, btree on the serial) and the ids are united, so no kind forces a scan of the others.
 */
function searchCondition(search: string): SQL {
  const raw = search.trim();
  const digits = raw.replace(/\D/g, '');
  const upper = normalizeDeviceId(raw);
  const ids: SQL[] = [sql`select id from repair_orders where number ilike ${containsPattern(raw)}`];
  if (digits.length >= 3 && /^[\d\s()+-]+$/.test(raw)) {
    const phone = digits.length === 11 && (digits[0] === '8' || digits[0] === '7') ? digits.slice(1) : digits;
    ids.push(sql`select o.id from repair_orders o where o.client_id in (select id from counterparties where phone_digits like ${containsPattern(phone)} limit 1000)`);
    if (digits.length >= 4) ids.push(sql`select id from repair_orders where imei like ${containsPattern(digits)}`);
    ids.push(sql`select id from repair_orders where number like ${containsPattern(digits)}`);
  }
  if (/\p{L}/u.test(raw)) {
    ids.push(sql`select o.id from repair_orders o where o.client_id in (select id from counterparties where search_name like ${containsPattern(raw.toLowerCase().replace(/ё/g, 'е'))} limit 1000)`);
  }
  if (upper.length >= 4) ids.push(sql`select id from repair_orders where serial = ${upper}`);
  return sql`${repairOrders.id} in (${sql.join(ids, sql` union `)})`;
}

/** Lists count their rows exactly up to this many; beyond it the total says «more than». */
export const COUNT_CAP = 1000;

export interface OrderListFilter {
  status?: string;
  group?: OrderStatusGroup;
  engineerId?: string;
  overdue?: boolean;
  finished?: boolean;
  mineFirst?: boolean;
  search?: string | null;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export async function listOrders(ctx: Ctx, q: OrderListFilter): Promise<OrderPage> {
  const conds: SQL[] = [visibility(ctx)];
  // The statuses asked for (one, or a group's): each is read newest first through (location, status,
  // created_at), and the pages are merged (see `pageByStatuses`).
  const statusIds = q.status ? [q.status] : q.group ? (await repo.statuses(ctx.db, true)).filter((s) => s.group === q.group).map((s) => s.id) : null;
  if (statusIds) conds.push(statusIds.length ? inArray(repairOrders.statusId, statusIds) : sql`false`);
  // Finished orders only when asked for, or when a status/group filter names them.
  if (!q.status && !q.group && !q.search && q.finished !== true) conds.push(eq(repairOrders.finished, false));
  if (q.finished === true && !q.status && !q.group) conds.push(eq(repairOrders.finished, true));
  if (q.engineerId) conds.push(eq(repairOrders.engineerId, q.engineerId));
  if (q.overdue) conds.push(lt(repairOrders.overdueAt, new Date()));
  if (q.search) conds.push(searchCondition(q.search));
  if (q.from) conds.push(gte(repairOrders.createdAt, new Date(q.from)));
  if (q.to) conds.push(lt(repairOrders.createdAt, endOf(q.to)));
  const where = and(...conds);
  // Counted up to COUNT_CAP: a filter matching 60 000 issued orders is narrowed, not paged to the end.
  const capped = ctx.db.select({ one: sql`1` }).from(repairOrders).where(where).limit(COUNT_CAP + 1).as('capped');
  const [{ total }] = await ctx.db.select({ total: count() }).from(capped);
  const me = ctx.auth.employeeId;
  const order = [
    ...(q.mineFirst ? [sql`(${repairOrders.engineerId} = ${me} or ${repairOrders.managerId} = ${me}) desc nulls last`] : []),
    desc(repairOrders.createdAt),
    desc(repairOrders.id),
  ];
  const offset = (q.page - 1) * q.pageSize;
  const rows =
    statusIds && statusIds.length > 1 && statusIds.length <= 8 && !q.mineFirst
      ? await pageByStatuses(ctx, where!, statusIds, q.pageSize, offset)
      : await ctx.db.select().from(repairOrders).where(where).orderBy(...order).limit(q.pageSize).offset(offset);
  return { items: await listItemsOut(ctx, ctx.db, rows), total: Math.min(Number(total), COUNT_CAP), totalExact: Number(total) <= COUNT_CAP, page: q.page, pageSize: q.pageSize };
}

/**
 * A page of orders in several statuses, newest first: each status's newest `offset + limit` through the
 * (location, status, created_at) index, merged. Walking the date index and filtering by status reads a
 * thousand rows for a sparse group; an IN list over the status index sorts them all.
 */
async function pageByStatuses(
  ctx: Ctx,
  where: SQL,
  statusIds: string[],
  limit: number,
  offset: number,
  by: 'created_at' | 'status_changed_at' = 'created_at',
): Promise<repo.OrderRow[]> {
  const n = offset + limit;
  const key = sql.raw(by);
  const parts = statusIds.map((id) => sql`(select id, ${key} as k from repair_orders where ${where} and status_id = ${id} order by ${key} desc, id desc limit ${n})`);
  const ids = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select id from (${sql.join(parts, sql` union all `)}) x order by k desc, id desc limit ${limit} offset ${offset}`),
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(repairOrders).where(inArray(repairOrders.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** A date-only `to` covers its whole day. */
function endOf(to: string): Date {
  const d = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(d.getTime() + 86_400_000) : d;
}

const BOARD_COLUMN = 50;

/** The working orders by status group (each column's newest status changes first, up to 50) with each column's total. */
export async function board(ctx: Ctx, q: { engineerId?: string; search?: string | null }): Promise<OrderBoard> {
  const base: SQL[] = [visibility(ctx)];
  if (q.engineerId) base.push(eq(repairOrders.engineerId, q.engineerId));
  if (q.search) base.push(searchCondition(q.search));
  const statuses = await repo.statuses(ctx.db, true);
  const groups = orderStatusGroups.filter((g) => !finishedOrderGroups.includes(g));
  const map = new Map(statuses.map((s) => [s.id, s]));
  // The columns are independent: read side by side on the pool's connections.
  const columns = await Promise.all(
    groups.map(async (group) => {
      const ids = statuses.filter((s) => s.group === group).map((s) => s.id);
      if (ids.length === 0) return { group, total: 0, items: [] };
      const where = and(...base, eq(repairOrders.finished, false), inArray(repairOrders.statusId, ids))!;
      const [{ total }] = await ctx.db.select({ total: count() }).from(ctx.db.select({ one: sql`1` }).from(repairOrders).where(where).limit(COUNT_CAP + 1).as('capped'));
      // Each status's last changed through (location, status, status_changed_at) where not finished, merged.
      const rows = await pageByStatuses(ctx, where, ids, BOARD_COLUMN, 0, 'status_changed_at');
      return { group, total: Number(total), items: await listItemsOut(ctx, ctx.db, rows, map) };
    }),
  );
  return { columns };
}

export async function timeline(ctx: Ctx, orderId: string): Promise<{ items: OrderTimelineItem[] }> {
  const events = await repo.eventsOf(ctx.db, orderId);
  const statuses = new Map((await repo.statuses(ctx.db, true)).map((s) => [s.id, s]));
  const labels = await repo.labelsFor(ctx.db, { clients: [], employees: events.map((e) => e.authorId), locations: [] });
  const ref = (id: string | null) => {
    const s = id ? statuses.get(id) : undefined;
    return s ? { id: s.id, name: s.name, group: s.group, colour: s.colour } : null;
  };
  return {
    items: events.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      kind: e.kind,
      authorName: e.authorId ? (labels.employees.get(e.authorId) ?? null) : null,
      text: e.text,
      forClient: e.forClient,
      fromStatus: ref(e.fromStatusId),
      toStatus: ref(e.toStatusId),
      amount: e.amount,
    })),
  };
}

/**
 * Device history: the repair orders of an IMEI or serial, the orders it was fitted into as a part, and
 * its stock movements (received, moved, sold or written off), newest first, across the employee's locations.
 */
export async function deviceHistory(ctx: Ctx, q: string): Promise<{ items: DeviceHistoryItem[] }> {
  if (!ruleScope(ctx.auth.rules, 'view', 'repair_order') && !ruleScope(ctx.auth.rules, 'view', 'stock_document')) throw forbidden('Нет права просматривать историю устройств');
  const id = normalizeDeviceId(q);
  const locs = ctx.auth.locationIds;
  const orders = await ctx.db.execute<{ id: string; number: string; created_at: string; location: string; status: string; device: string; malfunction: string; issued_at: string | null }>(sql`
    select o.id, o.number, o.created_at, l.name as location, s.name as status, o.device_brand || ' ' || o.device_model as device, o.malfunction, o.issued_at
    from repair_orders o join locations l on l.id = o.location_id join order_statuses s on s.id = o.status_id
    where (o.imei = ${id} or o.serial = ${id}) and o.location_id = any(${sql.param(locs)}::uuid[])
    order by o.created_at desc limit 100`);
  const parts = await ctx.db.execute<{ id: string; number: string; created_at: string; location: string; product: string }>(sql`
    select o.id, o.number, p.created_at, l.name as location, pr.name as product
    from repair_order_parts p join repair_orders o on o.id = p.order_id join locations l on l.id = o.location_id join products pr on pr.id = p.product_id
    where p.serial in (${q.trim()}, ${id}) and o.location_id = any(${sql.param(locs)}::uuid[])
    order by p.created_at desc limit 100`);
  // Stock documents whose lines carry the serial (as typed or in upper case): their movements of that product.
  const typed = q.trim();
  const stock = await ctx.db.execute<{ document_id: string; document_type: string; number: string; at: string; location: string | null; product: string; qty: number }>(sql`
    select m.document_id, m.document_type, m.number, m.at, l.name as location, pr.name as product, m.qty
    from stock_document_lines dl
    join stock_movements m on m.document_id = dl.document_id and m.product_id = dl.product_id and m.warehouse_id is not null and not m.cancellation
    join warehouses w on w.id = m.warehouse_id join locations l on l.id = w.location_id
    join products pr on pr.id = m.product_id
    where dl.serials && array[${typed}, ${id}]::text[] and w.location_id = any(${sql.param(locs)}::uuid[])
    order by m.at desc limit 100`);
  const items: DeviceHistoryItem[] = [
    ...rowsOf<{ id: string; number: string; created_at: string; location: string; status: string; device: string; malfunction: string; issued_at: string | null }>(orders).map((o) => ({
      at: new Date(o.created_at).toISOString(),
      kind: 'repair_order' as const,
      documentType: 'repair_order',
      documentId: o.id,
      number: o.number,
      locationName: o.location,
      title: `Ремонт: ${o.device}`,
      details: `${o.malfunction} — ${o.status}`,
    })),
    ...rowsOf<{ id: string; number: string; created_at: string; location: string; product: string }>(parts).map((p) => ({
      at: new Date(p.created_at).toISOString(),
      kind: 'order_part' as const,
      documentType: 'repair_order',
      documentId: p.id,
      number: p.number,
      locationName: p.location,
      title: `Установлен в заказе как запчасть: ${p.product}`,
      details: null,
    })),
    ...rowsOf<{ document_id: string; document_type: string; number: string; at: string; location: string | null; product: string; qty: number }>(stock).map((m) => ({
      at: new Date(m.at).toISOString(),
      kind: 'stock' as const,
      documentType: m.document_type,
      documentId: m.document_id,
      number: m.number,
      locationName: m.location,
      title: `${Number(m.qty) > 0 ? 'Поступил на склад' : 'Ушёл со склада'}: ${m.product}`,
      details: null,
    })),
  ];
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { items };
}

/** Orders per status (the settings show how many orders each status holds). */
export async function ordersPerStatus(db: Ctx['db']): Promise<Map<string, number>> {
  const rows = await db.select({ statusId: repairOrders.statusId, n: count() }).from(repairOrders).groupBy(repairOrders.statusId);
  return new Map(rows.map((r) => [r.statusId, Number(r.n)]));
}


/**
 * Goods with free stock in the current location's warehouses (name, SKU or barcode), for adding a part
 * to an order: the engineer needs no stock rules for it.
 */
export async function partLookup(ctx: Ctx, search: string | null | undefined): Promise<PartLookupItem[]> {
  if (!ctx.locationId) throw forbidden('Выберите магазин');
  const raw = (search ?? '').trim();
  const like = containsPattern(raw.toLowerCase().replace(/ё/g, 'е'));
  const rows = rowsOf<{ product_id: string; name: string; sku: string | null; price: string; warranty_days: number; serial_tracked: boolean; warehouse_id: string; warehouse_name: string; free: number }>(
    await ctx.db.execute(sql`select p.id as product_id, p.name, p.sku, p.price::text as price, p.warranty_days, p.serial_tracked, w.id as warehouse_id, w.name as warehouse_name, (b.qty - b.reserved)::int as free
      from stock_balances b join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
      where w.location_id = ${ctx.locationId} and p.kind = 'good' and p.archived_at is null and b.qty - b.reserved > 0
        ${raw ? sql`and (p.search_name like ${like} or p.sku ilike ${containsPattern(raw)} or exists (select 1 from product_barcodes pb where pb.product_id = p.id and pb.barcode = ${raw}))` : sql``}
      order by p.name, w.name limit 30`),
  );
  const serialRows = rows.filter((r) => r.serial_tracked);
  const serials = new Map<string, string[]>();
  for (const r of serialRows) {
    const list = rowsOf<{ serial: string }>(
      await ctx.db.execute(sql`select s.serial from stock_serials s where s.product_id = ${r.product_id} and s.warehouse_id = ${r.warehouse_id} and s.status = 'in_stock'
        and not exists (select 1 from repair_order_parts op where op.product_id = s.product_id and op.serial = s.serial and not op.written_off) order by s.serial limit 50`),
    );
    serials.set(`${r.warehouse_id}:${r.product_id}`, list.map((x) => x.serial));
  }
  return rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    sku: r.sku,
    price: Number(r.price),
    warrantyDays: r.warranty_days,
    serialTracked: r.serial_tracked,
    warehouseId: r.warehouse_id,
    warehouseName: r.warehouse_name,
    free: r.free,
    serials: serials.get(`${r.warehouse_id}:${r.product_id}`) ?? [],
  }));
}

/** The active employees of the current location, by name (engineer and manager pickers). */
export async function staff(ctx: Ctx): Promise<Array<{ id: string; name: string; position: string | null }>> {
  if (!ctx.locationId) throw forbidden('Выберите магазин');
  return rowsOf<{ id: string; name: string; position: string | null }>(
    await ctx.db.execute(sql`select e.id, e.name, e.position from employees e join employee_locations el on el.employee_id = e.id
      where el.location_id = ${ctx.locationId} and e.active order by e.name`),
  );
}
