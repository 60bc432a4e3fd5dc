import { defineModule } from '../../lib/module';
import { auditRoutes } from './routes';

/** The change journal: rows are written by every module through `recordChange`; this module reads them. */
export const auditModule = defineModule({
  name: 'audit',
  prefix: '/audit',
  routes: auditRoutes,
  tag: { name: 'audit', description: 'Журнал изменений' },
});
