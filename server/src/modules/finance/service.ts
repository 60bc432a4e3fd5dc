import {
  cashOperationPrefixes,
  cashShiftPrefix,
  financeMessages,
  hasRule,
  messages,
  ruleScope,
  shiftAlreadyOpenMessage,
  systemFinanceCategories,
  type Action,
  type Cashbox,
  type CashOperation,
  type CashOperationDraft,
  type CashOperationKind,
  type CreateCashOperationInput,
  type EntityName,
  type Scope,
} from '@repo/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cashOperations, cashShifts } from '../../db/schema';
import { recordChange, recordChanges, type Change, type EventOverride } from '../../lib/change';
import { nextNumber, nextNumbers } from '../../lib/counters';
import { scopeOf as requireScope, type Ctx } from '../../lib/ctx';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { idempotent, type StoredAnswer } from '../../lib/idempotency';
import { postClientLedger, type ClientLedgerEntry } from '../clients/ledger';
import { assertCovered, lockBalances, writeMovements, writeMovementsOf, type CashMove } from './engine';
import * as repo from './repository';

/**
 * Cash operations and shifts (server/docs/finance.md). Every money-moving call runs in one transaction
 * (optionally under an `Idempotency-Key`): the operation row, its ledger rows, the balances, the client
 * ledger, the audit row and the realtime events commit together.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The widest scope of `action:finance`; 403 when there is none (the route checked already, this narrows rows). */
export const scopeOf = (ctx: Ctx, action: Action): Scope => requireScope(ctx, action, 'finance');

/**
 * The locations a read covers: `all` (scope `all` only) → every location the employee works in; a
 * location id → that one (another than the current one needs scope `all`); nothing → the current
 * location (`Shop`), or every location for scope `all` without a `Shop`.
 */
export function locationsFor(ctx: Ctx, action: Action, requested?: string): string[] {
  const scope = scopeOf(ctx, action);
  if (requested === 'all') {
    if (scope !== 'all') throw forbidden(financeMessages.allLocationsForbidden);
    return ctx.auth.locationIds;
  }
  const loc = requested ?? ctx.locationId;
  if (!loc) {
    if (scope === 'all') return ctx.auth.locationIds;
    throw forbidden(messages.locationRequired);
  }
  if (!ctx.auth.locationIds.includes(loc) || (scope !== 'all' && loc !== ctx.locationId)) throw forbidden(messages.locationForbidden);
  return [loc];
}

/** A cashbox the employee may post from: in a location they work in, and the current one unless the scope is `all`. */
async function postingCashbox(ctx: Ctx, tx: Tx, id: string, field: string, action: Action = 'create'): Promise<repo.CashboxRow> {
  return (await postingCashboxes(ctx, tx, [{ id, field }], action))[0];
}

/** `postingCashbox` for several cashboxes in one read, in the order asked (each error on its own field). */
export async function postingCashboxes(ctx: Ctx, tx: Tx, items: Array<{ id: string; field: string }>, action: Action = 'create'): Promise<repo.CashboxRow[]> {
  if (!items.length) return [];
  const scope = scopeOf(ctx, action);
  const found = await repo.findCashboxes(tx, items.map((i) => i.id));
  return items.map(({ id, field }) => {
    const box = found.get(id);
    if (!box) throw invalidInput({ [field]: financeMessages.cashboxNotFound }, financeMessages.cashboxNotFound);
    if (!ctx.auth.locationIds.includes(box.locationId) || (scope !== 'all' && box.locationId !== ctx.locationId)) {
      throw forbidden(financeMessages.cashboxOtherLocation);
    }
    return box;
  });
}

// ---------------------------------------------------------------------------------------------------
// Views

