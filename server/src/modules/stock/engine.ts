import { cancelBlockedMessage, insufficientStockMessage, type StockDocumentType } from '@repo/contracts';
import { and, asc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql';
import type { Tx } from '../../db/client';
import { products, stockBalances, stockMovements, stockPools, stockTotals, warehouses } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import * as valuation from './valuation';

/**
 * The posting engine: the only code that writes the stock ledger, the balances and the pools. Every
 * call runs inside the caller's transaction, after `lockPools` for every product it touches: the pool
 * rows are locked in product-id order, so two postings sharing products queue up instead of deadlocking,
 * and a balance read under the lock stays true until commit. Valuation: ./valuation.ts.
 */

export interface PoolState extends valuation.Pool {
  lastAverage: number | null;
}

/** One ledger row to write; `warehouseId` null = in transit inside the transfer. */
export interface Move {
  warehouseId: string | null;
  productId: string;
  qty: number;
  value: number;
}

export const insufficientStock = (message: string) => new AppError(409, 'insufficient_stock', message);

/** What a ledger row names as its source: a stock document, or a repair order / sale that moves goods. */
export type LedgerDocumentType = StockDocumentType | 'repair_order' | 'sale';
export interface LedgerDocument {
  id: string;
  type: LedgerDocumentType;
  number: string;
}

/**
 * The pools locked by `lockPools`: the map is the working state the caller changes with `set`; `before`
 * keeps what was read under the lock (the running totals need both, and only changed pools are written).
 */
export class LockedPools extends Map<string, PoolState> {
  readonly before: ReadonlyMap<string, PoolState>;
  /**
   * Every warehouse's balance of these products, when `assertAvailable` read them under these locks and
   * nothing has been written since: `writeMoves` then takes its "before" from here instead of reading again.
   */
  balances?: Array<{ productId: string; warehouseId: string; qty: number; reserved: number }>;
  constructor(before: Map<string, PoolState>) {
    super(before);
    this.before = before;
  }
}

/**
 * Locks the pools of these products in id order, creating the missing ones. One round trip when every
 * pool exists (the usual case); a product seen for the first time costs an insert and a second lock.
 */
export async function lockPools(tx: Tx, productIds: string[]): Promise<LockedPools> {
  const ids = [...new Set(productIds)].sort();
  const before = new Map<string, PoolState>();
  if (ids.length === 0) return new LockedPools(before);
  const lock = async (list: string[]) => {
    const rows = await tx.select().from(stockPools).where(sql`${stockPools.productId} = any(${uuids(list)})`).orderBy(asc(stockPools.productId)).for('update');
    for (const r of rows) before.set(r.productId, { qty: r.qty, value: r.value, lastAverage: r.lastAverage });
  };
  await lock(ids);
  const missing = ids.filter((id) => !before.has(id));
  if (missing.length) {
    await tx.execute(sql`insert into stock_pools (product_id) select unnest(${uuids(missing)}) on conflict do nothing`);
    await lock(missing);
  }
  return new LockedPools(before);
}

/** Balances (qty, reserved) of warehouse × product pairs, read under the pool locks. */
export async function balancesOf(tx: Tx, pairs: Array<{ warehouseId: string; productId: string }>): Promise<Map<string, { qty: number; reserved: number }>> {
  const out = new Map<string, { qty: number; reserved: number }>();
  if (pairs.length === 0) return out;
  const productIds = [...new Set(pairs.map((p) => p.productId))];
  const warehouseIds = [...new Set(pairs.map((p) => p.warehouseId))];
  const rows = await tx
    .select()
    .from(stockBalances)
    .where(and(inArray(stockBalances.productId, productIds), inArray(stockBalances.warehouseId, warehouseIds)));
  for (const r of rows) out.set(key(r.warehouseId, r.productId), { qty: r.qty, reserved: r.reserved });
  return out;
}

/** Every warehouse's balance of the locked products, kept on `pools` for `writeMoves` (see `LockedPools.balances`). */
async function balancesUnder(tx: Tx, pools: LockedPools): Promise<Map<string, { qty: number; reserved: number }>> {
  const rows = await tx
    .select({ productId: stockBalances.productId, warehouseId: stockBalances.warehouseId, qty: stockBalances.qty, reserved: stockBalances.reserved })
    .from(stockBalances)
    .where(sql`${stockBalances.productId} = any(${uuids([...pools.keys()])})`);
  pools.balances = rows;
  return new Map(rows.map((r) => [key(r.warehouseId, r.productId), { qty: r.qty, reserved: r.reserved }]));
}

export const key = (warehouseId: string, productId: string) => `${warehouseId}:${productId}`;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** A whole list as one array parameter (for `unnest`), typed for PostgreSQL. */
const uuids = (values: Array<string | null>) => sql`${sql.param(values)}::uuid[]`;
const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;
const bigints = (values: Array<number | null>) => sql`${sql.param(values.map((v) => (v === null ? null : String(v))))}::bigint[]`;

/**
 * Refuses with 409 `insufficient_stock` when any of the wanted quantities is more than the free stock
 * (quantity minus reserved) of its warehouse; the message names every short line.
 */
export async function assertAvailable(tx: Tx, wanted: Array<{ warehouseId: string; productId: string; qty: number }>, pools?: LockedPools): Promise<void> {
  const sums = new Map<string, { warehouseId: string; productId: string; qty: number }>();
  for (const w of wanted) {
    const k = key(w.warehouseId, w.productId);
    const prev = sums.get(k);
    sums.set(k, { ...w, qty: (prev?.qty ?? 0) + w.qty });
  }
  // With the pools of a posting that writes next (`writeMoves`), every warehouse's balance of the products
  // is read once and kept for it.
  const balances =
    pools && wanted.every((w) => pools.has(w.productId)) ? await balancesUnder(tx, pools) : await balancesOf(tx, [...sums.values()]);
  const short = [...sums.values()]
    .map((w) => {
      const b = balances.get(key(w.warehouseId, w.productId));
      return { ...w, available: b ? b.qty - b.reserved : 0 };
    })
    .filter((w) => w.qty > w.available);
  if (short.length === 0) return;
  const names = await namesOf(tx, short.map((s) => s.productId), short.map((s) => s.warehouseId));
  throw insufficientStock(
    insufficientStockMessage(
      short.map((s) => ({
        productName: names.products.get(s.productId) ?? s.productId,
        warehouseName: names.warehouses.get(s.warehouseId) ?? s.warehouseId,
        requested: s.qty,
        available: Math.max(0, s.available),
      })),
    ),
  );
}

export async function namesOf(tx: Tx, productIds: string[], warehouseIds: string[]) {
  const p = productIds.length ? await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, [...new Set(productIds)])) : [];
  const w = warehouseIds.length
    ? await tx.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(inArray(warehouses.id, [...new Set(warehouseIds)]))
    : [];
  return { products: new Map(p.map((r) => [r.id, r.name])), warehouses: new Map(w.map((r) => [r.id, r.name])) };
}

