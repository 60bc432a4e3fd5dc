import type { MenuSource } from '@repo/shared-core';

/**
 * The host's own routes. Every other path belongs to a remote area: the host mounts each area under
 * the prefixes its metadata declares (`/remotes.json`), and takes the areas' titles and menu items
 * from there too (see `federation/area-registry.ts`).
 */
export interface HostRoute {
  /** react-router path from the site root. */
  path: string;
  /** Page header and document title (Russian). */
  title: string;
  /** Every route except /login and the catch-all requires authentication (seed §2). */
  auth: boolean;
  /** The rule the page needs (`action:entity` or a special right, several: any of them); none: every signed-in employee. */
  rule?: string | readonly string[];
}

export const hostRoutes: readonly HostRoute[] = [
  { path: '/login', title: 'Вход', auth: false },
  { path: '/', title: 'Главная', auth: true },
  { path: '/settings', title: 'Настройки магазина', auth: true, rule: 'view:settings' },
  { path: '/profile', title: 'Профиль', auth: true },
  { path: '/debug', title: 'Отладка', auth: true },
];

export const notFoundTitle = 'Страница не найдена';
export const forbiddenTitle = 'Нет доступа';

/** Routes mounted inside the main layout. */
export const layoutRoutes = hostRoutes.filter((r) => r.auth);

/** The host's own menu items (the rest come from the areas' metadata). */
export const hostMenu: readonly MenuSource[] = [
  {
    menu: 'main',
    name: 'Settings',
    label: 'Настройки',
    icon: 'SettingOutlined',
    route: '/settings',
    order: 110,
    description: 'Магазины, роли, реквизиты, нумерация документов',
    rule: 'view:settings',
  },
];

export function findHostRoute(path: string): HostRoute | undefined {
  return hostRoutes.find((r) => r.path === path);
}

/** Whether a concrete URL path is one of the host's own routes (exact: `/settings/x` is not). */
export function isHostPath(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return hostRoutes.some((r) => r.path === clean);
}