export async function operationsOut(db: Ctx['db'] | Tx, rows: repo.OperationRow[]): Promise<CashOperation[]> {
  const labels = await repo.labelsFor(db, {
    cashboxes: rows.flatMap((r) => [r.cashboxId, r.toCashboxId]),
    categories: rows.map((r) => r.categoryId),
    clients: rows.map((r) => r.clientId),
    employees: rows.map((r) => r.authorId),
  });
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    status: r.status,
    locationId: r.locationId,
    cashboxId: r.cashboxId,
    cashboxName: labels.cashboxes.get(r.cashboxId) ?? '',
    toCashboxId: r.toCashboxId,
    toCashboxName: r.toCashboxId ? (labels.cashboxes.get(r.toCashboxId) ?? null) : null,
    toLocationId: r.toLocationId,
    amount: r.amount,
    categoryId: r.categoryId,
    categoryName: r.categoryId ? (labels.categories.get(r.categoryId) ?? null) : null,
    clientId: r.clientId,
    clientName: r.clientId ? (labels.clients.get(r.clientId) ?? null) : null,
    comment: r.comment,
    documentType: r.documentType,
    documentId: r.documentId,
    documentNumber: r.documentNumber,
    shiftId: r.shiftId,
    toShiftId: r.toShiftId,
    copiedFromId: r.copiedFromId,
    authorId: r.authorId,
    authorName: r.authorId ? (labels.employees.get(r.authorId) ?? null) : null,
    at: r.at.toISOString(),
    cancelledAt: iso(r.cancelledAt),
    cancelledById: r.cancelledById,
  }));
}

/** An operation the employee may see: scope own → their own; location → of (or transferred to) the current location; all → of their locations. */
export function visibleOperation(ctx: Ctx, op: repo.OperationRow): boolean {
  const scope = ruleScope(ctx.auth.rules, 'view', 'finance');
  if (!scope) return false;
  if (scope === 'own') return op.authorId === ctx.auth.employeeId;
  const locs = scope === 'all' ? ctx.auth.locationIds : ctx.locationId ? [ctx.locationId] : [];
  return locs.includes(op.locationId) || (op.toLocationId !== null && locs.includes(op.toLocationId));
}

export async function getOperation(ctx: Ctx, id: string): Promise<CashOperation> {
  const op = await repo.findOperation(ctx.db, id);
  if (!op || !visibleOperation(ctx, op)) throw notFound(financeMessages.operationNotFound);
  return (await operationsOut(ctx.db, [op]))[0];
}

// ---------------------------------------------------------------------------------------------------
// Posting

/** A checked operation, ready to post. */
export interface OperationFields {
  kind: CashOperationKind;
  box: repo.CashboxRow;
  to: repo.CashboxRow | null;
  amount: number;
  categoryId: string | null;
  clientId: string | null;
  comment: string | null;
  documentType: string | null;
  documentId: string | null;
  documentNumber: string | null;
  copiedFromId: string | null;
}

/** Checks a request against the rules (cashboxes, category of the kind, client); 400 / 403 before anything is written. */
export async function checkOperation(ctx: Ctx, tx: Tx, input: CreateCashOperationInput): Promise<OperationFields> {
  const box = await postingCashbox(ctx, tx, input.cashboxId, 'cashboxId');
  let to: repo.CashboxRow | null = null;
  let categoryId: string | null = null;
  if (input.kind === 'transfer') {
    if (!input.toCashboxId) throw invalidInput({ toCashboxId: financeMessages.toCashboxRequired }, financeMessages.toCashboxRequired);
    to = await repo.findCashbox(tx, input.toCashboxId);
    if (!to) throw invalidInput({ toCashboxId: financeMessages.cashboxNotFound }, financeMessages.cashboxNotFound);
    if (to.id === box.id) throw invalidInput({ toCashboxId: financeMessages.sameCashbox }, financeMessages.sameCashbox);
    if (to.locationId !== box.locationId && scopeOf(ctx, 'create') !== 'all') throw forbidden(financeMessages.toCashboxOtherLocation);
    if (input.categoryId) throw invalidInput({ categoryId: financeMessages.categoryForTransfer }, financeMessages.categoryForTransfer);
    if (input.clientId) throw invalidInput({ clientId: financeMessages.clientForTransfer }, financeMessages.clientForTransfer);
  } else {
    if (input.toCashboxId) throw invalidInput({ toCashboxId: 'Касса назначения — только у перемещения' }, 'Касса назначения — только у перемещения');
    if (!input.categoryId) throw invalidInput({ categoryId: financeMessages.categoryRequired }, financeMessages.categoryRequired);
    const category = await repo.findCategory(tx, input.categoryId);
    if (!category) throw invalidInput({ categoryId: financeMessages.categoryNotFound }, financeMessages.categoryNotFound);
    if (category.kind !== input.kind) throw invalidInput({ categoryId: financeMessages.categoryWrongKind }, financeMessages.categoryWrongKind);
    if (category.archivedAt) throw invalidInput({ categoryId: financeMessages.categoryArchived }, financeMessages.categoryArchived);
    categoryId = category.id;
  }
  if (input.clientId && !(await repo.findClient(tx, input.clientId))) throw invalidInput({ clientId: financeMessages.clientNotFound }, financeMessages.clientNotFound);
  if (input.copiedFromId) {
    const source = await repo.findOperation(tx, input.copiedFromId);
    if (!source || !visibleOperation(ctx, source)) throw invalidInput({ copiedFromId: financeMessages.operationNotFound }, financeMessages.operationNotFound);
  }
  return {
    kind: input.kind,
    box,
    to,
    amount: input.amount,
    categoryId,
    clientId: input.clientId ?? null,
    comment: input.comment ?? null,
    documentType: input.documentType ?? null,
    documentId: input.documentId ?? null,
    documentNumber: input.documentNumber ?? null,
    copiedFromId: input.copiedFromId ?? null,
  };
}

