import { financeMessages, isDateOnly, ruleScope, type CashLedgerFilter, type CashLedgerPage, type CashOperationListFilter, type CashOperationPage, type CashShiftListFilter, type CashShiftPage } from '@repo/contracts';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { cashOperations, cashShifts, cashboxes } from '../../db/schema';
import type { Ctx } from '../../lib/ctx';
import { forbidden } from '../../lib/errors';
import { containsPattern, rowsOf } from '../../lib/sql';
import * as repo from './repository';
import { locationsFor, operationsOut, shiftsOut } from './service';

/**
 * Finance reads: the operation list, the ledger with its running balance, the shift list. Every read is
 * narrowed by the `view:finance` scope (server/docs/finance.md).
 */

/** `from` as given; a date-only `to` covers that whole day (UTC), a date-time is exclusive. */
function toBound(value: string): Date {
  const d = new Date(value);
  if (isDateOnly(value)) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** A cashbox filter must name a cashbox of the covered locations: a foreign one is 403. */
async function assertCashboxIn(ctx: Ctx, cashboxId: string | undefined, locationIds: string[]): Promise<void> {
  if (!cashboxId) return;
  const box = await repo.findCashbox(ctx.db, cashboxId);
  if (box && !locationIds.includes(box.locationId)) throw forbidden(financeMessages.cashboxOtherLocation);
}

/** The operation list counts its total up to this many rows (`totalExact: false` beyond). */
export const OPERATIONS_COUNT_CAP = 10_000;

export async function listOperations(ctx: Ctx, q: CashOperationListFilter): Promise<CashOperationPage> {
  const locationIds = locationsFor(ctx, 'view', q.locationId);
  await assertCashboxIn(ctx, q.cashboxId, locationIds);
  const where: SQL[] = [];
  if (ruleScope(ctx.auth.rules, 'view', 'finance') === 'own') where.push(eq(cashOperations.authorId, ctx.auth.employeeId));
  if (q.kind) where.push(eq(cashOperations.kind, q.kind));
  if (q.status) where.push(eq(cashOperations.status, q.status));
  if (q.cashboxId) where.push(sql`(${cashOperations.cashboxId} = ${q.cashboxId} or ${cashOperations.toCashboxId} = ${q.cashboxId})`);
  if (q.categoryId) where.push(eq(cashOperations.categoryId, q.categoryId));
  if (q.clientId) where.push(eq(cashOperations.clientId, q.clientId));
  if (q.shiftId) where.push(sql`(${cashOperations.shiftId} = ${q.shiftId} or ${cashOperations.toShiftId} = ${q.shiftId})`);
  if (q.from) where.push(sql`${cashOperations.at} >= ${new Date(q.from)}`);
  if (q.to) where.push(sql`${cashOperations.at} < ${toBound(q.to)}`);
  if (q.search) where.push(ilike(cashOperations.number, containsPattern(q.search)));
  // Made in the locations, or transferred into them from elsewhere: two index-friendly halves (no OR).
  // One location is compared as a scalar, so the (location_id, at) index gives the order.
  const locs = sql`${sql.param(locationIds)}::uuid[]`;
  const inLocations = locationIds.length === 1 ? sql`${cashOperations.locationId} = ${locationIds[0]}` : sql`${cashOperations.locationId} = any(${locs})`;
  const made = and(inLocations, ...where)!;
  const incoming = and(sql`${cashOperations.toLocationId} = any(${locs})`, sql`not (${cashOperations.locationId} = any(${locs}))`, ...where)!;
  // The total is counted up to a cap (a list is paged through its newest rows; filters narrow the rest).
  const capped = async (cond: SQL) =>
    Number(rowsOf<{ n: number | string }>(await ctx.db.execute(sql`select count(*) as n from (select 1 from cash_operations where ${cond} limit ${OPERATIONS_COUNT_CAP + 1}) x`))[0].n);
  const counted = (await capped(made)) + (await capped(incoming));
  const window = q.page * q.pageSize;
  const ids = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select id from (
        (select id, at, number from cash_operations where ${made} order by at desc, number desc limit ${window})
        union all
        (select id, at, number from cash_operations where ${incoming} order by at desc, number desc limit ${window})
      ) x order by at desc, number desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  ).map((r) => r.id);
  const found = ids.length ? await ctx.db.select().from(cashOperations).where(inArray(cashOperations.id, ids)) : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
  const exact = counted <= OPERATIONS_COUNT_CAP;
  return { items: await operationsOut(ctx.db, rows), total: Math.min(counted, OPERATIONS_COUNT_CAP), totalExact: exact, page: q.page, pageSize: q.pageSize };
}

interface LedgerRow {
  seq: string | number;
  at: Date | string;
  operation_id: string;
  number: string;
  kind: 'income' | 'expense' | 'transfer';
  status: 'posted' | 'cancelled';
  location_id: string;
  cashbox_id: string;
  cashbox_name: string;
  amount: string | number;
  balance_after: string | number;
  cancellation: boolean;
  category_id: string | null;
  category_name: string | null;
  client_id: string | null;
  client_name: string | null;
  comment: string | null;
}

