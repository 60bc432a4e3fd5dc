import { defineModule } from '../../lib/module';
import { plannerRoutes } from './routes';
import { plannerDemoSeeder } from './seed';

/** The planner: a calendar per location of appointments, shifts and tasks' due moments. See server/docs/planner.md. */
export const plannerModule = defineModule({
  name: 'planner',
  prefix: '/planner',
  routes: plannerRoutes,
  tag: { name: 'planner', description: 'Планировщик: записи клиентов, смены сотрудников и сроки задач в календаре магазина' },
  seeders: [plannerDemoSeeder],
  locationReferences: [{ table: 'planner_events', label: 'у него есть события в календаре' }],
});

export { linkAppointment } from './service';
