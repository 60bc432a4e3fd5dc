/**
 * Stock valuation, to the kopeck (product.md «Stock valuation rules», issue #8). Pure functions, no
 * database: the posting engine calls them inside its transaction, with the pool it has locked.
 *
 * - Money is integer kopecks, quantities are integers (the product's smallest unit: pieces, or
 *   thousandths for weighed goods). No floats anywhere: every product such as `qty × V` is computed
 *   in `bigint`, so nothing overflows or rounds on the way, and every result is asserted to be a safe
 *   integer before it is returned as a `number` (a result that would not be is refused with
 *   `ValuationInputError`, never rounded).
 * - The stock of a product is one company-wide pool `{ qty, value }` (moving weighted average over all
 *   warehouses and locations, goods in transit included; a transfer never touches it).
 * - Inputs are validated; a call that cannot be valued throws a `ValuationError` subclass and returns
 *   nothing half-done (pools are immutable values: a refused call leaves the caller's pool as it was).
 *
 * The formulas and the decisions taken where product.md is silent are in `server/docs/stock-valuation.md`.
 */

/** Identifiers of documents, warehouses (or the in-transit bucket) and products, as the engine keeps them. */
export type Id = string | number;

/** A product's company-wide stock: quantity Q and value V in kopecks. Invariant: Q ≥ 0, V ≥ 0, Q = 0 ⇒ V = 0. */
export interface Pool {
  readonly qty: number;
  readonly value: number;
}

export const emptyPool: Pool = Object.freeze({ qty: 0, value: 0 });

// ---------------------------------------------------------------------------------------------------
// Errors

/** Every refusal of this library. The engine maps them; `InsufficientStockError` becomes 409 `insufficient_stock`. */
export class ValuationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** An argument the library cannot value: not an integer, negative, an inconsistent pool, or a result beyond 2^53. */
export class ValuationInputError extends ValuationError {}

/** An outgoing line asks for more than the pool holds. */
export class InsufficientStockError extends ValuationError {
  constructor(
    readonly requested: number,
    readonly available: number,
  ) {
    super(`Недостаточно товара: запрошено ${requested}, в наличии ${available}`);
  }
}

