import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout } from 'antd';
import { useAuth } from '@repo/shared-core';
import { Suspense, useCallback, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { BrandMark } from './brand-mark';
import { LocationSwitcher } from './location-switcher';
import { RealtimeStatus } from './realtime-status';
import { useSiderCollapsed } from './sider-preference';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const SIDER_WIDTH = 248;
const border = '1px solid rgba(5, 5, 5, 0.06)';

/**
 * The frame of every signed-in screen. On wide screens the menu is a sider; below 1200 px it is
 * folded to icons (with the titles in tooltips) so a 1024 screen keeps its width for the work area.
 * Each employee may fold or unfold it, and the choice is remembered for them on this device, per
 * width class (sider-preference.ts). Below `lg` the menu moves into a drawer.
 */
export function MainLayout() {
  const screens = Grid.useBreakpoint();
  // Until antd has measured the screen, assume a desktop: avoids a flash of the mobile header.
  const mobile = screens.lg === false;
  const employeeId = useAuth((s) => s.profile?.id);
  const [collapsed, toggleCollapsed] = useSiderCollapsed(employeeId, screens.xl === false ? 'narrow' : 'wide');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const toggle = () => {
    if (mobile) return setDrawerOpen(true);
    toggleCollapsed();
  };

  const brand = (compact: boolean) => (
    <Link
      to="/"
      aria-label="На главную"
      style={{ display: 'flex', alignItems: 'center', height: 64, padding: compact ? '0 16px' : '0 20px' }}
    >
      <BrandMark compact={compact} />
    </Link>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!mobile && (
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', borderInlineEnd: border }}
          data-testid="side-menu"
          data-collapsed={collapsed ? 'true' : 'false'}
        >
          {brand(collapsed)}
          <nav aria-label="Главное меню" style={{ paddingBottom: 16 }}>
            <SideMenu collapsed={collapsed} />
          </nav>
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          size={SIDER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          {brand(false)}
          <nav aria-label="Главное меню">
            <SideMenu collapsed={false} onNavigate={closeDrawer} />
          </nav>
        </Drawer>
      )}
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 20,
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            height: 64,
            paddingInline: mobile ? 12 : 24,
            background: '#fff',
            borderBottom: border,
          }}
        >
          <Button
            type="text"
            aria-label={mobile ? 'Открыть меню' : collapsed ? 'Развернуть меню' : 'Свернуть меню'}
            aria-expanded={mobile ? drawerOpen : !collapsed}
            icon={mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
          />
          <LocationSwitcher width={mobile ? 180 : 260} />
          <div style={{ flex: 1 }} />
          <RealtimeStatus compact={screens.md === false} />
          <UserMenu compact={mobile} />
        </Layout.Header>
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
          {/* The routed screen may still be a lazy chunk: keep the frame up while it loads. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