/** The events of a money change: the operation and the balances, to the source and (if another) the destination location. */
function moneyEvents(id: string, locationIds: Array<string | null>): EventOverride[] {
  const out: EventOverride[] = [];
  for (const locationId of [...new Set(locationIds.filter((l): l is string => !!l))]) {
    out.push({ locationId }, { entity: 'cash_balance' as EntityName, id, locationId });
  }
  return out;
}

/**
 * Posts a checked operation inside the caller's transaction: balances locked (cashbox-id order), number
 * taken, the operation row, its ledger rows, the client ledger, audit and events. 409
 * `insufficient_funds` when an expense or transfer is more than the cashbox holds.
 */
export async function postOperation(ctx: Ctx, tx: Tx, f: OperationFields, opts: { at?: Date } = {}): Promise<repo.OperationRow> {
  return (await postOperations(ctx, tx, [f], opts))[0];
}

/** What a batch posting leaves to its caller (see `postOperations`). */
export interface PostOperationsOptions {
  at?: Date;
  /** More client-ledger entries written after the operations' own, in the same statements (a sale's charge). */
  clientLedger?: ClientLedgerEntry[];
  /** When given, the operations' changes are pushed here for the caller to record with its own; else recorded now. */
  changes?: Change[];
}

/**
 * `postOperation` for several operations of one transaction (a sale paid in cash and by card), in order,
 * with the same rows, numbers, balances, client ledger, audit and events as one by one, in a fixed
 * number of statements: the balances locked once, the open shifts read once, the numbers of a kind taken
 * by one upsert, one insert each for the operations, their ledger rows and their client-ledger rows.
 */
