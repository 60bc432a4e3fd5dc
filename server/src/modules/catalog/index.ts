import { defineModule } from '../../lib/module';
import { catalogRoutes } from './routes';
import { catalogDemoSeeder } from './seed';

/** The company-wide catalogue: categories (a two-level tree) and products (goods and services). See server/docs/catalog.md. */
export const catalogModule = defineModule({
  name: 'catalog',
  prefix: '/catalog',
  routes: catalogRoutes,
  tag: { name: 'catalog', description: 'Каталог: категории, товары и услуги' },
  seeders: [catalogDemoSeeder],
});
