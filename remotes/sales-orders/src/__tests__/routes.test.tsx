import { describeAreaContract } from '@repo/testing';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'sales-orders',
  areaMeta,
  routes,
  paths: ["/sales", "/sales/list", "/sales/return", "/sales/:id", "/orders", "/orders/:id", "/patterns", "/credits"],
  menu: [['Sales', 'Продажи', '/sales', 30], ['Orders', 'Заказы / Ремонт', '/orders', 40]],
  // Every screen is built; each shows its first words with no API here: the counter its card, the
  // journal its totals, a return its search, a sale and an order their loading state, the orders list its
  // view switch, the documents screen its list's title, the credits screen its calculator.
  screenText: /^Новая продажа$|^Продаж$|^Возврат покупателя$|^Таблица$|^Загружаю заказ…$|^Загружаю продажу…$|^Шаблоны$|^Калькулятор$/,
});
