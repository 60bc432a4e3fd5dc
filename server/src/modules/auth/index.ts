import { count, eq } from 'drizzle-orm';
import { defineModule } from '../../lib/module';
import { authRoutes } from './routes';
import { employeeLocations } from './schema';
import { companySeeder } from './seed';
import { staffSeeder } from '../people/seed';

/** Sign-in, the profile, sessions; employees and roles. */
export const authModule = defineModule({
  name: 'auth',
  prefix: '/auth',
  routes: authRoutes,
  tag: { name: 'auth', description: 'Вход, профиль, сессии' },
  // `auth.staff` (people module's seed.ts) right after the company, so later demo seeders see the staff.
  seeders: [companySeeder, staffSeeder],
  locationReferences: [
    {
      table: 'employee_locations',
      label: 'к нему привязаны сотрудники',
      count: async (tx, locationId) =>
        Number((await tx.select({ n: count() }).from(employeeLocations).where(eq(employeeLocations.locationId, locationId)))[0].n),
    },
  ],
});
