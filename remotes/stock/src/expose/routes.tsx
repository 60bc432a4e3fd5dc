import { defineAreaRoutes, type AreaRoute } from '@repo/shared-core';
import type { ComponentType } from 'react';

type AreaScreenLoader = () => Promise<{ Component: ComponentType }>;
import { areaMeta } from './area';

/**
 * The only public surface of the remote: one route per screen of `area.ts` (paths from the site
 * root, `handle` = the route's metadata), each screen loaded on first visit: a new route of `area.ts`
 * gets `() => import('../features/<feature>/pages/<page>')` here.
 */
const stock = (name: keyof typeof import('../features/stock/screens')) => () =>
  import('../features/stock/screens').then((m) => ({ Component: m[name] as ComponentType }));

const leftovers = () => import('../features/stock/pages/leftovers-page').then((m) => ({ Component: m.LeftoversPage as ComponentType }));
const productCard = () => import('../features/stock/pages/product-card-page').then((m) => ({ Component: m.ProductCardPage as ComponentType }));

const categories = (name: 'CategoryTree' | 'SubcategoryList') => () => import('../features/catalog/screens').then((m) => ({ Component: m[name] as ComponentType }));
const products = () => import('../features/catalog/pages/products-page').then((m) => ({ Component: m.ProductsPage as ComponentType }));

const purchaseOrders = () => import('../features/procurement/pages/orders-page').then((m) => ({ Component: m.OrdersPage as ComponentType }));
const purchaseOrder = () => import('../features/procurement/pages/order-page').then((m) => ({ Component: m.OrderPage as ComponentType }));
const suggestions = () => import('../features/procurement/pages/suggestions-page').then((m) => ({ Component: m.SuggestionsPage as ComponentType }));

/** Every screen of `area.ts` (defineAreaRoutes throws when a route has none). */
const screens: Record<string, AreaScreenLoader> = {
  '/categories': categories('CategoryTree'),
  '/subcategories': categories('SubcategoryList'),
  '/products': products,
  '/stock': leftovers,
  '/stock/leftovers': leftovers,
  '/stock/posting': stock('ReceiptList'),
  '/stock/posting/:id': stock('ReceiptPage'),
  '/stock/write-off': stock('WriteOffList'),
  '/stock/write-off/:id': stock('WriteOffPage'),
  '/stock/displacement': stock('TransferList'),
  '/stock/displacement/:id': stock('TransferPage'),
  '/stock/inventory': stock('StocktakeList'),
  '/stock/inventory/:id': stock('StocktakePage'),
  '/stock/refund': stock('RefundList'),
  '/stock/refund/:id': stock('SupplierReturnPage'),
  '/stock/product': productCard,
  '/stock/product/:id': productCard,
  '/procurement': purchaseOrders,
  '/procurement/suggestions': suggestions,
  '/procurement/:id': purchaseOrder,
};

export const routes: AreaRoute[] = defineAreaRoutes(areaMeta, screens);
