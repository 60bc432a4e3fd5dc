import {
  financeMessages,
  type Cashbox,
  type CreateCashboxRequest,
  type CreateFinanceCategoryRequest,
  type FinanceCategory,
  type UpdateCashboxRequest,
  type UpdateFinanceCategoryRequest,
} from '@repo/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cashboxes, financeCategories } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import * as repo from './repository';
import { cashboxesOf } from './service';

/**
 * Finance settings: cashboxes (`manage_settings`) and the income / expense category tree (`edit:finance`).
 * See server/docs/finance.md.
 */

// ---------------------------------------------------------------------------------------------------
// Cashboxes

async function cashboxOut(ctx: Ctx, id: string, locationId: string): Promise<Cashbox> {
  const rows = await cashboxesOf(ctx.db, [locationId]);
  return rows.find((r) => r.id === id)!;
}

async function assertUniqueName(tx: Tx, locationId: string, name: string, exceptId?: string) {
  const same = await tx.select({ id: cashboxes.id, name: cashboxes.name }).from(cashboxes).where(eq(cashboxes.locationId, locationId));
  if (same.some((c) => c.id !== exceptId && c.name.toLowerCase() === name.toLowerCase())) throw conflict(financeMessages.cashboxExists);
}

export async function createCashbox(ctx: Ctx, input: CreateCashboxRequest & { kind: 'cash' | 'bank' | 'card' }): Promise<Cashbox> {
  const locationId = input.locationId ?? ctx.locationId;
  if (!locationId) throw invalidInput({ locationId: financeMessages.noLocation }, financeMessages.noLocation);
  if (!ctx.auth.locationIds.includes(locationId)) throw invalidInput({ locationId: 'Магазин не найден' });
  const id = await ctx.db.transaction(async (tx) => {
    await assertUniqueName(tx, locationId, input.name);
    const [existing] = await tx.select({ id: cashboxes.id }).from(cashboxes).where(eq(cashboxes.locationId, locationId)).limit(1);
    const isDefault = input.isDefault === true || !existing;
    if (isDefault) await tx.update(cashboxes).set({ isDefault: false }).where(eq(cashboxes.locationId, locationId));
    const [row] = await tx.insert(cashboxes).values({ locationId, name: input.name, kind: input.kind, isDefault }).returning();
    await recordChange(tx, ctx, { entity: 'cashbox', id: row.id, action: 'create', after: { name: row.name, kind: row.kind, isDefault }, locationId });
    return row.id;
  });
  return cashboxOut(ctx, id, locationId);
}

export async function updateCashbox(ctx: Ctx, id: string, input: UpdateCashboxRequest): Promise<Cashbox> {
  const box = await ctx.db.transaction(async (tx) => {
    const box = await repo.findCashbox(tx, id);
    if (!box || !ctx.auth.locationIds.includes(box.locationId)) throw notFound(financeMessages.cashboxNotFound);
    if (input.name !== undefined) await assertUniqueName(tx, box.locationId, input.name, id);
    if (input.kind !== undefined && input.kind !== box.kind && box.kind === 'cash' && (await repo.openShiftOf(tx, id))) {
      throw conflict('У кассы открыта смена: закройте её, прежде чем менять тип кассы');
    }
    if (input.isDefault) await tx.update(cashboxes).set({ isDefault: false }).where(eq(cashboxes.locationId, box.locationId));
    const [after] = await tx
      .update(cashboxes)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.kind !== undefined ? { kind: input.kind } : {}), ...(input.isDefault ? { isDefault: true } : {}) })
      .where(eq(cashboxes.id, id))
      .returning();
    await recordChange(tx, ctx, {
      entity: 'cashbox',
      id,
      action: 'update',
      before: { name: box.name, kind: box.kind, isDefault: box.isDefault },
      after: { name: after.name, kind: after.kind, isDefault: after.isDefault },
      locationId: box.locationId,
    });
    return after;
  });
  return cashboxOut(ctx, id, box.locationId);
}

// ---------------------------------------------------------------------------------------------------
// Categories

const categoryOut = (r: repo.CategoryRow): FinanceCategory => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  parentId: r.parentId,
  code: r.code,
  position: r.position,
  archived: r.archivedAt !== null,
});