/**
 * Writes ledger rows and applies them to the balances, then stores the pools as given. The caller
 * computed the values with the valuation functions on the locked pools; the pools passed here are
 * the result. A balance that would go below zero (or under its reservation) is refused by the
 * table's CHECK: the caller has checked before, so that is a bug, answered as 409 all the same.
 */
export async function writeMoves(
  tx: Tx,
  doc: LedgerDocument,
  moves: Move[],
  pools: LockedPools,
  opts: { cancellation?: boolean; at?: Date } = {},
): Promise<void> {
  const at = opts.at ?? new Date();
  const deltas = new Map<string, { warehouseId: string; productId: string; qty: number }>();
  for (const m of moves) {
    if (m.warehouseId === null || m.qty === 0) continue;
    const k = key(m.warehouseId, m.productId);
    deltas.set(k, { warehouseId: m.warehouseId, productId: m.productId, qty: (deltas.get(k)?.qty ?? 0) + m.qty });
  }
  // Read before anything is written (the "before" of the totals).
  const totals = await totalsChange(tx, [...deltas.values()], pools);
  const up = [...deltas.values()].filter((d) => d.qty > 0);
  const down = [...deltas.values()].filter((d) => d.qty < 0);
  const list = [...pools].filter(([id, p]) => {
    const was = pools.before.get(id);
    return !was || was.qty !== p.qty || was.value !== p.value || was.lastAverage !== p.lastAverage;
  });
  // The ledger rows, the balances, the pools and the totals in one statement: each part is a
  // data-modifying CTE over rows no other part touches (a balance goes up or down, never both).
  const parts: SQL[] = [];
  if (moves.length > 0) {
    // Four array parameters (unnest), not 9 × N parameters: cheaper to build and to parse.
    parts.push(sql`moved as (insert into stock_movements (at, document_id, document_type, number, cancellation, warehouse_id, product_id, qty, value)
      select ${at}, ${doc.id}, ${doc.type}, ${doc.number}, ${opts.cancellation ?? false}, t.warehouse_id, t.product_id, t.qty, t.value
      from unnest(${uuids(moves.map((m) => m.warehouseId))}, ${uuids(moves.map((m) => m.productId))}, ${ints(moves.map((m) => m.qty))}, ${bigints(moves.map((m) => m.value))})
        with ordinality as t(warehouse_id, product_id, qty, value, n)
      order by t.n)`);
  }
  if (up.length) {
    parts.push(sql`up as (insert into stock_balances (warehouse_id, product_id, qty)
      select * from unnest(${uuids(up.map((d) => d.warehouseId))}, ${uuids(up.map((d) => d.productId))}, ${ints(up.map((d) => d.qty))})
      on conflict (warehouse_id, product_id) do update set qty = stock_balances.qty + excluded.qty)`);
  }
  if (down.length) {
    // An UPDATE, not an upsert: the CHECK would refuse the insert candidate (a negative row) before the conflict.
    parts.push(sql`down as (update stock_balances b set qty = b.qty + v.qty
      from unnest(${uuids(down.map((d) => d.warehouseId))}, ${uuids(down.map((d) => d.productId))}, ${ints(down.map((d) => d.qty))}) as v(warehouse_id, product_id, qty)
      where b.warehouse_id = v.warehouse_id and b.product_id = v.product_id returning b.product_id)`);
  }
  if (list.length) {
    parts.push(sql`pooled as (update stock_pools sp set qty = v.qty, value = v.value, last_average = v.last_average
      from unnest(${uuids(list.map(([id]) => id))}, ${ints(list.map(([, p]) => p.qty))}, ${bigints(list.map(([, p]) => p.value))},
        ${bigints(list.map(([, p]) => valuation.average(p, p.lastAverage)))}) as v(product_id, qty, value, last_average)
      where sp.product_id = v.product_id)`);
  }
  const added = totalsUpsert(tx, totals);
  if (added) parts.push(sql`totalled as (${added})`);
  if (!parts.length) return;
  try {
    // The balances lowered must all exist (a missing row is stock that is not there).
    const result = await tx.execute(sql`with ${sql.join(parts, sql`, `)} select ${down.length ? sql`(select count(*) from down)` : sql`0`}::int as down`);
    if (Number(rowsOf<{ down: number }>(result)[0].down) !== down.length) throw insufficientStock('Недостаточно товара на складе');
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '23514') throw insufficientStock('Недостаточно товара на складе');
    throw err;
  }
}