export async function postOperations(ctx: Ctx, tx: Tx, list: OperationFields[], opts: PostOperationsOptions = {}): Promise<repo.OperationRow[]> {
  if (!list.length) {
    if (opts.clientLedger?.length) await postClientLedger(tx, opts.clientLedger);
    return [];
  }
  const balances = await lockBalances(tx, list.flatMap((f) => [f.box.id, ...(f.to ? [f.to.id] : [])]));
  // Read under the balance lock: a shift closing concurrently waits for it (server/docs/finance.md).
  const cashIds = [...new Set(list.flatMap((f) => [f.box, f.to]).filter((b): b is repo.CashboxRow => b?.kind === 'cash').map((b) => b.id))];
  const shifts = await repo.openShiftsOf(tx, cashIds);
  const movesOf = (f: OperationFields): CashMove[] =>
    f.kind === 'income'
      ? [{ cashboxId: f.box.id, amount: f.amount }]
      : f.kind === 'expense'
        ? [{ cashboxId: f.box.id, amount: -f.amount }]
        : [
            { cashboxId: f.box.id, amount: -f.amount },
            { cashboxId: f.to!.id, amount: f.amount },
          ];
  // Refuse before a number is taken (a refused expense leaves no gap in the numbering).
  await assertCovered(tx, '', list.flatMap(movesOf), balances);
  const numberKey = (f: OperationFields) => `${f.box.locationId}|${f.kind}`;
  const counts = new Map<string, { f: OperationFields; count: number }>();
  for (const f of list) counts.set(numberKey(f), { f, count: (counts.get(numberKey(f))?.count ?? 0) + 1 });
  const numbers = new Map<string, string[]>();
  for (const [k, { f, count }] of counts) numbers.set(k, await nextNumbers(tx, f.box.locationId, `cash_${f.kind}`, cashOperationPrefixes[f.kind], count));
  const at = opts.at ?? new Date();
  const values = list.map((f) => ({
    id: randomUUID(),
    locationId: f.box.locationId,
    kind: f.kind,
    number: numbers.get(numberKey(f))!.shift()!,
    cashboxId: f.box.id,
    toCashboxId: f.to?.id ?? null,
    toLocationId: f.to?.locationId ?? null,
    amount: f.amount,
    categoryId: f.categoryId,
    clientId: f.clientId,
    comment: f.comment,
    documentType: f.documentType,
    documentId: f.documentId,
    documentNumber: f.documentNumber,
    shiftId: shifts.get(f.box.id)?.id ?? null,
    toShiftId: f.to ? (shifts.get(f.to.id)?.id ?? null) : null,
    copiedFromId: f.copiedFromId,
    authorId: ctx.auth.employeeId,
    at,
  }));
  const inserted = await tx.insert(cashOperations).values(values).returning();
  const byId = new Map(inserted.map((op) => [op.id, op]));
  const ops = values.map((v) => byId.get(v.id)!);
  await writeMovementsOf(tx, ops.map((op, i) => ({ op, moves: movesOf(list[i]) })), balances, { at });
  const ledger: ClientLedgerEntry[] = [];
  list.forEach((f, i) => {
    if (!f.clientId || f.kind === 'transfer') return;
    ledger.push({
      clientId: f.clientId,
      kind: f.kind === 'income' ? 'payment' : 'refund',
      amount: f.kind === 'income' ? f.amount : -f.amount,
      locationId: f.box.locationId,
      documentType: 'cash_operation',
      documentId: ops[i].id,
      number: ops[i].number,
      comment: f.comment,
      at,
    });
  });
  await postClientLedger(tx, [...ledger, ...(opts.clientLedger ?? [])]);
  const changes: Change[] = list.map((f, i) => ({
    entity: 'cash_operation',
    id: ops[i].id,
    action: 'post',
    after: { number: ops[i].number, kind: f.kind, amount: f.amount, cashboxId: f.box.id, toCashboxId: f.to?.id ?? null, categoryId: f.categoryId, clientId: f.clientId },
    locationId: f.box.locationId,
    event: moneyEvents(ops[i].id, [f.box.locationId, f.to?.locationId ?? null]),
  }));
  if (opts.changes) opts.changes.push(...changes);
  else await recordChanges(tx, ctx, changes);
  return ops;
}

/** `POST /api/finance/operations` (under an optional Idempotency-Key). */
export async function createOperation(ctx: Ctx, input: CreateCashOperationInput, key: string | null): Promise<StoredAnswer<CashOperation>> {
  return idempotent(ctx, key, 'POST /finance/operations', input, 201, async (tx) => {
    const fields = await checkOperation(ctx, tx, input);
    const op = await postOperation(ctx, tx, fields);
    return (await operationsOut(tx, [op]))[0];
  });
}

/** The closed shifts an operation belongs to (its own and, for a transfer, the destination's). */
async function closedShiftOf(tx: Tx, op: repo.OperationRow): Promise<boolean> {
  const ids = [op.shiftId, op.toShiftId].filter((x): x is string => !!x);
  for (const id of ids) {
    const s = await repo.findShift(tx, id);
    if (s?.status === 'closed') return true;
  }
  return false;
}

/**
 * Cancels an operation with its exact reversal (negated rows, `cancellation` = true): refused with 409
 * when the reversal would take a cashbox below zero, or when it is already cancelled; an operation of a
 * closed shift needs `edit_closed_period`. Rights: `cancel:finance` own → the employee's operations,
 * location → of the current location, all → of their locations.
 */
export async function cancelOperation(ctx: Ctx, id: string, key: string | null): Promise<StoredAnswer<CashOperation>> {
  return idempotent(ctx, key, `POST /finance/operations/${id}/cancel`, {}, 200, async (tx) => {
    const op = await repo.findOperation(tx, id, { lock: true });
    if (!op || !visibleOperation(ctx, op)) throw notFound(financeMessages.operationNotFound);
    const scope = scopeOf(ctx, 'cancel');
    if (scope === 'own' && op.authorId !== ctx.auth.employeeId) throw forbidden(financeMessages.cancelOwnOnly);
    if ((scope !== 'all' && op.locationId !== ctx.locationId) || !ctx.auth.locationIds.includes(op.locationId)) {
      throw forbidden('Отменить операцию можно в магазине, где она проведена');
    }
    if (op.status === 'cancelled') throw conflict(financeMessages.alreadyCancelled);
    if ((await closedShiftOf(tx, op)) && !hasRule(ctx.auth.rules, 'edit_closed_period')) throw forbidden(financeMessages.closedShift);
    const cancelled = await reverseOperation(ctx, tx, op);
    return (await operationsOut(tx, [cancelled]))[0];
  });
}

