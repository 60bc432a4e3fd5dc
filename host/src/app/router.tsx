import { configureApi, usePageTitle } from '@repo/shared-core';
import { useEffect } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '../layouts/auth-layout';
import { MainLayout } from '../layouts/main-layout';
import { LoginPage } from '../pages/login/login-page';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { RequireAuth } from './require-auth';
import { RoutePage } from './route-page';
import { findRoute, layoutRoutes, notFoundRoute } from './route-table';
import { ScrollReset } from './scroll-reset';
import { runStartup } from './startup-store';
import { useSessionEffects } from './use-session-effects';

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

function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

/** The route objects: /login in the auth layout, every table route in the main layout, then 404. */
export function buildRoutes(): RouteObject[] {
  const loginTitle = findRoute('/login')!.title;
  return [
    {
      element: <AppRoot />,
      children: [
        {
          path: '/login',
          element: <AuthLayout />,
          children: [{ index: true, element: <Titled title={loginTitle}><LoginPage /></Titled> }],
        },
        {
          element: (
            <RequireAuth>
              <MainLayout />
            </RequireAuth>
          ),
          children: layoutRoutes.map((route) => ({
            path: route.path,
            element: <RoutePage route={route} />,
          })),
        },
        {
          path: '*',
          element: <Titled title={notFoundRoute.title}><NotFoundPage /></Titled>,
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