/** Shards of each warehouse's running totals (`stock_totals`): a posting adds to one, at random. */
export const STOCK_TOTAL_SHARDS = 8;

type Totals = { rows: number; qty: number; value: number };

/**
 * What a posting changes in each warehouse's totals (rows with stock, units, value), from the state
 * before it (read here, under the pool locks) and after it (the balance deltas and the new pools):
 * each touched product's pool split over its warehouses before and after (valuation.splitByWarehouse).
 * Every product moved must have its pool locked (`pools.before`): the old values come from there.
 */
async function totalsChange(tx: Tx, deltas: Array<{ warehouseId: string; productId: string; qty: number }>, pools: LockedPools): Promise<Map<string, Totals>> {
  const productIds = [...new Set([...pools.keys(), ...deltas.map((d) => d.productId)])];
  const change = new Map<string, Totals>();
  if (productIds.length === 0) return change;
  const kept = pools.balances;
  pools.balances = undefined;
  const rows =
    kept && productIds.every((id) => pools.has(id))
      ? kept
      : await tx
          .select({ productId: stockBalances.productId, warehouseId: stockBalances.warehouseId, qty: stockBalances.qty })
          .from(stockBalances)
          .where(sql`${stockBalances.productId} = any(${uuids(productIds)})`);
  const add = (warehouseId: string, sign: 1 | -1, qty: number, value: number) => {
    const t = change.get(warehouseId) ?? { rows: 0, qty: 0, value: 0 };
    change.set(warehouseId, { rows: t.rows + sign * (qty > 0 ? 1 : 0), qty: t.qty + sign * qty, value: t.value + sign * value });
  };
  const rowsOf = groupBy(rows, (r) => r.productId);
  const deltasOf = groupBy(deltas, (d) => d.productId);
  for (const productId of productIds) {
    const before = rowsOf.get(productId) ?? [];
    const after = new Map(before.map((r) => [r.warehouseId, r.qty]));
    for (const d of deltasOf.get(productId) ?? []) after.set(d.warehouseId, (after.get(d.warehouseId) ?? 0) + d.qty);
    const oldPool = pools.before.get(productId);
    if (!oldPool) throw new Error(`stock engine: product ${productId} moved without its pool locked`);
    const newPool = pools.get(productId)!;
    const was = valuation.splitByWarehouse(oldPool, before);
    const now = valuation.splitByWarehouse(newPool, [...after].map(([warehouseId, qty]) => ({ warehouseId, qty })));
    for (const r of before) add(r.warehouseId, -1, r.qty, was.byWarehouse.get(r.warehouseId) ?? 0);
    for (const [warehouseId, qty] of after) add(warehouseId, 1, qty, now.byWarehouse.get(warehouseId) ?? 0);
  }
  return change;
}

