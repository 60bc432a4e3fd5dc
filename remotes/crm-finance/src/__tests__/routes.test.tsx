import { describeAreaContract } from '@repo/testing';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'crm-finance',
  areaMeta,
  routes,
  paths: ["/clients", "/finance", "/reports", "/reports/repairs", "/reports/stock", "/reports/cashflow", "/reports/payroll", "/tasks", "/tasks/board", "/planner", "/profileworker", "/profileworker/payroll", "/profileworker/:id"],
  menu: [['Clients', 'Клиенты', '/clients', 50], ['Finance', 'Финансы', '/finance', 60], ['Reports', 'Отчеты', '/reports', 70], ['Tasks', 'Задачи', '/tasks', 80], ['Planner', 'Планировщик', '/planner', 90], ['ProfileWorker', 'Профили сотрудников', '/profileworker', 100]],
  // Finance shows its ledger tab, clients their «Должники» filter, people their tabs, reports theirs, the planner its kind filter.
  screenText: /^Движение денег$|^Должники$|^Сотрудники$|^Зарплата$|^Продажи и прибыль$|^Список$|^Записи$/,
});