/**
 * The cash ledger, newest first: each row with the cashbox's balance right after it (stored, not summed).
 * Filters: locations (scope), cashbox, dates, category, client. Totals in / out are the turnover over the
 * filter with red storno: a reversal row reduces the side of the row it reverses.
 */
export async function ledger(ctx: Ctx, q: CashLedgerFilter): Promise<CashLedgerPage> {
  const locationIds = locationsFor(ctx, 'view', q.locationId);
  await assertCashboxIn(ctx, q.cashboxId, locationIds);
  const own = ruleScope(ctx.auth.rules, 'view', 'finance') === 'own';
  const where: SQL[] = [];
  if (q.cashboxId) where.push(sql`m.cashbox_id = ${q.cashboxId}`);
  else {
    const ids = (await ctx.db.select({ id: cashboxes.id }).from(cashboxes).where(inArray(cashboxes.locationId, locationIds))).map((r) => r.id);
    where.push(sql`m.cashbox_id = any(${sql.param(ids)}::uuid[])`);
  }
  if (own) where.push(sql`exists (select 1 from cash_operations o where o.id = m.operation_id and o.author_id = ${ctx.auth.employeeId})`);
  if (q.categoryId) where.push(sql`m.category_id = ${q.categoryId}`);
  if (q.clientId) where.push(sql`m.client_id = ${q.clientId}`);
  if (q.from) where.push(sql`m.at >= ${new Date(q.from)}`);
  if (q.to) where.push(sql`m.at < ${toBound(q.to)}`);
  const cond = sql.join(where, sql` and `);
  const unfiltered = !own && !q.categoryId && !q.clientId && !q.from && !q.to;
  // Unfiltered: the engine's running count and turnover per cashbox (O(cashboxes)). Filtered: summed over
  // the rows, turnover with red storno (a reversal row reduces the side of the row it reverses).
  const [totals] = rowsOf<{ total: string | number; total_in: string | number | null; total_out: string | number | null }>(
    unfiltered
      ? await ctx.db.execute(sql`select coalesce(sum(rows), 0) as total, coalesce(sum(total_in), 0) as total_in, coalesce(sum(total_out), 0) as total_out
          from cash_balances m where ${where[0]}`)
      : await ctx.db.execute(sql`select count(*) as total,
          coalesce(sum(m.amount) filter (where (m.amount > 0) <> m.cancellation), 0) as total_in,
          coalesce(-sum(m.amount) filter (where (m.amount < 0) <> m.cancellation), 0) as total_out
        from cash_movements m where ${cond}`),
  );
  const rows = rowsOf<LedgerRow>(
    await ctx.db.execute(sql`select m.seq, m.at, m.operation_id, o.number, o.kind, o.status, c.location_id, m.cashbox_id, c.name as cashbox_name,
        m.amount, m.balance_after, m.cancellation, m.category_id, fc.name as category_name, m.client_id, cp.name as client_name, o.comment
      from (select * from cash_movements m where ${cond} order by m.seq desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}) m
        join cash_operations o on o.id = m.operation_id
        join cashboxes c on c.id = m.cashbox_id
        left join finance_categories fc on fc.id = m.category_id
        left join counterparties cp on cp.id = m.client_id
      order by m.seq desc`),
  );
  return {
    items: rows.map((r) => ({
      seq: Number(r.seq),
      at: new Date(r.at).toISOString(),
      operationId: r.operation_id,
      number: r.number,
      kind: r.kind,
      status: r.status,
      locationId: r.location_id,
      cashboxId: r.cashbox_id,
      cashboxName: r.cashbox_name,
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
      cancellation: r.cancellation,
      categoryId: r.category_id,
      categoryName: r.category_name,
      clientId: r.client_id,
      clientName: r.client_name,
      comment: r.comment,
    })),
    total: Number(totals.total),
    page: q.page,
    pageSize: q.pageSize,
    totalIn: Number(totals.total_in),
    totalOut: Number(totals.total_out),
  };
}

/** Shifts of the covered locations, newest first, plus every open shift there with its live figures. */
export async function listShifts(ctx: Ctx, q: CashShiftListFilter): Promise<CashShiftPage> {
  const locationIds = locationsFor(ctx, 'view', q.locationId);
  await assertCashboxIn(ctx, q.cashboxId, locationIds);
  const where: SQL[] = [inArray(cashShifts.locationId, locationIds)];
  if (q.cashboxId) where.push(eq(cashShifts.cashboxId, q.cashboxId));
  if (q.status) where.push(eq(cashShifts.status, q.status));
  const cond = and(...where);
  const [{ total }] = await ctx.db.select({ total: count() }).from(cashShifts).where(cond);
  const rows = await ctx.db
    .select()
    .from(cashShifts)
    .where(cond)
    .orderBy(desc(cashShifts.openedAt))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const openRows = await ctx.db
    .select()
    .from(cashShifts)
    .where(and(inArray(cashShifts.locationId, locationIds), eq(cashShifts.status, 'open'), ...(q.cashboxId ? [eq(cashShifts.cashboxId, q.cashboxId)] : [])))
    .orderBy(desc(cashShifts.openedAt));
  const [items, open] = await Promise.all([shiftsOut(ctx.db, rows), shiftsOut(ctx.db, openRows)]);
  return { items, total, page: q.page, pageSize: q.pageSize, open };
}
