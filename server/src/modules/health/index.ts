import { defineModule } from '../../lib/module';
import { healthRoutes } from './routes';

export const healthModule = defineModule({
  name: 'health',
  prefix: '',
  routes: healthRoutes,
  tag: { name: 'system', description: 'Служебное' },
});
