import { defineModule } from '../../lib/module';
import { clientRoutes } from './routes';
import { clientBaseDemoSeeder, clientsDemoSeeder } from './seed';

/** Counterparties: clients and suppliers (issue #8 for suppliers; issue #9 grows the client base). */
export const clientsModule = defineModule({
  name: 'clients',
  prefix: '/clients',
  routes: clientRoutes,
  tag: { name: 'clients', description: 'Клиенты и поставщики' },
  seeders: [clientsDemoSeeder, clientBaseDemoSeeder],
});
