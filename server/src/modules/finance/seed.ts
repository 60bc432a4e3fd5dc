import { randomUUID } from 'node:crypto';
import { cashOperationPrefixes, cashShiftPrefix, systemFinanceCategories, type FinanceCategoryKind } from '@repo/contracts';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { cashBalances, cashMovements, cashOperations, cashShifts, cashboxes, counterparties, documentCounters, employees, financeCategories, locations } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { postClientLedger, type ClientLedgerEntry } from '../clients/ledger';

/** The default category tree: top-level names with their sub-categories. */
export const defaultFinanceCategories: Record<FinanceCategoryKind, Array<[string, string[]]>> = {
  income: [
    ['Оплата от клиента', ['Предоплата', 'Доплата при выдаче']],
    ['Ремонт', []],
    ['Продажа', ['Аксессуары', 'Телефоны']],
    ['Прочие поступления', []],
  ],
  expense: [
    ['Закупка товара', ['Запчасти', 'Аксессуары']],
    ['Аренда', []],
    ['Зарплата', ['Оклад', 'Премии']],
    ['Хозяйственные расходы', []],
    ['Реклама', []],
    ['Связь и интернет', []],
    ['Возврат клиенту', []],
    ['Инкассация', []],
    ['Прочие расходы', []],
  ],
};

/**
 * The category tree every company starts with, and the system categories the shifts post to
 * (`shift_surplus` «Излишек по смене», `shift_shortage` «Недостача по смене»). Idempotent: system
 * categories by code, the rest only into an empty tree.
 */
