/**
 * Menu entries as the interface store keeps them (seed §2: label, icon, route, enabled flag).
 * `route` is normally a path; a bare route name (the seed calls them "named routes") is mapped
 * through `namedPaths`, so the menu keeps working whichever form the store uses.
 */
export interface NavEntry {
  name?: string;
  label: string;
  icon?: string | null;
  route?: string | { path?: string; name?: string } | null;
  path?: string;
  enabled?: boolean;
}

const namedPaths: Record<string, string> = {
  Main: '/',
  Stock: '/stock',
  Procurement: '/procurement',
  Sales: '/sales',
  Orders: '/orders',
  Clients: '/clients',
  Finance: '/finance',
  Reports: '/reports',
  Tasks: '/tasks',
  Planner: '/planner',
  ProfileWorker: '/profileworker',
  Settings: '/settings',
  ShopCatalog: '/catalog',
  ShopDevices: '/devices',
  ShopRequest: '/request',
  ShopConstructors: '/constructors',
};

/** Screens without a menu entry of their own highlight the entry of the area they belong to. */
const sectionOf: Record<string, string> = {
  '/categories': '/stock',
  '/subcategories': '/stock',
  '/products': '/stock',
  '/constructorMainSlider': '/constructors',
  '/constructorGeneralCategory': '/constructors',
};

export function entryPath(entry: NavEntry): string {
  const route = entry.route ?? entry.path;
  if (typeof route === 'string') return route.startsWith('/') ? route : namedPaths[route] ?? `/${route}`;
  if (route?.path) return route.path;
  const name = route?.name ?? entry.name ?? '';
  return namedPaths[name] ?? `/${name.toLowerCase()}`;
}

/** The menu key to highlight: the longest entry path that is a prefix of the current path. */
export function selectedPath(pathname: string, paths: string[]): string | undefined {
  const base = Object.keys(sectionOf).find((p) => pathname === p || pathname.startsWith(`${p}/`));
  const target = base ? sectionOf[base] : pathname;
  let best: string | undefined;
  for (const p of paths) {
    if (p === '/') continue;
    if ((target === p || target.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = p;
  }
  return best;
}
