import { defineModule } from '../../lib/module';
import { companyRoutes } from './routes';
import { companyDetailsSeeder, numberingSeeder } from './seed';

/** Company details and document numbering (Settings). See server/docs/company.md. */
export const companyModule = defineModule({
  name: 'company',
  prefix: '/settings',
  routes: companyRoutes,
  tag: { name: 'company', description: 'Реквизиты компании и нумерация документов' },
  seeders: [numberingSeeder, companyDetailsSeeder],
});
