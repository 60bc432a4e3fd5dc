import { defineModule } from '../../lib/module';
import { peopleRoutes } from './routes';
import { salarySeeder } from './seed';

/**
 * People (issue #22): employees (`/api/employees`) and roles (`/api/roles`), mounted at `/api` itself.
 * Tables live in the auth module (`employees`, `roles`, `employee_locations`, `sessions`); the demo
 * staff's seeder (`auth.staff`, ./seed.ts) runs in the auth module's list, right after `auth.company`.
 * See server/docs/people.md.
 */
export const peopleModule = defineModule({
  name: 'people',
  prefix: '',
  routes: peopleRoutes,
  tag: { name: 'people', description: 'Сотрудники и роли' },
  seeders: [salarySeeder],
});
