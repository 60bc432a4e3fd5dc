import { remoteAreas, type AreaMeta, type RemoteArea } from '@repo/contracts';
import { Button, Result, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageFrame } from '../app/page-frame';
import { forbiddenTitle, notFoundTitle } from '../app/route-table';
import { allowedBy, areaRegistry, matchAreaRoute, useAreaRegistry, useRules } from './area-registry';
import { RemoteAreaView } from './remote-route';
import { ScreenForbidden, ScreenNotFound } from './screen-not-found';

/**
 * One area's page under `<prefix>/*`: the title, rule and not-found come from the area's metadata
 * (no remote code is downloaded for a 404 or a 403); only a screen that may be shown loads the area.
 */
export function AreaPage({ area, prefix, meta }: { area: RemoteArea; prefix: string; meta: AreaMeta }) {
  const { pathname } = useLocation();
  const { rules, roleName } = useRules();
  const generation = useAreaRegistry().generation[area] ?? 0;
  const route = matchAreaRoute(meta.routes, pathname);

  if (!route) {
    return (
      <PageFrame title={notFoundTitle}>
        <ScreenNotFound />
      </PageFrame>
    );
  }
  if (!allowedBy(route.rule, rules, roleName)) {
    return (
      <PageFrame title={forbiddenTitle}>
        <ScreenForbidden />
      </PageFrame>
    );
  }
  const parentRoute = route.parent ? meta.routes.find((r) => r.path === route.parent) : undefined;
  // A breadcrumb only for screens nested under their parent's path (the stock tabs, /orders/:id).
  const parent = parentRoute && route.path.startsWith(`${parentRoute.path}/`) ? { path: parentRoute.path, title: parentRoute.title } : undefined;
  return (
    <PageFrame title={route.title} parent={parent}>
      <RemoteAreaView key={`${area}#${generation}`} area={area} areaTitle={meta.title} prefix={prefix} />
    </PageFrame>
  );
}

/**
 * Everything under the main layout that is not a host page: each area mounted as splat routes under
 * the prefixes of its metadata (`/stock/*`, `/categories/*` …), and the host's not-found for the rest.
 */
export function AreaRoutes() {
  const registry = useAreaRegistry();
  const routes = useMemo<RouteObject[]>(() => {
    const out: RouteObject[] = [];
    for (const area of remoteAreas) {
      const meta = registry.entries[area]?.meta;
      for (const prefix of meta?.prefixes ?? []) {
        out.push({ path: `${prefix}/*`, element: <AreaPage area={area} prefix={prefix} meta={meta!} /> });
      }
    }
    out.push({
      path: '*',
      element: (
        <PageFrame title={notFoundTitle}>
          <ScreenNotFound />
        </PageFrame>
      ),
    });
    return out;
  }, [registry.entries]);
  const element = useRoutes(routes);

  if (registry.status === 'error') {
    return (
      <Result
        status="warning"
        title="Разделы не загрузились"
        subTitle="Не удалось узнать, какие разделы сейчас работают. Проверьте соединение и попробуйте ещё раз."
        extra={
          <Button type="primary" onClick={() => void areaRegistry.load()}>
            Повторить
          </Button>
        }
      />
    );
  }
  if (registry.status !== 'ready') return <Skeleton active paragraph={{ rows: 6 }} data-testid="area-loading" />;
  return element;
}
