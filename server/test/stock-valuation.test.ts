/**
 * The stock valuation library (issue #8, product.md «Stock valuation rules»): pure functions, no
 * database. Examples from product.md, edge cases (last units, zero costs, Q = 0, values beyond 2^53 in
 * the intermediate products) and seeded property tests whose oracles are written independently of
 * the library (exact rational comparisons in bigint, prefix sums for the ledger replay).
 */
import {
  average,
  cancelIncoming,
  customerReturnValue,
  emptyPool,
  enter,
  InsufficientStockError,
  receive,
  replayNonNegative,
  ReturnLimitError,
  roundHalfUpDiv,
  splitLargestRemainder,
  surplus,
  surplusValue,
  take,
  ValuationInputError,
  warehouseValues,
  type LedgerMovement,
  type Pool,
} from '../src/modules/stock/valuation';
import { createRng, type Rng } from './fuzz/prng';

const pool = (qty: number, value: number): Pool => ({ qty, value });

/** The oracle of round half up for x = num / den ≥ 0: the k with k − ½ ≤ x < k + ½, i.e. (2k − 1)·den ≤ 2·num < (2k + 1)·den. */
function isRoundHalfUp(k: number, num: bigint, den: bigint): boolean {
  const kk = BigInt(k);
  return (2n * kk - 1n) * den <= 2n * num && 2n * num < (2n * kk + 1n) * den;
}

