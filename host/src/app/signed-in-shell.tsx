import { useAuth } from '@repo/shared-core';
import { App as AntApp } from 'antd';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { areaForPath, useAreaRegistry } from '../federation/area-registry';
import { useReleaseUpdates } from '../federation/release-updates';
import { MainLayout } from '../layouts/main-layout';
import { AreaIdlePrefetch } from '../layouts/menu-prefetch';
import { RequireAuth } from './require-auth';
import { isHostPath, notFoundTitle } from './route-table';
import { FullScreenSpin, Titled } from './router-parts';

// Everything below is its own chunk ("shell"), loaded by the first path that is not /login: the sign-in
// page downloads none of the main layout, the host pages, the area loader or antd's App (message,
// modal, notification).
export { AreaRoutes } from '../federation/area-routes';
export { RoutePage } from './route-page';

const PasswordChangePage = lazy(() =>
  import(/* webpackChunkName: "page-password-change" */ '../pages/password-change/password-change-page').then((m) => ({ default: m.PasswordChangePage })),
);
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ '../pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

function SignedInShell() {
  useReleaseUpdates();
  // A temporary password (issue #22): only its change, no menu and no areas, until it is changed.
  const mustChangePassword = useAuth((s) => s.profile?.mustChangePassword === true);
  return (
    <RequireAuth>
      <AntApp>
        {mustChangePassword ? (
          <Titled title="Смена временного пароля">
            <Suspense fallback={<FullScreenSpin />}>
              <PasswordChangePage />
            </Suspense>
          </Titled>
        ) : (
          <>
            <MainLayout />
            <AreaIdlePrefetch />
          </>
        )}
      </AntApp>
    </RequireAuth>
  );
}

/**
 * Decides between the signed-in shell and the catch-all before asking for a sign-in: a host page or
 * a path under an area's prefix (from `/remotes.json`) needs authentication; any other path is the
 * not-found page, which needs none (seed §2).
 */
export function ShellGate() {
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