/**
 * The upsert adding a posting's change to one shard of each warehouse's totals (warehouses in id order:
 * no deadlocks); null when nothing changes.
 */
function totalsUpsert(tx: Tx, change: Map<string, Totals>): SQL | null {
  const shard = Math.floor(Math.random() * STOCK_TOTAL_SHARDS);
  const changes = [...change]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([warehouseId, t]) => ({ warehouseId, ...t }))
    .filter((d) => d.rows !== 0 || d.qty !== 0 || d.value !== 0);
  if (changes.length === 0) return null;
  return tx
    .insert(stockTotals)
    .values(changes.map((c) => ({ ...c, shard })))
    .onConflictDoUpdate({
      target: [stockTotals.warehouseId, stockTotals.shard],
      set: { rows: sql`${stockTotals.rows} + excluded.rows`, qty: sql`${stockTotals.qty} + excluded.qty`, value: sql`${stockTotals.value} + excluded.value` },
    })
    .getSQL();
}

/**
 * Cancels a document's movements: the exact negation of each of its rows (same values), refused with
 * 409 when replaying the ledger without the document would take a warehouse balance below zero, or when
 * a reservation would no longer be covered. Pools take the negation back: an incoming net goes through
 * `cancelIncoming` (its revaluation, if any, is written as a zero-quantity row), an outgoing net
 * through `enter`.
 */
