import { formatDocumentNumber, normalizeSearchText } from '@repo/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { locations, repairOrders, sales, shopRequestHits, shopRequests, shopSettings, warehouses } from '../../db/schema';
import { rowsOf, searchPattern } from '../../lib/sql';

/** The requests' own SQL (server/docs/shop.md, «Requests»). */

type Conn = Db | Tx;
export type RequestRow = typeof shopRequests.$inferSelect;
export type RequestValues = typeof shopRequests.$inferInsert;
export interface RequestItem {
  catalogItemId: string;
  productId: string;
  title: string;
  price: number | null;
  qty: number;
}

/** The number's prefix and the company-wide counter's row in `document_numbering` (not a kind of the Settings screen). */
export const numberPrefix = 'З';
const counterKind = 'shop_request';

/** What a search matches: the number, the name and the phone, lower case, ё = е. */
export const searchTextOf = (number: string, name: string, phone: string) => normalizeSearchText(`${number} ${name} ${phone}`);
export const searchPatternOf = searchPattern;

export interface RequestView extends RequestRow {
  locationName: string | null;
  orderNumber: string | null;
  saleNumber: string | null;
}

const viewColumns = { request: shopRequests, locationName: locations.name, orderNumber: repairOrders.number, saleNumber: sales.number };
const viewQuery = (db: Conn) =>
  db
    .select(viewColumns)
    .from(shopRequests)
    .leftJoin(locations, eq(locations.id, shopRequests.locationId))
    .leftJoin(repairOrders, eq(repairOrders.id, shopRequests.orderId))
    .leftJoin(sales, eq(sales.id, shopRequests.saleId));
const toView = (r: { request: RequestRow; locationName: string | null; orderNumber: string | null; saleNumber: string | null }): RequestView => ({
  ...r.request,
  locationName: r.locationName,
  orderNumber: r.orderNumber,
  saleNumber: r.saleNumber,
});

/** A request staff may ever see (never a spam one). */
export async function find(db: Conn, id: string, lock = false): Promise<RequestRow | null> {
  const q = db
    .select()
    .from(shopRequests)
    .where(and(eq(shopRequests.id, id), eq(shopRequests.spam, false)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function view(db: Conn, id: string): Promise<RequestView | null> {
  const [row] = await viewQuery(db).where(eq(shopRequests.id, id));
  return row ? toView(row) : null;
}

/** Newest first (index `shop_requests_list_idx`); `where` already excludes spam. */
export async function list(db: Conn, where: SQL, limit: number, offset: number): Promise<{ items: RequestView[]; total: number }> {
  const rows = await viewQuery(db)
    .where(where)
    .orderBy(desc(shopRequests.createdAt), desc(shopRequests.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(shopRequests).where(where);
  return { items: rows.map(toView), total: Number(total) };
}

export async function countWhere(db: Conn, where: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(shopRequests).where(where);
  return Number(n);
}

export async function insert(tx: Tx, values: RequestValues): Promise<RequestRow> {
  const [row] = await tx.insert(shopRequests).values(values).returning();
  return row;
}

export async function update(tx: Tx, id: string, values: Partial<RequestValues>): Promise<RequestRow> {
  const [row] = await tx.update(shopRequests).set(values).where(eq(shopRequests.id, id)).returning();
  return row;
}

/** The settings a request needs; defaults while the settings were never saved. */
export async function requestSettings(db: Conn): Promise<{ requestsOpen: boolean; requestLocationIds: string[] }> {
  const [row] = await db.select({ requestsOpen: shopSettings.requestsOpen, requestLocationIds: shopSettings.requestLocationIds }).from(shopSettings).where(eq(shopSettings.id, 1));
  return row ?? { requestsOpen: true, requestLocationIds: [] };
}

// ---------------------------------------------------------------------------------------------------
// The public request

/** Waits for the other requests of the same key in this transaction (an address, a phone and kind). */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Attempts of an address within the window. */
export async function hitsSince(tx: Tx, ip: string, minutes: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(shopRequestHits)
    .where(and(eq(shopRequestHits.ip, ip), sql`${shopRequestHits.at} > now() - make_interval(mins => ${minutes}::int)`));
  return Number(n);
}

export async function addHit(tx: Tx, ip: string): Promise<void> {
  await tx.insert(shopRequestHits).values({ ip });
}

/** Rows older than the window are of no use to the limit (index `shop_request_hits_at_idx`). */
export async function pruneHits(db: Conn, minutes: number): Promise<void> {
  await db.delete(shopRequestHits).where(sql`${shopRequestHits.at} < now() - make_interval(mins => ${minutes}::int)`);
}

/** A model the site shows (published, with a published type and brand), with its snapshot name «Смартфон Apple iPhone 13». */
export async function publishedModel(db: Conn, id: string): Promise<{ id: string; name: string; typeName: string; brandName: string } | null> {
  const [row] = rowsOf<{ id: string; name: string; type_name: string; brand_name: string }>(
    await db.execute(sql`select m.id, m.name, t.name as type_name, b.name as brand_name
      from shop_models m join shop_device_types t on t.id = m.type_id join shop_brands b on b.id = m.brand_id
      where m.id = ${id} and m.published and t.published and b.published`),
  );
  return row ? { id: row.id, name: row.name, typeName: row.type_name, brandName: row.brand_name } : null;
}

/** A model's names (published or not), for the order's device. */
export async function modelNames(db: Conn, id: string): Promise<{ name: string; typeName: string; brandName: string } | null> {
  const [row] = rowsOf<{ name: string; type_name: string; brand_name: string }>(
    await db.execute(sql`select m.name, t.name as type_name, b.name as brand_name
      from shop_models m join shop_device_types t on t.id = m.type_id join shop_brands b on b.id = m.brand_id where m.id = ${id}`),
  );
  return row ? { name: row.name, typeName: row.type_name, brandName: row.brand_name } : null;
}

/** Published catalogue items of products not archived, with the price the site shows. */
export async function orderableItems(db: Conn, ids: string[]): Promise<Map<string, { id: string; productId: string; title: string; price: number | null }>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: string; product_id: string; title: string; price: string | number | null }>(
    await db.execute(sql`select i.id, i.product_id, i.title, coalesce(i.price_override, p.price) as price
      from shop_catalog_items i join products p on p.id = i.product_id
      where i.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and i.published and p.archived_at is null`),
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, productId: r.product_id, title: r.title, price: r.price === null ? null : Number(r.price) }]));
}

