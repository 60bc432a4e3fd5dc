import { randomUUID } from 'node:crypto';
import { defaultOrderStatuses, finishedOrderGroups, imeiChecksumOk, repairOrderPrefix } from '@repo/contracts';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import {
  cashboxes,
  cashOperations,
  counterparties,
  deviceModels,
  documentCounters,
  employeeLocations,
  employees,
  locations,
  orderStatuses,
  products,
  repairOrderEvents,
  repairOrderParts,
  repairOrderPayments,
  repairOrders,
  repairOrderWorks,
  stockBalances,
  stockMovements,
  warehouses,
} from '../../db/schema';
import { demoAccounts, demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { postClientLedger, type ClientLedgerEntry } from '../clients/ledger';
import { LockedPools, lockPools, writeMoves, type Move, type PoolState } from '../stock/engine';
import * as valuation from '../stock/valuation';
import { fillReportColumns } from './repository';
import { overdueAtOf } from './service';

/**
 * The statuses every company starts with (RemOnline-like): Новый → Диагностика → Согласование /
 * Ждёт запчасть → В работе → Готов → Выдан, and Отказ. Only into an empty table; ids are generated, so
 * the transitions are written by name in a second pass.
 */
export const orderStatusesSeeder: Seeder = {
  name: 'orders.statuses',
  async run(tx) {
    const [{ n }] = await tx.select({ n: count() }).from(orderStatuses);
    if (Number(n) > 0) return;
    const rows = await tx
      .insert(orderStatuses)
      .values(defaultOrderStatuses.map((s, position) => ({ name: s.name, colour: s.colour, group: s.group, limitHours: s.limitHours, position })))
      .returning({ id: orderStatuses.id, name: orderStatuses.name });
    const idOf = new Map(rows.map((r) => [r.name, r.id]));
    for (const s of defaultOrderStatuses) {
      await tx
        .update(orderStatuses)
        .set({ next: s.next.map((name) => idOf.get(name)!) })
        .where(eq(orderStatuses.id, idOf.get(s.name)!));
    }
  },
};

// ---------------------------------------------------------------------------------------------------
// Demo orders

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MSK = 3 * HOUR;

type DeviceType = 'Смартфон' | 'Планшет' | 'Ноутбук' | 'Смарт-часы';
interface DemoDevice {
  type: DeviceType;
  brand: string;
  model: string;
  /** The first 8 digits of an IMEI (type allocation code) when the device has one. */
  tac?: string;
}

/** The devices a phone repair chain sees: the models of the stocked parts first (their recipes name them). */
const demoDevices: DemoDevice[] = [
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone 11', tac: '35391110' },
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone 12', tac: '35328111' },
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13', tac: '35467812' },
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone 14 Pro', tac: '35209814' },
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone SE (2020)', tac: '35684711' },
  { type: 'Смартфон', brand: 'Samsung', model: 'Galaxy A52', tac: '35081512' },
  { type: 'Смартфон', brand: 'Samsung', model: 'Galaxy S21', tac: '35149211' },
  { type: 'Смартфон', brand: 'Samsung', model: 'Galaxy A32', tac: '35296411' },
  { type: 'Смартфон', brand: 'Xiaomi', model: 'Redmi Note 10 Pro', tac: '86784405' },
  { type: 'Смартфон', brand: 'Xiaomi', model: 'Redmi 9A', tac: '86120904' },
  { type: 'Смартфон', brand: 'Xiaomi', model: 'Poco X3 Pro', tac: '86455305' },
  { type: 'Смартфон', brand: 'Honor', model: '50', tac: '86993705' },
  { type: 'Смартфон', brand: 'Honor', model: 'X8', tac: '86702306' },
  { type: 'Смартфон', brand: 'Huawei', model: 'P30 Lite', tac: '86744804' },
  { type: 'Смартфон', brand: 'Huawei', model: 'Nova 9', tac: '86281505' },
  { type: 'Планшет', brand: 'Apple', model: 'iPad 9 (2021)' },
  { type: 'Планшет', brand: 'Apple', model: 'iPad Air 4', tac: '35328511' },
  { type: 'Планшет', brand: 'Samsung', model: 'Galaxy Tab A7', tac: '35412611' },
  { type: 'Планшет', brand: 'Lenovo', model: 'Tab M10 Plus' },
  { type: 'Планшет', brand: 'Huawei', model: 'MatePad 11' },
  { type: 'Ноутбук', brand: 'Asus', model: 'VivoBook 15 X515' },
  { type: 'Ноутбук', brand: 'Lenovo', model: 'IdeaPad 3 15' },
  { type: 'Ноутбук', brand: 'Apple', model: 'MacBook Air M1' },
  { type: 'Ноутбук', brand: 'Honor', model: 'MagicBook 14' },
  { type: 'Ноутбук', brand: 'Huawei', model: 'MateBook D 15' },
  { type: 'Ноутбук', brand: 'Acer', model: 'Aspire 5' },
  { type: 'Смарт-часы', brand: 'Apple', model: 'Watch Series 7' },
  { type: 'Смарт-часы', brand: 'Samsung', model: 'Galaxy Watch4' },
  { type: 'Смарт-часы', brand: 'Huawei', model: 'Watch GT 3' },
  { type: 'Смарт-часы', brand: 'Xiaomi', model: 'Watch S1' },
];

/** A malfunction and the works that fix it: [name, warranty days]. */
type Recipe = { malfunction: string; works: Array<[string, number]> };
const recipes: Record<DeviceType, Recipe[]> = {
  Смартфон: [
    { malfunction: 'Разбит дисплей', works: [['Замена дисплея', 90]] },
    { malfunction: 'Разбит дисплей, не работает сенсор', works: [['Замена дисплея', 90]] },
    { malfunction: 'Не заряжается', works: [['Замена разъёма зарядки', 90]] },
    { malfunction: 'Не заряжается, разъём болтается', works: [['Замена шлейфа зарядки', 90]] },
    { malfunction: 'Быстро садится батарея', works: [['Замена аккумулятора', 180]] },
    { malfunction: 'Не включается после падения в воду', works: [['Чистка после попадания влаги', 30], ['Восстановление цепи питания', 90]] },
    { malfunction: 'Не работает основная камера', works: [['Замена камеры', 90]] },
    { malfunction: 'Плохо слышно собеседника', works: [['Замена динамика', 90]] },
    { malfunction: 'Разбито заднее стекло', works: [['Замена заднего стекла', 30]] },
    { malfunction: 'Зависает на логотипе, перезагружается', works: [['Восстановление ПО, перепрошивка', 30]] },
    { malfunction: 'Не ловит сеть после падения', works: [['Ремонт модуля связи', 90]] },
    { malfunction: 'Собеседник не слышит, не работает микрофон', works: [['Замена микрофона', 90]] },
  ],
  Планшет: [
    { malfunction: 'Разбит тачскрин', works: [['Замена тачскрина', 90]] },
    { malfunction: 'Не заряжается', works: [['Замена разъёма зарядки', 90]] },
    { malfunction: 'Быстро садится батарея', works: [['Замена аккумулятора', 180]] },
    { malfunction: 'Не включается', works: [['Ремонт цепи питания', 90]] },
    { malfunction: 'Полосы на экране после падения', works: [['Замена дисплейного модуля', 90]] },
  ],
  Ноутбук: [
    { malfunction: 'Сильно греется и выключается', works: [['Чистка системы охлаждения, замена термопасты', 30]] },
    { malfunction: 'Залит чаем, не включается', works: [['Чистка после попадания влаги', 30], ['Ремонт материнской платы', 90]] },
    { malfunction: 'Не работают некоторые клавиши', works: [['Замена клавиатуры', 90]] },
    { malfunction: 'Разбита матрица', works: [['Замена матрицы', 90]] },
    { malfunction: 'Не загружается Windows', works: [['Установка Windows и драйверов', 30]] },
    { malfunction: 'Не заряжается от блока питания', works: [['Замена разъёма питания', 90]] },
    { malfunction: 'Громко шумит вентилятор', works: [['Замена вентилятора', 90]] },
  ],
  'Смарт-часы': [
    { malfunction: 'Разбито стекло', works: [['Замена стекла', 90]] },
    { malfunction: 'Быстро садится батарея', works: [['Замена аккумулятора', 180]] },
    { malfunction: 'Не заряжается', works: [['Чистка контактов зарядки', 30]] },
    { malfunction: 'Не включается после плавания', works: [['Чистка после попадания влаги', 30], ['Замена аккумулятора', 180]] },
  ],
};

/** Stocked parts (by SKU) and the repair they go into: the device model, the malfunction, the work. */
const partRecipes: Array<{ sku: string; brand: string; model: string; malfunction: string; work: [string, number] }> = [
  { sku: 'DSP-IP11', brand: 'Apple', model: 'iPhone 11', malfunction: 'Разбит дисплей, не работает сенсор', work: ['Замена дисплея', 90] },
  { sku: 'DSP-IP12', brand: 'Apple', model: 'iPhone 12', malfunction: 'Разбит дисплей', work: ['Замена дисплея', 90] },
  { sku: 'DSP-IP13', brand: 'Apple', model: 'iPhone 13', malfunction: 'Разбит дисплей, полосы на экране', work: ['Замена дисплея', 90] },
  { sku: 'DSP-IP14P', brand: 'Apple', model: 'iPhone 14 Pro', malfunction: 'Разбит дисплей', work: ['Замена дисплея', 90] },
  { sku: 'DSP-SGA52', brand: 'Samsung', model: 'Galaxy A52', malfunction: 'Разбит дисплей, чёрный экран', work: ['Замена дисплея', 90] },
  { sku: 'DSP-SGS21', brand: 'Samsung', model: 'Galaxy S21', malfunction: 'Разбит дисплей', work: ['Замена дисплея', 90] },
  { sku: 'DSP-XRN10P', brand: 'Xiaomi', model: 'Redmi Note 10 Pro', malfunction: 'Разбит дисплей, не работает сенсор', work: ['Замена дисплея', 90] },
  { sku: 'DSP-XR9A', brand: 'Xiaomi', model: 'Redmi 9A', malfunction: 'Разбит дисплей', work: ['Замена дисплея', 90] },
  { sku: 'BAT-IP11', brand: 'Apple', model: 'iPhone 11', malfunction: 'Быстро садится батарея', work: ['Замена аккумулятора', 180] },
  { sku: 'BAT-IP12', brand: 'Apple', model: 'iPhone 12', malfunction: 'Быстро садится батарея, выключается на морозе', work: ['Замена аккумулятора', 180] },
  { sku: 'BAT-IP13', brand: 'Apple', model: 'iPhone 13', malfunction: 'Быстро садится батарея', work: ['Замена аккумулятора', 180] },
  { sku: 'BAT-SGA52', brand: 'Samsung', model: 'Galaxy A52', malfunction: 'Вздулся аккумулятор', work: ['Замена аккумулятора', 180] },
  { sku: 'BAT-XBN53', brand: 'Xiaomi', model: 'Redmi Note 10 Pro', malfunction: 'Быстро садится батарея', work: ['Замена аккумулятора', 180] },
  { sku: 'BAT-XBN56', brand: 'Xiaomi', model: 'Redmi 9A', malfunction: 'Не держит заряд', work: ['Замена аккумулятора', 180] },
];

const appearances = ['Потёртости на корпусе', 'Царапины на экране', 'Скол на углу корпуса', 'Без видимых повреждений', 'Трещина на заднем стекле', 'Следы влаги', 'Погнут корпус'];
const kits: Record<DeviceType, string[]> = {
  Смартфон: ['Без зарядки', 'В чехле', 'Только телефон', 'С сим-картой', 'Без сим-карты'],
  Планшет: ['Без зарядки', 'В чехле-книжке', 'С кабелем'],
  Ноутбук: ['С блоком питания', 'Без блока питания', 'С сумкой и блоком питания'],
  'Смарт-часы': ['С зарядкой', 'Без ремешка', 'С ремешком'],
};
const intakeNotes = ['Клиент просит позвонить перед ремонтом', 'Данные сохранить', 'Пароль сообщит по телефону', 'Нужен к выходным', 'Ранее в другом сервисе не ремонтировали'];
const refusals = ['Клиент отказался: дорого', 'Ремонт нецелесообразен, клиент заберёт устройство', 'Клиент решил купить новое устройство', 'Запчасть не поставляется'];

type StatusName = (typeof defaultOrderStatuses)[number]['name'];
/** The way through the default statuses to each working one (Новый → … → it). */
const pathTo: Record<string, StatusName[][]> = {
  Новый: [['Новый']],
  Диагностика: [['Новый', 'Диагностика']],
  Согласование: [['Новый', 'Диагностика', 'Согласование']],
  'Ждёт запчасть': [['Новый', 'Диагностика', 'Согласование', 'Ждёт запчасть']],
  'В работе': [
    ['Новый', 'Диагностика', 'В работе'],
    ['Новый', 'Диагностика', 'Согласование', 'В работе'],
  ],
  Готов: [
    ['Новый', 'Диагностика', 'В работе', 'Готов'],
    ['Новый', 'Диагностика', 'Согласование', 'В работе', 'Готов'],
  ],
  Отказ: [
    ['Новый', 'Диагностика', 'Отказ'],
    ['Новый', 'Диагностика', 'Согласование', 'Отказ'],
  ],
};
const statusNotes: Partial<Record<StatusName, string[]>> = {
  Согласование: ['Озвучили клиенту стоимость ремонта', 'Ждём ответа клиента по цене'],
  'Ждёт запчасть': ['Заказали запчасть у поставщика', 'Запчасть придёт через 3–5 дней'],
  'В работе': ['Клиент согласовал ремонт по телефону', 'Запчасть пришла'],
  Готов: ['Ремонт выполнен, проверено', 'Проверено, всё работает'],
};

/** An IMEI: the TAC and six serial digits, then the check digit that passes the Luhn check. */
const luhnImei = (first14: string): string => [...'0123456789'].map((d) => first14 + d).find(imeiChecksumOk)!;

/** The moment's day squeezed into the shop's working hours (00:00–24:00 → 10:00–20:00 Moscow): the order of moments is kept. */
function workTime(t: number): number {
  const local = (((t + MSK) % DAY) + DAY) % DAY;
  return t - local + 10 * HOUR + Math.floor((local * 10) / 24);
}

/** `t` in working hours when that stays strictly between `lo` and `hi`, else `t` itself. */
function workTimeWithin(t: number, lo: number, hi: number): number {
  const moved = workTime(t);
  return moved > lo && moved < hi ? moved : t;
}

/** `t` when it is in working hours (10:00–20:00 Moscow), else a moment of the last working hour before it (`r` in [0, 1) picks it); never later than `t`. */
function earlierWorkTime(t: number, r: number): number {
  const local = (((t + MSK) % DAY) + DAY) % DAY;
  if (local >= 10 * HOUR && local < 20 * HOUR) return t;
  return t - local + 19 * HOUR - (local < 10 * HOUR ? DAY : 0) + Math.floor(r * 55 * MIN);
}

interface PlanWork {
  name: string;
  price: number;
  warrantyDays: number;
}
interface PlanPart {
  productId: string;
  name: string;
  warehouseId: string;
  qty: number;
  price: number;
  warrantyDays: number;
}
interface PlanStep {
  status: StatusName;
  at: number;
  text: string | null;
}
interface Plan {
  id: string;
  loc: number;
  clientId: string;
  device: DemoDevice;
  imei: string | null;
  serial: string | null;
  appearance: string;
  kit: string;
  malfunction: string;
  note: string | null;
  steps: PlanStep[];
  works: PlanWork[];
  parts: PlanPart[];
  payment: { id: string; number: string; amount: number; method: 'cash' | 'card'; at: number; comment: string } | null;
  issuedAt: number | null;
  dueAt: number | null;
  estimate: number | null;
  urgent: boolean;
  engineerId: string | null;
  authorId: string;
  warrantyOf: Plan | null;
  number?: string;
}

/**
 * A lived-in repair shop for the demo company (about 150 orders over 60 days in the three shops):
 * - issued orders adopt the finance demo's repair payments («Оплата ремонта…» with a client): each is
 *   created 1–5 days before its payment and issued at it, works (and some parts from the shop's stock,
 *   written off through the stock engine at the issue time) add up to the payment, the payment is
 *   linked to the order and the client charged the total (client ledger), so each client's balance
 *   stays their ledger;
 * - open orders of the last 10 days in every working status and a few refused, some overdue (their
 *   `overdue_at` as `overdueAtOf` computes it), some urgent or with a due date, some with parts
 *   reserved from the free stock; the prepayments adopt recent repair payments of the finance demo (no
 *   new cash operation, so shifts and cash ledgers stay as the finance demo wrote them);
 * - three warranty claims of orders still within their warranty.
 * Numbers per location in creation order, counters set to the last one. Planned in memory, written
 * set-based (the stock write-offs one engine call per order, the client charges through the ledger).
 * Only for the demo company and an empty `repair_orders`. Seed data is not audited or announced.
 */
export const ordersDemoSeeder: Seeder = {
  name: 'orders.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name))).orderBy(asc(locations.name));
    if (locs.length < 3) return;
    const [{ n }] = await tx.select({ n: count() }).from(repairOrders);
    if (Number(n) > 0) return;
    const [owner] = await tx.select({ id: employees.id }).from(employees).orderBy(asc(employees.createdAt)).limit(1);
    if (!owner) return;
    const statusRows = await tx.select().from(orderStatuses).where(isNull(orderStatuses.archivedAt));
    const status = (name: StatusName) => statusRows.find((s) => s.name === name)!;
    if (!defaultOrderStatuses.every((s) => statusRows.some((r) => r.name === s.name))) return;

    // The demo staff: the manager takes devices in, the engineer repairs where he works (else the manager).
    const phone = (role: string) => demoAccounts.find((a) => a.role === role)?.phone ?? '';
    const staff = await tx.select({ id: employees.id, phone: employees.phone }).from(employees).where(inArray(employees.phone, [phone('manager'), phone('engineer'), phone('cashier')]));
    const idOf = (role: string) => staff.find((s) => s.phone === phone(role))?.id ?? null;
    const manager = idOf('manager') ?? owner.id;
    const engineer = idOf('engineer');
    const cashier = idOf('cashier');
    const placedIds = [engineer, cashier].filter((x): x is string => !!x);
    const placed = placedIds.length ? await tx.select().from(employeeLocations).where(inArray(employeeLocations.employeeId, placedIds)) : [];
    const worksAt = (employeeId: string | null, i: number) => !!employeeId && placed.some((p) => p.employeeId === employeeId && p.locationId === locs[i].id);
    const engineerAt = (i: number) => (worksAt(engineer, i) ? engineer! : manager);
    const locIndex = new Map(locs.map((l, i) => [l.id, i]));

    let state = 20261210;
    const rnd = (k: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor(state / 65536) % k;
    };
    const pick = <T>(list: readonly T[]): T => list[rnd(list.length)];
    const frac = () => rnd(10_000) / 10_000;
    const between = (a: number, b: number) => Math.floor(a + frac() * (b - a));
    const round50 = (kopecks: number) => Math.max(5000, Math.round(kopecks / 5000) * 5000);
    const now = Date.now();

    // Repair payments of the finance demo not linked to anything yet, oldest first.
    const payments = await tx
      .select({ id: cashOperations.id, locationId: cashOperations.locationId, cashboxId: cashOperations.cashboxId, amount: cashOperations.amount, clientId: cashOperations.clientId, comment: cashOperations.comment, number: cashOperations.number, at: cashOperations.at })
      .from(cashOperations)
      .where(
        and(
          inArray(cashOperations.locationId, locs.map((l) => l.id)),
          eq(cashOperations.kind, 'income'),
          eq(cashOperations.status, 'posted'),
          isNotNull(cashOperations.clientId),
          isNull(cashOperations.documentId),
          like(cashOperations.comment, 'Оплата ремонта%'),
          gte(cashOperations.at, new Date(now - 60 * DAY)),
        ),
      )
      .orderBy(asc(cashOperations.at), asc(cashOperations.number));
    const boxKind = new Map((await tx.select({ id: cashboxes.id, kind: cashboxes.kind }).from(cashboxes)).map((b) => [b.id, b.kind]));
    const clients = (
      await tx
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(and(eq(counterparties.isSupplier, false), isNull(counterparties.mergedIntoId), isNull(counterparties.archivedAt)))
        .orderBy(asc(counterparties.name))
        .limit(80)
    ).map((c) => c.id);
    if (clients.length === 0) return;

    // The shops' stock of the parts with a recipe (not serial-tracked), and its history to keep the
    // ledger in time order: a part is written off only when the stock had it at that time and keeps it.
    const recipeBySku = new Map(partRecipes.map((r) => [r.sku, r]));
    const goods = (
      await tx
        .select({ id: products.id, name: products.name, sku: products.sku, price: products.price, warrantyDays: products.warrantyDays })
        .from(products)
        .where(and(eq(products.kind, 'good'), eq(products.serialTracked, false), isNull(products.archivedAt), inArray(products.sku, partRecipes.map((r) => r.sku))))
    ).filter((g) => g.price > 0);
    const whs = await tx.select({ id: warehouses.id, locationId: warehouses.locationId }).from(warehouses).where(inArray(warehouses.locationId, locs.map((l) => l.id)));
    const pairKey = (w: string, p: string) => `${w}:${p}`;
    const free = new Map<string, number>();
    const history = new Map<string, Array<{ t: number; qty: number }>>();
    const planned = new Map<string, Array<{ t: number; qty: number }>>();
    if (goods.length && whs.length) {
      const balances = await tx
        .select()
        .from(stockBalances)
        .where(and(inArray(stockBalances.warehouseId, whs.map((w) => w.id)), inArray(stockBalances.productId, goods.map((g) => g.id))));
      for (const b of balances) free.set(pairKey(b.warehouseId, b.productId), b.qty - b.reserved);
      const moves = await tx
        .select({ warehouseId: stockMovements.warehouseId, productId: stockMovements.productId, qty: stockMovements.qty, at: stockMovements.at })
        .from(stockMovements)
        .where(and(inArray(stockMovements.warehouseId, whs.map((w) => w.id)), inArray(stockMovements.productId, goods.map((g) => g.id))));
      for (const m of moves) {
        const k = pairKey(m.warehouseId!, m.productId);
        if (!history.has(k)) history.set(k, []);
        history.get(k)!.push({ t: m.at.getTime(), qty: m.qty });
      }
    }
    /** Can `qty` leave this warehouse at `t`, the stock staying ≥ 0 then and at every later movement? */
    const canTake = (k: string, t: number, qty: number) => {
      if ((free.get(k) ?? 0) < qty) return false;
      const hist = history.get(k) ?? [];
      const ours = planned.get(k) ?? [];
      const level = (at: number) => hist.filter((h) => h.t <= at).reduce((s, h) => s + h.qty, 0) - ours.filter((o) => o.t <= at).reduce((s, o) => s + o.qty, 0);
      return [t, ...hist.filter((h) => h.t > t).map((h) => h.t), ...ours.filter((o) => o.t > t).map((o) => o.t)].every((at) => level(at) >= qty);
    };
    /** A part for a repair at this location: a stocked good with a recipe, priced from `least` to `budget`. */
    const findPart = (loc: number, t: number | null, budget: number, least = 0): { good: (typeof goods)[number]; warehouseId: string } | null => {
      const options: Array<{ good: (typeof goods)[number]; warehouseId: string }> = [];
      for (const w of whs.filter((x) => x.locationId === locs[loc].id)) {
        for (const g of goods) {
          if (g.price > budget || g.price < least) continue;
          const k = pairKey(w.id, g.id);
          if (t === null ? (free.get(k) ?? 0) >= 1 : canTake(k, t, 1)) options.push({ good: g, warehouseId: w.id });
        }
      }
      return options.length ? pick(options) : null;
    };
    const takePart = (warehouseId: string, productId: string, t: number | null) => {
      const k = pairKey(warehouseId, productId);
      free.set(k, (free.get(k) ?? 0) - 1);
      if (t !== null) {
        if (!planned.has(k)) planned.set(k, []);
        planned.get(k)!.push({ t, qty: 1 });
      }
    };

    const newDevice = (device: DemoDevice) => {
      let imei: string | null = null;
      let serial: string | null = null;
      if (device.tac && rnd(10) < 6) {
        imei = luhnImei(`${device.tac}${String(rnd(1000)).padStart(3, '0')}${String(rnd(1000)).padStart(3, '0')}`);
      } else {
        const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
        const len = device.brand === 'Apple' ? 11 : device.brand === 'Samsung' ? 10 : 11 + rnd(5);
        serial = (device.brand === 'Apple' ? 'F' : device.brand === 'Samsung' ? 'R5' : '') + Array.from({ length: len - (device.brand === 'Samsung' ? 1 : 0) }, () => alphabet[rnd(alphabet.length)]).join('');
      }
      return { imei, serial, appearance: pick(appearances), kit: pick(kits[device.type]) };
    };
    const deviceOf = (brand: string, model: string) => demoDevices.find((d) => d.brand === brand && d.model === model) ?? { type: 'Смартфон' as const, brand, model };
    /** Splits an amount over the works: the first ones get a share, the last the rest (each at least 500 ₽). */
    const priceWorks = (works: Array<[string, number]>, amount: number): PlanWork[] => {
      const list = amount >= works.length * 50000 ? works : works.slice(0, 1);
      let left = amount;
      return list.map(([name, warrantyDays], i) => {
        const price = i === list.length - 1 ? left : Math.min(left - (list.length - 1 - i) * 50000, Math.max(50000, round50(amount * (0.3 + frac() * 0.15))));
        left -= price;
        return { name, price, warrantyDays };
      });
    };
    /** A working price for a work typed by the engineer (open orders). */
    const workPrice = () => round50(between(90000, 450000));

    const plans: Plan[] = [];
    const base = (loc: number, clientId: string, device: DemoDevice, malfunction: string): Plan => ({
      id: randomUUID(),
      loc,
      clientId,
      device,
      ...newDevice(device),
      malfunction,
      note: rnd(5) === 0 ? pick(intakeNotes) : null,
      steps: [],
      works: [],
      parts: [],
      payment: null,
      issuedAt: null,
      dueAt: null,
      estimate: null,
      urgent: false,
      engineerId: engineerAt(loc),
      authorId: worksAt(cashier, loc) && rnd(3) === 0 ? cashier! : manager,
      warrantyOf: null,
    });
    /** Status steps along `path`, the first at `t0`, the last at `tLast`, the middle ones in between (in working hours when they fit). */
    const walk = (path: StatusName[], t0: number, tLast: number): PlanStep[] => {
      const times = path.map((_, i) => (i === 0 ? t0 : i === path.length - 1 ? tLast : 0));
      if (path.length > 2) {
        times[1] = t0 + Math.min(between(10 * MIN, 90 * MIN), (tLast - t0) / path.length);
        const gap = (tLast - times[1]) / (path.length - 2);
        const jitter = Math.min(20 * MIN, gap / 4);
        for (let i = 2; i < path.length - 1; i++) times[i] = times[1] + gap * (i - 1) + between(-jitter, jitter);
        for (let i = 2; i < path.length - 1; i++) {
          const moved = earlierWorkTime(times[i], frac());
          if (moved > times[i - 1] + MIN) times[i] = moved;
        }
        for (let i = 1; i < path.length - 1; i++) times[i] = Math.min(Math.max(times[i - 1] + MIN, times[i]), tLast - (path.length - 1 - i) * MIN);
      }
      return path.map((s, i) => {
        const notes = statusNotes[s];
        return { status: s, at: Math.round(times[i]), text: i > 0 && notes && rnd(3) === 0 ? pick(notes) : null };
      });
    };

    // --- Open orders: which prepayments they adopt (recent payments, within what their status allows).
    type OpenSpec = { status: StatusName; overdue?: 'limit' | 'due'; prepaid?: boolean; part?: boolean; urgent?: boolean; due?: boolean; estimate?: boolean };
    const specs: OpenSpec[] = [
      { status: 'Новый', overdue: 'limit' },
      { status: 'Новый', urgent: true, estimate: true },
      { status: 'Новый', estimate: true },
      { status: 'Новый' },
      { status: 'Новый', due: true },
      { status: 'Новый' },
      { status: 'Диагностика', overdue: 'limit' },
      { status: 'Диагностика', overdue: 'limit', estimate: true },
      { status: 'Диагностика', due: true },
      { status: 'Диагностика', urgent: true },
      { status: 'Диагностика', estimate: true },
      { status: 'Диагностика' },
      { status: 'Диагностика' },
      { status: 'Согласование', overdue: 'limit' },
      { status: 'Согласование', prepaid: true },
      { status: 'Согласование', part: true },
      { status: 'Согласование', estimate: true },
      { status: 'Согласование' },
      { status: 'Ждёт запчасть', overdue: 'due' },
      { status: 'Ждёт запчасть', prepaid: true, due: true },
      { status: 'Ждёт запчасть', prepaid: true },
      { status: 'Ждёт запчасть', prepaid: true },
      { status: 'Ждёт запчасть', due: true },
      { status: 'Ждёт запчасть' },
      { status: 'В работе', overdue: 'limit' },
      { status: 'В работе', part: true, prepaid: true },
      { status: 'В работе', part: true, urgent: true },
      { status: 'В работе', prepaid: true },
      { status: 'В работе', due: true },
      { status: 'В работе' },
      { status: 'В работе' },
      { status: 'Готов', part: true, prepaid: true },
      { status: 'Готов', part: true },
      { status: 'Готов', part: true },
      { status: 'Готов', prepaid: true },
      { status: 'Готов', prepaid: true },
      { status: 'Готов', prepaid: true },
      { status: 'Готов' },
      { status: 'Отказ' },
      { status: 'Отказ', estimate: true },
      { status: 'Отказ' },
      { status: 'Отказ' },
    ];
    // How long ago the current status may have been set (hours): [from, to].
    const calm: Record<string, [number, number]> = {
      Новый: [0.1, 1.6],
      Диагностика: [1, 20],
      Согласование: [1, 20],
      'Ждёт запчасть': [2, 140],
      'В работе': [1, 40],
      Готов: [1, 140],
      Отказ: [1, 190],
    };
    const late: Record<string, [number, number]> = { Новый: [3, 6], Диагностика: [27, 50], Согласование: [27, 40], 'Ждёт запчасть': [172, 200], 'В работе': [50, 70] };
    // A prepaid order was taken in with its payment: the payment must fall inside what the status allows.
    const prepaidAge: Record<string, number> = { Согласование: 22, 'В работе': 36, 'Ждёт запчасть': 130, Готов: 200 };
    const usedPayments = new Set<string>();
    const prepayments = new Map<OpenSpec, (typeof payments)[number]>();
    for (const spec of specs.filter((s) => s.prepaid).sort((a, b) => prepaidAge[a.status] - prepaidAge[b.status])) {
      const fits = payments.filter((p) => !usedPayments.has(p.id) && p.at.getTime() > now - prepaidAge[spec.status] * HOUR && p.at.getTime() < now - 40 * MIN);
      if (fits.length === 0) continue;
      const p = pick(fits);
      usedPayments.add(p.id);
      prepayments.set(spec, p);
    }

    // --- Issued orders: about a hundred of the other repair payments, spread over the 60 days.
    const rest = payments.filter((p) => !usedPayments.has(p.id));
    const ISSUED = 105;
    const chosen = rest.length <= ISSUED ? rest : Array.from({ length: ISSUED }, (_, k) => rest[Math.floor((k * rest.length) / ISSUED)]);
    let withPart = 0;
    for (const [k, p] of chosen.entries()) {
      const loc = locIndex.get(p.locationId)!;
      const paidAt = p.at.getTime();
      const day = paidAt - between(1, 6) * DAY;
      const created = day - ((day + MSK) % DAY) + 10 * HOUR + between(0, 9 * HOUR);
      let plan: Plan;
      // About 30 get a part from the shop's stock, spread over the days (when one fits the payment and was in stock then).
      const part = withPart < Math.round(((k + 1) * 30) / chosen.length) ? findPart(loc, paidAt, p.amount - 80000, p.amount * 0.4) : null;
      if (part) {
        const r = recipeBySku.get(part.good.sku!)!;
        plan = base(loc, p.clientId!, deviceOf(r.brand, r.model), r.malfunction);
        takePart(part.warehouseId, part.good.id, paidAt);
        withPart += 1;
        plan.parts.push({ productId: part.good.id, name: part.good.name, warehouseId: part.warehouseId, qty: 1, price: part.good.price, warrantyDays: part.good.warrantyDays || 90 });
        plan.works = [{ name: r.work[0], price: p.amount - part.good.price, warrantyDays: r.work[1] }];
      } else {
        const device = pick(rnd(3) === 0 ? demoDevices : demoDevices.filter((d) => d.type === 'Смартфон'));
        const recipe = pick(recipes[device.type]);
        plan = base(loc, p.clientId!, device, recipe.malfunction);
        const extra: Array<[string, number]> = device.type === 'Смартфон' && p.amount >= 300000 && rnd(4) === 0 ? [['Наклейка защитного стекла', 30]] : [];
        plan.works = priceWorks([...recipe.works, ...extra], p.amount);
      }
      const path: StatusName[] = pick([
        ['Новый', 'Диагностика', 'В работе', 'Готов'],
        ['Новый', 'Диагностика', 'Согласование', 'В работе', 'Готов'],
        ['Новый', 'Диагностика', 'В работе', 'Готов'],
        ...(plan.parts.length ? [['Новый', 'Диагностика', 'Согласование', 'Ждёт запчасть', 'В работе', 'Готов'] as StatusName[]] : []),
      ]);
      const ready = Math.min(Math.max(created + 2 * HOUR, paidAt - between(20 * MIN, 20 * HOUR)), paidAt - 5 * MIN);
      const evening = earlierWorkTime(ready, frac());
      const readyAt = evening > created + HOUR ? evening : ready;
      plan.steps = [...walk(path, created, readyAt), { status: 'Выдан', at: paidAt, text: null }];
      plan.payment = { id: p.id, number: p.number, amount: p.amount, method: boxKind.get(p.cashboxId) === 'card' ? 'card' : 'cash', at: paidAt, comment: p.comment ?? 'Оплата ремонта' };
      plan.issuedAt = paidAt;
      plan.urgent = rnd(20) === 0;
      if (rnd(4) === 0) plan.estimate = Math.ceil(p.amount / 50000) * 50000;
      if (rnd(5) === 0) plan.dueAt = workTime(created + 2 * DAY) + HOUR;
      plans.push(plan);
    }

    // --- Warranty claims: three recent issued orders still within their warranty, same client and device.
    const originals = plans
      .filter((o) => o.issuedAt! > now - 40 * DAY && o.issuedAt! < now - 3 * DAY && o.device.type === 'Смартфон' && Math.max(...o.works.map((w) => w.warrantyDays), ...o.parts.map((x) => x.warrantyDays)) >= 90)
      .filter((o, i, all) => all.findIndex((x) => x.clientId === o.clientId) === i);
    const claimStatuses: StatusName[] = ['Диагностика', 'В работе', 'Готов'];
    for (const [k, original] of originals.filter((_, i) => i % 2 === 0).slice(-3).entries()) {
      const target = claimStatuses[k];
      const plan = base(original.loc, original.clientId, original.device, `Гарантия: ${original.malfunction.toLowerCase()}, проблема вернулась`);
      Object.assign(plan, { imei: original.imei, serial: original.serial, appearance: original.appearance, kit: original.kit, note: null, warrantyOf: original, engineerId: original.engineerId });
      const [from, to] = calm[target];
      const current = now - between(from * HOUR, Math.min(to, 30) * HOUR);
      const wanted = Math.max(original.issuedAt! + DAY, current - between(2 * HOUR, 20 * HOUR));
      const moved = earlierWorkTime(wanted, frac());
      const created = moved > original.issuedAt! + DAY ? moved : wanted;
      plan.steps = walk(pathTo[target][0], Math.min(created, current - 30 * MIN), current);
      if (target !== 'Диагностика') plan.works = [{ name: `${original.works[0].name} по гарантии`, price: 0, warrantyDays: original.works[0].warrantyDays }];
      plans.push(plan);
    }

    // --- Open orders.
    for (const [k, spec] of specs.entries()) {
      const paid = prepayments.get(spec) ?? null;
      // The shops in turn, so each has orders in every working status.
      const loc = paid ? locIndex.get(paid.locationId)! : k % locs.length;
      const clientId = paid ? paid.clientId! : pick(clients);
      const part = spec.part ? findPart(loc, null, paid ? paid.amount : 2_000_000, paid ? paid.amount * 0.4 : 0) : null;
      let plan: Plan;
      if (part) {
        const r = recipeBySku.get(part.good.sku!)!;
        plan = base(loc, clientId, deviceOf(r.brand, r.model), r.malfunction);
        takePart(part.warehouseId, part.good.id, null);
        plan.parts.push({ productId: part.good.id, name: part.good.name, warehouseId: part.warehouseId, qty: 1, price: part.good.price, warrantyDays: part.good.warrantyDays || 90 });
        plan.works = [{ name: r.work[0], price: workPrice(), warrantyDays: r.work[1] }];
      } else {
        const device = pick(rnd(3) === 0 ? demoDevices : demoDevices.filter((d) => d.type === 'Смартфон'));
        const recipe = pick(recipes[device.type]);
        plan = base(loc, clientId, device, recipe.malfunction);
        if (['Согласование', 'Ждёт запчасть', 'В работе', 'Готов'].includes(spec.status)) plan.works = recipe.works.map(([name, warrantyDays]) => ({ name, price: workPrice(), warrantyDays }));
      }
      if (spec.status === 'Новый') plan.engineerId = null;
      // The time of the current status: calm (within its limit) or late (past it); a prepaid order after its payment.
      const [from, to] = spec.overdue === 'limit' ? late[spec.status] : spec.overdue === 'due' ? [50, 140] : calm[spec.status];
      let current = now - between(from * HOUR, to * HOUR);
      let created: number;
      if (paid) {
        created = paid.at.getTime() - between(3 * MIN, 15 * MIN);
        current = Math.max(current, paid.at.getTime() + 30 * MIN);
      } else {
        const span = spec.status === 'Новый' ? 0 : spec.status === 'Диагностика' ? between(10 * MIN, 90 * MIN) : between(3 * HOUR, 2.5 * DAY);
        created = Math.max(current - span, now - 10 * DAY);
        const moved = earlierWorkTime(created, frac());
        if (span > 0 && moved > now - 10 * DAY) created = moved;
      }
      plan.steps = walk(pick(pathTo[spec.status]), created, current);
      if (spec.status === 'Отказ') plan.steps[plan.steps.length - 1].text = pick(refusals);
      if (paid) {
        plan.payment = { id: paid.id, number: paid.number, amount: paid.amount, method: boxKind.get(paid.cashboxId) === 'card' ? 'card' : 'cash', at: paid.at.getTime(), comment: paid.comment ?? 'Оплата ремонта' };
        // The works cover the prepayment (a ready order is sometimes paid in full).
        const lines = plan.works.reduce((s, w) => s + w.price, 0) + plan.parts.reduce((s, x) => s + x.price, 0);
        const want = paid.amount + (spec.status === 'Готов' && rnd(2) === 0 ? 0 : round50(between(50000, 300000)));
        if (plan.works.length === 0) plan.works = [{ name: 'Диагностика', price: 0, warrantyDays: 0 }];
        plan.works[0].price += Math.max(0, want - lines);
      }
      plan.urgent = !!spec.urgent;
      if (spec.estimate) plan.estimate = round50(between(150000, 1200000));
      if (spec.overdue === 'due') plan.dueAt = now - between(2 * HOUR, 20 * HOUR);
      else if (spec.due) plan.dueAt = workTime(now + between(1 * DAY, 4 * DAY));
      plans.push(plan);
    }

    // --- Numbers per location in creation order (after any the counters already gave).
    const counters = new Map(
      (await tx.select().from(documentCounters).where(and(eq(documentCounters.kind, 'repair_order'), inArray(documentCounters.locationId, locs.map((l) => l.id))))).map((c) => [c.locationId, c.last]),
    );
    plans.sort((a, b) => a.steps[0].at - b.steps[0].at);
    for (const plan of plans) {
      const next = (counters.get(locs[plan.loc].id) ?? 0) + 1;
      counters.set(locs[plan.loc].id, next);
      plan.number = `${repairOrderPrefix}-${String(next).padStart(6, '0')}`;
    }

    // --- Rows.
    type OrderInsert = typeof repairOrders.$inferInsert;
    type EventInsert = typeof repairOrderEvents.$inferInsert;
    const orderRows: OrderInsert[] = [];
    const workRows: Array<typeof repairOrderWorks.$inferInsert> = [];
    const partRows: Array<typeof repairOrderParts.$inferInsert> = [];
    const paymentRows: Array<typeof repairOrderPayments.$inferInsert> = [];
    const events: EventInsert[] = [];
    const ledger: ClientLedgerEntry[] = [];
    for (const plan of plans) {
      const last = plan.steps[plan.steps.length - 1];
      const current = status(last.status);
      const finished = finishedOrderGroups.includes(current.group);
      const total = plan.works.reduce((s, w) => s + w.price, 0) + plan.parts.reduce((s, x) => s + x.price * x.qty, 0);
      const created = new Date(plan.steps[0].at);
      const engineerId = plan.engineerId;
      const author = (s: StatusName) => (s === 'Выдан' ? plan.authorId : engineerId ?? manager);
      const ev = (at: number, e: Omit<EventInsert, 'orderId' | 'at'>) => events.push({ orderId: plan.id, at: new Date(at), ...e });
      ev(plan.steps[0].at, { kind: 'created', authorId: plan.authorId, toStatusId: status('Новый').id, text: plan.warrantyOf ? `Гарантия по заказу ${plan.warrantyOf.number}` : plan.note });
      if (plan.payment && !plan.issuedAt) ev(plan.payment.at, { kind: 'payment', authorId: plan.authorId, text: `${plan.payment.comment} (${plan.payment.number})`, amount: plan.payment.amount });
      // Works and parts are added in the second half of the diagnosis (before the status after it).
      const [lo, hi] = plan.steps.length > 2 ? [plan.steps[1].at, plan.steps[2].at] : [plan.steps[0].at, Math.max(last.at, plan.steps[0].at + MIN)];
      const lines = plan.works.length + plan.parts.length;
      const rawAt = (j: number) => Math.round(lo + (hi - lo) / 2 + ((hi - lo) / 2 / (lines + 1)) * j);
      // In working hours when all of them fit there (the squeeze keeps their order).
      const squeeze = lines > 0 && workTime(rawAt(0)) > lo && workTime(rawAt(lines - 1)) < hi;
      const addAt = (j: number) => (squeeze ? workTime(rawAt(j)) : rawAt(j));
      plan.works.forEach((w, i) => {
        workRows.push({ orderId: plan.id, productId: null, name: w.name, price: w.price, qty: 1, engineerId: engineerId ?? manager, warrantyDays: w.warrantyDays, position: i, createdAt: new Date(addAt(i)) });
        ev(addAt(i), { kind: 'work_added', authorId: engineerId ?? manager, text: `${w.name} × 1`, amount: w.price });
      });
      plan.parts.forEach((x, i) => {
        const at = addAt(plan.works.length + i);
        partRows.push({ orderId: plan.id, productId: x.productId, warehouseId: x.warehouseId, qty: x.qty, price: x.price, serial: null, warrantyDays: x.warrantyDays, writtenOff: !!plan.issuedAt, position: i, createdAt: new Date(at) });
        ev(at, { kind: 'part_added', authorId: engineerId ?? manager, text: `${x.name} × ${x.qty}`, amount: x.price * x.qty });
      });
      for (let i = 1; i < plan.steps.length; i++) {
        const s = plan.steps[i];
        if (s.status === 'Выдан') continue;
        ev(s.at, { kind: 'status', authorId: author(s.status), fromStatusId: status(plan.steps[i - 1].status).id, toStatusId: status(s.status).id, text: s.text });
        if (s.status === 'Готов' && rnd(2) === 0) {
          const call = workTimeWithin(s.at + between(5 * MIN, 40 * MIN), s.at, plan.issuedAt ? plan.issuedAt - MIN : now);
          if (call < (plan.issuedAt ? plan.issuedAt - MIN : now)) ev(call, { kind: 'comment', authorId: plan.authorId, text: 'Позвонили клиенту: устройство готово, можно забирать' });
        }
      }
      if (plan.issuedAt && plan.payment) {
        const t = plan.issuedAt;
        ev(t, { kind: 'payment', authorId: plan.authorId, text: `${plan.payment.comment} (${plan.payment.number})`, amount: plan.payment.amount });
        ev(t + 1, { kind: 'status', authorId: plan.authorId, fromStatusId: status(plan.steps[plan.steps.length - 2].status).id, toStatusId: status('Выдан').id, text: null });
        ev(t + 2, { kind: 'issued', authorId: plan.authorId, amount: total, text: null });
        ledger.push({ clientId: plan.clientId, kind: 'order', amount: -total, locationId: locs[plan.loc].id, documentType: 'repair_order', documentId: plan.id, number: plan.number!, comment: `Заказ ${plan.number} выдан`, at: new Date(t) });
      }
      if (plan.warrantyOf) events.push({ orderId: plan.warrantyOf.id, at: new Date(plan.steps[0].at), kind: 'warranty', authorId: plan.authorId, text: `Гарантийный заказ ${plan.number}` });
      if (plan.payment) paymentRows.push({ orderId: plan.id, operationId: plan.payment.id, method: plan.payment.method, amount: plan.payment.amount, createdAt: new Date(plan.payment.at) });
      const dueAt = plan.dueAt ? new Date(plan.dueAt) : null;
      orderRows.push({
        id: plan.id,
        locationId: locs[plan.loc].id,
        number: plan.number!,
        statusId: current.id,
        // An issue moves the status right after its payment (the timeline's order: payment, status, issued).
        statusChangedAt: new Date(plan.issuedAt ? plan.issuedAt + 1 : last.at),
        finished,
        overdueAt: overdueAtOf(current, new Date(last.at), dueAt),
        clientId: plan.clientId,
        deviceType: plan.device.type,
        deviceBrand: plan.device.brand,
        deviceModel: plan.device.model,
        imei: plan.imei,
        serial: plan.serial,
        appearance: plan.appearance,
        kit: plan.kit,
        malfunction: plan.malfunction,
        estimate: plan.estimate,
        dueAt,
        urgent: plan.urgent,
        managerId: manager,
        engineerId,
        authorId: plan.authorId,
        warrantyOfId: plan.warrantyOf?.id ?? null,
        total,
        paid: plan.payment?.amount ?? 0,
        issuedAt: plan.issuedAt ? new Date(plan.issuedAt) : null,
        createdAt: created,
        updatedAt: new Date(plan.issuedAt ? plan.issuedAt + 2 : last.at),
      });
    }
    // Works named like a catalogue service carry it.
    const services = new Map((await tx.select({ id: products.id, name: products.name }).from(products).where(and(eq(products.kind, 'service'), isNull(products.archivedAt)))).map((s) => [s.name, s.id]));
    for (const w of workRows) w.productId = services.get(w.name) ?? null;

    const chunks = <T>(list: T[], size = 300) => Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, (k + 1) * size));
    const models = [...new Map(plans.map((p) => [`${p.device.type}|${p.device.brand}|${p.device.model}`.toLowerCase(), p.device])).values()];
    if (plans.length === 0) return;
    await tx.insert(deviceModels).values(models.map((d) => ({ type: d.type, brand: d.brand, model: d.model }))).onConflictDoNothing();
    for (const part of chunks(orderRows, 150)) await tx.insert(repairOrders).values(part);
    for (const part of chunks(workRows)) await tx.insert(repairOrderWorks).values(part);
    if (partRows.length) await tx.insert(repairOrderParts).values(partRows);
    if (paymentRows.length) await tx.insert(repairOrderPayments).values(paymentRows);
    // The timeline is the bulk (about ten rows an order): one statement of column arrays, cheap to build and parse.
    const column = <K extends keyof EventInsert>(k: K) => events.map((e) => e[k] ?? null);
    await tx.execute(sql`insert into repair_order_events (order_id, at, kind, author_id, text, for_client, from_status_id, to_status_id, amount)
      select * from unnest(${sql.param(column('orderId'))}::uuid[], ${sql.param(events.map((e) => (e.at as Date).toISOString()))}::timestamptz[], ${sql.param(column('kind'))}::text[],
        ${sql.param(column('authorId'))}::uuid[], ${sql.param(column('text'))}::text[], ${sql.param(events.map((e) => e.forClient ?? false))}::boolean[],
        ${sql.param(column('fromStatusId'))}::uuid[], ${sql.param(column('toStatusId'))}::uuid[], ${sql.param(events.map((e) => (e.amount ?? null) === null ? null : String(e.amount)))}::bigint[])`);
    const linked = plans.filter((p) => p.payment);
    if (linked.length) {
      await tx.execute(sql`update cash_operations o set document_type = 'repair_order', document_id = v.order_id, document_number = v.number
        from unnest(${sql.param(linked.map((p) => p.payment!.id))}::uuid[], ${sql.param(linked.map((p) => p.id))}::uuid[], ${sql.param(linked.map((p) => p.number!))}::text[]) as v(op_id, order_id, number)
        where o.id = v.op_id`);
    }

    // Stock: the issued orders' parts leave through the engine at their issue time (one posting per
    // order, in time order); the open orders' parts are reserved.
    const withParts = plans.filter((p) => p.parts.length);
    if (withParts.length) {
      const locked = await lockPools(tx, withParts.flatMap((p) => p.parts.map((x) => x.productId)));
      const pools = new Map<string, PoolState>(locked);
      for (const plan of withParts.filter((p) => p.issuedAt).sort((a, b) => a.issuedAt! - b.issuedAt!)) {
        const mine = new LockedPools(new Map(plan.parts.map((x) => [x.productId, pools.get(x.productId)!])));
        const moves: Move[] = [];
        for (const x of plan.parts) {
          const pool = mine.get(x.productId)!;
          const taken = valuation.take(pool, x.qty);
          mine.set(x.productId, { ...taken.pool, lastAverage: pool.lastAverage });
          moves.push({ warehouseId: x.warehouseId, productId: x.productId, qty: -x.qty, value: -taken.value });
        }
        await writeMoves(tx, { id: plan.id, type: 'repair_order', number: plan.number! }, moves, mine, { at: new Date(plan.issuedAt!) });
        for (const [productId, p] of mine) pools.set(productId, { ...p, lastAverage: valuation.average(p, p.lastAverage) });
      }
      const reserve = new Map<string, { warehouseId: string; productId: string; qty: number }>();
      for (const plan of withParts.filter((p) => !p.issuedAt && !finishedOrderGroups.includes(status(p.steps[p.steps.length - 1].status).group))) {
        for (const x of plan.parts) {
          const k = pairKey(x.warehouseId, x.productId);
          reserve.set(k, { warehouseId: x.warehouseId, productId: x.productId, qty: (reserve.get(k)?.qty ?? 0) + x.qty });
        }
      }
      const list = [...reserve.values()];
      if (list.length) {
        await tx.execute(sql`update stock_balances b set reserved = b.reserved + v.qty
          from unnest(${sql.param(list.map((r) => r.warehouseId))}::uuid[], ${sql.param(list.map((r) => r.productId))}::uuid[], ${sql.param(list.map((r) => r.qty))}::int[]) as v(warehouse_id, product_id, qty)
          where b.warehouse_id = v.warehouse_id and b.product_id = v.product_id`);
      }
    }

    await tx
      .insert(documentCounters)
      .values([...counters].map(([locationId, last]) => ({ locationId, kind: 'repair_order', last })))
      .onConflictDoUpdate({ target: [documentCounters.locationId, documentCounters.kind], set: { last: sql`greatest(${documentCounters.last}, excluded.last)` } });
    await postClientLedger(tx, ledger.sort((a, b) => a.at!.getTime() - b.at!.getTime()));
    // The repairs report's columns, from the timeline, works and stock ledger just written.
    await fillReportColumns(tx, sql`x.id = any(${sql.param(plans.map((p) => p.id))}::uuid[])`);
  },
};
