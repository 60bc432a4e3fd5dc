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
});
