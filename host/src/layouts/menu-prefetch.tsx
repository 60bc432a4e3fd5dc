import type { FocusEvent, MouseEvent } from 'react';
import { useCallback, useEffect, useMemo } from 'react';
import { areaPrefetcher, areasForPaths, scheduleIdlePrefetch } from '../federation/area-prefetch';
import { areaRegistry, useAreaRegistry } from '../federation/area-registry';
import { entryPath, type NavEntry } from './nav-items';
import { useVisibleMenus } from './side-menu';

/** The paths of the menu items the employee may open (visible for their role, and enabled). */
function openablePaths(...lists: Array<readonly NavEntry[] | undefined>): string[] {
  return lists.flatMap((l) => (l ?? []).filter((e) => e.enabled !== false).map(entryPath));
}

/**
 * Idle prefetch of every area the employee's role may open (the menu's own decision: useVisibleMenus),
 * once the main layout is up and the network is idle (docs/performance.md, «Prefetch of the areas»).
 * Renders nothing; mounted beside the main layout by the signed-in shell.
 */
export function AreaIdlePrefetch() {
  const { listPage, shopPage } = useVisibleMenus();
  const { entries, status } = useAreaRegistry();
  const paths = openablePaths(listPage, shopPage).join('\n');
  const areas = useMemo(() => (status === 'ready' ? areasForPaths(entries, paths.split('\n')) : []), [entries, status, paths]);
  useEffect(() => scheduleIdlePrefetch(areas, entries), [areas, entries]);
  return null;
}

/** The menu link an event happened on (the item's `<a>`, or the one inside the item's `<li>`). */
function linkPath(target: EventTarget | null): string | undefined {
  const el = target as Element | null;
  if (!el?.closest) return undefined;
  const a = el.closest('a[href]') ?? el.closest('[role="menuitem"]')?.querySelector('a[href]');
  const href = a?.getAttribute('href');
  if (!href) return undefined;
  try {
    return new URL(href, globalThis.location?.href ?? 'http://localhost/').pathname;
  } catch {
    return undefined;
  }
}

/**
 * Props for the menu: hovering or focusing an item prefetches its area at once (only items the menu
 * shows as links: the role's rules have already hidden the others, disabled ones have no link).
 */
export function useMenuPrefetch(): { onMouseOver: (e: MouseEvent) => void; onFocus: (e: FocusEvent) => void } {
  const handler = useCallback((e: { target: EventTarget | null }) => {
    const path = linkPath(e.target);
    if (!path) return;
    const { entries } = areaRegistry.getState();
    const [area] = areasForPaths(entries, [path]);
    if (area) void areaPrefetcher.prefetch(entries[area]);
  }, []);
  return { onMouseOver: handler, onFocus: handler };
}
