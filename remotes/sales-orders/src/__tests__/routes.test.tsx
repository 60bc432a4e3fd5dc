import { describeAreaContract } from '@repo/testing';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'sales-orders',
  areaMeta,
  routes,
  paths: ["/sales", "/orders", "/orders/:id", "/patterns", "/credits"],
  menu: [['Sales', 'Продажи', '/sales', 30], ['Orders', 'Заказы / Ремонт', '/orders', 40]],
  // Placeholders until the area's own issue builds each screen; the built ones show their first words
  // (with no API here: the orders list shows its view switch, an order says it is loading, the
  // documents screen its list's title).
  screenText: /ещё не создан|^Таблица$|^Загружаю заказ…$|^Шаблоны$/,
});
