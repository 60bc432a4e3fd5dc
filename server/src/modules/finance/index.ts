import { count, eq, or } from 'drizzle-orm';
import { cashOperations, cashShifts } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { financeRoutes } from './routes';
import { financeCategoriesSeeder, financeDemoSeeder } from './seed';

/** Money: cashboxes, categories, cash operations, the cash ledger and balances, cash shifts. See server/docs/finance.md. */
export const financeModule = defineModule({
  name: 'finance',
  prefix: '/finance',
  routes: financeRoutes,
  tag: { name: 'finance', description: 'Финансы: кассы, статьи, операции, движения денег, кассовые смены' },
  seeders: [financeCategoriesSeeder, financeDemoSeeder],
  locationReferences: [
    {
      table: 'cash_operations',
      label: 'у него есть кассовые операции',
      count: async (tx, locationId) =>
        Number((await tx.select({ n: count() }).from(cashOperations).where(or(eq(cashOperations.locationId, locationId), eq(cashOperations.toLocationId, locationId))))[0].n),
    },
    {
      table: 'cash_shifts',
      label: 'у него есть кассовые смены',
      count: async (tx, locationId) => Number((await tx.select({ n: count() }).from(cashShifts).where(eq(cashShifts.locationId, locationId)))[0].n),
    },
  ],
});
