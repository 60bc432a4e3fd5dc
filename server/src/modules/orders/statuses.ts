import { finishedOrderGroups, orderMessages, type OrderStatus, type OrderStatusGroup } from '@repo/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { orderStatuses } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import type { createOrderStatusRequestSchema, updateOrderStatusRequestSchema } from '@repo/contracts';
import { ordersPerStatus } from './queries';
import * as repo from './repository';

/**
 * Order statuses (settings, `manage_settings`): company-wide, each in a group, with the statuses allowed
 * next and a time limit. A status in use is archived, never deleted; editing a limit recomputes the
 * overdue moment of the orders in that status.
 */

const ENTITY = 'order_status' as const;

function out(row: repo.StatusRow, counts: Map<string, number>): OrderStatus {
  return { id: row.id, name: row.name, colour: row.colour, group: row.group, limitHours: row.limitHours, next: row.next, position: row.position, orders: counts.get(row.id) ?? 0 };
}

export async function listStatuses(ctx: Ctx): Promise<OrderStatus[]> {
  const counts = await ordersPerStatus(ctx.db);
  return (await repo.statuses(ctx.db)).map((s) => out(s, counts));
}

async function checkNext(tx: Tx, next: string[], self: string | null) {
  const live = new Set((await repo.statuses(tx)).map((s) => s.id));
  for (const id of next) {
    if (id === self || !live.has(id)) throw invalidInput({ next: orderMessages.statusNotFound }, orderMessages.statusNotFound);
  }
}

async function nameFree(tx: Tx, name: string, self: string | null) {
  const [row] = await tx
    .select({ id: orderStatuses.id })
    .from(orderStatuses)
    .where(and(sql`lower(${orderStatuses.name}) = lower(${name})`, isNull(orderStatuses.archivedAt), self ? ne(orderStatuses.id, self) : undefined));
  if (row) throw invalidInput({ name: orderMessages.statusExists }, orderMessages.statusExists);
}

export async function createStatus(ctx: Ctx, input: z.output<typeof createOrderStatusRequestSchema>): Promise<OrderStatus> {
  return ctx.db.transaction(async (tx) => {
    await nameFree(tx, input.name, null);
    await checkNext(tx, input.next, null);
    const position = input.position ?? (await repo.statuses(tx)).length;
    const [row] = await tx
      .insert(orderStatuses)
      .values({ name: input.name, colour: input.colour, group: input.group, limitHours: input.limitHours ?? null, next: [...new Set(input.next)], position })
      .returning();
    await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: { ...row }, locationId: null });
    return out(row, new Map());
  });
}

/** The groups the company cannot be left without: new orders need a «new» status, issues a «closed» one. */
async function assertRequiredGroups(tx: Tx) {
  const groups = new Set((await repo.statuses(tx)).map((s) => s.group));
  const required: OrderStatusGroup[] = ['new', 'closed'];
  if (!required.every((g) => groups.has(g))) throw conflict(orderMessages.statusLast);
}

export async function updateStatus(ctx: Ctx, id: string, input: z.output<typeof updateOrderStatusRequestSchema>): Promise<OrderStatus> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findStatus(tx, id);
    if (!before || before.archivedAt) throw notFound(orderMessages.statusNotFound);
    if (input.name !== undefined) await nameFree(tx, input.name, id);
    if (input.next !== undefined) await checkNext(tx, input.next, id);
    const [row] = await tx
      .update(orderStatuses)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.colour !== undefined ? { colour: input.colour } : {}),
        ...(input.group !== undefined ? { group: input.group } : {}),
        ...(input.limitHours !== undefined ? { limitHours: input.limitHours ?? null } : {}),
        ...(input.next !== undefined ? { next: [...new Set(input.next)] } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orderStatuses.id, id))
      .returning();
    await assertRequiredGroups(tx);
    // The orders in this status: their overdue moment and «finished» follow the new limit and group.
    if (input.limitHours !== undefined || input.group !== undefined) {
      const finished = finishedOrderGroups.includes(row.group);
      await tx.execute(sql`update repair_orders set finished = ${finished} or issued_at is not null,
        overdue_at = case when ${finished} or issued_at is not null then null else nullif(least(
          case when ${row.limitHours}::int is null then 'infinity'::timestamptz else status_changed_at + make_interval(hours => ${row.limitHours}::int) end,
          coalesce(due_at, 'infinity'::timestamptz)), 'infinity'::timestamptz) end
        where status_id = ${id}`);
    }
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: { ...before }, after: { ...row }, locationId: null });
    return out(row, await ordersPerStatus(ctx.db));
  });
}

/** Deletes an unused status (others drop it from their transitions); a status in use is refused. */
export async function deleteStatus(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findStatus(tx, id);
    if (!before || before.archivedAt) throw notFound(orderMessages.statusNotFound);
    const used = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from repair_orders where status_id = ${id}`))[0].n;
    const inHistory = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from repair_order_events where from_status_id = ${id} or to_status_id = ${id}`))[0].n;
    if (used > 0) throw conflict(orderMessages.statusInUse);
    // Statuses seen in a timeline stay (archived) so the history keeps their names.
    if (inHistory > 0) await tx.update(orderStatuses).set({ archivedAt: new Date() }).where(eq(orderStatuses.id, id));
    else await tx.delete(orderStatuses).where(eq(orderStatuses.id, id));
    await tx.execute(sql`update order_statuses set next = array_remove(next, ${id}::uuid) where ${id}::uuid = any(next)`);
    await assertRequiredGroups(tx);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: { ...before }, locationId: null });
  });
}

