import { count, eq } from 'drizzle-orm';
import { defineModule } from '../../lib/module';
import { authRoutes } from './routes';
import { employeeLocations } from './schema';
import { companySeeder } from './seed';

/** Sign-in, the profile, sessions; employees and roles. */
export const authModule = defineModule({
  name: 'auth',
  prefix: '/auth',
  routes: authRoutes,
  tag: { name: 'auth', description: 'Вход, профиль, сессии' },
  seeders: [companySeeder],
  locationReferences: [
    {
      table: 'employee_locations',
      label: 'к нему привязаны сотрудники',
      count: async (tx, locationId) =>
        Number((await tx.select({ n: count() }).from(employeeLocations).where(eq(employeeLocations.locationId, locationId)))[0].n),
    },
  ],
});