export async function reverseDocument(tx: Tx, doc: LedgerDocument): Promise<void> {
  const own = await tx.select().from(stockMovements).where(and(eq(stockMovements.documentId, doc.id), eq(stockMovements.cancellation, false))).orderBy(asc(stockMovements.seq));
  if (own.length === 0) return;
  const productIds = [...new Set(own.map((m) => m.productId))];
  const pools = await lockPools(tx, productIds);
  await assertCancellable(tx, doc, own);

  const moves: Move[] = own.map((m) => ({ warehouseId: m.warehouseId, productId: m.productId, qty: -m.qty, value: -m.value }));
  for (const productId of productIds) {
    const mine = own.filter((m) => m.productId === productId);
    const netQty = mine.reduce((s, m) => s + m.qty, 0);
    const netValue = mine.reduce((s, m) => s + m.value, 0);
    const pool = pools.get(productId)!;
    let next: valuation.Pool;
    if (netQty > 0 || netValue > 0) {
      const r = valuation.cancelIncoming(pool, Math.max(0, netQty), Math.max(0, netValue));
      next = r.pool;
      if (r.adjustment !== 0) moves.push({ warehouseId: null, productId, qty: 0, value: r.adjustment });
    } else {
      next = valuation.enter(pool, -netQty, -netValue);
    }
    pools.set(productId, { ...next, lastAverage: pool.lastAverage });
  }
  await writeMoves(tx, doc, moves, pools, { cancellation: true });
}

/** The replay check of `reverseDocument`, on the warehouse balances the document touched. */
async function assertCancellable(tx: Tx, doc: { id: string; number: string }, own: Array<typeof stockMovements.$inferSelect>): Promise<void> {
  const firstSeq = own[0].seq;
  const touched = own.filter((m) => m.warehouseId !== null) as Array<typeof stockMovements.$inferSelect & { warehouseId: string }>;
  if (touched.length === 0) return;
  const productIds = [...new Set(touched.map((m) => m.productId))];
  const warehouseIds = [...new Set(touched.map((m) => m.warehouseId))];
  const later = await tx
    .select({ seq: stockMovements.seq, documentId: stockMovements.documentId, number: stockMovements.number, warehouseId: stockMovements.warehouseId, productId: stockMovements.productId, qty: stockMovements.qty })
    .from(stockMovements)
    .where(
      and(
        gte(stockMovements.seq, firstSeq),
        inArray(stockMovements.productId, productIds),
        isNotNull(stockMovements.warehouseId),
        inArray(stockMovements.warehouseId, warehouseIds),
      ),
    )
    .orderBy(asc(stockMovements.seq));
  const balances = await balancesOf(tx, touched);
  // Opening = balance now − everything since the document's first row (the same with or without it).
  const opening = new Map<string, { warehouseId: string; productId: string; qty: number }>();
  for (const m of touched) {
    const k = key(m.warehouseId, m.productId);
    if (!opening.has(k)) opening.set(k, { warehouseId: m.warehouseId, productId: m.productId, qty: balances.get(k)?.qty ?? 0 });
  }
  for (const m of later) {
    const o = opening.get(key(m.warehouseId!, m.productId));
    if (o) o.qty -= m.qty;
  }
  const violation = valuation.replayNonNegative(
    later.map((m) => ({ documentId: m.documentId, warehouseId: m.warehouseId!, productId: m.productId, qtyDelta: m.qty })),
    doc.id,
    opening.values(),
  );
  const names = async (productId: string, warehouseId: string) => {
    const n = await namesOf(tx, [productId], [warehouseId]);
    return { productName: n.products.get(productId) ?? productId, warehouseName: n.warehouses.get(warehouseId) ?? warehouseId };
  };
  if (violation) {
    // The ledger row carries its document's number (a stock document, a repair order or a sale).
    const dependent = later.find((m) => m.documentId === String(violation.documentId));
    throw conflict(cancelBlockedMessage(doc.number, { number: dependent?.number ?? '—', ...(await names(String(violation.productId), String(violation.warehouseId))) }));
  }
  // The balances after the cancellation must still cover what is reserved (repair orders, later).
  for (const [k, o] of opening) {
    const ownDelta = touched.filter((m) => key(m.warehouseId, m.productId) === k).reduce((s, m) => s + m.qty, 0);
    const b = balances.get(k);
    if (b && b.qty - ownDelta < b.reserved) {
      const n = await names(o.productId, o.warehouseId);
      throw conflict(`Нельзя отменить ${doc.number}: товар «${n.productName}» на складе «${n.warehouseName}» зарезервирован (${b.reserved})`);
    }
  }
}
