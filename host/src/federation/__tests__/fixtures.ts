import type { AreaMeta } from '@repo/contracts';
import type { MenuSource } from '@repo/shared-core';
import type { RemotesManifestMap } from '../remote-loader';

/** Trimmed copies of two areas' metadata (the real ones are tested in each remote and in e2e). */
export const stockMeta: AreaMeta = {
  area: 'stock',
  title: 'Склад и товары',
  prefixes: ['/stock', '/categories'],
  routes: [
    { path: '/categories', title: 'Категории', parent: '/stock' },
    { path: '/stock', title: 'Склад' },
    { path: '/stock/posting', title: 'Оприходование', parent: '/stock' },
    { path: '/stock/secret', title: 'Секретный склад', rule: 'view:secret', parent: '/stock' },
  ],
  menu: [
    { menu: 'main', name: 'Stock', label: 'Склад', icon: 'InboxOutlined', route: '/stock', order: 10, description: 'Остатки' },
    { menu: 'main', name: 'Secret', label: 'Секрет', icon: 'InboxOutlined', route: '/stock/secret', order: 15, rule: 'view:secret' },
  ],
};

export const salesMeta: AreaMeta = {
  area: 'sales-orders',
  title: 'Продажи и заказы',
  prefixes: ['/sales', '/orders'],
  routes: [
    { path: '/sales', title: 'Продажи' },
    { path: '/orders', title: 'Заказы/Ремонт' },
    { path: '/orders/archive', title: 'Архив заказов', parent: '/orders' },
    { path: '/orders/:id', title: 'Заказ', parent: '/orders' },
  ],
  menu: [
    { menu: 'main', name: 'Orders', label: 'Заказы / Ремонт', icon: 'ToolOutlined', route: '/orders', order: 40 },
    { menu: 'main', name: 'Sales', label: 'Продажи', icon: 'DollarOutlined', route: '/sales', order: 30 },
  ],
};

export const manifest: RemotesManifestMap = {
  stock: { name: 'stock', version: '0.1.0-aaa', entry: '/mfe/stock/0.1.0-aaa/remoteEntry.js', meta: stockMeta },
  'sales-orders': {
    name: 'salesOrders',
    version: '0.1.0-bbb',
    entry: '/mfe/sales-orders/0.1.0-bbb/remoteEntry.js',
    meta: salesMeta,
    fallback: { version: '0.1.0-old', entry: '/mfe/sales-orders/0.1.0-old/remoteEntry.js' },
  },
};

/** The seed's menus as the four areas' metadata and the host declare them (for layout tests). */
export const seedMenuItems: MenuSource[] = [
  { menu: 'main', name: 'Stock', label: 'Склад', icon: 'InboxOutlined', route: '/stock', order: 10 },
  { menu: 'main', name: 'Procurement', label: 'Закупки', icon: 'ShoppingCartOutlined', route: '/procurement', order: 20 },
  { menu: 'main', name: 'Sales', label: 'Продажи', icon: 'DollarOutlined', route: '/sales', order: 30 },
  { menu: 'main', name: 'Orders', label: 'Заказы / Ремонт', icon: 'ToolOutlined', route: '/orders', order: 40 },
  { menu: 'main', name: 'Clients', label: 'Клиенты', icon: 'TeamOutlined', route: '/clients', order: 50 },
  { menu: 'main', name: 'Finance', label: 'Финансы', icon: 'WalletOutlined', route: '/finance', order: 60 },
  { menu: 'main', name: 'Reports', label: 'Отчеты', icon: 'BarChartOutlined', route: '/reports', order: 70 },
  { menu: 'main', name: 'Tasks', label: 'Задачи', icon: 'CheckSquareOutlined', route: '/tasks', order: 80 },
  { menu: 'main', name: 'Planner', label: 'Планировщик', icon: 'CalendarOutlined', route: '/planner', order: 90 },
  { menu: 'main', name: 'ProfileWorker', label: 'Профили сотрудников', icon: 'IdcardOutlined', route: '/profileworker', order: 100 },
  { menu: 'main', name: 'Settings', label: 'Настройки', icon: 'SettingOutlined', route: '/settings', order: 110 },
  { menu: 'shop', name: 'ShopCatalog', label: 'Каталог', icon: 'AppstoreOutlined', route: '/catalog', order: 10 },
  { menu: 'shop', name: 'ShopDevices', label: 'Устройства', icon: 'MobileOutlined', route: '/devices', order: 20 },
  { menu: 'shop', name: 'ShopRequest', label: 'Заявки', icon: 'FileTextOutlined', route: '/request', order: 30 },
  { menu: 'shop', name: 'ShopConstructors', label: 'Конструкторы', icon: 'LayoutOutlined', route: '/constructors', order: 40 },
];

/** A `/remotes.json` whose areas bring the seed's menu items (the host adds Settings itself). */
export function manifestWithMenu(items: MenuSource[] = seedMenuItems.filter((i) => i.name !== 'Settings')): RemotesManifestMap {
  return {
    stock: {
      name: 'stock',
      version: '1',
      entry: '/mfe/stock/1/remoteEntry.js',
      meta: { area: 'stock', title: 'Склад и товары', prefixes: ['/stock'], routes: [], menu: items },
    },
  };
}
