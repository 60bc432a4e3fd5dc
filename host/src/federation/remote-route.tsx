import type { RemoteArea } from '@repo/contracts';
import type { AreaRoute } from '@repo/shared-core';
import { Skeleton } from 'antd';
import { lazy, Suspense, use, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AreaErrorBoundary } from './area-error-boundary';
import { AreaUnavailable } from './area-unavailable';
import { remoteLoader } from './federation-runtime';
import type { LoadedArea, RemoteLoader } from './remote-loader';
import { useRemoteLoader } from './remote-loader-context';
import { ScreenNotFound } from './screen-not-found';

const getDefaultLoader = (): RemoteLoader => remoteLoader;
const loading = <Skeleton active paragraph={{ rows: 6 }} data-testid="area-loading" />;

/** One React.lazy per route object, so a screen's chunk is fetched once and its state survives re-renders. */
const lazyScreens = new WeakMap<AreaRoute, LazyExoticComponent<ComponentType>>();
function screenOf(route: AreaRoute) {
  let Screen = lazyScreens.get(route);
  if (!Screen) {
    Screen = lazy(() => route.lazy().then((m) => ({ default: m.Component })));
    lazyScreens.set(route, Screen);
  }
  return Screen;
}

/**
 * The area's routes under one of its prefixes, matched relative to it (`/orders/:id` under `/orders/*`
 * is `:id`), as react-router descendant routes; anything else is the host's not-found.
 */
export function relativeRoutes(routes: readonly AreaRoute[], prefix: string): RouteObject[] {
  const own = routes.filter((r) => r.path === prefix || r.path.startsWith(`${prefix}/`));
  return [
    ...own.map((r): RouteObject => {
      const rel = r.path.slice(prefix.length).replace(/^\//, '');
      const Screen = screenOf(r);
      const element = <Screen />;
      return rel ? { path: rel, element } : { index: true, element };
    }),
    { path: '*', element: <ScreenNotFound /> },
  ];
}

function AreaScreens({ promise, prefix }: { promise: Promise<LoadedArea>; prefix: string }) {
  const mod = use(promise);
  const routes = useMemo(() => relativeRoutes(mod.routes, prefix), [mod.routes, prefix]);
  return useRoutes(routes);
}

/**
 * Renders the area's screen for the current URL inside the splat route `<prefix>/*`, behind the
 * area's own error boundary: a dead or crashing remote shows «Раздел временно недоступен» with a
 * retry, and every other area keeps working.
 */
export function RemoteAreaView({ area, areaTitle, prefix }: { area: RemoteArea; areaTitle: string; prefix: string }) {
  const loader = useRemoteLoader(getDefaultLoader);
  const [attempt, setAttempt] = useState(0);
  const promise = loader.loadArea(area);

  const retry = useCallback(
    (reset: () => void) => {
      loader.reset(area, { retry: true });
      setAttempt((n) => n + 1);
      reset();
    },
    [area, loader],
  );

  return (
    <AreaErrorBoundary
      resetKey={`${prefix}#${attempt}`}
      fallback={(error, reset) => <AreaUnavailable areaTitle={areaTitle} error={error} onRetry={() => retry(reset)} />}
    >
      <Suspense fallback={loading}>
        <AreaScreens promise={promise} prefix={prefix} />
      </Suspense>
    </AreaErrorBoundary>
  );
}
