import { describeAreaContract } from '@repo/testing';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'sales-orders',
  areaMeta,
  routes,
  paths: ["/sales", "/orders", "/patterns", "/credits"],
  menu: [['Sales', 'Продажи', '/sales', 30], ['Orders', 'Заказы / Ремонт', '/orders', 40]],
  // Placeholders until the area's own issue builds each screen.
  screenText: /ещё не создан/,
});
