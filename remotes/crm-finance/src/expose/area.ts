import type { AreaMeta } from '@repo/contracts';

/**
 * Everything the host knows about this area without loading its code: the path prefixes it mounts,
 * every screen's title and rule, and the menu items. Pure data (only `import type`): the build
 * transpiles and evaluates this file to publish `area.json` beside the entry, and `/remotes.json`
 * carries it to the host. Each fact of a screen lives here once.
 */
export const areaMeta = {
  area: 'crm-finance',
  title: 'Клиенты и финансы',
  prefixes: ['/clients', '/finance', '/reports', '/tasks', '/planner', '/profileworker'],
  routes: [
    { path: '/clients', title: 'Клиенты', rule: 'view:client' },
    { path: '/finance', title: 'Финансы', rule: 'view:finance' },
    // Reports (issue #23): `/reports` is the sales report; each other report is a tab with its own URL. Pay also needs view:payroll.
    { path: '/reports', title: 'Отчеты', rule: 'view:report' },
    { path: '/reports/repairs', title: 'Отчёт по ремонтам', parent: '/reports', rule: 'view:report' },
    { path: '/reports/stock', title: 'Отчёт по складу', parent: '/reports', rule: 'view:report' },
    { path: '/reports/cashflow', title: 'Движение денег', parent: '/reports', rule: 'view:report' },
    { path: '/reports/payroll', title: 'Отчёт по зарплате', parent: '/reports', rule: 'view:payroll' },
    // Tasks (issue #24): the list and the board share filters in the URL; the open task is `?task=<id>`.
    { path: '/tasks', title: 'Задачи', rule: 'view:task' },
    { path: '/tasks/board', title: 'Доска задач', parent: '/tasks', rule: 'view:task' },
    { path: '/planner', title: 'Планировщик', rule: 'view:planner' },
    // People and pay (issue #22): the list, the pay statement, an employee's card (`new`: hiring). A static segment ranks above `:id`.
    { path: '/profileworker', title: 'Профили сотрудников', rule: 'view:employee' },
    { path: '/profileworker/payroll', title: 'Зарплата', parent: '/profileworker', rule: 'view:payroll' },
    { path: '/profileworker/:id', title: 'Сотрудник', parent: '/profileworker', rule: 'view:employee' },
  ],
  menu: [
    { menu: 'main', name: 'Clients', label: 'Клиенты', icon: 'TeamOutlined', route: '/clients', order: 50, description: 'Клиенты, история заказов и оплат', rule: 'view:client' },
    { menu: 'main', name: 'Finance', label: 'Финансы', icon: 'WalletOutlined', route: '/finance', order: 60, description: 'Кассы, приходы и расходы, кассовые смены', rule: 'view:finance' },
    { menu: 'main', name: 'Reports', label: 'Отчеты', icon: 'BarChartOutlined', route: '/reports', order: 70, description: 'Продажи, прибыль, ремонты, движение денег', rule: 'view:report' },
    { menu: 'main', name: 'Tasks', label: 'Задачи', icon: 'CheckSquareOutlined', route: '/tasks', order: 80, description: 'Задачи сотрудникам со сроками', rule: 'view:task',
      // The signed-in employee's open tasks (assigned to them), refreshed by the realtime events of tasks.
      badge: { url: '/api/tasks/counts', field: 'open', entity: 'task' } },
    { menu: 'main', name: 'Planner', label: 'Планировщик', icon: 'CalendarOutlined', route: '/planner', order: 90, description: 'Календарь записей, смен и сроков', rule: 'view:planner' },
    {
      menu: 'main',
      name: 'ProfileWorker',
      label: 'Профили сотрудников',
      icon: 'IdcardOutlined',
      route: '/profileworker',
      order: 100,
      description: 'Сотрудники, роли и начисления',
      rule: 'view:employee',
    },
  ],
} satisfies AreaMeta;