describe('roundHalfUpDiv', () => {
  it('rounds halves up and everything else to the nearest integer', () => {
    expect(roundHalfUpDiv(5, 2)).toBe(3n);
    expect(roundHalfUpDiv(3, 2)).toBe(2n);
    expect(roundHalfUpDiv(1, 2)).toBe(1n);
    expect(roundHalfUpDiv(1, 3)).toBe(0n);
    expect(roundHalfUpDiv(2, 3)).toBe(1n);
    expect(roundHalfUpDiv(302, 3)).toBe(101n);
    expect(roundHalfUpDiv(0, 7)).toBe(0n);
    expect(roundHalfUpDiv(6, 3)).toBe(2n);
  });

  it('rounds negative quotients half away from zero, the mirror of the positive ones', () => {
    expect(roundHalfUpDiv(-5, 2)).toBe(-3n);
    expect(roundHalfUpDiv(-1, 2)).toBe(-1n);
    expect(roundHalfUpDiv(-1, 3)).toBe(0n);
    expect(roundHalfUpDiv(-2, 3)).toBe(-1n);
    expect(roundHalfUpDiv(5, -2)).toBe(-3n);
    expect(roundHalfUpDiv(-5, -2)).toBe(3n);
    for (let n = -50; n <= 50; n++) for (let d = 1; d <= 12; d++) expect(roundHalfUpDiv(-n, d)).toBe(-roundHalfUpDiv(n, d));
  });

  it('is exact far beyond 2^53', () => {
    // (2^53 − 1) · 10^6 + 500 000 over 10^6: a float could not even hold the numerator.
    const num = BigInt(Number.MAX_SAFE_INTEGER) * 1_000_000n + 500_000n;
    expect(roundHalfUpDiv(num, 1_000_000n)).toBe(BigInt(Number.MAX_SAFE_INTEGER) + 1n);
    expect(roundHalfUpDiv(num - 1n, 1_000_000n)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('refuses a zero denominator and non-integers', () => {
    expect(() => roundHalfUpDiv(1, 0)).toThrow(ValuationInputError);
    expect(() => roundHalfUpDiv(1.5, 2)).toThrow(ValuationInputError);
    expect(() => roundHalfUpDiv(1, Number.NaN)).toThrow(ValuationInputError);
    expect(() => roundHalfUpDiv(2 ** 60, 3)).toThrow(ValuationInputError);
  });
});

describe('receive and take (moving average, company-wide pool)', () => {
  it('a receipt line adds qty and qty × unit cost', () => {
    const p = receive(receive(emptyPool, 1, 100), 2, 101);
    expect(p).toEqual({ qty: 3, value: 302 });
  });

  it('an outgoing line takes round_half_up(qty × V / Q), and the last units take all the rest', () => {
    let p = pool(3, 302);
    const a = take(p, 1); // 302 / 3 = 100.67 → 101
    expect(a).toEqual({ pool: { qty: 2, value: 201 }, value: 101 });
    p = a.pool;
    const b = take(p, 1); // 201 / 2 = 100.5 → 101 (half up)
    expect(b).toEqual({ pool: { qty: 1, value: 100 }, value: 101 });
    const c = take(b.pool, 1); // the last unit: all of the remaining value
    expect(c).toEqual({ pool: { qty: 0, value: 0 }, value: 100 });
    expect(a.value + b.value + c.value).toBe(302);
  });

  it('the last units take all the remaining value, not qty × the displayed average', () => {
    // 2 units worth 201: the average shows round(100.5) = 101 and the first unit takes 101; the last
    // one takes the 100 left, not the 101 the average would say.
    const first = take(pool(2, 201), 1);
    expect(first.value).toBe(101);
    expect(average(first.pool)).toBe(100);
    expect(take(first.pool, 1)).toEqual({ pool: { qty: 0, value: 0 }, value: 100 });
    // 2 units worth 3: round(1.5) = 2, then the last unit takes the 1 left.
    const second = take(pool(2, 3), 1);
    expect(second.value).toBe(2);
    expect(take(second.pool, 1)).toEqual({ pool: { qty: 0, value: 0 }, value: 1 });
    // Taking everything at once takes V exactly.
    expect(take(pool(7, 1000), 7)).toEqual({ pool: { qty: 0, value: 0 }, value: 1000 });
  });

  it('a zero cost is a real cost: it lowers the average and zero-valued stock leaves at 0', () => {
    const p = receive(receive(emptyPool, 10, 100), 10, 0);
    expect(p).toEqual({ qty: 20, value: 1000 });
    expect(average(p)).toBe(50);
    const free = receive(emptyPool, 5, 0);
    expect(free).toEqual({ qty: 5, value: 0 });
    expect(take(free, 2)).toEqual({ pool: { qty: 3, value: 0 }, value: 0 });
    expect(average(free)).toBe(0);
  });

  it('with zero-cost receipts a pool can keep units worth 0 after rounding (value 0 does not imply qty 0)', () => {
    // 1 unit at 1 kopeck and 2 at 0: V = 1, Q = 3; taking 2 takes round(2/3) = 1.
    const p = receive(receive(emptyPool, 1, 1), 2, 0);
    expect(take(p, 2)).toEqual({ pool: { qty: 1, value: 0 }, value: 1 });
  });

  it('taking 0 takes nothing, also from an empty pool', () => {
    expect(take(pool(3, 302), 0)).toEqual({ pool: { qty: 3, value: 302 }, value: 0 });
    expect(take(emptyPool, 0)).toEqual({ pool: { qty: 0, value: 0 }, value: 0 });
  });

  it('refuses to take more than the pool holds with a typed error, leaving the pool as it was', () => {
    const p = pool(3, 302);
    let error: unknown;
    try {
      take(p, 4);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InsufficientStockError);
    expect(error).toMatchObject({ requested: 4, available: 3, name: 'InsufficientStockError' });
    expect((error as Error).message).toBe('Недостаточно товара: запрошено 4, в наличии 3');
    expect(p).toEqual({ qty: 3, value: 302 });
    expect(() => take(emptyPool, 1)).toThrow(InsufficientStockError);
  });

  it('refuses bad arguments and inconsistent pools', () => {
    expect(() => receive(emptyPool, -1, 100)).toThrow(ValuationInputError);
    expect(() => receive(emptyPool, 1, -100)).toThrow(ValuationInputError);
    expect(() => receive(emptyPool, 1.5, 100)).toThrow(ValuationInputError);
    expect(() => receive(emptyPool, 1, 0.1)).toThrow(ValuationInputError);
    expect(() => take(pool(3, 302), -1)).toThrow(ValuationInputError);
    expect(() => take(pool(0, 5), 0)).toThrow(ValuationInputError); // value without quantity
    expect(() => take(pool(-1, 0), 0)).toThrow(ValuationInputError);
    expect(() => take(pool(2, -1), 1)).toThrow(ValuationInputError);
    expect(() => enter(emptyPool, 0, 5)).toThrow(ValuationInputError);
  });
});

describe('values near the money limit (bigint inside, safe integers outside)', () => {
  it('takes exactly where qty × V is far beyond 2^53', () => {
    // 10^6 units worth 10^11 + 1 kopecks (the money limit plus one); 999 999 units take
    // 999 999 × 100 000 000 001 / 10^6 = 99 999 900 000.999999 → 99 999 900 001.
    const p = pool(1_000_000, 100_000_000_001);
    const out = take(p, 999_999);
    expect(out.value).toBe(99_999_900_001);
    expect(out.pool).toEqual({ qty: 1, value: 100_000 });
    expect(take(out.pool, 1).value).toBe(100_000);
  });

  it('rounds an exact half at the top of the safe range up, where a float could not represent it', () => {
    // (2^53 − 1) / 2 = 4 503 599 627 370 495.5 → 4 503 599 627 370 496.
    const out = take(pool(2, Number.MAX_SAFE_INTEGER), 1);
    expect(out.value).toBe(4_503_599_627_370_496);
    expect(out.pool.value).toBe(4_503_599_627_370_495);
    expect(out.value + out.pool.value).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('receives up to 2^53 − 1 kopecks exactly and refuses beyond instead of rounding', () => {
    // 90 000 units at the money limit of 10^11 kopecks: 9 · 10^15, still exact.
    const big = receive(emptyPool, 90_000, 100_000_000_000);
    expect(big).toEqual({ qty: 90_000, value: 9_000_000_000_000_000 });
    expect(take(big, 1).value).toBe(100_000_000_000);
    expect(take(big, 33_333).value).toBe(3_333_300_000_000_000);
    // 10^6 units at 10^11: 10^17 kopecks cannot be a safe integer, so it is refused, not rounded.
    expect(() => receive(emptyPool, 1_000_000, 100_000_000_000)).toThrow(ValuationInputError);
    expect(() => receive(big, 1_000, 100_000_000_000)).toThrow(/2\^53/);
  });

  it('values surpluses, splits and returns of huge amounts exactly', () => {
    expect(surplusValue(pool(1_000_000, 100_000_000_001), 999_999)).toBe(99_999_900_001);
    const parts = splitLargestRemainder(Number.MAX_SAFE_INTEGER, [333_333, 333_333, 333_334]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(customerReturnValue({ qty: 1_000_000, value: Number.MAX_SAFE_INTEGER }, 0, 1_000_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('average', () => {
  it('is round_half_up(V / Q)', () => {
    expect(average(pool(3, 302))).toBe(101); // 100.67
    expect(average(pool(2, 201))).toBe(101); // 100.5
    expect(average(pool(3, 301))).toBe(100); // 100.33
  });

  it('keeps the last average at Q = 0, null for a product never received, and the next receipt starts afresh', () => {
    expect(average(emptyPool)).toBeNull();
    expect(average(emptyPool, null)).toBeNull();
    let p = receive(emptyPool, 2, 150);
    const last = average(p);
    expect(last).toBe(150);
    p = take(p, 2).pool;
    expect(average(p, last)).toBe(150);
    p = receive(p, 5, 70);
    expect(average(p, last)).toBe(70);
    expect(() => average(emptyPool, -1)).toThrow(ValuationInputError);
  });
});

describe('stock-taking surplus', () => {
  it('enters at round_half_up(diff × V / Q) when there is stock, ignoring a typed cost', () => {
    expect(surplusValue(pool(3, 302), 1)).toBe(101);
    expect(surplusValue(pool(3, 302), 2)).toBe(201); // 604 / 3 = 201.33
    expect(surplusValue(pool(2, 3), 1)).toBe(2); // 1.5 → 2
    expect(surplusValue(pool(3, 302), 1, 5000)).toBe(101);
    expect(surplusValue(pool(3, 302), 0)).toBe(0);
    expect(surplus(pool(3, 302), 2)).toEqual({ pool: { qty: 5, value: 503 }, value: 201 });
  });

  it('a product never received enters at 0 unless a cost is typed on the line', () => {
    expect(surplusValue(emptyPool, 4)).toBe(0);
    expect(surplusValue(emptyPool, 4, null, null)).toBe(0);
    expect(surplusValue(emptyPool, 4, 250)).toBe(1000);
    expect(surplusValue(emptyPool, 4, 0)).toBe(0);
    expect(surplus(emptyPool, 4)).toEqual({ pool: { qty: 4, value: 0 }, value: 0 });
  });

  it('at Q = 0 with a history enters at the last average, unless a cost is typed', () => {
    expect(surplusValue(emptyPool, 3, null, 150)).toBe(450);
    expect(surplusValue(emptyPool, 3, undefined, 150)).toBe(450);
    expect(surplusValue(emptyPool, 3, 200, 150)).toBe(600);
    expect(surplus(emptyPool, 3, null, 150)).toEqual({ pool: { qty: 3, value: 450 }, value: 450 });
  });

  it('refuses negative surpluses and costs', () => {
    expect(() => surplusValue(pool(3, 302), -1)).toThrow(ValuationInputError);
    expect(() => surplusValue(emptyPool, 1, -5)).toThrow(ValuationInputError);
  });
});

describe('splitLargestRemainder, customer returns and warehouse values', () => {
  it('a sale line of 2 worth 2533 returns as 1267, then 1266', () => {
    expect(splitLargestRemainder(2533, [1, 1])).toEqual([1267, 1266]);
    const line = { qty: 2, value: 2533 };
    expect(customerReturnValue(line, 0, 1)).toBe(1267);
    expect(customerReturnValue(line, 1, 1)).toBe(1266);
    expect(customerReturnValue(line, 0, 2)).toBe(2533);
  });

  it('never returns more than was sold minus earlier returns', () => {
    const line = { qty: 2, value: 2533 };
    expect(() => customerReturnValue(line, 1, 2)).toThrow(ReturnLimitError);
    expect(() => customerReturnValue(line, 2, 1)).toThrow(ReturnLimitError);
    expect(() => customerReturnValue(line, 3, 1)).toThrow(ReturnLimitError);
    expect(customerReturnValue(line, 2, 0)).toBe(0);
    try {
      customerReturnValue(line, 1, 2);
    } catch (e) {
      expect(e).toMatchObject({ requested: 2, available: 1 });
      expect((e as Error).message).toBe('Нельзя вернуть больше проданного: запрошено 2, можно вернуть 1');
    }
  });

  it('breaks ties on the earlier index, gives zero weights nothing and mirrors negative totals', () => {
    expect(splitLargestRemainder(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(splitLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitLargestRemainder(10, [0, 1, 0])).toEqual([0, 10, 0]);
    expect(splitLargestRemainder(100, [1, 2, 3])).toEqual([17, 33, 50]); // 16.67, 33.33, 50
    expect(splitLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(splitLargestRemainder(0, [])).toEqual([]);
    expect(splitLargestRemainder(-5, [1, 1])).toEqual([-3, -2]);
    expect(() => splitLargestRemainder(5, [0, 0])).toThrow(ValuationInputError);
    expect(() => splitLargestRemainder(5, [])).toThrow(ValuationInputError);
    expect(() => splitLargestRemainder(5, [1, -1, 2])).toThrow(ValuationInputError);
    expect(() => splitLargestRemainder(5.5, [1])).toThrow(ValuationInputError);
  });

  it('splits the company value by warehouse quantities, in transit included, adding up exactly', () => {
    const rows = warehouseValues(pool(10, 1001), [
      { warehouseId: 'A', qty: 3 },
      { warehouseId: 'B', qty: 3 },
      { warehouseId: 'C', qty: 4 },
    ]);
    // 300.3, 300.3, 400.4: the kopeck left goes to the largest remainder (C).
    expect(rows).toEqual([
      { warehouseId: 'A', qty: 3, value: 300 },
      { warehouseId: 'B', qty: 3, value: 300 },
      { warehouseId: 'C', qty: 4, value: 401 },
    ]);
    const withTransit = warehouseValues(pool(3, 302), [
      { warehouseId: 'A', qty: 1 },
      { warehouseId: 'in-transit', qty: 2 },
    ]);
    expect(withTransit.map((r) => r.value)).toEqual([101, 201]);
    expect(warehouseValues(emptyPool, [{ warehouseId: 'A', qty: 0 }])).toEqual([{ warehouseId: 'A', qty: 0, value: 0 }]);
  });

  it('refuses warehouse balances that do not add up to the pool', () => {
    expect(() => warehouseValues(pool(10, 1001), [{ warehouseId: 'A', qty: 9 }])).toThrow(/не сходятся/);
    expect(() => warehouseValues(pool(1, 5), [{ warehouseId: 'A', qty: 2 }, { warehouseId: 'B', qty: -1 }])).toThrow(ValuationInputError);
  });
});

describe('cancelling an incoming line', () => {
  it('removes exactly what the line brought when nothing later depends on its value', () => {
    const p = receive(receive(emptyPool, 2, 100), 3, 200); // {5, 800}
    expect(cancelIncoming(p, 3, 600)).toEqual({ pool: { qty: 2, value: 200 }, adjustment: 0 });
  });

  it('writes off the value left when the quantity reaches 0, and says by how much', () => {
    // 1 at 100 and 1 at 200 (V = 300); one unit leaves at 150; cancelling the 200 receipt leaves
    // Q = 0 with V = −50: the pool goes back to {0, 0} and the adjustment is +50.
    let p = receive(receive(emptyPool, 1, 100), 1, 200);
    p = take(p, 1).pool;
    expect(p).toEqual({ qty: 1, value: 150 });
    const out = cancelIncoming(p, 1, 200);
    expect(out).toEqual({ pool: { qty: 0, value: 0 }, adjustment: 50 });
    expect(out.pool.value).toBe(p.value - 200 + out.adjustment);
    // And the other way: value left over with no units (cancelling the 100 receipt instead).
    expect(cancelIncoming(p, 1, 100)).toEqual({ pool: { qty: 0, value: 0 }, adjustment: -50 });
  });

  it('never leaves a negative value with units left', () => {
    // 1 at 100, 1 at 1000 (V = 1100), one leaves at 550, 1 more at 0: {2, 550}; cancelling the
    // 1000 receipt would leave {1, −450}: the value goes to 0 with an adjustment of +450.
    let p = receive(receive(emptyPool, 1, 100), 1, 1000);
    p = receive(take(p, 1).pool, 1, 0);
    expect(cancelIncoming(p, 1, 1000)).toEqual({ pool: { qty: 1, value: 0 }, adjustment: 450 });
  });

  it('refuses to remove more units than the pool holds', () => {
    expect(() => cancelIncoming(pool(1, 100), 2, 200)).toThrow(InsufficientStockError);
  });

  it('the cancellation of an outgoing line puts back exactly what it took', () => {
    const p = pool(3, 302);
    const t = take(p, 1);
    expect(enter(t.pool, 1, t.value)).toEqual(p);
  });
});

describe('replayNonNegative (may a document be cancelled?)', () => {
  const mv = (documentId: string, warehouseId: string, productId: string, qtyDelta: number): LedgerMovement => ({
    documentId,
    warehouseId,
    productId,
    qtyDelta,
  });
  // R1 receives 5 phones in A; T moves 3 from A to B; W writes off 2 in B; R2 receives 4 cases in A.
  const ledger = [
    mv('R1', 'A', 'phone', 5),
    mv('R2', 'A', 'case', 4),
    mv('T', 'A', 'phone', -3),
    mv('T', 'B', 'phone', 3),
    mv('W', 'B', 'phone', -2),
  ];

  it('refuses a receipt a later transfer depends on, naming the transfer, warehouse, product and balance', () => {
    expect(replayNonNegative(ledger, 'R1')).toEqual({ documentId: 'T', warehouseId: 'A', productId: 'phone', balance: -3 });
  });

  it('allows cancelling what nothing depends on', () => {
    expect(replayNonNegative(ledger, 'W')).toBeNull();
    expect(replayNonNegative(ledger, 'R2')).toBeNull();
    expect(replayNonNegative([], 'R1')).toBeNull();
    // Cancelling the transfer: B then lacks what W took.
    expect(replayNonNegative(ledger, 'T')).toEqual({ documentId: 'W', warehouseId: 'B', productId: 'phone', balance: -2 });
  });

  it('checks at every point, not only at the end', () => {
    // Without R1, W takes A to −1, and the later R3 would make the end balance positive again.
    const l = [mv('R1', 'A', 'p', 1), mv('W', 'A', 'p', -1), mv('R3', 'A', 'p', 5)];
    expect(replayNonNegative(l, 'R1')).toEqual({ documentId: 'W', warehouseId: 'A', productId: 'p', balance: -1 });
  });

  it('checks at the end of each document, not between the lines of one posting', () => {
    const l = [mv('S', 'A', 'p', -2), mv('S', 'A', 'p', 2), mv('X', 'A', 'p', 1)];
    expect(replayNonNegative(l, 'X')).toBeNull();
  });

  it('starts from opening balances, so the engine may replay only from the document onwards', () => {
    const tail = [mv('R9', 'A', 'p', 2), mv('W9', 'A', 'p', -3)];
    expect(replayNonNegative(tail, 'R9', [{ warehouseId: 'A', productId: 'p', qty: 1 }])).toEqual({
      documentId: 'W9',
      warehouseId: 'A',
      productId: 'p',
      balance: -2,
    });
    expect(replayNonNegative(tail, 'R9', [{ warehouseId: 'A', productId: 'p', qty: 3 }])).toBeNull();
  });

  it('refuses non-integer quantities', () => {
    expect(() => replayNonNegative([mv('R', 'A', 'p', 0.5)], 'X')).toThrow(ValuationInputError);
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties (seeded, so every run checks the same sequences)

/** A quantity biased to small numbers with the occasional big one. */
const someQty = (rng: Rng, max: number) => (rng.int(10) === 0 ? 1 + rng.int(max) : 1 + rng.int(Math.min(max, 12)));

function runPool(seed: number, steps: number, minCost: number) {
  const rng = createRng(seed);
  let p: Pool = emptyPool;
  let received = 0n;
  let taken = 0n;
  for (let step = 0; step < steps; step++) {
    const r = rng.int(10);
    if (p.qty === 0 || r < 4) {
      const qty = someQty(rng, 10_000);
      const cost = rng.int(3) === 0 ? minCost : minCost + rng.int(rng.int(2) === 0 ? 1000 : 10_000_000);
      if (rng.int(4) === 0) {
        // a stock-taking surplus or a customer return: incoming with its own value
        const out = surplus(p, qty, p.qty === 0 ? cost : null);
        received += BigInt(out.value);
        p = out.pool;
      } else {
        p = receive(p, qty, cost);
        received += BigInt(qty) * BigInt(cost);
      }
    } else {
      const qty = r === 9 ? p.qty : 1 + rng.int(p.qty);
      const before = p;
      const out = take(p, qty);
      if (qty === before.qty) expect(out.value).toBe(before.value);
      else if (!isRoundHalfUp(out.value, BigInt(qty) * BigInt(before.value), BigInt(before.qty))) {
        throw new Error(`take(${JSON.stringify(before)}, ${qty}) = ${out.value} is not round_half_up`);
      }
      taken += BigInt(out.value);
      p = out.pool;
      if (rng.int(50) === 0 && p.qty > 0) {
        // more than the pool holds is refused and changes nothing
        expect(() => take(p, p.qty + 1)).toThrow(InsufficientStockError);
      }
    }
    // Invariants after every step.
    if (p.value < 0) throw new Error(`negative value at step ${step}: ${JSON.stringify(p)}`);
    if (p.qty === 0 && p.value !== 0) throw new Error(`value without quantity at step ${step}`);
    if (minCost >= 1 && p.qty > 0 && p.value < p.qty) throw new Error(`average below the cheapest cost at step ${step}`);
    if (taken + BigInt(p.value) !== received) throw new Error(`value lost at step ${step}: ${taken} + ${p.value} ≠ ${received}`);
  }
  return { received, taken, pool: p };
}

describe('properties', () => {
  it('random receipts and takes conserve value exactly; with costs ≥ 1 kopeck, value = 0 ⇔ qty = 0', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { received, taken, pool: p } = runPool(seed, 2000, 1);
      expect(taken + BigInt(p.value)).toBe(received);
      expect(p.value === 0).toBe(p.qty === 0);
    }
  });

  it('random receipts (zero costs included) and takes: never negative, qty = 0 ⇒ value = 0, nothing lost', () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const { received, taken, pool: p } = runPool(seed, 2000, 0);
      expect(taken + BigInt(p.value)).toBe(received);
    }
  });

  it('largest-remainder parts add up to the total, each within 1 of its exact share, with the largest remainders rounded up', () => {
    const rng = createRng(42);
    for (let round = 0; round < 3000; round++) {
      const n = 1 + rng.int(30);
      const weights: number[] = Array.from({ length: n }, () => (rng.int(5) === 0 ? 0 : rng.int(rng.int(2) === 0 ? 10 : 1_000_000)));
      if (!weights.some((w) => w > 0)) weights[rng.int(n)] = 1;
      const total = rng.int(2) === 0 ? rng.int(10_000) : rng.int(100_000_000_000);
      const parts = splitLargestRemainder(total, weights);
      const W = BigInt(weights.reduce((a, b) => a + b, 0));
      const T = BigInt(total);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const up: number[] = [];
      const down: number[] = [];
      parts.forEach((part, i) => {
        const exact = T * BigInt(weights[i]); // share × W
        const diff = BigInt(part) * W - exact;
        if (!(diff > -W && diff < W)) throw new Error(`part ${i} is not within 1 of its share`);
        if (weights[i] === 0 && part !== 0) throw new Error('a zero weight got a share');
        (diff > 0n ? up : down).push(i);
      });
      const rem = (i: number) => (T * BigInt(weights[i])) % W;
      for (const i of up) {
        for (const j of down) {
          const ok = rem(i) > rem(j) || (rem(i) === rem(j) && i < j);
          if (!ok) throw new Error(`part ${j} should have been rounded up before part ${i}`);
        }
      }
      expect(splitLargestRemainder(-total, weights)).toEqual(parts.map((x) => (x === 0 ? 0 : -x)));
    }
  });

  it('customer returns in any steps bring back the per-unit largest-remainder split, in total the line value', () => {
    const rng = createRng(7);
    for (let round = 0; round < 500; round++) {
      const qty = 1 + rng.int(40);
      const value = rng.int(2) === 0 ? rng.int(100) : rng.int(10_000_000);
      const perUnit = splitLargestRemainder(value, Array.from({ length: qty }, () => 1));
      let done = 0;
      let back = 0;
      while (done < qty) {
        const n = 1 + rng.int(qty - done);
        const got = customerReturnValue({ qty, value }, done, n);
        expect(got).toBe(perUnit.slice(done, done + n).reduce((a, b) => a + b, 0));
        back += got;
        done += n;
      }
      expect(back).toBe(value);
      expect(() => customerReturnValue({ qty, value }, done, 1)).toThrow(ReturnLimitError);
    }
  });

  it('warehouse values always add up to the pool value', () => {
    const rng = createRng(99);
    for (let round = 0; round < 1000; round++) {
      const balances = Array.from({ length: 1 + rng.int(30) }, (_, i) => ({ warehouseId: `w${i}`, qty: rng.int(3) === 0 ? 0 : rng.int(1000) }));
      const qty = balances.reduce((a, b) => a + b.qty, 0);
      const value = qty === 0 ? 0 : rng.int(100_000_000_000);
      const rows = warehouseValues({ qty, value }, balances);
      expect(rows.reduce((a, b) => a + b.value, 0)).toBe(value);
      expect(rows.map((r) => r.warehouseId)).toEqual(balances.map((b) => b.warehouseId));
    }
  });

  it('replayNonNegative agrees with recomputing every balance from scratch after each document', () => {
    const rng = createRng(2024);
    const warehouses = ['A', 'B', 'C'];
    const products = ['p1', 'p2'];
    for (let round = 0; round < 300; round++) {
      // A valid ledger: documents posted only when no balance goes below zero.
      const balance = new Map<string, number>();
      const key = (w: string, p: string) => `${w}|${p}`;
      const ledger: LedgerMovement[] = [];
      const docs: string[] = [];
      for (let d = 0; d < 12; d++) {
        const id = `D${d}`;
        const lines = Array.from({ length: 1 + rng.int(3) }, () => {
          const w = rng.pick(warehouses);
          const p = rng.pick(products);
          const have = balance.get(key(w, p)) ?? 0;
          const qtyDelta = rng.int(3) === 0 || have === 0 ? 1 + rng.int(5) : -(1 + rng.int(have));
          return { documentId: id, warehouseId: w, productId: p, qtyDelta };
        });
        const next = new Map(balance);
        for (const l of lines) next.set(key(l.warehouseId, l.productId), (next.get(key(l.warehouseId, l.productId)) ?? 0) + l.qtyDelta);
        if ([...next.values()].some((v) => v < 0)) continue;
        lines.forEach((l) => ledger.push(l));
        docs.push(id);
        next.forEach((v, k) => balance.set(k, v));
      }
      expect(replayNonNegative(ledger, 'none')).toBeNull();
      for (const excluded of docs) {
        // The oracle: after each document, sum every kept movement so far.
        const kept = ledger.filter((m) => m.documentId !== excluded);
        let expected: { documentId: string; negatives: Map<string, number> } | null = null;
        for (const d of docs) {
          if (d === excluded) continue;
          const lastIndex = kept.map((m) => m.documentId).lastIndexOf(d);
          if (lastIndex < 0) continue;
          const sums = new Map<string, number>();
          for (const m of kept.slice(0, lastIndex + 1)) sums.set(key(String(m.warehouseId), String(m.productId)), (sums.get(key(String(m.warehouseId), String(m.productId))) ?? 0) + m.qtyDelta);
          const negatives = new Map([...sums].filter(([, v]) => v < 0));
          if (negatives.size > 0) {
            expected = { documentId: d, negatives };
            break;
          }
        }
        const got = replayNonNegative(ledger, excluded);
        if (expected === null) {
          expect(got).toBeNull();
        } else {
          expect(got).not.toBeNull();
          expect(got?.documentId).toBe(expected.documentId);
          expect(expected.negatives.get(key(String(got?.warehouseId), String(got?.productId)))).toBe(got?.balance);
        }
      }
    }
  });
});