/** A customer return asks for more than the sale line sold minus earlier returns. */
export class ReturnLimitError extends ValuationError {
  constructor(
    readonly requested: number,
    readonly available: number,
  ) {
    super(`Нельзя вернуть больше проданного: запрошено ${requested}, можно вернуть ${available}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Integer helpers

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

/** An integer argument as a bigint; a `number` must be a safe integer (no floats, no NaN, no 1e300). */
function big(x: number | bigint, what: string): bigint {
  if (typeof x === 'bigint') return x;
  if (typeof x !== 'number' || !Number.isSafeInteger(x)) {
    throw new ValuationInputError(`${what}: ожидается целое число, получено ${String(x)}`);
  }
  return BigInt(x);
}

function nonNegative(x: number | bigint, what: string): bigint {
  const b = big(x, what);
  if (b < 0n) throw new ValuationInputError(`${what}: не может быть отрицательным (${String(x)})`);
  return b;
}

/** A bigint result as a `number`, asserting it is a safe integer (|x| ≤ 2^53 − 1). */
function safe(x: bigint, what: string): number {
  if (x > maxSafe || x < -maxSafe) {
    throw new ValuationInputError(`${what}: ${x} вне допустимого диапазона (больше 2^53 − 1)`);
  }
  return Number(x);
}

const abs = (x: bigint) => (x < 0n ? -x : x);

/**
 * `numerator / denominator` rounded to the nearest integer, halves rounded **away from zero**:
 * the «round half up» of accounting, applied to the magnitude, with the sign put back.
 * `5/2 → 3`, `3/2 → 2`, `2/3 → 1`, `1/3 → 0`, `-5/2 → -3`, `-1/2 → -1`, `-1/3 → 0`.
 * So rounding commutes with negation: `roundHalfUpDiv(-n, d) === -roundHalfUpDiv(n, d)`, which keeps a
 * reversing movement the exact mirror of the movement it reverses. Exact for any size (bigint).
 * A zero denominator is refused.
 */
export function roundHalfUpDiv(numerator: number | bigint, denominator: number | bigint): bigint {
  const n = big(numerator, 'Числитель');
  const d = big(denominator, 'Знаменатель');
  if (d === 0n) throw new ValuationInputError('Деление на ноль');
  const magnitude = (2n * abs(n) + abs(d)) / (2n * abs(d));
  return n < 0n !== d < 0n ? -magnitude : magnitude;
}

/** The pool as bigints, checking its invariant. */
function open(pool: Pool): { q: bigint; v: bigint } {
  if (pool === null || typeof pool !== 'object') throw new ValuationInputError('Остаток товара не задан');
  const q = nonNegative(pool.qty, 'Количество в остатке');
  const v = nonNegative(pool.value, 'Стоимость остатка');
  if (q === 0n && v !== 0n) throw new ValuationInputError(`Остаток без количества не может иметь стоимость (${v})`);
  return { q, v };
}

function close(q: bigint, v: bigint): Pool {
  return Object.freeze({ qty: safe(q, 'Количество в остатке'), value: safe(v, 'Стоимость остатка') });
}

// ---------------------------------------------------------------------------------------------------
// The pool

/** A receipt line: adds `qty` units and `qty × unitCost` kopecks. A zero cost is a real cost (the average falls). */
export function receive(pool: Pool, qty: number, unitCost: number): Pool {
  const { q, v } = open(pool);
  const n = nonNegative(qty, 'Количество');
  const c = nonNegative(unitCost, 'Себестоимость');
  return close(q + n, v + n * c);
}

/**
 * Any incoming line that brings its own value (a stock-taking surplus, a customer return, the
 * cancellation of an outgoing line, which puts back exactly what that line took).
 */
export function enter(pool: Pool, qty: number, value: number): Pool {
  const { q, v } = open(pool);
  const n = nonNegative(qty, 'Количество');
  const w = nonNegative(value, 'Стоимость');
  if (q + n === 0n && w !== 0n) throw new ValuationInputError('Поступление без количества не может иметь стоимость');
  return close(q + n, v + w);
}

/**
 * An outgoing line (sale, write-off, supplier return, stock-taking shortage, part issued): takes
 * `round_half_up(qty × V / Q)`; the line that takes the last units takes all the remaining value, so
 * the value is 0 whenever the quantity is 0. `qty = 0` takes nothing. `qty > Q` is refused with
 * `InsufficientStockError` (this is the company-wide pool; the per-warehouse balance is the engine's check).
 */
export function take(pool: Pool, qty: number): { pool: Pool; value: number } {
  const { q, v } = open(pool);
  const n = nonNegative(qty, 'Количество');
  if (n > q) throw new InsufficientStockError(safe(n, 'Количество'), safe(q, 'Количество в остатке'));
  if (n === 0n) return { pool: close(q, v), value: 0 };
  // Taking all Q takes V: the formula gives exactly that too (Q × V / Q), the branch only says it.
  const value = n === q ? v : roundHalfUpDiv(n * v, q);
  return { pool: close(q - n, v - value), value: safe(value, 'Стоимость') };
}

/**
 * The exact negation of an incoming movement (cancelling a receipt or a surplus): removes `qty` and
 * `value`. Because later outgoing lines took value at the average of the time, the pool may be left
 * with value but no quantity, or with a negative value; the pool is then brought back to its invariant
 * (`Q = 0 ⇒ V = 0`, `V ≥ 0`) and `adjustment` says by how much: the engine writes it as a
 * zero-quantity revaluation movement, so the ledger still sums to the pool:
 * `result.pool.value === pool.value − value + adjustment`.
 * A quantity below zero is refused (`InsufficientStockError`): `replayNonNegative` should have refused first.
 */
export function cancelIncoming(pool: Pool, qty: number, value: number): { pool: Pool; adjustment: number } {
  const { q, v } = open(pool);
  const n = nonNegative(qty, 'Количество');
  const w = nonNegative(value, 'Стоимость');
  if (n > q) throw new InsufficientStockError(safe(n, 'Количество'), safe(q, 'Количество в остатке'));
  const restQ = q - n;
  const restV = v - w;
  const target = restQ === 0n || restV < 0n ? 0n : restV;
  return { pool: close(restQ, target), adjustment: safe(target - restV, 'Корректировка стоимости') };
}

/**
 * The displayed average cost: `round_half_up(V / Q)`. At Q = 0 the last average is kept for display
 * (`lastAverage`, `null` for a product never received); the next receipt starts a fresh average at its
 * own cost, since an empty pool has no value left to blend with.
 */
export function average(pool: Pool, lastAverage: number | null = null): number | null {
  const { q, v } = open(pool);
  if (q === 0n) {
    if (lastAverage === null || lastAverage === undefined) return null;
    return safe(nonNegative(lastAverage, 'Последняя средняя себестоимость'), 'Средняя себестоимость');
  }
  return safe(roundHalfUpDiv(v, q), 'Средняя себестоимость');
}

/**
 * The value a stock-taking surplus of `diff` units enters at:
 * - Q > 0: `round_half_up(diff × V / Q)` — the pool's own average, to the kopeck; a typed cost is
 *   ignored (the engine should not offer one on such lines);
 * - Q = 0: the cost typed on the line if any (`diff × typedCost`), else the last average if the
 *   product has a history (`diff × lastAverage`), else 0 (a product never received).
 */
export function surplusValue(pool: Pool, diff: number, typedCost?: number | null, lastAverage?: number | null): number {
  const { q, v } = open(pool);
  const n = nonNegative(diff, 'Излишек');
  if (n === 0n) return 0;
  if (q > 0n) return safe(roundHalfUpDiv(n * v, q), 'Стоимость излишка');
  if (typedCost !== null && typedCost !== undefined) return safe(n * nonNegative(typedCost, 'Себестоимость'), 'Стоимость излишка');
  if (lastAverage !== null && lastAverage !== undefined) {
    return safe(n * nonNegative(lastAverage, 'Последняя средняя себестоимость'), 'Стоимость излишка');
  }
  return 0;
}

/** A stock-taking surplus: its value (`surplusValue`) and the pool with it. */
export function surplus(
  pool: Pool,
  diff: number,
  typedCost?: number | null,
  lastAverage?: number | null,
): { pool: Pool; value: number } {
  const value = surplusValue(pool, diff, typedCost, lastAverage);
  return { pool: enter(pool, diff, value), value };
}

// ---------------------------------------------------------------------------------------------------
// Splitting a value

/**
 * Splits `total` into integer parts proportional to `weights` that add up to `total` exactly, by the
 * largest-remainder method: every part starts at `floor(total × w / W)`, and the units left over go
 * one each to the parts with the largest remainders, **earlier index first** on equal remainders.
 * Every part differs from its exact share by less than 1; a zero weight gets 0. A negative total is
 * split by magnitude and the sign put back (parts mirror those of `-total`). Weights are non-negative
 * integers; all-zero weights are accepted only for a zero total.
 */
export function splitLargestRemainder(total: number, weights: readonly number[]): number[] {
  const t = big(total, 'Сумма');
  if (!Array.isArray(weights)) throw new ValuationInputError('Веса не заданы');
  const ws = weights.map((w, i) => nonNegative(w, `Вес ${i + 1}`));
  const sum = ws.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    if (t !== 0n) throw new ValuationInputError('Нельзя распределить ненулевую сумму по нулевым весам');
    return ws.map(() => 0);
  }
  const sign = t < 0n ? -1n : 1n;
  const m = abs(t);
  const parts = ws.map((w) => (m * w) / sum);
  const remainders = ws.map((w) => (m * w) % sum);
  let left = m - parts.reduce((a, b) => a + b, 0n);
  const order = ws.map((_, i) => i).sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a] > remainders[b] ? -1 : 1));
  for (const i of order) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map((p) => safe(sign * p, 'Доля'));
}

/**
 * The value a customer return of `qty` units brings back, when earlier returns of the same sale line
 * already brought back `returnedQty` units: the line's value split per unit with the largest remainder
 * (`splitLargestRemainder(line.value, [1, 1, …])`), units returned in order. A line of 2 worth 2533
 * returns as 1267, then 1266. Computed in O(1): the first `value mod qty` units are worth one kopeck more.
 * More than sold minus earlier returns is refused (`ReturnLimitError`).
 */
export function customerReturnValue(line: { qty: number; value: number }, returnedQty: number, qty: number): number {
  const lineQty = nonNegative(line.qty, 'Количество в строке продажи');
  const lineValue = nonNegative(line.value, 'Стоимость строки продажи');
  const done = nonNegative(returnedQty, 'Уже возвращено');
  const n = nonNegative(qty, 'Количество');
  const available = lineQty > done ? lineQty - done : 0n;
  if (n > available) throw new ReturnLimitError(safe(n, 'Количество'), safe(available, 'Количество'));
  if (n === 0n) return 0;
  const base = lineValue / lineQty;
  const heavier = lineValue % lineQty; // units [0, heavier) are worth base + 1
  const end = done + n;
  const extra = (end < heavier ? end : heavier) - (done < heavier ? done : heavier);
  return safe(n * base + extra, 'Стоимость возврата');
}

/**
 * Warehouse values: the pool's value split by warehouse quantities with the largest remainder, so
 * they add up to the company value exactly. Pass the goods in transit as a bucket of their own (any
 * id); the buckets' quantities must add up to the pool's quantity (else the ledger and the pool
 * disagree, and this refuses). Each row keeps its fields and gets `value`; the average shown on a
 * row is the company `average(pool)`.
 */
export function warehouseValues<T extends { qty: number }>(pool: Pool, balances: readonly T[]): Array<T & { value: number }> {
  const { q } = open(pool);
  if (!Array.isArray(balances)) throw new ValuationInputError('Остатки по складам не заданы');
  const qtys = balances.map((b, i) => nonNegative(b.qty, `Количество на складе ${i + 1}`));
  const sum = qtys.reduce((a, b) => a + b, 0n);
  if (sum !== q) throw new ValuationInputError(`Остатки по складам (${sum}) не сходятся с остатком по компании (${q})`);
  const values = splitLargestRemainder(pool.value, balances.map((b) => b.qty));
  return balances.map((b, i) => ({ ...b, value: values[i] }));
}

/**
 * A product's pool split over its warehouses and its units in transit (the rest of the pool's quantity):
 * `warehouseValues` with the warehouses in id order and transit last, so every caller (the balances page,
 * the product card, the engine's running totals, the `stock_balance_values` view) splits alike. A pool
 * that does not add up gives zeros rather than failing a read.
 */
export function splitByWarehouse(pool: Pool, balances: ReadonlyArray<{ warehouseId: string; qty: number }>): { byWarehouse: Map<string, number>; inTransit: number } {
  const sorted = [...balances].sort((a, b) => (a.warehouseId < b.warehouseId ? -1 : a.warehouseId > b.warehouseId ? 1 : 0));
  const inTransit = Math.max(0, pool.qty - sorted.reduce((s, b) => s + b.qty, 0));
  const buckets = [...sorted.map((b) => ({ id: b.warehouseId, qty: b.qty })), { id: '', qty: inTransit }];
  try {
    return { byWarehouse: new Map(warehouseValues(pool, buckets).slice(0, -1).map((b) => [b.id, b.value])), inTransit };
  } catch {
    return { byWarehouse: new Map(sorted.map((b) => [b.warehouseId, 0])), inTransit };
  }
}

// ---------------------------------------------------------------------------------------------------
// Cancelling: does a later movement depend on the document?

export interface LedgerMovement {
  readonly documentId: Id;
  readonly warehouseId: Id;
  readonly productId: Id;
  /** Signed: positive in, negative out. */
  readonly qtyDelta: number;
}

export interface OpeningBalance {
  readonly warehouseId: Id;
  readonly productId: Id;
  readonly qty: number;
}

/** Where the replay without the document first goes below zero. */
export interface ReplayViolation {
  /** The document after which the balance is negative: the one that depends on the cancelled document. */
  readonly documentId: Id;
  readonly warehouseId: Id;
  readonly productId: Id;
  /** The balance reached (negative). */
  readonly balance: number;
}

/**
 * The check for cancelling: replays `movements` (in posting order) without the movements of
 * `excludeDocumentId` and returns the first point where a balance (per warehouse and product) is below
 * zero, or `null` when the cancellation may go ahead.
 * - A «point» is the end of a run of consecutive movements of one document (a posting is atomic, so
 *   the order of lines inside a document does not matter); at the first such point with negative
 *   balances, the first touched balance (in movement order) is returned.
 * - Balances start at `opening` (default: zero). The engine may pass only the movements from the
 *   document's first one onwards, with the balances just before it as `opening`: those are the same
 *   with or without the document.
 */
export function replayNonNegative(
  movements: Iterable<LedgerMovement>,
  excludeDocumentId: Id,
  opening: Iterable<OpeningBalance> = [],
): ReplayViolation | null {
  const balances = new Map<Id, Map<Id, bigint>>();
  const get = (w: Id, p: Id) => balances.get(w)?.get(p) ?? 0n;
  const set = (w: Id, p: Id, qty: bigint) => {
    let row = balances.get(w);
    if (!row) balances.set(w, (row = new Map()));
    row.set(p, qty);
  };
  for (const o of opening) set(o.warehouseId, o.productId, get(o.warehouseId, o.productId) + big(o.qty, 'Начальный остаток'));

  let runDocument: Id | undefined;
  let touched: Array<{ warehouseId: Id; productId: Id }> = [];
  const check = (): ReplayViolation | null => {
    for (const t of touched) {
      const balance = get(t.warehouseId, t.productId);
      if (balance < 0n) {
        return { documentId: runDocument as Id, warehouseId: t.warehouseId, productId: t.productId, balance: safe(balance, 'Остаток') };
      }
    }
    touched = [];
    return null;
  };

  for (const m of movements) {
    if (m.documentId === excludeDocumentId) continue;
    if (runDocument !== undefined && m.documentId !== runDocument) {
      const violation = check();
      if (violation) return violation;
    }
    runDocument = m.documentId;
    set(m.warehouseId, m.productId, get(m.warehouseId, m.productId) + big(m.qtyDelta, 'Количество движения'));
    if (!touched.some((t) => t.warehouseId === m.warehouseId && t.productId === m.productId)) {
      touched.push({ warehouseId: m.warehouseId, productId: m.productId });
    }
  }
  return runDocument === undefined ? null : check();
}