export const financeCategoriesSeeder: Seeder = {
  name: 'finance.categories',
  async run(tx) {
    for (const [code, def] of Object.entries(systemFinanceCategories)) {
      await tx.execute(sql`insert into finance_categories (kind, name, code, position) values (${def.kind}, ${def.name}, ${code}, 1000)
        on conflict (code) where code is not null do nothing`);
    }
    const [{ n }] = await tx.select({ n: count() }).from(financeCategories).where(isNull(financeCategories.code));
    if (Number(n) > 0) return;
    for (const kind of ['income', 'expense'] as const) {
      let position = 0;
      for (const [name, children] of defaultFinanceCategories[kind]) {
        // «Зарплата» is the system category `salary` (payouts post to it): placed in the tree, not duplicated.
        const system = kind === 'expense' && name === systemFinanceCategories.salary.name;
        const [parent] = system
          ? await tx.update(financeCategories).set({ position: position++ }).where(eq(financeCategories.code, 'salary')).returning({ id: financeCategories.id })
          : await tx.insert(financeCategories).values({ kind, name, position: position++ }).returning({ id: financeCategories.id });
        if (children.length) await tx.insert(financeCategories).values(children.map((child, i) => ({ kind, name: child, parentId: parent.id, position: i })));
      }
    }
  },
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

type OpInsert = typeof cashOperations.$inferInsert & { id: string; at: Date };
type MoveInsert = typeof cashMovements.$inferInsert;
type ShiftInsert = typeof cashShifts.$inferInsert & { id: string };

/**
 * A lived-in cash book for the demo company: 60 days of shifts on the default cash cashbox of each of
 * the three shops (opened in the morning, closed in the evening, a few with a shortage or a surplus
 * posted in the system categories), payments from demo clients for repairs, sales, purchases, rent,
 * salaries, cash collection (transfers to the first shop, then to the bank account), and a few
 * cancelled refunds. Card payments go to each shop's «Эквайринг» and are settled every three days to
 * «Расчётный счёт» (at the first shop), which pays rent once it has the money and the supplier invoices.
 * One shift stays open today in the first shop.
 *
 * Simulated in memory and written set-based (a few multi-row inserts) so seeding stays fast: the rows
 * are exactly what the engine would write (numbers per location and kind, `balance_after` running per
 * cashbox, reversal rows, balances, counters), and the client payments go through `postClientLedger`.
 * Seed data is not audited or announced.
 */
export const financeDemoSeeder: Seeder = {
  name: 'finance.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name))).orderBy(asc(locations.name));
    if (locs.length < 3) return;
    const [{ n }] = await tx.select({ n: count() }).from(cashOperations);
    if (Number(n) > 0) return;
    const [owner] = await tx.select({ id: employees.id }).from(employees).orderBy(asc(employees.createdAt)).limit(1);
    if (!owner) return;
    type Box = typeof cashboxes.$inferSelect;
    const boxes: Box[] = [];
    for (const l of locs) {
      const [box] = await tx.select().from(cashboxes).where(and(eq(cashboxes.locationId, l.id), eq(cashboxes.isDefault, true), eq(cashboxes.kind, 'cash')));
      if (!box) return;
      boxes.push(box);
    }
    // Card payments go to each shop's «Эквайринг»; the bank settles them to the company's «Расчётный
    // счёт» (kept at the first shop), which also receives the cash collection and pays rent and suppliers.
    const ensureBox = async (locationId: string, name: string, kind: 'card' | 'bank'): Promise<Box> => {
      const [found] = await tx.select().from(cashboxes).where(and(eq(cashboxes.locationId, locationId), eq(cashboxes.name, name)));
      return found ?? (await tx.insert(cashboxes).values({ locationId, name, kind }).returning())[0];
    };
    const cards: Box[] = [];
    for (const l of locs) cards.push(await ensureBox(l.id, 'Эквайринг', 'card'));
    const bank = await ensureBox(locs[0].id, 'Расчётный счёт', 'bank');
    const allBoxes = [...boxes, ...cards, bank];
    const clients = await tx
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(and(eq(counterparties.isSupplier, false), isNull(counterparties.mergedIntoId), isNull(counterparties.archivedAt)))
      .orderBy(asc(counterparties.name))
      .limit(60);
    const cats = await tx.select({ id: financeCategories.id, name: financeCategories.name, code: financeCategories.code }).from(financeCategories);
    const cat = (name: string) => cats.find((c) => c.name === name && (!c.code || c.code === 'salary'))?.id ?? null;
    const system = (code: string) => cats.find((c) => c.code === code)?.id ?? null;

    let state = 20261125;
    const rnd = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor(state / 65536) % n;
    };
    const rub = (from: number, to: number, step = 50) => (from + rnd(Math.floor((to - from) / step) + 1) * step) * 100;
    const now = Date.now();
    const clamp = (t: number) => new Date(Math.min(t, now - 60_000));

    const bal = new Map<string, number>(allBoxes.map((b) => [b.id, 0]));
    const cash = (i: number) => bal.get(boxes[i].id)!;
    const counters = new Map<string, number>();
    const numberOf = (i: number, kind: string, prefix: string) => {
      const k = `${locs[i].id}:${kind}`;
      const next = (counters.get(k) ?? 0) + 1;
      counters.set(k, next);
      return `${prefix}-${String(next).padStart(6, '0')}`;
    };
    const ops: OpInsert[] = [];
    const moves: MoveInsert[] = [];
    const shifts: ShiftInsert[] = [];
    const ledger: ClientLedgerEntry[] = [];
    const openShift: Array<string | null> = [null, null, null];

    const move = (op: OpInsert, box: Box, amount: number, at: Date, cancellation = false) => {
      const after = bal.get(box.id)! + amount;
      if (after < 0) throw new Error('finance demo: a cashbox below zero');
      bal.set(box.id, after);
      moves.push({ at, operationId: op.id, cashboxId: box.id, amount, balanceAfter: after, cancellation, categoryId: op.categoryId ?? null, clientId: op.clientId ?? null });
    };
    const post = (
      i: number,
      t: number,
      kind: 'income' | 'expense',
      amount: number,
      categoryId: string | null,
      opts: { client?: boolean; comment?: string; box?: Box } = {},
    ): OpInsert | null => {
      const box = opts.box ?? boxes[i];
      if (amount <= 0 || (kind === 'expense' && amount > bal.get(box.id)!)) return null;
      const at = clamp(t);
      const clientId = opts.client && clients.length ? clients[rnd(clients.length)].id : null;
      const op: OpInsert = {
        id: randomUUID(),
        locationId: locs[i].id,
        kind,
        number: numberOf(i, `cash_${kind}`, cashOperationPrefixes[kind]),
        cashboxId: box.id,
        amount,
        categoryId,
        clientId,
        comment: opts.comment ?? null,
        shiftId: box.kind === 'cash' ? openShift[i] : null,
        authorId: owner.id,
        at,
      };
      ops.push(op);
      move(op, box, kind === 'income' ? amount : -amount, at);
      if (clientId) ledger.push({ clientId, kind: kind === 'income' ? 'payment' : 'refund', amount: kind === 'income' ? amount : -amount, locationId: locs[i].id, documentType: 'cash_operation', documentId: op.id, number: op.number, comment: op.comment, at });
      return op;
    };
    const cancel = (op: OpInsert, i: number, t: number) => {
      const at = clamp(t);
      op.status = 'cancelled';
      op.cancelledAt = at;
      op.cancelledById = owner.id;
      move(op, allBoxes.find((b) => b.id === op.cashboxId)!, op.kind === 'income' ? -op.amount : op.amount, at, true);
      if (op.clientId) ledger.push({ clientId: op.clientId, kind: op.kind === 'income' ? 'payment' : 'refund', amount: op.kind === 'income' ? -op.amount : op.amount, locationId: locs[i].id, documentType: 'cash_operation', documentId: op.id, number: op.number, comment: `Отмена ${op.number}`, cancellation: true, at });
    };
    const transfer = (i: number, t: number, from: Box, to: Box, amount: number, comment: string) => {
      if (amount <= 0 || amount > bal.get(from.id)!) return;
      const at = clamp(t);
      const toIndex = locs.findIndex((l) => l.id === to.locationId);
      const op: OpInsert = {
        id: randomUUID(),
        locationId: locs[i].id,
        kind: 'transfer',
        number: numberOf(i, 'cash_transfer', cashOperationPrefixes.transfer),
        cashboxId: from.id,
        toCashboxId: to.id,
        toLocationId: to.locationId,
        amount,
        comment,
        shiftId: from.kind === 'cash' ? openShift[i] : null,
        toShiftId: to.kind === 'cash' ? openShift[toIndex] : null,
        authorId: owner.id,
        at,
      };
      ops.push(op);
      move(op, from, -amount, at);
      move(op, to, amount, at);
    };
    const difference = (i: number, t: number, diff: number, comment: string) =>
      diff > 0 ? post(i, t, 'income', diff, system('shift_surplus'), { comment }) : diff < 0 ? post(i, t, 'expense', -diff, system('shift_shortage'), { comment }) : null;

    for (let day = 59; day >= 0; day--) {
      const morning = now - day * DAY - (now % DAY) + 7 * HOUR; // 10:00 Moscow
      for (let i = 0; i < 3; i++) {
        const today = day === 0;
        const t0 = today ? now - 6 * HOUR + i * 600_000 : morning + i * 300_000;
        const shift: ShiftInsert = {
          id: randomUUID(),
          locationId: locs[i].id,
          cashboxId: boxes[i].id,
          number: numberOf(i, 'cash_shift', cashShiftPrefix),
          status: 'open',
          float: day === 59 ? 500000 : cash(i),
          openedAt: clamp(t0),
          openedById: owner.id,
        };
        shifts.push(shift);
        openShift[i] = shift.id;
        // The first shift opens with a change fund counted into an empty cashbox: posted as a surplus.
        if (day === 59) difference(i, t0, shift.float - cash(i), `Пересчёт при открытии смены ${shift.number}`);
        let t = t0 + 20 * 60_000;
        const step = () => (t += (today ? 15 : 30 + rnd(40)) * 60_000);
        const repairs = 1 + rnd(3);
        for (let k = 0; k < repairs; k++) {
          const card = rnd(5) < 2;
          post(i, step(), 'income', rub(1500, 14000), cat(k % 2 ? 'Ремонт' : 'Оплата от клиента'), {
            client: k % 2 === 0,
            comment: k % 2 ? (card ? 'Оплата картой' : undefined) : card ? 'Оплата ремонта картой' : 'Оплата ремонта',
            box: card ? cards[i] : undefined,
          });
        }
        if (rnd(2) === 0) {
          const card = rnd(2) === 0;
          post(i, step(), 'income', rub(400, 4500), cat('Продажа'), { comment: card ? 'Продажа аксессуаров, картой' : 'Продажа аксессуаров', box: card ? cards[i] : undefined });
        }
        if (rnd(3) === 0) post(i, step(), 'expense', rub(150, 1500), cat('Хозяйственные расходы'), { comment: 'Бытовая химия, вода' });
        if ((day + i) % 7 === 3) post(i, step(), 'expense', rub(3000, 15000), cat('Закупка товара'), { comment: 'Запчасти у курьера' });
        if (day % 15 === 5) post(i, step(), 'expense', rub(15000, 30000), cat('Зарплата'), { comment: 'Аванс мастерам' });
        // Rent goes from the bank account once it has the money (the first month from the till).
        if (day === 40 || day === 10) {
          const rent = rub(20000, 40000);
          const fromBank = bal.get(bank.id)! >= rent;
          post(i, step(), 'expense', rent, cat('Аренда'), { comment: `Аренда помещения${fromBank ? ' по счёту' : ''}`, box: fromBank ? bank : undefined });
        }
        if (i === 0 && day % 10 === 4) post(0, step(), 'expense', rub(20000, 60000), cat('Закупка товара'), { comment: 'Оплата поставщику по счёту', box: bank });
        if (rnd(25) === 0) {
          const refund = post(i, step(), 'expense', rub(500, 2500), cat('Возврат клиенту'), { client: true, comment: 'Возврат за неподошедший чехол' });
          if (refund) cancel(refund, i, step());
        }
        // Cash collection: shops 2 and 3 hand their cash over to the first shop every week; it goes to the bank.
        if (i > 0 && (day + i) % 7 === 0 && cash(i) > 3_000_000) {
          transfer(i, step(), boxes[i], boxes[0], Math.floor((cash(i) - 1_000_000) / 100_000) * 100_000, 'Инкассация в кассу на Арбате');
        }
        if (i === 0 && day % 7 === 2 && cash(0) > 5_000_000) {
          transfer(0, step(), boxes[0], bank, Math.floor((cash(0) - 2_000_000) / 100_000) * 100_000, 'Сдано инкассатору на расчётный счёт');
        }
        // The bank settles the card payments of the past days to the account.
        if (day % 3 === 1 && bal.get(cards[i].id)! > 0) transfer(i, step(), cards[i], bank, bal.get(cards[i].id)!, 'Зачисление эквайринга на расчётный счёт');
        if (today && i === 0) continue; // the shift that stays open today
        const closeAt = today ? now - 30 * 60_000 + i * 60_000 : morning + 11 * HOUR + i * 300_000;
        const miss = rnd(9) === 0 ? -rub(50, 500) : rnd(25) === 0 ? rub(50, 300) : 0;
        const expected = cash(i);
        const counted = Math.max(0, expected + miss);
        const diffOp = difference(i, closeAt, counted - expected, `${counted > expected ? 'Излишек' : 'Недостача'} при закрытии смены ${shift.number}`);
        Object.assign(shift, { status: 'closed', closedAt: clamp(closeAt), closedById: owner.id, expected, counted, difference: counted - expected, differenceOperationId: diffOp?.id ?? null });
        openShift[i] = null;
      }
    }

    // The shops were simulated one after another within each day: put the ledger rows in time order, as
    // the engine would have written them, and recount the running balances in that order.
    const byTime = <T extends { at?: Date }>(list: T[]) => list.map((x, k) => ({ x, k })).sort((a, b) => a.x.at!.getTime() - b.x.at!.getTime() || a.k - b.k).map((e) => e.x);
    const timeline = byTime(moves);
    const running = new Map<string, number>();
    for (const m of timeline) {
      const after = (running.get(m.cashboxId) ?? 0) + m.amount;
      if (after < 0) throw new Error('finance demo: a cashbox below zero in time order');
      running.set(m.cashboxId, after);
      m.balanceAfter = after;
    }
    moves.splice(0, moves.length, ...timeline);
    ledger.splice(0, ledger.length, ...byTime(ledger));

    // Set-based writes, in the engine's order (shifts before the operations that name them).
    const chunks = <T>(list: T[], size = 400) => Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, (k + 1) * size));
    for (const part of chunks(shifts)) await tx.insert(cashShifts).values(part);
    for (const part of chunks(ops)) await tx.insert(cashOperations).values(part);
    for (const part of chunks(moves)) await tx.insert(cashMovements).values(part);
    const totals = allBoxes.map((b) => {
      const mine = moves.filter((m) => m.cashboxId === b.id);
      const side = (m: MoveInsert) => m.amount > 0 !== (m.cancellation ?? false);
      return {
        rows: mine.length,
        totalIn: mine.filter(side).reduce((s, m) => s + m.amount, 0),
        totalOut: -mine.filter((m) => !side(m)).reduce((s, m) => s + m.amount, 0),
      };
    });
    await tx
      .insert(cashBalances)
      .values(allBoxes.map((b, i) => ({ cashboxId: b.id, balance: bal.get(b.id)!, ...totals[i] })))
      .onConflictDoUpdate({ target: cashBalances.cashboxId, set: { balance: sql`excluded.balance`, rows: sql`excluded.rows`, totalIn: sql`excluded.total_in`, totalOut: sql`excluded.total_out` } });
    await tx
      .insert(documentCounters)
      .values([...counters].map(([k, last]) => ({ locationId: k.split(':')[0], kind: k.split(':')[1], last })))
      .onConflictDoUpdate({ target: [documentCounters.locationId, documentCounters.kind], set: { last: sql`greatest(${documentCounters.last}, excluded.last)` } });
    await postClientLedger(tx, ledger);
  },
};