/** The reversal itself (also used by the seeder): ledger, balances, client ledger, status, audit, events. */
/** The stored row of an operation (for another module that reverses operations it made). */
export const operationRow = (db: Ctx['db'] | Tx, id: string) => repo.findOperation(db, id, { lock: true });

/**
 * Reverses these operations of another module's document (a sale's payments): their rows locked, then
 * every cashbox of them at once in id order, as a posting locks them, so that the reversal and a posting
 * never wait for each other crosswise (each reversal alone would lock its cashbox, then its client).
 */
export async function reverseOperations(ctx: Ctx, tx: Tx, ids: string[]): Promise<repo.OperationRow[]> {
  const ops: repo.OperationRow[] = [];
  for (const id of ids) {
    const op = await operationRow(tx, id);
    if (op) ops.push(op);
  }
  await lockBalances(tx, ops.flatMap((op) => [op.cashboxId, ...(op.toCashboxId ? [op.toCashboxId] : [])]));
  const out: repo.OperationRow[] = [];
  for (const op of ops) out.push(await reverseOperation(ctx, tx, op));
  return out;
}

export async function reverseOperation(ctx: Ctx, tx: Tx, op: repo.OperationRow, opts: { at?: Date } = {}): Promise<repo.OperationRow> {
  const moves: CashMove[] =
    op.kind === 'income'
      ? [{ cashboxId: op.cashboxId, amount: -op.amount }]
      : op.kind === 'expense'
        ? [{ cashboxId: op.cashboxId, amount: op.amount }]
        : [
            { cashboxId: op.toCashboxId!, amount: -op.amount },
            { cashboxId: op.cashboxId, amount: op.amount },
          ];
  const balances = await lockBalances(tx, moves.map((m) => m.cashboxId));
  const at = opts.at ?? new Date();
  await writeMovements(tx, op, moves, balances, { cancellation: true, at });
  if (op.clientId && op.kind !== 'transfer') {
    await postClientLedger(tx, [
      {
        clientId: op.clientId,
        kind: op.kind === 'income' ? 'payment' : 'refund',
        amount: op.kind === 'income' ? -op.amount : op.amount,
        locationId: op.locationId,
        documentType: 'cash_operation',
        documentId: op.id,
        number: op.number,
        comment: `Отмена ${op.number}`,
        cancellation: true,
        at,
      },
    ]);
  }
  const [after] = await tx
    .update(cashOperations)
    .set({ status: 'cancelled', cancelledAt: at, cancelledById: ctx.auth.employeeId })
    .where(eq(cashOperations.id, op.id))
    .returning();
  await recordChange(tx, ctx, {
    entity: 'cash_operation',
    id: op.id,
    action: 'cancel',
    diff: { status: { before: 'posted', after: 'cancelled' } },
    locationId: op.locationId,
    event: moneyEvents(op.id, [op.locationId, op.toLocationId]),
  });
  return after;
}

/** `POST …/:id/copy`: the fields of a new operation form, prefilled from a visible operation; nothing is posted. */
export async function copyOperation(ctx: Ctx, id: string): Promise<CashOperationDraft> {
  const op = await repo.findOperation(ctx.db, id);
  if (!op || !visibleOperation(ctx, op)) throw notFound(financeMessages.operationNotFound);
  const category = op.categoryId ? await repo.findCategory(ctx.db, op.categoryId) : null;
  return {
    kind: op.kind,
    cashboxId: op.cashboxId,
    toCashboxId: op.toCashboxId,
    amount: op.amount,
    // A system category (shift difference) is not offered for a hand-made operation.
    categoryId: category && !category.code && !category.archivedAt ? category.id : null,
    clientId: op.clientId,
    comment: op.comment,
    documentType: op.documentType,
    documentId: op.documentId,
    documentNumber: op.documentNumber,
    copiedFromId: op.id,
  };
}

