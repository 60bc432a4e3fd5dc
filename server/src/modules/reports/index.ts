import { defineModule } from '../../lib/module';
import { reportRoutes } from './routes';

/** Reports: sales and gross profit, repairs, stock value and slow movers, cash flow, pay. See server/docs/reports.md. */
export const reportsModule = defineModule({
  name: 'reports',
  prefix: '/reports',
  routes: reportRoutes,
  tag: { name: 'reports', description: 'Отчёты: продажи и прибыль, ремонты, остатки, движение денег, зарплата' },
});
