import { defineModule } from '../../lib/module';
import { creditRoutes } from './routes';
import { cashierCreditRuleSeeder, creditsDemoSeeder } from './seed';

/** Partners' instalment and credit offers and the payment calculator. See server/docs/credits.md. */
export const creditsModule = defineModule({
  name: 'credits',
  prefix: '/credits',
  routes: creditRoutes,
  tag: { name: 'credits', description: 'Кредиты и рассрочка: предложения банков-партнёров и расчёт платежей' },
  seeders: [cashierCreditRuleSeeder, creditsDemoSeeder],
});