/** The first open, unconverted request of this phone and kind within the window, locked. */
export async function mergeTarget(tx: Tx, phone: string, kind: string, minutes: number): Promise<RequestRow | null> {
  const [row] = await tx
    .select()
    .from(shopRequests)
    .where(
      and(
        eq(shopRequests.phone, phone),
        eq(shopRequests.kind, kind as RequestRow['kind']),
        eq(shopRequests.spam, false),
        inArray(shopRequests.status, ['new', 'in_work']),
        sql`${shopRequests.orderId} is null and ${shopRequests.saleId} is null`,
        sql`${shopRequests.createdAt} > now() - make_interval(mins => ${minutes}::int)`,
      ),
    )
    .orderBy(shopRequests.createdAt)
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The next number «З-000124» from the company-wide counter row (`document_numbering`, kind
 * `shop_request`), made on first use; the row stays locked until commit, so numbers never repeat.
 */
export async function nextNumber(tx: Tx): Promise<string> {
  const [row] = rowsOf<{ prefix: string; last: number | string }>(
    await tx.execute(sql`insert into document_numbering (kind, prefix, per_location, last) values (${counterKind}, ${numberPrefix}, false, 1)
      on conflict (kind) do update set last = document_numbering.last + 1 returning prefix, last`),
  );
  return formatDocumentNumber(row.prefix, Number(row.last));
}

/** A plausible number for spam: the one the next real request would get (the counter is not touched). */
export async function madeUpNumber(tx: Tx): Promise<string> {
  const [row] = rowsOf<{ prefix: string; last: number | string }>(await tx.execute(sql`select prefix, last from document_numbering where kind = ${counterKind}`));
  return formatDocumentNumber(row?.prefix ?? numberPrefix, Number(row?.last ?? 0) + 1 + Math.floor(Math.random() * 3));
}

/**
 * Who is told about a new request: active employees with `view:shop_content` (any scope; the owner role
 * has every rule) who work at its location, or everyone with the rule when it has none.
 */
export async function recipients(db: Conn, locationId: string | null): Promise<string[]> {
  const rules = sql`array['view:shop_content:own', 'view:shop_content:location', 'view:shop_content:all']`;
  const works = locationId
    ? sql`and (e.all_locations or exists (select 1 from employee_locations el where el.employee_id = e.id and el.location_id = ${locationId}))`
    : sql``;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select e.id from employees e join roles r on r.id = e.role_id
      where e.active and (r.name = 'owner' or r.rules ?| ${rules}) ${works} order by e.id`),
  );
  return rows.map((r) => r.id);
}

/** The warehouse a draft sale of this location takes goods from: its default one, else the first. */
export async function saleWarehouse(db: Conn, locationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.locationId, locationId))
    .orderBy(desc(warehouses.isDefault), warehouses.createdAt, warehouses.id)
    .limit(1);
  return row?.id ?? null;
}

/** The client who already has this phone (the oldest, not archived), as the repair intake finds one. */
export async function clientByPhone(db: Conn, phone: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select p.counterparty_id as id from counterparty_phones p join counterparties c on c.id = p.counterparty_id
        where p.phone = ${phone} and c.archived_at is null and c.merged_into_id is null order by c.created_at limit 1`,
    ),
  );
  return row?.id ?? null;
}
