import { defineAreaRoutes, type AreaRoute, type AreaScreenModule } from '@repo/shared-core';
import { areaMeta } from './area';

const placeholder = (title: string) => () =>
  import('../screens/not-built-screen').then((m): AreaScreenModule => ({ Component: m.notBuiltScreen(title) }));

/** Screens that are not placeholders, by path. */

// Each screen is a chunk of its own (webpack splits out what screens share), so a first visit downloads
// one screen's code: the journal does not bring the counter, the order list not the order's dialogs.
const screens: Record<string, () => Promise<AreaScreenModule>> = {
  '/sales': () => import('../features/sales/pages/sale-page').then((m): AreaScreenModule => ({ Component: m.SalePage })),
  '/sales/list': () => import('../features/sales/pages/sales-list-page').then((m): AreaScreenModule => ({ Component: m.SalesListPage })),
  '/sales/return': () => import('../features/sales/pages/return-page').then((m): AreaScreenModule => ({ Component: m.ReturnPage })),
  '/sales/:id': () => import('../features/sales/pages/sale-card-page').then((m): AreaScreenModule => ({ Component: m.SaleCardPage })),
  '/orders': () => import('../features/repair-orders/pages/orders-page').then((m): AreaScreenModule => ({ Component: m.OrdersPage })),
  '/orders/:id': () => import('../features/repair-orders/pages/order-page').then((m): AreaScreenModule => ({ Component: m.OrderPage })),
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