/** The whole tree (flat, parents first by position), of one kind or both; archived ones only on request. */
export async function listCategories(ctx: Ctx, q: { kind?: 'income' | 'expense'; includeArchived?: 'true' | 'false' }): Promise<FinanceCategory[]> {
  const conds = [];
  if (q.kind) conds.push(eq(financeCategories.kind, q.kind));
  if (q.includeArchived !== 'true') conds.push(isNull(financeCategories.archivedAt));
  const rows = await ctx.db
    .select()
    .from(financeCategories)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(financeCategories.kind), asc(financeCategories.position), asc(financeCategories.name));
  return rows.map(categoryOut);
}

async function checkParent(tx: Tx, kind: 'income' | 'expense', parentId: string | null | undefined, selfId?: string): Promise<string | null> {
  if (!parentId) return null;
  const parent = await repo.findCategory(tx, parentId);
  if (!parent) throw invalidInput({ parentId: financeMessages.categoryNotFound }, financeMessages.categoryNotFound);
  if (parent.kind !== kind) throw invalidInput({ parentId: financeMessages.categoryWrongKind }, financeMessages.categoryWrongKind);
  if (parent.archivedAt) throw invalidInput({ parentId: financeMessages.categoryArchived }, financeMessages.categoryArchived);
  if (selfId) {
    // Walk up from the new parent: meeting the category itself would make a cycle.
    let cursor: repo.CategoryRow | null = parent;
    for (let depth = 0; cursor && depth < 100; depth++) {
      if (cursor.id === selfId) throw invalidInput({ parentId: financeMessages.categoryParentCycle }, financeMessages.categoryParentCycle);
      cursor = cursor.parentId ? await repo.findCategory(tx, cursor.parentId) : null;
    }
  }
  return parent.id;
}

async function assertUniqueCategory(tx: Tx, kind: string, parentId: string | null, name: string, exceptId?: string) {
  const same = await tx
    .select({ id: financeCategories.id, name: financeCategories.name })
    .from(financeCategories)
    .where(and(eq(financeCategories.kind, kind as 'income'), parentId ? eq(financeCategories.parentId, parentId) : isNull(financeCategories.parentId), isNull(financeCategories.archivedAt)));
  if (same.some((c) => c.id !== exceptId && c.name.toLowerCase() === name.toLowerCase())) throw conflict(financeMessages.categoryExists);
}

export async function createCategory(ctx: Ctx, input: CreateFinanceCategoryRequest): Promise<FinanceCategory> {
  return ctx.db.transaction(async (tx) => {
    const parentId = await checkParent(tx, input.kind, input.parentId);
    await assertUniqueCategory(tx, input.kind, parentId, input.name);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${financeCategories.position}), -1) + 1`.mapWith(Number) })
      .from(financeCategories)
      .where(and(eq(financeCategories.kind, input.kind), parentId ? eq(financeCategories.parentId, parentId) : isNull(financeCategories.parentId)));
    const [row] = await tx.insert(financeCategories).values({ kind: input.kind, name: input.name, parentId, position: next }).returning();
    await recordChange(tx, ctx, { entity: 'finance_category', id: row.id, action: 'create', after: { name: row.name, kind: row.kind, parentId }, locationId: null });
    return categoryOut(row);
  });
}

/** Rename, move (same kind, no cycles) or archive / restore. System categories can be renamed only. */
export async function updateCategory(ctx: Ctx, id: string, input: UpdateFinanceCategoryRequest): Promise<FinanceCategory> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, id);
    if (!before) throw notFound(financeMessages.categoryNotFound);
    if (before.code && (input.parentId !== undefined || input.archived === true)) throw conflict(financeMessages.categorySystem);
    const parentId = input.parentId !== undefined ? await checkParent(tx, before.kind, input.parentId, id) : before.parentId;
    const name = input.name ?? before.name;
    if (input.name !== undefined || input.parentId !== undefined || input.archived === false) await assertUniqueCategory(tx, before.kind, parentId, name, id);
    const archivedAt = input.archived === undefined ? before.archivedAt : input.archived ? (before.archivedAt ?? new Date()) : null;
    const [after] = await tx.update(financeCategories).set({ name, parentId, archivedAt, updatedAt: new Date() }).where(eq(financeCategories.id, id)).returning();
    await recordChange(tx, ctx, {
      entity: 'finance_category',
      id,
      action: 'update',
      before: { name: before.name, parentId: before.parentId, archived: before.archivedAt !== null },
      after: { name: after.name, parentId: after.parentId, archived: after.archivedAt !== null },
      locationId: null,
    });
    return categoryOut(after);
  });
}
