import type { AreaMeta, AreaRouteMeta } from '@repo/contracts';
import type { ComponentType } from 'react';

/** What a lazily loaded screen module gives (react-router's `lazy` shape). */
export interface AreaScreenModule {
  Component: ComponentType;
}

/** The metadata a route carries (react-router `handle`): the same facts as the area's `area.ts`. */
export type AreaRouteHandle = AreaRouteMeta;

/**
 * One route an area exposes through `./routes`: a path from the site root (`/orders/:id`), its
 * metadata, and the screen loaded on first visit (its own chunk). The host mounts the area under
 * its prefixes (`/orders/*`) and matches these paths relative to the prefix.
 */
export interface AreaRoute {
  path: string;
  handle: AreaRouteHandle;
  lazy: () => Promise<AreaScreenModule>;
}

/**
 * Builds an area's routes from its metadata and one screen loader per path, so a screen's facts stay
 * in `area.ts` alone. Throws when a route has no screen or a screen has no route (a typo either way).
 */
export function defineAreaRoutes(
  meta: Pick<AreaMeta, 'routes'>,
  screens: Record<string, () => Promise<AreaScreenModule>>,
): AreaRoute[] {
  const paths = new Set(meta.routes.map((r) => r.path));
  for (const path of Object.keys(screens)) {
    if (!paths.has(path)) throw new Error(`Экран ${path} не описан в area.ts`);
  }
  return meta.routes.map((handle) => {
    const lazy = screens[handle.path];
    if (!lazy) throw new Error(`Для маршрута ${handle.path} нет экрана`);
    return { path: handle.path, handle, lazy };
  });
}
