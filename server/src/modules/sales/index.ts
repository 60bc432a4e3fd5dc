import { count, eq } from 'drizzle-orm';
import { sales } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { saleRoutes } from './routes';
import { salesDemoSeeder } from './seed';

/** Sales at the counter: drafts, posting, same-day cancellation, customer returns. See server/docs/sales.md. */
export const salesModule = defineModule({
  name: 'sales',
  prefix: '/sales',
  routes: saleRoutes,
  seeders: [salesDemoSeeder],
  tag: { name: 'sales', description: 'Продажи: строки, скидки, оплаты, проведение, отмена, возвраты' },
  locationReferences: [
    {
      table: 'sales',
      label: 'у него есть продажи',
      count: async (tx, locationId) => Number((await tx.select({ n: count() }).from(sales).where(eq(sales.locationId, locationId)))[0].n),
    },
  ],
});
