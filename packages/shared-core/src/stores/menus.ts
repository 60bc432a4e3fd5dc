/**
 * antd icon names (`@ant-design/icons` export names) rather than components, so the store stays
 * free of React and the host maps a name to an icon when it renders the menu.
 */
export type MenuIconName =
  | 'InboxOutlined'
  | 'ShoppingCartOutlined'
  | 'DollarOutlined'
  | 'ToolOutlined'
  | 'TeamOutlined'
  | 'WalletOutlined'
  | 'BarChartOutlined'
  | 'CheckSquareOutlined'
  | 'CalendarOutlined'
  | 'IdcardOutlined'
  | 'SettingOutlined'
  | 'AppstoreOutlined'
  | 'MobileOutlined'
  | 'FileTextOutlined'
  | 'LayoutOutlined';

export interface MenuItem {
  /** The seed's named route. */
  name: string;
  label: string;
  icon: MenuIconName;
  route: string;
  enabled: boolean;
}

/** The main menu in the seed's order (§2); all enabled by default. Stock has the inventory icon. */
export function createMainMenu(): MenuItem[] {
  return [
    { name: 'Stock', label: 'Склад', icon: 'InboxOutlined', route: '/stock', enabled: true },
    { name: 'Procurement', label: 'Закупки', icon: 'ShoppingCartOutlined', route: '/procurement', enabled: true },
    { name: 'Sales', label: 'Продажи', icon: 'DollarOutlined', route: '/sales', enabled: true },
    { name: 'Orders', label: 'Заказы / Ремонт', icon: 'ToolOutlined', route: '/orders', enabled: true },
    { name: 'Clients', label: 'Клиенты', icon: 'TeamOutlined', route: '/clients', enabled: true },
    { name: 'Finance', label: 'Финансы', icon: 'WalletOutlined', route: '/finance', enabled: true },
    { name: 'Reports', label: 'Отчеты', icon: 'BarChartOutlined', route: '/reports', enabled: true },
    { name: 'Tasks', label: 'Задачи', icon: 'CheckSquareOutlined', route: '/tasks', enabled: true },
    { name: 'Planner', label: 'Планировщик', icon: 'CalendarOutlined', route: '/planner', enabled: true },
    { name: 'ProfileWorker', label: 'Профили сотрудников', icon: 'IdcardOutlined', route: '/profileworker', enabled: true },
    { name: 'Settings', label: 'Настройки', icon: 'SettingOutlined', route: '/settings', enabled: true },
  ];
}

/** The online-shop content menu, in the seed's order. */
export function createShopContentMenu(): MenuItem[] {
  return [
    { name: 'ShopCatalog', label: 'Каталог', icon: 'AppstoreOutlined', route: '/catalog', enabled: true },
    { name: 'ShopDevices', label: 'Устройства', icon: 'MobileOutlined', route: '/devices', enabled: true },
    { name: 'ShopRequest', label: 'Заявки', icon: 'FileTextOutlined', route: '/request', enabled: true },
    { name: 'ShopConstructors', label: 'Конструкторы', icon: 'LayoutOutlined', route: '/constructors', enabled: true },
  ];
}
