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
    { path: '/clients', title: 'Клиенты' },
    { path: '/finance', title: 'Финансы' },
    { path: '/reports', title: 'Отчеты' },
    { path: '/tasks', title: 'Задачи' },
    { path: '/planner', title: 'Планировщик' },
    { path: '/profileworker', title: 'Профили сотрудников' },
  ],
  menu: [
    { menu: 'main', name: 'Clients', label: 'Клиенты', icon: 'TeamOutlined', route: '/clients', order: 50, description: 'Клиенты, история заказов и оплат' },
    { menu: 'main', name: 'Finance', label: 'Финансы', icon: 'WalletOutlined', route: '/finance', order: 60, description: 'Кассы, приходы и расходы, кассовые смены' },
    { menu: 'main', name: 'Reports', label: 'Отчеты', icon: 'BarChartOutlined', route: '/reports', order: 70, description: 'Продажи, прибыль, ремонты, движение денег' },
    { menu: 'main', name: 'Tasks', label: 'Задачи', icon: 'CheckSquareOutlined', route: '/tasks', order: 80, description: 'Задачи сотрудникам со сроками' },
    { menu: 'main', name: 'Planner', label: 'Планировщик', icon: 'CalendarOutlined', route: '/planner', order: 90, description: 'Календарь записей, смен и сроков' },
    {
      menu: 'main',
      name: 'ProfileWorker',
      label: 'Профили сотрудников',
      icon: 'IdcardOutlined',
      route: '/profileworker',
      order: 100,
      description: 'Сотрудники, роли и начисления',
    },
  ],
} satisfies AreaMeta;
