import { count, eq } from 'drizzle-orm';
import { repairOrders } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { deviceRoutes, orderRoutes } from './routes';
import { orderStatusesSeeder, ordersDemoSeeder } from './seed';

/** Repair orders: statuses, intake, works, parts, payments, issue, warranty, timeline. See server/docs/orders.md. */
export const ordersModule = defineModule({
  name: 'orders',
  prefix: '/orders',
  routes: orderRoutes,
  tag: { name: 'orders', description: 'Заказы на ремонт: приёмка, статусы, работы, запчасти, оплаты, выдача, гарантия' },
  seeders: [orderStatusesSeeder, ordersDemoSeeder],
  locationReferences: [
    {
      table: 'repair_orders',
      label: 'у него есть заказы на ремонт',
      count: async (tx, locationId) => Number((await tx.select({ n: count() }).from(repairOrders).where(eq(repairOrders.locationId, locationId)))[0].n),
    },
  ],
});

/** /api/devices: the history of an IMEI or serial (read by the orders screens and a search field). */
export const devicesModule = defineModule({
  name: 'devices',
  prefix: '/devices',
  routes: deviceRoutes,
  tag: { name: 'devices', description: 'История устройств по IMEI и серийным номерам' },
});
