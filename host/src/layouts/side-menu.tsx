import { useUi } from '@repo/shared-core';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { allowedBy, areaForPath, matchAreaRoute, useAreaRegistry, useRules } from '../federation/area-registry';
import { MenuBadge } from './menu-badge';
import { MenuIcon } from './menu-icons';
import { useMenuPrefetch } from './menu-prefetch';
import { entryPath, selectedPath, type NavEntry } from './nav-items';

type Item = Required<MenuProps>['items'][number];

function toItem(entry: NavEntry, collapsed: boolean, onNavigate?: () => void): Item {
  const path = entryPath(entry);
  const enabled = entry.enabled !== false;
  const icon = <MenuIcon name={entry.icon} />;
  return {
    key: path,
    // Folded to icons, the count is a dot on the icon (its number is in the tooltip's label).
    icon:
      collapsed && entry.badge ? (
        <span style={{ position: 'relative', display: 'inline-flex' }}>
          {icon}
          <span style={{ position: 'absolute', top: -2, right: -4 }}>
            <MenuBadge badge={entry.badge} label={entry.label} dot />
          </span>
        </span>
      ) : (
        icon
      ),
    // A real link, so staff can open an area in a new tab with a middle click.
    label: enabled ? (
      <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Link to={path} onClick={onNavigate} style={{ flex: 1 }}>
          {entry.label}
        </Link>
        {entry.badge && !collapsed && <MenuBadge badge={entry.badge} label={entry.label} />}
      </span>
    ) : (
      entry.label
    ),
    // Disabled entries stay visible (greyed) so staff know the area exists but is switched off.
    disabled: !enabled,
  };
}

/** The menu items the employee may see: an item whose rule the role lacks is hidden. */
export function useVisibleMenus(): { listPage: NavEntry[]; shopPage: NavEntry[] } {
  const list = useUi((s) => s.list_page) as NavEntry[];
  const shop = useUi((s) => s.shop_content_page) as NavEntry[];
  const { rules, roleName } = useRules();
  return useMemo(
    () => ({
      listPage: (list ?? []).filter((e) => allowedBy(e.rule, rules, roleName)),
      shopPage: (shop ?? []).filter((e) => allowedBy(e.rule, rules, roleName)),
    }),
    [list, shop, rules, roleName],
  );
}

/** The sider menu: the seed's main menu in store order, then the online-shop group. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { listPage, shopPage } = useVisibleMenus();
  const { pathname } = useLocation();
  const { entries } = useAreaRegistry();
  const owner = areaForPath(entries, pathname);
  const parent = owner ? matchAreaRoute(owner.meta.routes, pathname)?.parent : undefined;

  const items = useMemo<Item[]>(() => {
    const main = (listPage ?? []).map((e) => toItem(e, collapsed, onNavigate));
    const shop = (shopPage ?? []).map((e) => toItem(e, collapsed, onNavigate));
    if (!shop.length) return main;
    return [
      ...main,
      { type: 'divider' },
      { type: 'group', key: 'shop-content', label: collapsed ? null : 'Интернет-магазин', children: shop },
    ];
  }, [listPage, shopPage, collapsed, onNavigate]);

  const allPaths = useMemo(
    () => [...(listPage ?? []), ...(shopPage ?? [])].map(entryPath),
    [listPage, shopPage],
  );
  const selected = selectedPath(pathname, allPaths, parent);
  const prefetch = useMenuPrefetch();

  return (
    <Menu
      {...prefetch}
      mode="inline"
      // Folded to icons, each item's title shows beside it on hover and on keyboard focus.
      tooltip={{ placement: 'right', trigger: ['hover', 'focus'] }}
      items={items}
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
    />
  );
}
