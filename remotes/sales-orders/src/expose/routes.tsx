import { defineAreaRoutes, type AreaRoute, type AreaScreenModule } from '@repo/shared-core';
import { areaMeta } from './area';

const placeholder = (title: string) => () =>
  import('../screens/not-built-screen').then((m): AreaScreenModule => ({ Component: m.notBuiltScreen(title) }));

/** Screens that are not placeholders, by path. */
const orders = (name: keyof typeof import('../features/repair-orders/screens')) => () =>
  import('../features/repair-orders/screens').then((m): AreaScreenModule => ({ Component: m[name] }));

// Each sales screen is a chunk of its own: the counter, the journal, a sale's card and a return share
// only what webpack splits out for them, so the first visit downloads one screen's code.
const screens: Record<string, () => Promise<AreaScreenModule>> = {
  '/sales': () => import('../features/sales/pages/sale-page').then((m): AreaScreenModule => ({ Component: m.SalePage })),
  '/sales/list': () => import('../features/sales/pages/sales-list-page').then((m): AreaScreenModule => ({ Component: m.SalesListPage })),
  '/sales/return': () => import('../features/sales/pages/return-page').then((m): AreaScreenModule => ({ Component: m.ReturnPage })),
  '/sales/:id': () => import('../features/sales/pages/sale-card-page').then((m): AreaScreenModule => ({ Component: m.SaleCardPage })),
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
