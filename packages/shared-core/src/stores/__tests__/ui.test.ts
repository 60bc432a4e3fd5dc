import { maxDebugEntries, uiStore } from '../ui';

import type { MenuSource } from '../menus';

/** The seed's menus as the areas' metadata and the host declare them (given out of order on purpose). */
const seedItems: MenuSource[] = [
  { menu: 'shop', name: 'ShopConstructors', label: 'Конструкторы', icon: 'LayoutOutlined', route: '/constructors', order: 40 },
  { menu: 'main', name: 'Settings', label: 'Настройки', icon: 'SettingOutlined', route: '/settings', order: 110 },
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
  { menu: 'shop', name: 'ShopCatalog', label: 'Каталог', icon: 'AppstoreOutlined', route: '/catalog', order: 10 },
  { menu: 'shop', name: 'ShopDevices', label: 'Устройства', icon: 'MobileOutlined', route: '/devices', order: 20 },
  { menu: 'shop', name: 'ShopRequest', label: 'Заявки', icon: 'FileTextOutlined', route: '/request', order: 30 },
];

const initial = uiStore.getState();
beforeEach(() => {
  uiStore.setState(initial, true);
  uiStore.getState().setMenuItems(seedItems);
});

describe('interface store', () => {
  it('starts with empty menus until the areas\' metadata fills them', () => {
    uiStore.setState(initial, true);
    expect(uiStore.getState().list_page).toEqual([]);
    expect(uiStore.getState().shop_content_page).toEqual([]);
  });

  it('lists the main menu in the seed order with labels, icons, routes and enabled flags', () => {
    expect(uiStore.getState().list_page.map(({ name, label, route, enabled }) => [name, label, route, enabled])).toEqual([
      ['Stock', 'Склад', '/stock', true],
      ['Procurement', 'Закупки', '/procurement', true],
      ['Sales', 'Продажи', '/sales', true],
      ['Orders', 'Заказы / Ремонт', '/orders', true],
      ['Clients', 'Клиенты', '/clients', true],
      ['Finance', 'Финансы', '/finance', true],
      ['Reports', 'Отчеты', '/reports', true],
      ['Tasks', 'Задачи', '/tasks', true],
      ['Planner', 'Планировщик', '/planner', true],
      ['ProfileWorker', 'Профили сотрудников', '/profileworker', true],
      ['Settings', 'Настройки', '/settings', true],
    ]);
  });

  it('gives Stock the inventory icon and every item an antd icon name (a string, no React)', () => {
    const { list_page, shop_content_page } = uiStore.getState();
    expect(list_page[0]?.icon).toBe('InboxOutlined');
    for (const item of [...list_page, ...shop_content_page]) expect(item.icon).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
  });

  it('lists the shop-content menu in the seed order', () => {
    expect(uiStore.getState().shop_content_page.map(({ name, label, route }) => [name, label, route])).toEqual([
      ['ShopCatalog', 'Каталог', '/catalog'],
      ['ShopDevices', 'Устройства', '/devices'],
      ['ShopRequest', 'Заявки', '/request'],
      ['ShopConstructors', 'Конструкторы', '/constructors'],
    ]);
  });

  it('defaults change_location and reports.isAllLocations to true and lets them change', () => {
    expect(uiStore.getState().change_location).toBe(true);
    expect(uiStore.getState().reports.isAllLocations).toBe(true);
    uiStore.getState().setChangeLocation(false);
    uiStore.getState().setReportsAllLocations(false);
    expect(uiStore.getState().change_location).toBe(false);
    expect(uiStore.getState().reports.isAllLocations).toBe(false);
  });

  it('keeps range_date_filters per page', () => {
    expect(uiStore.getState().range_date_filters).toEqual({});
    uiStore.getState().setRangeDateFilters('sales', ['2024-06-01', '2024-06-30']);
    uiStore.getState().setRangeDateFilters('reports', null);
    expect(uiStore.getState().range_date_filters).toEqual({ sales: ['2024-06-01', '2024-06-30'], reports: null });
  });

  it('records debug entries as { createdDate, error }, clears them, and keeps only the latest', () => {
    uiStore.getState().addDebug({ status: 500 });
    const [entry] = uiStore.getState().debug;
    expect(entry?.error).toEqual({ status: 500 });
    expect(new Date(entry!.createdDate).toISOString()).toBe(entry!.createdDate);

    uiStore.getState().clearDebug();
    expect(uiStore.getState().debug).toEqual([]);

    for (let i = 0; i < maxDebugEntries + 5; i++) uiStore.getState().addDebug(i);
    const debug = uiStore.getState().debug;
    expect(debug).toHaveLength(maxDebugEntries);
    expect(debug[debug.length - 1]?.error).toBe(maxDebugEntries + 4);
  });

});
