import { count, eq, or } from 'drizzle-orm';
import { stockDocuments } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { stockRoutes } from './routes';
import { stockDemoSeeder } from './seed';

/** Warehouses, stock documents, the ledger and balances. See server/docs/stock.md and stock-valuation.md. */
export const stockModule = defineModule({
  name: 'stock',
  prefix: '/stock',
  routes: stockRoutes,
  tag: { name: 'stock', description: 'Склад: документы, остатки, движения, серийные номера' },
  seeders: [stockDemoSeeder],
  locationReferences: [
    {
      table: 'stock_documents',
      label: 'у него есть складские документы',
      count: async (tx, locationId) =>
        Number(
          (await tx.select({ n: count() }).from(stockDocuments).where(or(eq(stockDocuments.locationId, locationId), eq(stockDocuments.toLocationId, locationId))))[0].n,
        ),
    },
  ],
});
