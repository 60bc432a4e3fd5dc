import { configureApi, usePageTitle } from '@repo/shared-core';
import { Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { areaForPath, useAreaRegistry } from '../federation/area-registry';
import { AreaRoutes } from '../federation/area-routes';
import { useReleaseUpdates } from '../federation/release-updates';
import { AuthLayout } from '../layouts/auth-layout';
import { RequireAuth } from './require-auth';
import { RoutePage } from './route-page';
import { findHostRoute, isHostPath, layoutRoutes, notFoundTitle } from './route-table';
import { ScrollReset } from './scroll-reset';
import { runStartup } from './startup-store';
import { useSessionEffects } from './use-session-effects';

// Route-level split: /login pulls only the login page; the main layout, the host pages and the
// areas load when a signed-in screen needs them.
const LoginPage = lazy(() => import(/* webpackChunkName: "page-login" */ '../pages/login/login-page').then((m) => ({ default: m.LoginPage })));
const MainLayout = lazy(() => import(/* webpackChunkName: "main-layout" */ '../layouts/main-layout').then((m) => ({ default: m.MainLayout })));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ '../pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

function FullScreenSpin() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

function AppRoot() {
  useSessionEffects();
  useEffect(() => {
    void runStartup();
  }, []);
  return (
    <>
      <ScrollReset />
      <Outlet />
    </>
  );
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

function SignedInShell() {
  useReleaseUpdates();
  return (
    <RequireAuth>
      <Suspense fallback={<FullScreenSpin />}>
        <MainLayout />
      </Suspense>
    </RequireAuth>
  );
}

/**
 * Decides between the signed-in shell and the catch-all before asking for a sign-in: a host page or
 * a path under an area's prefix (from `/remotes.json`) needs authentication; any other path is the
 * not-found page, which needs none (seed §2).
 */
function ShellGate() {
  const { pathname } = useLocation();
  const registry = useAreaRegistry();
  if (!isHostPath(pathname)) {
    if (registry.status === 'idle' || registry.status === 'loading') return <FullScreenSpin />;
    if (registry.status === 'ready' && !areaForPath(registry.entries, pathname)) {
      return (
        <Titled title={notFoundTitle}>
          <Suspense fallback={<FullScreenSpin />}>
            <NotFoundPage />
          </Suspense>
        </Titled>
      );
    }
  }
  return <SignedInShell />;
}

/** The route objects: /login in the auth layout, the host pages and the areas in the main layout. */
export function buildRoutes(): RouteObject[] {
  const loginTitle = findHostRoute('/login')!.title;
  return [
    {
      element: <AppRoot />,
      children: [
        {
          path: '/login',
          element: <AuthLayout />,
          children: [
            {
              index: true,
              element: (
                <Titled title={loginTitle}>
                  <Suspense fallback={null}>
                    <LoginPage />
                  </Suspense>
                </Titled>
              ),
            },
          ],
        },
        {
          element: <ShellGate />,
          children: [
            ...layoutRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
            // Areas are splat routes under their prefixes, mounted from /remotes.json (AreaRoutes).
            { path: '*', element: <AreaRoutes /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  configureApi({
    onUnauthenticated: () => {
      const { pathname, search, hash } = router.state.location;
      if (pathname !== '/login') void router.navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
    },
    getRouteName: () => (router.state.location.pathname === '/login' ? 'Login' : undefined),
  });
  return router;
}
