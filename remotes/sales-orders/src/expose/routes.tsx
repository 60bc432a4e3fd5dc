import { defineAreaRoutes, type AreaRoute, type AreaScreenModule } from '@repo/shared-core';
import { areaMeta } from './area';

const placeholder = (title: string) => () =>
  import('../screens/not-built-screen').then((m): AreaScreenModule => ({ Component: m.notBuiltScreen(title) }));

/** Screens that are not placeholders, by path. */
const orders = (name: keyof typeof import('../features/repair-orders/screens')) => () =>
  import('../features/repair-orders/screens').then((m): AreaScreenModule => ({ Component: m[name] }));

const sales = (name: keyof typeof import('../features/sales/screens')) => () =>
  import('../features/sales/screens').then((m): AreaScreenModule => ({ Component: m[name] }));

const screens: Record<string, () => Promise<AreaScreenModule>> = {
  '/sales': sales('SalePage'),
  '/sales/list': sales('SalesListPage'),
  '/sales/return': sales('ReturnPage'),
  '/sales/:id': sales('SaleCardPage'),
  '/orders': orders('OrdersPage'),
  '/orders/:id': orders('OrderPage'),
  '/orders/archive/:id': () => import('../screens/order-details-screen'),
  '/credits': () => import('../features/credits/screens').then((m): AreaScreenModule => ({ Component: m.CreditsPage })),
  '/patterns': () => import('../features/templates/screens').then((m): AreaScreenModule => ({ Component: m.TemplatesPage })),
};

/**
 * The only public surface of the remote: one route per screen of `area.ts` (paths from the site
 * root, `handle` = the route's metadata), each screen loaded on first visit. A built screen replaces
 * its placeholder here with `() => import('../features/<feature>/pages/<page>')`.
 */
export const routes: AreaRoute[] = defineAreaRoutes(
  areaMeta,
  Object.fromEntries(areaMeta.routes.map((r) => [r.path, screens[r.path] ?? placeholder(r.title)])),
);
