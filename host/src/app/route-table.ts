import type { RemoteArea } from '@repo/contracts';

/** Who renders a route: the host itself, or one remote area. */
export type RouteOwner = 'host' | RemoteArea;

export interface AppRoute {
  /** react-router path from the site root (`/request/:id?`), `*` for the catch-all. */
  path: string;
  /** Page header and document title (Russian). */
  title: string;
  owner: RouteOwner;
  /** Every route except /login and the catch-all requires authentication. */
  auth: boolean;
  /** Parent route path, for nested areas (the stock tabs). */
  parent?: string;
}

const host = (path: string, title: string, auth = true): AppRoute => ({ path, title, owner: 'host', auth });
const area = (owner: RemoteArea, path: string, title: string, parent?: string): AppRoute => ({
  path,
  title,
  owner,
  auth: true,
  ...(parent ? { parent } : {}),
});

/** Every route of seed-spec §2, in the seed's order. */
export const routeTable: readonly AppRoute[] = [
  host('/login', 'Вход', false),
  host('/', 'Главная'),
  area('stock', '/categories', 'Категории'),
  // The seed gives /subcategories no title; it still requires authentication.
  area('stock', '/subcategories', 'Подкатегории'),
  area('stock', '/products', 'Продукты'),
  area('sales-orders', '/sales', 'Продажи'),
  host('/settings', 'Настройки магазина'),
  area('sales-orders', '/orders', 'Заказы/Ремонт'),
  host('/profile', 'Профиль'),
  area('stock', '/stock', 'Склад'),
  area('stock', '/stock/leftovers', 'Остатки', '/stock'),
  area('stock', '/stock/posting', 'Оприходование', '/stock'),
  area('stock', '/stock/inventory', 'Инвентаризация', '/stock'),
  area('stock', '/stock/displacement', 'Перемещения', '/stock'),
  area('stock', '/stock/product', 'Карточка товара', '/stock'),
  area('stock', '/stock/refund', 'Возвраты', '/stock'),
  area('crm-finance', '/clients', 'Клиенты'),
  area('crm-finance', '/finance', 'Финансы'),
  area('crm-finance', '/reports', 'Отчеты'),
  area('sales-orders', '/patterns', 'Документы'),
  area('crm-finance', '/tasks', 'Задачи'),
  area('crm-finance', '/planner', 'Планировщик'),
  area('crm-finance', '/profileworker', 'Профили сотрудников'),
  area('stock', '/procurement', 'Закупки'),
  area('sales-orders', '/credits', 'Кредитные предложения'),
  host('/debug', 'Отладка'),
  area('shop-content', '/catalog', 'Каталог'),
  area('shop-content', '/devices', 'Устройства'),
  area('shop-content', '/request/:id?', 'Заявки'),
  area('shop-content', '/constructors', 'Конструкторы'),
  area('shop-content', '/constructorMainSlider', 'Главный слайдер'),
  area('shop-content', '/constructorGeneralCategory', 'Категории интернет-магазина'),
  host('*', 'Страница не найдена', false),
];

/** Russian names of the remote areas, for the "area unavailable" card. */
export const areaTitles: Record<RemoteArea, string> = {
  stock: 'Склад и товары',
  'sales-orders': 'Продажи и заказы',
  'crm-finance': 'Клиенты и финансы',
  'shop-content': 'Интернет-магазин',
};

export const notFoundRoute = routeTable.find((r) => r.path === '*')!;

/** The table entry for a path pattern, e.g. `findRoute('/stock/posting')`. */
export function findRoute(path: string): AppRoute | undefined {
  return routeTable.find((r) => r.path === path);
}

/** Routes mounted inside the main layout (everything authenticated). */
export const layoutRoutes = routeTable.filter((r) => r.auth);

/** The title for a concrete URL path (`/request/42` → 'Заявки'), or the not-found title. */
export function titleForPathname(pathname: string): string {
  const match = routeTable.find((r) => r.path !== '*' && matchesPattern(r.path, pathname));
  return (match ?? notFoundRoute).title;
}

/** Minimal matcher for the table's own patterns (static segments and `:param`/`:param?`). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const clean = (p: string) => p.replace(/\/+$/, '').split('/').filter(Boolean);
  const pat = clean(pattern);
  const seg = clean(pathname);
  const required = pat.filter((s) => !s.endsWith('?')).length;
  if (seg.length < required || seg.length > pat.length) return false;
  return pat.every((p, i) => {
    if (p.startsWith(':')) return p.endsWith('?') || seg[i] !== undefined;
    return seg[i] === p;
  });
}
