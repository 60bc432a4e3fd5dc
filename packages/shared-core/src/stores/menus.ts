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
  /** An antd icon name; areas may use any `@ant-design/icons` name the host knows. */
  icon: MenuIconName | (string & {});
  route: string;
  enabled: boolean;
  /** Place among every area's items (Stock 10 … Settings 110). */
  order?: number;
  /** One line under the item's quick-link card on the main page. */
  description?: string;
  /** Hidden for employees without this rule. */
  rule?: string | string[];
  /** A count beside the item (`AreaMenuItem.badge`). */
  badge?: MenuBadge;
}

/** `GET url` → the number at `field`, fetched again on realtime events of `entity`. */
export interface MenuBadge {
  url: string;
  field: string;
  entity: string;
}

/** One item as an area's metadata (or the host) declares it: `AreaMenuItem` of the contracts. */
export interface MenuSource {
  menu: 'main' | 'shop';
  name: string;
  label: string;
  icon: string;
  route: string;
  order: number;
  description?: string;
  rule?: string | string[];
  badge?: MenuBadge;
}

function build(items: readonly MenuSource[], menu: MenuSource['menu']): MenuItem[] {
  return items
    .filter((i) => i.menu === menu)
    .slice()
    .sort((a, b) => a.order - b.order)
    .map(({ name, label, icon, route, order, description, rule, badge }) => ({
      name,
      label,
      icon,
      route,
      enabled: true,
      order,
      ...(description ? { description } : {}),
      ...(rule ? { rule } : {}),
      ...(badge ? { badge } : {}),
    }));
}

/**
 * The main menu (seed §2), all enabled by default, ordered by `order`. The items come from the areas'
 * published metadata and the host's own (Settings), so no item is written twice; before they are
 * known the menu is empty.
 */
export function createMainMenu(items: readonly MenuSource[] = []): MenuItem[] {
  return build(items, 'main');
}

/** The online-shop content menu, from the same items. */
export function createShopContentMenu(items: readonly MenuSource[] = []): MenuItem[] {
  return build(items, 'shop');
}
