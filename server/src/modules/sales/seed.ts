import { randomUUID } from 'node:crypto';
import {
  cashOperationPrefixes,
  hasRule,
  priceSale,
  salePrefix,
  saleReturnPrefix,
  splitByLargestRemainder,
  withinCap,
  type Discount,
  type PaymentMethod,
  type PricedSale,
} from '@repo/contracts';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  cashboxes,
  cashMovements,
  cashOperations,
  cashShifts,
  counterparties,
  creditOffers,
  creditOfferTerms,
  documentCounters,
  employees,
  locations,
  products,
  saleLines,
  salePayments,
  saleReturnLines,
  saleReturns,
  sales,
  stockBalances,
  stockMovements,
  stockSerials,
  warehouses,
} from '../../db/schema';
import { demoAccounts, demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { allowedLocationIds, employeeGrant } from '../auth/service';
import { postClientLedger, type ClientLedgerEntry } from '../clients/ledger';
import { lockBalances } from '../finance/engine';
import { systemCategory } from '../finance/service';
import { LockedPools, lockPools, writeMoves, type Move, type PoolState } from '../stock/engine';
import { placeSerials } from '../stock/service';
import * as valuation from '../stock/valuation';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MSK = 3 * HOUR;

/** How many sales the demo makes over its 60 days (the three shops together, cancelled ones included). */
export const DEMO_SALES = 600;

/** Units of each product a warehouse keeps after the demo's sales: the repair orders and the e2e tests need stock. */
const KEEP = 3;

interface Seller {
  id: string;
  name: string;
  role: string;
  rules: string[];
  cap: number;
  locationIds: string[];
}
interface Good {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  serialTracked: boolean;
}
interface Service {
  id: string;
  name: string;
  price: number;
}
type Box = typeof cashboxes.$inferSelect;
/** A warehouse × product of the demo stock, simulated in time: what exists (the ledger) and what the demo plans. */
interface Pair {
  loc: number;
  warehouseId: string;
  good: Good;
  kind: 'accessory' | 'part' | 'phone';
  /** Free now (quantity − reserved), before the demo. */
  free: number;
  /** What the demo may take in all (the rest stays: at least `KEEP`). */
  budget: number;
  taken: number;
  /** Ledger rows and the demo's planned moves, by time. */
  events: Array<{ t: number; qty: number }>;
  /** The serials in stock now, with the moment they came into this warehouse (their last document's row). */
  serials: Array<{ serial: string; since: number }>;
}
interface PlannedLine {
  pair: Pair | null;
  service: Service | null;
  qty: number;
  /** The line's own discount as asked. */
  discount?: Discount;
  serials?: string[];
}
interface PlannedSale {
  loc: number;
  t: number;
  seller: Seller;
  clientId: string | null;
  lines: PlannedLine[];
  /** The whole-sale discount as the service stores it (the client's personal one when none was asked). */
  saleDiscount: Discount | null;
  priced: PricedSale;
  payments: Array<{ method: PaymentMethod; box: Box; amount: number }>;
  credit: { offerId: string; months: number; amount: number } | null;
  comment: string | null;
  draft: boolean;
}
type DemoEvent =
  | { t: number; n: number; kind: 'sale'; sale: PlannedSale }
  | { t: number; n: number; kind: 'cancel'; sale: PlannedSale; by: Seller }
  | { t: number; n: number; kind: 'credit'; sale: PlannedSale; box: Box; by: Seller }
  | { t: number; n: number; kind: 'return'; sale: PlannedSale; loc: number; by: Seller; line: number; qty: number; method: PaymentMethod; refundBox: Box };

/**
 * A lived-in counter for the demo company: about 600 sales over the last 60 days in the three shops.
 * - accessories (one, a pair, a basket, a glass with its sticking), counter services alone, now and then
 *   a part or a phone (by its serial); some with a client (their personal discount applies by itself),
 *   some with a line or a whole-sale discount within the seller's cap (priced by `priceSale`, as the
 *   service does), paid in cash, by card, split, or by transfer at the shop with the bank account;
 *   phones mostly on a partner's credit (the offers of `credits.demo`, the share within their range);
 * - a few returns days later (a third of them at another shop: goods back at the sale's cost, money out
 *   there), a few sales cancelled within the hour (the exact negation), three drafts today;
 * - sellers: the cashier at her shop, the manager and the owner everywhere, within their caps.
 * Each sale takes only what is free at its moment and at every later ledger row, and leaves at least
 * `KEEP` units of every product in every warehouse (parts: the counter sells two at most); times fall
 * inside the cash shifts of the finance demo.
 *
 * Planned in memory, then written like the sales service would write it, in time order (so numbers,
 * costs and running balances follow time): the goods through the stock engine (`writeMoves` per sale,
 * return and cancellation, at their moment: the average cost taken, pools and totals), the clients'
 * charges and payments through `postClientLedger`, and set-based rows for the sales, their lines,
 * payments and returns and their cash operations with the ledger rows the cash engine would write
 * (`balance_after` running, balances and turnover; each in the shift open at its moment, whose float,
 * expected and counted then include the sales' cash before it) — the finance demo's way. Going through
 * `createSale` for each would cost about 30 statements a sale (10+ s on PGlite for every test file).
 * Deterministic (seeded random) but for the clock. Only for the demo company and an empty `sales`. Seed
 * data is not audited or announced.
 */
export const salesDemoSeeder: Seeder = {
  name: 'sales.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const found = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (found.length < 3) return;
    const locs = demoLocations.map((d) => found.find((l) => l.name === d.name)!);
    const [{ n }] = await tx.select({ n: count() }).from(sales);
    if (Number(n) > 0) return;
    const now = Date.now();

    // --- Who sells where: the demo staff with the rules of their roles.
    const staffRows = await tx
      .select({ id: employees.id, phone: employees.phone, allLocations: employees.allLocations })
      .from(employees)
      .where(inArray(employees.phone, demoAccounts.map((a) => a.phone)));
    const staff: Seller[] = [];
    for (const row of staffRows) {
      const grant = await employeeGrant(tx, row.id);
      if (!grant) continue;
      const role = demoAccounts.find((a) => a.phone === row.phone)!.role;
      staff.push({ id: row.id, name: grant.name, role, rules: grant.rules, cap: grant.maxDiscountPercent, locationIds: await allowedLocationIds(tx, { id: row.id, allLocations: row.allLocations }) });
    }
    const sells = (s: Seller) => hasRule(s.rules, 'create:sale') && hasRule(s.rules, 'post:sale');
    const byRole = (role: string) => staff.find((s) => s.role === role && sells(s));
    const weights: Record<string, number> = { cashier: 6, manager: 3, owner: 1 };
    const sellersAt = locs.map((l) => staff.filter((s) => sells(s) && s.locationIds.includes(l.id) && weights[s.role]));
    const canceller = staff.find((s) => hasRule(s.rules, 'cancel:sale') && s.role === 'manager') ?? staff.find((s) => hasRule(s.rules, 'cancel:sale'));
    if (sellersAt.some((list) => list.length === 0)) return;

    // --- Places: the default warehouse, the cash desk, «Эквайринг» and the bank account of each shop.
    const whs = await tx.select({ id: warehouses.id, locationId: warehouses.locationId }).from(warehouses).where(and(inArray(warehouses.locationId, locs.map((l) => l.id)), eq(warehouses.isDefault, true)));
    const boxes = await tx.select().from(cashboxes).where(inArray(cashboxes.locationId, locs.map((l) => l.id)));
    const places = locs.map((l) => {
      const mine = boxes.filter((b) => b.locationId === l.id).sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
      return {
        warehouseId: whs.find((w) => w.locationId === l.id)?.id,
        cash: mine.find((b) => b.kind === 'cash'),
        card: mine.find((b) => b.kind === 'card'),
        bank: mine.find((b) => b.kind === 'bank'),
      };
    });
    if (places.some((p) => !p.warehouseId || !p.cash)) return;
    const boxFor = (loc: number, method: PaymentMethod) => {
      const p = places[loc];
      return (method === 'cash' ? p.cash : method === 'card' ? (p.card ?? p.cash) : (p.bank ?? p.card ?? p.cash))!;
    };
    const methodOf = (loc: number, wanted: PaymentMethod): PaymentMethod => (wanted === 'transfer' && !places[loc].bank ? 'card' : wanted === 'card' && !places[loc].card ? 'cash' : wanted);

    // --- When the shops work: the shifts of their cash desks (else 10:00–20:00 Moscow every day).
    const shiftRows = await tx
      .select({ id: cashShifts.id, cashboxId: cashShifts.cashboxId, openedAt: cashShifts.openedAt, closedAt: cashShifts.closedAt })
      .from(cashShifts)
      .where(inArray(cashShifts.cashboxId, places.map((p) => p.cash!.id)))
      .orderBy(asc(cashShifts.openedAt));
    const windows = locs.map((_, i) => {
      const mine = shiftRows.filter((s) => s.cashboxId === places[i].cash!.id && s.openedAt.getTime() > now - 61 * DAY);
      // An open shift is the shop's day (no sales at night before it is closed).
      const list = mine.length
        ? mine.map((s) => ({ from: s.openedAt.getTime() + 10 * MIN, to: Math.min(s.closedAt?.getTime() ?? now, s.openedAt.getTime() + 11 * HOUR) - 10 * MIN }))
        : Array.from({ length: 60 }, (_, d) => {
            const day = now - (59 - d) * DAY - ((now + MSK) % DAY);
            return { from: day + 7 * HOUR, to: Math.min(day + 17 * HOUR, now - 10 * MIN) };
          });
      return list.filter((w) => w.to - w.from >= 40 * MIN && w.to <= now);
    });
    const windowAt = (loc: number, t: number) => windows[loc].find((w) => w.from <= t && t <= w.to);

    // --- The stock of the shops: free now, the ledger in time, the serials in stock.
    const goodsRows = await tx
      .select({ warehouseId: stockBalances.warehouseId, qty: stockBalances.qty, reserved: stockBalances.reserved, id: products.id, name: products.name, sku: products.sku, price: products.price, serialTracked: products.serialTracked })
      .from(stockBalances)
      .innerJoin(products, eq(products.id, stockBalances.productId))
      .where(and(inArray(stockBalances.warehouseId, places.map((p) => p.warehouseId!)), eq(products.kind, 'good'), isNull(products.archivedAt), sql`${products.price} > 0`))
      .orderBy(asc(products.name), asc(stockBalances.warehouseId));
    const pairKey = (w: string, p: string) => `${w}:${p}`;
    const pairs = new Map<string, Pair>();
    for (const r of goodsRows) {
      const loc = places.findIndex((p) => p.warehouseId === r.warehouseId);
      const kind = r.serialTracked ? 'phone' : /^(DSP|BAT)-/.test(r.sku ?? '') ? 'part' : 'accessory';
      const free = r.qty - r.reserved;
      // Parts are for repairs: the counter sells at most two of each.
      // Accessories: most of what is above the floor, so the shelves are not all at it.
      const budget = Math.max(0, kind === 'part' ? Math.min(2, free - KEEP) : kind === 'phone' ? free - KEEP : Math.floor((free - KEEP) * 0.9));
      pairs.set(pairKey(r.warehouseId, r.id), { loc, warehouseId: r.warehouseId, good: r, kind, free, budget, taken: 0, events: [], serials: [] });
    }
    const moves = await tx
      .select({ warehouseId: stockMovements.warehouseId, productId: stockMovements.productId, qty: stockMovements.qty, at: stockMovements.at, documentId: stockMovements.documentId })
      .from(stockMovements)
      .where(inArray(stockMovements.warehouseId, places.map((p) => p.warehouseId!)));
    const arrived = new Map<string, number>();
    for (const m of moves) {
      const k = pairKey(m.warehouseId!, m.productId);
      pairs.get(k)?.events.push({ t: m.at.getTime(), qty: m.qty });
      arrived.set(`${k}:${m.documentId}`, Math.max(arrived.get(`${k}:${m.documentId}`) ?? 0, m.at.getTime()));
    }
    const serialRows = await tx
      .select({ productId: stockSerials.productId, warehouseId: stockSerials.warehouseId, serial: stockSerials.serial, documentId: stockSerials.documentId })
      .from(stockSerials)
      .where(and(eq(stockSerials.status, 'in_stock'), inArray(stockSerials.warehouseId, places.map((p) => p.warehouseId!))))
      .orderBy(asc(stockSerials.serial));
    for (const s of serialRows) {
      const k = pairKey(s.warehouseId!, s.productId);
      // A serial without its document's row here has no known moment: it is not sold.
      const since = arrived.get(`${k}:${s.documentId}`);
      if (since !== undefined) pairs.get(k)?.serials.push({ serial: s.serial, since });
    }
    const serialsAt = (p: Pair, t: number) => p.serials.filter((s) => s.since < t);

    /** Can `qty` leave at `t`: within the budget, and the stock at `t` and at every later row stays ≥ 0? */
    const canTake = (p: Pair, t: number, qty: number) => {
      if (p.taken + qty > p.budget) return false;
      if (p.kind === 'phone' && serialsAt(p, t).length < qty) return false;
      const events = [...p.events].sort((a, b) => a.t - b.t);
      let level = 0;
      let i = 0;
      for (; i < events.length && events[i].t <= t; i++) level += events[i].qty;
      if (level < qty) return false;
      for (; i < events.length; i++) {
        level += events[i].qty;
        if (level < qty) return false;
      }
      return true;
    };
    const take = (p: Pair, t: number, qty: number) => {
      p.taken += qty;
      p.events.push({ t, qty: -qty });
    };
    const giveBack = (warehouseId: string, productId: string, t: number, qty: number) => pairs.get(pairKey(warehouseId, productId))?.events.push({ t, qty });

    // --- Services sold at the counter, clients, the partners' credit offers.
    const serviceRows = await tx
      .select({ id: products.id, name: products.name, price: products.price })
      .from(products)
      .where(and(eq(products.kind, 'service'), isNull(products.archivedAt), sql`${products.price} > 0`))
      .orderBy(asc(products.name));
    const counterNames = ['Наклейка защитного стекла', 'Диагностика', 'Срочная диагностика (30 минут)', 'Восстановление ПО, перепрошивка'];
    const counterServices = serviceRows.filter((s) => counterNames.includes(s.name));
    const services = counterServices.length ? counterServices : serviceRows.filter((s) => s.price <= 150_000);
    const sticking = serviceRows.find((s) => s.name === 'Наклейка защитного стекла') ?? null;
    const clients = await tx
      .select({ id: counterparties.id, discountPercent: counterparties.discountPercent })
      .from(counterparties)
      .where(and(eq(counterparties.isSupplier, false), isNull(counterparties.mergedIntoId), isNull(counterparties.archivedAt)))
      .orderBy(asc(counterparties.name))
      .limit(150);
    const offerRows = await tx
      .select({ id: creditOffers.id, partner: creditOffers.partner, min: creditOffers.minAmount, max: creditOffers.maxAmount, months: creditOfferTerms.months })
      .from(creditOffers)
      .innerJoin(creditOfferTerms, eq(creditOfferTerms.offerId, creditOffers.id))
      .where(isNull(creditOffers.archivedAt))
      .orderBy(asc(creditOffers.partner), asc(creditOfferTerms.months));

    let state = 20261211;
    const rnd = (k: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor(state / 65536) % k;
    };
    const frac = () => rnd(10_000) / 10_000;
    const pick = <T>(list: readonly T[]): T => list[rnd(list.length)];
    const weighted = <T>(list: readonly T[], weight: (x: T) => number): T | null => {
      const total = list.reduce((s, x) => s + weight(x), 0);
      if (total <= 0) return null;
      let r = frac() * total;
      for (const x of list) {
        r -= weight(x);
        if (r < 0) return x;
      }
      return list[list.length - 1];
    };
    const round = (kopecks: number, step: number) => Math.round(kopecks / step) * step;

    // --- The moments: DEMO_SALES over the shops' working windows (more at Arbat and on weekends).
    const shopWeight = [1.3, 1.05, 0.75];
    const all = windows.flatMap((list, loc) =>
      list.map((w) => {
        const weekday = new Date(w.from + MSK).getUTCDay();
        const weight = shopWeight[loc] * (weekday === 0 || weekday === 6 ? 1.3 : 1) * (0.6 + 0.8 * frac()) * Math.min(1, (w.to - w.from) / (9 * HOUR));
        return { loc, w, weight: Math.round(weight * 1000) };
      }),
    );
    const perWindow = splitByLargestRemainder(DEMO_SALES, all.map((x) => x.weight));
    const slots = all.flatMap((x, i) => Array.from({ length: perWindow[i] }, () => ({ loc: x.loc, t: Math.floor(x.w.from + frac() * (x.w.to - x.w.from)) }))).sort((a, b) => a.t - b.t);

    // --- Plan each sale in time order against the simulated stock.
    const goodsAt = (loc: number, kind: Pair['kind'], t: number, qty = 1, filter: (p: Pair) => boolean = () => true, not: Pair[] = []) =>
      weighted(
        [...pairs.values()].filter((p) => p.loc === loc && p.kind === kind && filter(p) && !not.includes(p) && canTake(p, t, qty)),
        (p) => p.budget - p.taken,
      );
    const isGlass = (p: Pair) => /^(GLS|FILM)-/.test(p.good.sku ?? '');
    const events: DemoEvent[] = [];
    const creditSales: PlannedSale[] = [];
    for (const slot of slots) {
      const { loc, t } = slot;
      const lines: PlannedLine[] = [];
      const good = (p: Pair | null, qty = 1) => {
        if (!p) return false;
        const serials = p.kind === 'phone' ? serialsAt(p, t).slice(0, qty).map((s) => s.serial) : undefined;
        if (serials) p.serials = p.serials.filter((s) => !serials.includes(s.serial));
        take(p, t, qty);
        lines.push({ pair: p, service: null, qty, serials });
        return true;
      };
      const service = (s: Service | null) => s && lines.push({ pair: null, service: s, qty: 1 });
      const r = rnd(1000);
      let phone = false;
      if (r < 330) good(goodsAt(loc, 'accessory', t));
      else if (r < 450) {
        if (good(goodsAt(loc, 'accessory', t, 1, isGlass))) service(sticking);
      } else if (r < 520) {
        const first = goodsAt(loc, 'accessory', t);
        if (good(first)) good(goodsAt(loc, 'accessory', t, 1, (p) => p.good.id !== first!.good.id));
      } else if (r < 550) good(goodsAt(loc, 'accessory', t, 2));
      else if (r < 570) {
        const basket: Pair[] = [];
        for (let k = 0; k < 3; k++) {
          const p = goodsAt(loc, 'accessory', t, 1, (x) => !basket.some((b) => b.good.id === x.good.id));
          if (p && good(p)) basket.push(p);
        }
      } else if (r < 600) {
        if (good(goodsAt(loc, 'accessory', t, 1, (p) => /^CASE-/.test(p.good.sku ?? '')))) {
          if (good(goodsAt(loc, 'accessory', t, 1, isGlass))) service(sticking);
        }
      } else if (r < 625) good(goodsAt(loc, 'part', t));
      else if (r < 660) {
        phone = good(goodsAt(loc, 'phone', t));
        if (phone && rnd(2) === 0) good(goodsAt(loc, 'accessory', t, 1, (p) => /^(CASE|GLS)-/.test(p.good.sku ?? '')));
      }
      // Services alone (about a third), and whatever found no stock.
      if (lines.length === 0) service(pick(services));
      if (lines.length === 0) continue;

      // Who sells, to whom, with which discount (within the seller's cap).
      const seller = weighted(sellersAt[loc], (s) => weights[s.role])!;
      const client = phone || rnd(100) < 30 ? pick(clients) : null;
      const personal = client && client.discountPercent > 0 ? client.discountPercent : 0;
      let discount: Discount | null | undefined = personal ? undefined : null;
      if (!personal) {
        const d = rnd(100);
        if (phone && seller.cap >= 5 && d < 40) discount = { amount: round(lines[0].pair!.good.price * 0.03, 50_000) || 50_000 };
        else if (d < 10) {
          const line = pick(lines);
          line.discount = rnd(2) === 0 ? { percent: pick([5, 10].filter((p) => p <= seller.cap)) ?? 0 } : { amount: Math.max(1000, round(((line.pair?.good.price ?? line.service!.price) * line.qty) * 0.05, 1000)) };
        } else if (d < 16) discount = rnd(2) === 0 ? { percent: 5 } : { amount: 10_000 };
      }
      const price = (l: PlannedLine) => l.pair?.good.price ?? l.service!.price;
      let priced = priceSale(lines.map((l) => ({ qty: l.qty, price: price(l), discount: l.discount })), discount === undefined ? { percent: personal } : discount);
      const cap = Math.max(seller.cap, personal);
      if (Object.keys(priced.errors).length || priced.lines.some((l) => !withinCap(l, cap))) {
        for (const l of lines) delete l.discount;
        if (discount) discount = null;
        priced = priceSale(lines.map((l) => ({ qty: l.qty, price: price(l) })), discount === undefined ? { percent: personal } : null);
      }
      const total = priced.total;

      // Payments: cash, card, split, a transfer now and then; a phone mostly on a partner's credit.
      const payments: PlannedSale['payments'] = [];
      const pay = (method: PaymentMethod, amount: number) => {
        const m = methodOf(loc, method);
        if (amount > 0) payments.push({ method: m, box: boxFor(loc, m), amount });
      };
      let credit: PlannedSale['credit'] = null;
      if (phone && rnd(10) < 7) {
        const down = rnd(5) < 2 ? 0 : round(total * (0.1 + frac() * 0.2), 50_000);
        const offer = weighted(
          offerRows.filter((o) => total - down >= o.min && total - down <= o.max),
          () => 1,
        );
        if (offer) {
          credit = { offerId: offer.id, months: offer.months, amount: total - down };
          pay(rnd(2) === 0 ? 'cash' : 'card', down);
        }
      }
      if (!credit) {
        const m = rnd(1000);
        if (m < 440) pay('cash', total);
        else if (m < 830) pay('card', total);
        else if (m < 965 && total >= 200_000) {
          const cashPart = Math.min(total - 10_000, Math.max(10_000, round(total * (0.3 + frac() * 0.4), 10_000)));
          pay('cash', cashPart);
          pay('card', total - cashPart);
        } else pay(loc === 0 ? 'transfer' : 'card', total);
      }
      const sale: PlannedSale = {
        loc,
        t,
        seller,
        clientId: client?.id ?? null,
        lines,
        // Stored as the service stores it: the client's personal discount when none was given.
        saleDiscount: discount === undefined ? { percent: personal } : discount,
        priced,
        payments,
        credit,
        comment: credit ? 'Оформлен кредит у партнёра' : null,
        draft: false,
      };
      events.push({ t, n: events.length, kind: 'sale', sale });
      if (credit) creditSales.push(sale);

      // A few are cancelled within the hour (a cashier's mistake), a few returned days later.
      const goods = lines.filter((l) => l.pair);
      if (!phone && !credit && canceller && rnd(100) < 2) {
        const at = t + (5 + rnd(40)) * MIN;
        const w = windowAt(loc, t);
        if (w && at <= w.to && new Date(at + MSK).getUTCDate() === new Date(t + MSK).getUTCDate()) {
          events.push({ t: at, n: events.length, kind: 'cancel', sale, by: canceller });
          for (const l of goods) giveBack(l.pair!.warehouseId, l.pair!.good.id, at, l.qty);
          continue;
        }
      }
      if (goods.length && !phone && !credit && rnd(100) < 3) {
        const other = rnd(3) === 0;
        const at = other ? [1, 2].map((k) => (loc + k) % 3)[rnd(2)] : loc;
        const wanted = t + (1 + rnd(9)) * DAY;
        const w = windows[at].find((x) => x.to > wanted && x.from > t + 12 * HOUR);
        const by = w && weighted(sellersAt[at], (s) => weights[s.role]);
        if (w && by) {
          const start = Math.max(w.from, wanted);
          const when = start + Math.floor(frac() * Math.min(w.to - start, 3 * HOUR));
          const line = lines.indexOf(goods[0]);
          const method: PaymentMethod = payments.some((p) => p.method === 'cash') ? 'cash' : 'card';
          events.push({ t: when, n: events.length, kind: 'return', sale, loc: at, by, line, qty: goods[0].qty, refundBox: boxFor(at, methodOf(at, method)), method: methodOf(at, method) });
          giveBack(places[at].warehouseId!, goods[0].pair!.good.id, when, goods[0].qty);
        }
      }
    }
    // The partner's money reaches the bank account two to four days later; the last two credit sales' is
    // still expected (the journal's «Ждём деньги партнёра» is never empty in the demo).
    const bank = places.find((p) => p.bank)?.bank;
    const confirmer = byRole('owner');
    for (const sale of creditSales.sort((a, b) => a.t - b.t).slice(0, -2)) {
      const paidAt = sale.t + (2 + rnd(3)) * DAY + rnd(6) * HOUR;
      if (bank && confirmer && paidAt < now - HOUR) events.push({ t: paidAt, n: events.length, kind: 'credit', sale, box: bank, by: confirmer });
    }
    // Three drafts today: the client went for the money.
    for (const [k, loc] of [0, 0, 1].entries()) {
      const w = windows[loc][windows[loc].length - 1];
      if (!w || w.from < now - DAY) continue;
      const t = w.to - (k + 1) * 7 * MIN;
      // A draft moves no stock: any accessory on the shelf.
      const p = weighted(
        [...pairs.values()].filter((x) => x.loc === loc && x.kind === 'accessory' && x.free - x.taken > KEEP),
        () => 1,
      );
      if (!p) continue;
      const client = pick(clients.filter((c) => !c.discountPercent));
      const lines: PlannedLine[] = [{ pair: p, service: null, qty: 1 }];
      const sale: PlannedSale = {
        loc,
        t,
        seller: sellersAt[loc][0],
        clientId: client.id,
        lines,
        saleDiscount: null,
        priced: priceSale([{ qty: 1, price: p.good.price }], null),
        payments: [],
        credit: null,
        comment: 'Клиент вернётся за покупкой',
        draft: true,
      };
      events.push({ t, n: events.length, kind: 'sale', sale });
    }

    if (events.length === 0) return;

    // --- Write it in time order, as the services would.
    events.sort((a, b) => a.t - b.t || a.n - b.n);
    const counterRows = await tx
      .select()
      .from(documentCounters)
      .where(and(inArray(documentCounters.locationId, locs.map((l) => l.id)), inArray(documentCounters.kind, ['sale', 'sale_return', 'cash_income', 'cash_expense'])));
    const counters = new Map(counterRows.map((c) => [`${c.locationId}:${c.kind}`, c.last]));
    const numberOf = (locationId: string, kind: string, prefix: string) => {
      const last = (counters.get(`${locationId}:${kind}`) ?? 0) + 1;
      counters.set(`${locationId}:${kind}`, last);
      return `${prefix}-${String(last).padStart(6, '0')}`;
    };
    const category = { payment: await systemCategory(tx, 'sale_payment'), refund: await systemCategory(tx, 'sale_refund') };
    const pools = new Map<string, PoolState>(await lockPools(tx, [...new Set([...pairs.values()].map((p) => p.good.id))]));
    const balance = await lockBalances(tx, [...new Set(places.flatMap((p) => [p.cash, p.card, p.bank]).filter((b): b is Box => !!b).map((b) => b.id))]);
    const shiftAt = (box: Box, t: number) =>
      box.kind === 'cash' ? (shiftRows.find((s) => s.cashboxId === box.id && s.openedAt.getTime() <= t && (!s.closedAt || t < s.closedAt.getTime()))?.id ?? null) : null;

    type SaleRow = typeof sales.$inferInsert & { id: string; returned: number };
    type LineRow = typeof saleLines.$inferInsert & { id: string; qty: number; total: number; cost: number | null; returnedQty: number };
    type OpRow = typeof cashOperations.$inferInsert & { id: string; number: string; amount: number };
    const saleRows: SaleRow[] = [];
    const lineRows: LineRow[] = [];
    const returnRows: Array<typeof saleReturns.$inferInsert> = [];
    const returnLineRows: Array<typeof saleReturnLines.$inferInsert> = [];
    const opRows: OpRow[] = [];
    const moveRows: Array<typeof cashMovements.$inferInsert> = [];
    const paymentRows: Array<typeof salePayments.$inferInsert> = [];
    const ledger: ClientLedgerEntry[] = [];
    const posted = new Map<PlannedSale, { row: SaleRow; lines: LineRow[]; moves: Move[]; ops: OpRow[] }>();

    /** The goods of a posting through the stock engine, at its moment; the pools carried on to the next one. */
    const stock = async (doc: { id: string; number: string }, moves: Move[], next: (pool: PoolState, move: Move) => valuation.Pool, at: Date, cancellation = false) => {
      const mine = new LockedPools(new Map(moves.map((m) => [m.productId, pools.get(m.productId)!])));
      for (const m of moves) {
        const pool = mine.get(m.productId)!;
        mine.set(m.productId, { ...next(pool, m), lastAverage: pool.lastAverage });
      }
      await writeMoves(tx, { id: doc.id, type: 'sale', number: doc.number }, moves, mine, { at, cancellation });
      for (const [productId, p] of mine) pools.set(productId, { ...p, lastAverage: valuation.average(p, p.lastAverage) });
    };
    /** A cash movement as the cash engine writes it: the cashbox's balance right after it. */
    const cashMove = (op: OpRow, amount: number, at: Date, cancellation: boolean) => {
      const after = (balance.get(op.cashboxId) ?? 0) + amount;
      if (after < 0) throw new Error('sales demo: a cashbox below zero');
      balance.set(op.cashboxId, after);
      moveRows.push({ at, operationId: op.id, cashboxId: op.cashboxId, amount, balanceAfter: after, cancellation, categoryId: op.categoryId, clientId: op.clientId });
    };
    /** A cash operation of a sale (a payment in, a refund out), its ledger row and the client's. */
    const cashOp = (o: { kind: 'income' | 'expense'; box: Box; amount: number; clientId: string | null; comment: string; documentId: string; documentNumber: string; authorId: string; at: Date }) => {
      const op: OpRow = {
        id: randomUUID(),
        locationId: o.box.locationId,
        kind: o.kind,
        number: numberOf(o.box.locationId, `cash_${o.kind}`, cashOperationPrefixes[o.kind]),
        status: 'posted',
        cashboxId: o.box.id,
        amount: o.amount,
        categoryId: o.kind === 'income' ? category.payment : category.refund,
        clientId: o.clientId,
        comment: o.comment,
        documentType: 'sale',
        documentId: o.documentId,
        documentNumber: o.documentNumber,
        shiftId: shiftAt(o.box, o.at.getTime()),
        authorId: o.authorId,
        at: o.at,
      };
      opRows.push(op);
      const signed = o.kind === 'income' ? o.amount : -o.amount;
      cashMove(op, signed, o.at, false);
      if (o.clientId) {
        ledger.push({ clientId: o.clientId, kind: o.kind === 'income' ? 'payment' : 'refund', amount: signed, locationId: o.box.locationId, documentType: 'cash_operation', documentId: op.id, number: op.number, comment: o.comment, at: o.at });
      }
      return op;
    };

    for (const e of events) {
      const at = new Date(e.t);
      if (e.kind === 'sale') {
        const s = e.sale;
        const locationId = locs[s.loc].id;
        const id = randomUUID();
        const number = numberOf(locationId, 'sale', salePrefix);
        const lines: LineRow[] = s.lines.map((l, position) => ({
          id: randomUUID(),
          saleId: id,
          position,
          productId: l.pair?.good.id ?? l.service!.id,
          name: l.pair?.good.name ?? l.service!.name,
          isService: !l.pair,
          qty: l.qty,
          price: l.pair?.good.price ?? l.service!.price,
          lineDiscount: l.discount ?? null,
          discount: s.priced.lines[position].discount,
          total: s.priced.lines[position].total,
          serials: l.serials ?? [],
          cost: null,
          returnedQty: 0,
        }));
        const paid = s.payments.reduce((sum, p) => sum + p.amount, 0);
        const row: SaleRow = {
          id,
          locationId,
          number,
          status: s.draft ? 'draft' : 'posted',
          warehouseId: places[s.loc].warehouseId!,
          clientId: s.clientId,
          employeeId: s.seller.id,
          saleDiscount: s.saleDiscount && ('percent' in s.saleDiscount ? s.saleDiscount.percent : s.saleDiscount.amount) ? s.saleDiscount : null,
          subtotal: s.priced.subtotal,
          discount: s.priced.subtotal - s.priced.total,
          total: s.priced.total,
          paid: s.draft ? 0 : paid,
          creditOfferId: s.credit?.offerId ?? null,
          creditMonths: s.credit?.months ?? null,
          creditAmount: s.draft ? 0 : (s.credit?.amount ?? 0),
          returned: 0,
          methods: s.draft ? [] : [...new Set(s.payments.map((p) => p.method))],
          comment: s.comment,
          postedAt: s.draft ? null : at,
          createdAt: at,
          updatedAt: at,
        };
        saleRows.push(row);
        lineRows.push(...lines);
        const entry = { row, lines, moves: [] as Move[], ops: [] as OpRow[] };
        posted.set(s, entry);
        if (s.draft) continue;
        // Goods out at the average cost (stock engine); serials gone.
        const goods = lines.filter((l) => !l.isService);
        if (goods.length) {
          const working = new Map<string, valuation.Pool>();
          for (const l of goods) {
            const pool = working.get(l.productId) ?? pools.get(l.productId)!;
            const taken = valuation.take(pool, l.qty);
            working.set(l.productId, taken.pool);
            l.cost = taken.value;
            entry.moves.push({ warehouseId: row.warehouseId, productId: l.productId, qty: -l.qty, value: -taken.value });
          }
          await stock({ id, number }, entry.moves, (pool, m) => valuation.take(pool, -m.qty).pool, at);
          for (const l of goods.filter((x) => x.serials?.length)) await placeSerials(tx, l.productId, l.serials!, { status: 'gone', warehouseId: null, documentId: id });
        }
        // Payments: cash operations of the sale; the client charged what is not the partner's.
        for (const p of s.payments) {
          const op = cashOp({ kind: 'income', box: p.box, amount: p.amount, clientId: s.clientId, comment: `Оплата продажи ${number}`, documentId: id, documentNumber: number, authorId: s.seller.id, at });
          entry.ops.push(op);
          paymentRows.push({ saleId: id, method: p.method, cashboxId: p.box.id, amount: p.amount, operationId: op.id, createdAt: at });
        }
        if (s.clientId) {
          ledger.push({ clientId: s.clientId, kind: 'sale', amount: -(row.total! - row.creditAmount!), locationId, documentType: 'sale', documentId: id, number, comment: `Продажа ${number}`, at });
        }
      } else if (e.kind === 'credit') {
        const { row } = posted.get(e.sale)!;
        const partner = offerRows.find((o) => o.id === row.creditOfferId)?.partner;
        const comment = `Оплата от партнёра${partner ? ` «${partner}»` : ''} по продаже ${row.number}`;
        const op = cashOp({ kind: 'income', box: e.box, amount: row.creditAmount!, clientId: null, comment, documentId: row.id, documentNumber: row.number, authorId: e.by.id, at });
        Object.assign(row, { creditConfirmedAt: at, creditOperationId: op.id, updatedAt: at });
      } else if (e.kind === 'cancel') {
        const { row, moves, ops } = posted.get(e.sale)!;
        // The exact negation of the goods (as `reverseDocument`), of each payment and of the charge.
        if (moves.length) await stock({ id: row.id, number: row.number }, moves.map((m) => ({ ...m, qty: -m.qty, value: -m.value })), (pool, m) => valuation.enter(pool, m.qty, m.value), at, true);
        for (const op of ops) {
          Object.assign(op, { status: 'cancelled', cancelledAt: at, cancelledById: e.by.id });
          cashMove(op, -op.amount, at, true);
          if (op.clientId) {
            ledger.push({ clientId: op.clientId, kind: 'payment', amount: -op.amount, locationId: op.locationId, documentType: 'cash_operation', documentId: op.id, number: op.number, comment: `Отмена ${op.number}`, cancellation: true, at });
          }
        }
        if (row.clientId) {
          ledger.push({ clientId: row.clientId, kind: 'sale', amount: row.total! - row.creditAmount!, locationId: row.locationId, documentType: 'sale', documentId: row.id, number: row.number, comment: `Отмена продажи ${row.number}`, cancellation: true, at });
        }
        Object.assign(row, { status: 'cancelled', cancelledAt: at, updatedAt: at, comment: 'Ошибка кассира: пробили не тот товар' });
      } else {
        const { row, lines } = posted.get(e.sale)!;
        const line = lines[e.line];
        const locationId = locs[e.loc].id;
        const warehouseId = places[e.loc].warehouseId!;
        const number = numberOf(locationId, 'sale_return', saleReturnPrefix);
        const retId = randomUUID();
        // Money back and the goods' cost by units of the line (largest remainder), as the service.
        const amount = valuation.customerReturnValue({ qty: line.qty, value: line.total }, line.returnedQty, e.qty);
        const value = valuation.customerReturnValue({ qty: line.qty, value: line.cost ?? 0 }, line.returnedQty, e.qty);
        const comment = pick(['Не подошёл к телефону', 'Брак, клиент отказался от замены', 'Передумал', 'Подарили такой же']);
        returnRows.push({ id: retId, saleId: row.id, locationId, number, warehouseId, amount, authorId: e.by.id, comment, createdAt: at });
        returnLineRows.push({ returnId: retId, saleLineId: line.id, productId: line.productId, qty: e.qty, amount, value, serials: [] });
        await stock({ id: row.id, number }, [{ warehouseId, productId: line.productId, qty: e.qty, value }], (pool, m) => valuation.enter(pool, m.qty, m.value), at);
        line.returnedQty += e.qty;
        if (amount > 0) {
          const op = cashOp({ kind: 'expense', box: e.refundBox, amount, clientId: row.clientId ?? null, comment: `Возврат по продаже ${row.number} (${number})`, documentId: row.id, documentNumber: number, authorId: e.by.id, at });
          paymentRows.push({ saleId: row.id, returnId: retId, method: e.method, cashboxId: e.refundBox.id, amount: -amount, operationId: op.id, createdAt: at });
        }
        if (row.clientId && amount !== 0) {
          ledger.push({ clientId: row.clientId, kind: 'sale', amount, locationId, documentType: 'sale', documentId: row.id, number, comment: `Возврат по продаже ${row.number}`, at });
        }
        row.returned += amount;
        row.updatedAt = at;
      }
    }

    // --- The rows, set-based (documents before the rows that name them).
    const chunks = <T>(list: T[], size = 250) => Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, (k + 1) * size));
    // The cash operations first: a sale names the one that brought its partner's money.
    for (const part of chunks(opRows)) await tx.insert(cashOperations).values(part);
    for (const part of chunks(moveRows, 400)) await tx.insert(cashMovements).values(part);
    for (const part of chunks(saleRows)) await tx.insert(sales).values(part);
    for (const part of chunks(lineRows, 400)) await tx.insert(saleLines).values(part);
    if (returnRows.length) {
      await tx.insert(saleReturns).values(returnRows);
      await tx.insert(saleReturnLines).values(returnLineRows);
    }
    for (const part of chunks(paymentRows, 400)) await tx.insert(salePayments).values(part);
    // Balances, row counts and turnover per cashbox, as the cash engine keeps them (red storno).
    const sums = new Map<string, { n: number; in: number; out: number }>();
    for (const m of moveRows) {
      const t = sums.get(m.cashboxId) ?? { n: 0, in: 0, out: 0 };
      t.n += 1;
      if (m.amount > 0 !== m.cancellation) t.in += m.amount;
      else t.out -= m.amount;
      sums.set(m.cashboxId, t);
    }
    const moved = [...sums.keys()];
    if (moved.length) {
      const list = (f: (id: string) => number) => sql`${sql.param(moved.map((id) => String(f(id))))}::bigint[]`;
      await tx.execute(sql`update cash_balances b set balance = v.balance, rows = b.rows + v.n, total_in = b.total_in + v.total_in, total_out = b.total_out + v.total_out, updated_at = now()
        from unnest(${sql.param(moved)}::uuid[], ${list((id) => balance.get(id)!)}, ${list((id) => sums.get(id)!.n)}, ${list((id) => sums.get(id)!.in)}, ${list((id) => sums.get(id)!.out)})
          as v(cashbox_id, balance, n, total_in, total_out)
        where b.cashbox_id = v.cashbox_id`);
    }
    await postClientLedger(tx, ledger);
    await tx
      .insert(documentCounters)
      .values([...counters].map(([k, last]) => ({ locationId: k.slice(0, k.indexOf(':')), kind: k.slice(k.indexOf(':') + 1), last })))
      .onConflictDoUpdate({ target: [documentCounters.locationId, documentCounters.kind], set: { last: sql`greatest(${documentCounters.last}, excluded.last)` } });
    // Every shift's float (and a closed one's expected and counted) includes the sales' cash before it.
    const desks = places.map((p) => p.cash!.id);
    const before = (bound: string) =>
      sql.raw(`coalesce((select sum(m.amount) from cash_movements m join cash_operations o on o.id = m.operation_id where o.document_type = 'sale' and m.cashbox_id = s.cashbox_id and m.at < s.${bound}), 0)`);
    await tx.execute(sql`update cash_shifts s set float = s.float + ${before('opened_at')}, expected = s.expected + ${before('closed_at')}, counted = s.counted + ${before('closed_at')}
      where s.cashbox_id = any(${sql.param(desks)}::uuid[])`);
  },
};
