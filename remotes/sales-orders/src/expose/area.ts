import type { AreaMeta, AreaMenuItem, AreaRouteMeta } from '@repo/contracts';

/**
 * Test-only build switch: the e2e suite builds a variant of this area with extra screens
 * (DefinePlugin `__E2E_EXTRA_ROUTE__`, or `E2E_EXTRA_ROUTE=1` when the build evaluates this file)
 * and releases it to prove that a new sub-route goes live with no host release.
 */
declare const __E2E_EXTRA_ROUTE__: boolean | undefined;
const e2eExtra =
  (typeof __E2E_EXTRA_ROUTE__ !== 'undefined' && __E2E_EXTRA_ROUTE__ === true) ||
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.E2E_EXTRA_ROUTE === '1';
const extraRoutes: AreaRouteMeta[] = e2eExtra
  ? [
      { path: '/orders/archive', title: 'Архив заказов', parent: '/orders', rule: 'view:repair_order' },
      { path: '/orders/archive/:id', title: 'Архивный заказ', parent: '/orders', rule: 'view:repair_order' },
    ]
  : [];
const extraMenu: AreaMenuItem[] = e2eExtra
  ? [{ menu: 'main', name: 'OrdersArchive', label: 'Архив заказов', icon: 'ToolOutlined', route: '/orders/archive', order: 45, rule: 'view:repair_order' }]
  : [];

/**
 * Everything the host knows about this area without loading its code: the path prefixes it mounts,
 * every screen's title and rule, and the menu items. Pure data (only `import type`): the build
 * transpiles and evaluates this file to publish `area.json` beside the entry, and `/remotes.json`
 * carries it to the host. Each fact of a screen lives here once.
 */
export const areaMeta = {
  area: 'sales-orders',
  title: 'Продажи и заказы',
  prefixes: ['/sales', '/orders', '/patterns', '/credits'],
  routes: [
    // The counter sells (`create:sale`); the journal and a sale's card only read (`view:sale`).
    { path: '/sales', title: 'Продажи', rule: 'create:sale' },
    { path: '/sales/list', title: 'Журнал продаж', parent: '/sales', rule: 'view:sale' },
    { path: '/sales/return', title: 'Возврат покупателя', parent: '/sales', rule: 'create:sale' },
    { path: '/sales/:id', title: 'Продажа', parent: '/sales', rule: 'view:sale' },
    // The seed's title has no spaces around the slash; the menu label («Заказы / Ремонт») has them.
    { path: '/orders', title: 'Заказы/Ремонт', rule: 'view:repair_order' },
    { path: '/orders/:id', title: 'Заказ', parent: '/orders', rule: 'view:repair_order' },
    { path: '/patterns', title: 'Документы', rule: 'view:template' },
    { path: '/credits', title: 'Кредитные предложения', rule: 'view:credit_offer' },
    ...extraRoutes,
  ],
  menu: [
    {
      menu: 'main',
      name: 'Sales',
      label: 'Продажи',
      icon: 'DollarOutlined',
      route: '/sales',
      order: 30,
      description: 'Продажи товаров и услуг, чеки, возвраты',
      rule: 'create:sale',
    },
    {
      menu: 'main',
      name: 'Orders',
      label: 'Заказы / Ремонт',
      icon: 'ToolOutlined',
      route: '/orders',
      order: 40,
      description: 'Заказы на ремонт: приёмка, работы, запчасти, выдача',
      rule: 'view:repair_order',
    },
    ...extraMenu,
  ],
} satisfies AreaMeta;
