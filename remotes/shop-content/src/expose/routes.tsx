import { defineAreaRoutes, type AreaRoute } from '@repo/shared-core';
import type { ComponentType } from 'react';
import { areaMeta } from './area';

type AreaScreenLoader = () => Promise<{ Component: ComponentType }>;

/**
 * The only public surface of the remote: one route per screen of `area.ts` (paths from the site
 * root, `handle` = the route's metadata), each screen loaded on first visit from its feature's
 * `screens.tsx` (one lazy chunk per feature).
 */
const catalog = () => import('../features/catalog/screens').then((m) => ({ Component: m.CatalogPage as ComponentType }));
const devices = () => import('../features/devices/screens').then((m) => ({ Component: m.DevicesPage as ComponentType }));
const requests = () => import('../features/requests/screens').then((m) => ({ Component: m.RequestsPage as ComponentType }));
const constructors = () => import('../features/constructors/screens').then((m) => ({ Component: m.ConstructorsPage as ComponentType }));
const slides = () => import('../features/slides/screens').then((m) => ({ Component: m.SlidesPage as ComponentType }));
const categories = () => import('../features/categories/screens').then((m) => ({ Component: m.CategoriesPage as ComponentType }));

const built: Record<string, AreaScreenLoader> = {
  '/catalog': catalog,
  '/devices': devices,
  '/request/:id?': requests,
  '/constructors': constructors,
  '/constructorMainSlider': slides,
  '/constructorGeneralCategory': categories,
};

export const routes: AreaRoute[] = defineAreaRoutes(
  areaMeta,
  Object.fromEntries(areaMeta.routes.map((r) => [r.path, built[r.path]])),
);