// ---------------------------------------------------------------------------------------------------
// Shifts

export async function systemCategory(tx: Tx, code: keyof typeof systemFinanceCategories): Promise<string> {
  const row = await repo.categoryByCode(tx, code);
  if (row) return row.id;
  const def = systemFinanceCategories[code];
  const [created] = await tx.execute<{ id: string }>(sql`insert into finance_categories (kind, name, code) values (${def.kind}, ${def.name}, ${code})
    on conflict (code) where code is not null do update set code = excluded.code returning id`).then((r) => (Array.isArray(r) ? r : (r as { rows: Array<{ id: string }> }).rows));
  return created.id;
}

/** Posts a shift difference (counted − expected): a surplus as income, a shortage as expense, in the system categories. */
async function postDifference(ctx: Ctx, tx: Tx, box: repo.CashboxRow, difference: number, comment: string, at?: Date): Promise<repo.OperationRow | null> {
  if (difference === 0) return null;
  const kind = difference > 0 ? 'income' : 'expense';
  const categoryId = await systemCategory(tx, difference > 0 ? 'shift_surplus' : 'shift_shortage');
  return postOperation(
    ctx,
    tx,
    { kind, box, to: null, amount: Math.abs(difference), categoryId, clientId: null, comment, documentType: null, documentId: null, documentNumber: null, copiedFromId: null },
    { at },
  );
}

/**
 * Opens a shift of a cash cashbox with the counted float. When the float differs from the balance, the
 * difference is posted at once (surplus / shortage) into the new shift, so the balance equals the float.
 */
export async function openShiftTx(ctx: Ctx, tx: Tx, input: { cashboxId: string; float: number; comment?: string | null }, opts: { at?: Date } = {}): Promise<repo.ShiftRow> {
  const box = await postingCashbox(ctx, tx, input.cashboxId, 'cashboxId');
  if (box.kind !== 'cash') throw invalidInput({ cashboxId: financeMessages.shiftCashOnly }, financeMessages.shiftCashOnly);
  const balances = await lockBalances(tx, [box.id]);
  const open = await repo.openShiftOf(tx, box.id);
  if (open) throw conflict(shiftAlreadyOpenMessage(open.number, box.name));
  const number = await nextNumber(tx, box.locationId, 'cash_shift', cashShiftPrefix);
  const at = opts.at ?? new Date();
  const [shift] = await tx
    .insert(cashShifts)
    .values({ locationId: box.locationId, cashboxId: box.id, number, float: input.float, openedAt: at, openedById: ctx.auth.employeeId })
    .returning();
  const balance = balances.get(box.id) ?? 0;
  await postDifference(ctx, tx, box, input.float - balance, input.comment ?? `Пересчёт при открытии смены ${number}`, at);
  await recordChange(tx, ctx, {
    entity: 'cash_shift',
    id: shift.id,
    action: 'create',
    after: { number, cashboxId: box.id, float: input.float, balance },
    locationId: box.locationId,
  });
  return shift;
}

export async function openShift(ctx: Ctx, input: { cashboxId: string; float: number; comment?: string | null }, key: string | null) {
  return idempotent(ctx, key, 'POST /finance/shifts', input, 201, async (tx) => {
    const shift = await openShiftTx(ctx, tx, input);
    return (await shiftsOut(tx, [shift]))[0];
  });
}

/**
 * Closes an open shift with the counted amount: expected = the cashbox balance now, difference =
 * counted − expected, posted as a surplus / shortage operation of the shift when not zero. A closed
 * shift is read-only.
 */
export async function closeShiftTx(ctx: Ctx, tx: Tx, id: string, input: { counted: number; comment?: string | null }, opts: { at?: Date } = {}): Promise<repo.ShiftRow> {
  const shift = await repo.findShift(tx, id, { lock: true });
  if (!shift || !visibleShift(ctx, shift)) throw notFound(financeMessages.shiftNotFound);
  const box = await postingCashbox(ctx, tx, shift.cashboxId, 'cashboxId');
  if (shift.status !== 'open') throw conflict(financeMessages.shiftClosed);
  const balances = await lockBalances(tx, [box.id]);
  const expected = balances.get(box.id) ?? 0;
  const difference = input.counted - expected;
  const at = opts.at ?? new Date();
  const op = await postDifference(ctx, tx, box, difference, input.comment ?? `${difference > 0 ? 'Излишек' : 'Недостача'} при закрытии смены ${shift.number}`, at);
  const [after] = await tx
    .update(cashShifts)
    .set({ status: 'closed', closedAt: at, closedById: ctx.auth.employeeId, expected, counted: input.counted, difference, differenceOperationId: op?.id ?? null })
    .where(and(eq(cashShifts.id, id), eq(cashShifts.status, 'open')))
    .returning();
  await recordChange(tx, ctx, {
    entity: 'cash_shift',
    id,
    action: 'update',
    before: { status: 'open' },
    after: { status: 'closed', expected, counted: input.counted, difference },
    locationId: shift.locationId,
  });
  return after;
}

