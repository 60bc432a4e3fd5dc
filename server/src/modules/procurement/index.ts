import { count, eq } from 'drizzle-orm';
import { purchaseOrders } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { procurementRoutes } from './routes';
import { procurementDemoSeeder } from './seed';

/** Purchasing: orders to suppliers, receiving against them, reorder suggestions, supplier prices. See server/docs/procurement.md. */
export const procurementModule = defineModule({
  name: 'procurement',
  prefix: '/procurement',
  routes: procurementRoutes,
  tag: { name: 'procurement', description: 'Закупки: заказы поставщикам, приёмка по заказу, рекомендации к заказу, цены поставщиков' },
  seeders: [procurementDemoSeeder],
  locationReferences: [
    {
      table: 'purchase_orders',
      label: 'у него есть заказы поставщикам',
      count: async (tx, locationId) => Number((await tx.select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.locationId, locationId)))[0].n),
    },
  ],
});
