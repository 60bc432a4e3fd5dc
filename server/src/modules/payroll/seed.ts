import { allRules, payoutComment } from '@repo/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, locations, payrollAdjustments, payrollPayouts } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Ctx } from '../../lib/ctx';
import type { Seeder } from '../../lib/module';
import { rowsOf } from '../../lib/sql';
import { checkOperation, postOperation, systemCategory } from '../finance/service';
import { addDays, dayStart, firstOfMonth, moscowDay } from './base';
import { rebuildCommissions } from './commissions';
import { statementsFor } from './service';

/** The first day of the month `n` months before the month of `day`. */
function monthsBack(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Demo pay (SEED_DEMO only; after the sales, orders, finance seeders and `auth.staff`, which gives the
 * demo employees their schemes): the commission ledger rebuilt from the demo documents since the month
 * before last by the same writers the posting transactions use; that month paid out in full on the 5th
 * of the next month through real finance expenses («Зарплата», from the cashbox with the most money);
 * a couple of bonuses and penalties.
 */
export const payrollDemoSeeder: Seeder = {
  name: 'payroll.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (locs.length < demoLocations.length) return;
    const today = moscowDay(new Date());
    const paidMonth = monthsBack(today, 2);
    await rebuildCommissions(tx, dayStart(paidMonth));
    const staff = await tx.select({ id: employees.id, name: employees.name, salary: employees.salary, roleId: employees.roleId }).from(employees).where(eq(employees.active, true)).orderBy(asc(employees.name));
    const withScheme = staff.filter((e) => (e.salary?.monthlyBase ?? 0) > 0 || (e.salary?.rules ?? []).length > 0);
    const [owner] = rowsOf<{ id: string; name: string }>(await tx.execute(sql`select e.id, e.name from employees e join roles r on r.id = e.role_id where r.name = 'owner' and e.active order by e.created_at limit 1`));
    if (!owner) return;
    // Bonuses and penalties: last month and this one.
    const lastMonth = monthsBack(today, 1);
    const picks = withScheme.slice(0, 3);
    const adjustments = [
      picks[0] && { employeeId: picks[0].id, kind: 'bonus' as const, amount: 500_000, date: addDays(lastMonth, 20), comment: 'За план по ремонтам' },
      picks[1] && { employeeId: picks[1].id, kind: 'penalty' as const, amount: 100_000, date: addDays(lastMonth, 11), comment: 'Опоздание на смену' },
      picks[2] && { employeeId: picks[2].id, kind: 'bonus' as const, amount: 300_000, date: addDays(firstOfMonth(today), 1), comment: 'Лучший продавец недели' },
    ].filter((a): a is NonNullable<typeof a> => !!a && a.date <= today);
    if (adjustments.length) await tx.insert(payrollAdjustments).values(adjustments.map((a) => ({ ...a, authorId: owner.id })));
    // The month before last paid out in full on the 5th of the next month.
    const payDay = addDays(lastMonth, 4);
    if (payDay > today || !withScheme.length) return;
    const periodEnd = addDays(lastMonth, -1);
    const due = await statementsFor(tx, withScheme.map((e) => e.id), paidMonth, periodEnd);
    const allLocs = (await tx.select({ id: locations.id }).from(locations)).map((l) => l.id);
    const ctx: Ctx = {
      db: tx as unknown as Db,
      config,
      auth: { employeeId: owner.id, sessionId: '00000000-0000-0000-0000-000000000000', name: owner.name, roleName: 'owner', rules: allRules(), locationIds: allLocs },
      actor: { employeeId: owner.id, locationId: null, ip: null },
      locationId: null,
    };
    const categoryId = await systemCategory(tx, 'salary');
    const at = new Date(`${payDay}T12:00:00+03:00`);
    for (const e of withScheme) {
      const amount = due.get(e.id)?.due ?? 0;
      if (amount <= 0) continue;
      const [box] = rowsOf<{ id: string; balance: string }>(
        await tx.execute(sql`select c.id, b.balance from cashboxes c join cash_balances b on b.cashbox_id = c.id order by b.balance desc limit 1`),
      );
      if (!box || Number(box.balance) < amount) continue;
      const [{ id }] = rowsOf<{ id: string }>(await tx.execute(sql`select gen_random_uuid() as id`));
      const fields = await checkOperation(ctx, tx, { kind: 'expense', cashboxId: box.id, amount, categoryId, comment: payoutComment(e.name, `за ${paidMonth.slice(5, 7)}.${paidMonth.slice(0, 4)}`), documentType: 'payroll_payout', documentId: id, documentNumber: null });
      const op = await postOperation(ctx, tx, fields, { at });
      await tx.insert(payrollPayouts).values({ id, employeeId: e.id, amount, cashboxId: box.id, operationId: op.id, date: payDay, comment: 'Зарплата за месяц', authorId: owner.id });
    }
  },
};
