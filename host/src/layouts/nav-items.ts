import type { MenuBadge } from '@repo/shared-core';

/**
 * Menu entries as the interface store keeps them (seed §2: label, icon, route, enabled flag), filled
 * from the areas' metadata (`/remotes.json`) and the host's own items.
 */
export interface NavEntry {
  name?: string;
  label: string;
  icon?: string | null;
  route?: string | { path?: string; name?: string } | null;
  path?: string;
  enabled?: boolean;
  description?: string;
  /** Several: any of them. */
  rule?: string | readonly string[];
  /** A count beside the item (open tasks), from the area's metadata. */
  badge?: MenuBadge;
}

export function entryPath(entry: NavEntry): string {
  const route = entry.route ?? entry.path;
  if (typeof route === 'string') return route.startsWith('/') ? route : `/${route}`;
  if (route?.path) return route.path;
  return `/${(route?.name ?? entry.name ?? '').toLowerCase()}`;
}

function longestPrefix(target: string, paths: string[]): string | undefined {
  let best: string | undefined;
  for (const p of paths) {
    if (p === '/') continue;
    if ((target === p || target.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = p;
  }
  return best;
}

/**
 * The menu key to highlight: the longest entry path that is a prefix of the current path; a screen
 * without an entry of its own (/categories) highlights its parent screen's entry (`parent` in the
 * area's metadata: /stock).
 */
export function selectedPath(pathname: string, paths: string[], parent?: string): string | undefined {
  return longestPrefix(pathname, paths) ?? (parent ? longestPrefix(parent, paths) : undefined);
}