export async function closeShift(ctx: Ctx, id: string, input: { counted: number; comment?: string | null }, key: string | null) {
  return idempotent(ctx, key, `POST /finance/shifts/${id}/close`, input, 200, async (tx) => {
    const shift = await closeShiftTx(ctx, tx, id, input);
    return (await shiftsOut(tx, [shift]))[0];
  });
}

export function visibleShift(ctx: Ctx, shift: repo.ShiftRow): boolean {
  const scope = ruleScope(ctx.auth.rules, 'view', 'finance');
  if (!scope) return false;
  const locs = scope === 'all' ? ctx.auth.locationIds : ctx.locationId ? [ctx.locationId] : [];
  return locs.includes(shift.locationId);
}

export async function shiftsOut(db: Ctx['db'] | Tx, rows: repo.ShiftRow[]) {
  const labels = await repo.labelsFor(db, { cashboxes: rows.map((r) => r.cashboxId), categories: [], clients: [], employees: rows.flatMap((r) => [r.openedById, r.closedById]) });
  const open = rows.filter((r) => r.status === 'open');
  const figures = await repo.shiftFigures(db, open.map((r) => r.id));
  const balances = open.length
    ? await db.execute(sql`select cashbox_id, balance from cash_balances where cashbox_id = any(${sql.param(open.map((r) => r.cashboxId))}::uuid[])`)
    : [];
  const balanceRows = (Array.isArray(balances) ? balances : (balances as { rows: unknown[] }).rows) as Array<{ cashbox_id: string; balance: string | number }>;
  const balanceOf = new Map(balanceRows.map((b) => [b.cashbox_id, Number(b.balance)]));
  return rows.map((r) => {
    const f = figures.get(r.id);
    return {
      id: r.id,
      number: r.number,
      status: r.status,
      locationId: r.locationId,
      cashboxId: r.cashboxId,
      cashboxName: labels.cashboxes.get(r.cashboxId) ?? '',
      float: r.float,
      openedAt: r.openedAt.toISOString(),
      openedById: r.openedById,
      openedByName: r.openedById ? (labels.employees.get(r.openedById) ?? null) : null,
      closedAt: iso(r.closedAt),
      closedById: r.closedById,
      closedByName: r.closedById ? (labels.employees.get(r.closedById) ?? null) : null,
      expected: r.expected,
      counted: r.counted,
      difference: r.difference,
      differenceOperationId: r.differenceOperationId,
      figures: r.status === 'open' && f ? { float: r.float, ...f, balance: balanceOf.get(r.cashboxId) ?? 0 } : null,
    };
  });
}

export async function getShift(ctx: Ctx, id: string) {
  const shift = await repo.findShift(ctx.db, id);
  if (!shift || !visibleShift(ctx, shift)) throw notFound(financeMessages.shiftNotFound);
  return (await shiftsOut(ctx.db, [shift]))[0];
}

// ---------------------------------------------------------------------------------------------------
// Cashboxes (settings)

export async function listCashboxes(ctx: Ctx, locationId?: string): Promise<Cashbox[]> {
  return cashboxesOf(ctx.db, locationsFor(ctx, 'view', locationId));
}

export async function cashboxesOf(db: Ctx['db'] | Tx, locationIds: string[]): Promise<Cashbox[]> {
  const rows = await repo.cashboxesWithBalances(db, locationIds);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    locationId: r.locationId,
    locationName: r.locationName,
    isDefault: r.isDefault,
    balance: r.balance,
    openShift: r.shiftId ? { id: r.shiftId, number: r.shiftNumber!, openedAt: r.shiftOpenedAt!.toISOString() } : null,
  }));
}
