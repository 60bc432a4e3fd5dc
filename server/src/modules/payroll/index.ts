import { defineModule } from '../../lib/module';
import { payrollRoutes } from './routes';
import { payrollDemoSeeder } from './seed';

/** Pay: the commission ledger, statements, bonuses and penalties, payouts. See server/docs/payroll.md. */
export const payrollModule = defineModule({
  name: 'payroll',
  prefix: '/payroll',
  routes: payrollRoutes,
  tag: { name: 'payroll', description: 'Зарплата: начисления (оклад, проценты с документов, премии, штрафы) и выплаты' },
  seeders: [payrollDemoSeeder],
});
