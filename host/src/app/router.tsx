import { configureApi } from '@repo/shared-core';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '../layouts/auth-layout';
import { findHostRoute, layoutRoutes } from './route-table';
import { FullScreenSpin, Titled } from './router-parts';
import { ScrollReset } from './scroll-reset';
import { runStartup } from './startup-store';
import { useOwnNotices } from './use-own-notices';
import { useSessionEffects } from './use-session-effects';

// Route-level split: /login pulls only the login page; the main layout, the host pages and the
// areas load when a signed-in screen needs them.
const LoginPage = lazy(() => import(/* webpackChunkName: "page-login" */ '../pages/login/login-page').then((m) => ({ default: m.LoginPage })));
const shell = () => import(/* webpackChunkName: "shell" */ './signed-in-shell');
const ShellGate = lazy(() => shell().then((m) => ({ default: m.ShellGate })));
const RoutePage = lazy(() => shell().then((m) => ({ default: m.RoutePage })));
const AreaRoutes = lazy(() => shell().then((m) => ({ default: m.AreaRoutes })));

function AppRoot() {
  useSessionEffects();
  useOwnNotices();
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
          element: (
            <Suspense fallback={<FullScreenSpin />}>
              <ShellGate />
            </Suspense>
          ),
          children: [
            // ShellGate has loaded the shell chunk by the time these render.
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
