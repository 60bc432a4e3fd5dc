import { defineAreaRoutes, type AreaRoute } from '@repo/shared-core';
import { areaMeta } from './area';

/**
 * The only public surface of the remote: one route per screen of `area.ts` (paths from the site
 * root, `handle` = the route's metadata), each screen loaded on first visit. A built screen replaces
 * its placeholder here with `() => import('../features/<feature>/pages/<page>')`.
 */
export const routes: AreaRoute[] = defineAreaRoutes(
  areaMeta,
  Object.fromEntries(
    areaMeta.routes.map((r) => [r.path, () => import('../screens/not-built-screen').then((m) => ({ Component: m.notBuiltScreen(r.title) }))]),
  ),
);
