import type { RemoteArea } from '@repo/contracts';
import { RemoteRoute } from '../federation/remote-route';
import { hostPages } from './host-pages';
import { PageFrame } from './page-frame';
import { findRoute, type AppRoute } from './route-table';

/** One route of the table: the page frame (header + document title), then the page itself. */
export function RoutePage({ route }: { route: AppRoute }) {
  const parentRoute = route.parent ? findRoute(route.parent) : undefined;
  const parent = parentRoute ? { path: parentRoute.path, title: parentRoute.title } : undefined;
  const HostPage = route.owner === 'host' ? hostPages[route.path] : undefined;
  return (
    <PageFrame title={route.title} parent={parent}>
      {HostPage ? <HostPage /> : <RemoteRoute area={route.owner as RemoteArea} path={route.path} />}
    </PageFrame>
  );
}
