import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Host-owned screens inside the main layout, by route path. Each is its own chunk, so the sign-in
 * page downloads none of them (nor the main layout, nor any area).
 */
export const hostPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import(/* webpackChunkName: "page-main" */ '../pages/main/main-page').then((m) => ({ default: m.MainPage }))),
  '/settings': lazy(() => import(/* webpackChunkName: "page-settings" */ '../pages/settings/settings-page').then((m) => ({ default: m.SettingsPage }))),
  '/profile': lazy(() => import(/* webpackChunkName: "page-profile" */ '../pages/profile/profile-page').then((m) => ({ default: m.ProfilePage }))),
  '/debug': lazy(() => import(/* webpackChunkName: "page-debug" */ '../pages/debug/debug-page').then((m) => ({ default: m.DebugPage }))),
};
