import { useUi } from '@repo/shared-core';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MenuIcon } from './menu-icons';
import { entryPath, selectedPath, type NavEntry } from './nav-items';

type Item = Required<MenuProps>['items'][number];

function toItem(entry: NavEntry, onNavigate?: () => void): Item {
  const path = entryPath(entry);
  const enabled = entry.enabled !== false;
  return {
    key: path,
    icon: <MenuIcon name={entry.icon} />,
    // A real link, so staff can open an area in a new tab with a middle click.
    label: enabled ? (
      <Link to={path} onClick={onNavigate}>
        {entry.label}
      </Link>
    ) : (
      entry.label
    ),
    // Disabled entries stay visible (greyed) so staff know the area exists but is switched off.
    disabled: !enabled,
  };
}

/** The sider menu: the seed's main menu in store order, then the online-shop group. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const listPage = useUi((s) => s.list_page) as NavEntry[];
  const shopPage = useUi((s) => s.shop_content_page) as NavEntry[];
  const { pathname } = useLocation();

  const items = useMemo<Item[]>(() => {
    const main = (listPage ?? []).map((e) => toItem(e, onNavigate));
    const shop = (shopPage ?? []).map((e) => toItem(e, onNavigate));
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
  const selected = selectedPath(pathname, allPaths);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
    />
  );
}
