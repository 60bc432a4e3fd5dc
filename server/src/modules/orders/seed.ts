import { defaultOrderStatuses } from '@repo/contracts';
import { count, eq } from 'drizzle-orm';
import { orderStatuses } from '../../db/schema';
import type { Seeder } from '../../lib/module';

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
