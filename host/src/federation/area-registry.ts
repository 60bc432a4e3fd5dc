import { hasRule, remoteAreas, type AreaMeta, type AreaRouteMeta, type RemoteArea, type RequiredRule } from '@repo/contracts';
import { uiStore, useAuth } from '@repo/shared-core';
import { useEffect, useSyncExternalStore } from 'react';
import { matchPath } from 'react-router-dom';
import { hostMenu } from '../app/route-table';
import { fetchRemotesManifest, type RemoteEntryInfo, type RemotesManifestMap } from './remote-loader';

/**
 * What the host knows about the areas, from `/remotes.json` alone (no remote code): which build of
 * each area is in use in this tab, its prefixes, routes, titles, rules and menu items. Loaded once
 * when the signed-in shell first renders; an area's entry changes only when the tab switches to a
 * new release of it («Обновить раздел»), so the menu and titles always match the code that runs.
 */
export interface AreaRegistryState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: RemotesManifestMap;
  error: unknown;
  /** Bumped when an area is switched to another build: its subtree remounts. */
  generation: Partial<Record<RemoteArea, number>>;
}

let state: AreaRegistryState = { status: 'idle', entries: {}, error: null, generation: {} };
const listeners = new Set<() => void>();
let pending: Promise<void> | null = null;
let fetchManifest: () => Promise<RemotesManifestMap> = () => fetchRemotesManifest('/remotes.json');

function setState(patch: Partial<AreaRegistryState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** Fills the seed's menu stores (`list_page`, `shop_content_page`) from the host's items and the areas'. */
function syncMenus(entries: RemotesManifestMap) {
  const areaItems = remoteAreas.flatMap((a) => entries[a]?.meta?.menu ?? []);
  uiStore.getState().setMenuItems([...hostMenu, ...areaItems]);
}

export const areaRegistry = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Loads `/remotes.json` once (again after an error); resolves when done either way. */
  load(): Promise<void> {
    if (state.status === 'ready') return Promise.resolve();
    if (!pending) {
      setState({ status: 'loading', error: null });
      pending = fetchManifest().then(
        (entries) => {
          pending = null;
          syncMenus(entries);
          setState({ status: 'ready', entries });
        },
        (error: unknown) => {
          pending = null;
          setState({ status: 'error', error });
        },
      );
    }
    return pending;
  },
  /** Reads `/remotes.json` again without applying it (to compare versions after a release event). */
  peek: (): Promise<RemotesManifestMap> => fetchManifest(),
  /** Switches one area to another build (a new release) and remounts its subtree. */
  applyEntry(area: RemoteArea, entry: RemoteEntryInfo | undefined, { remount = true }: { remount?: boolean } = {}) {
    const entries = { ...state.entries };
    if (entry) entries[area] = entry;
    else delete entries[area];
    syncMenus(entries);
    const generation = remount ? { ...state.generation, [area]: (state.generation[area] ?? 0) + 1 } : state.generation;
    setState({ entries, generation });
  },
  /** Tests: a fake `/remotes.json` and a clean state. */
  reset(fetcher?: () => Promise<RemotesManifestMap>) {
    if (fetcher) fetchManifest = fetcher;
    pending = null;
    state = { status: 'idle', entries: {}, error: null, generation: {} };
    uiStore.getState().setMenuItems(hostMenu);
    for (const l of listeners) l();
  },
};

// The host's own item (Settings) is in the menu before the areas are known.
uiStore.getState().setMenuItems(hostMenu);

/** The registry, loading it on first use. */
export function useAreaRegistry(): AreaRegistryState {
  const s = useSyncExternalStore(areaRegistry.subscribe, areaRegistry.getState);
  useEffect(() => {
    if (s.status === 'idle') void areaRegistry.load();
  }, [s.status]);
  return s;
}

const underPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The area that owns a URL path, by its metadata's prefixes (longest prefix wins). */
export function areaForPath(entries: RemotesManifestMap, pathname: string): { area: RemoteArea; prefix: string; meta: AreaMeta } | undefined {
  let best: { area: RemoteArea; prefix: string; meta: AreaMeta } | undefined;
  for (const area of remoteAreas) {
    const meta = entries[area]?.meta;
    for (const prefix of meta?.prefixes ?? []) {
      if (meta && underPrefix(pathname, prefix) && (!best || prefix.length > best.prefix.length)) best = { area, prefix, meta };
    }
  }
  return best;
}

/** The area route a URL path shows (react-router's ranking: static segments before `:params`). */
export function matchAreaRoute(routes: readonly AreaRouteMeta[], pathname: string): AreaRouteMeta | undefined {
  const score = (p: string) => p.split('/').reduce((n, seg) => n + (seg.startsWith(':') ? 1 : seg ? 10 : 0), 0);
  return routes
    .filter((r) => matchPath({ path: r.path, end: true }, pathname))
    .sort((a, b) => score(b.path) - score(a.path))[0];
}

/**
 * Whether an employee with these rules may see a route or menu item (owners may see everything, as on the
 * server). A route declares `action:entity` (any scope of it will do, as `config.rule` on the server) or a
 * special right, or a list of them (any one will do); the role holds scoped rules (`view:purchase_order:location`).
 */
export function allowedBy(rule: string | readonly string[] | undefined, rules: readonly string[] | undefined, roleName?: string): boolean {
  if (!rule || (Array.isArray(rule) && rule.length === 0)) return true;
  if (roleName === 'owner') return true;
  if (!rules) return false;
  const list: readonly string[] = typeof rule === 'string' ? [rule] : rule;
  return list.some((r) => rules.includes(r) || hasRule(rules, r as RequiredRule));
}

/** The employee's rules, for hiding items and screens (role `owner` may see everything). */
export function useRules(): { rules: readonly string[] | undefined; roleName: string | undefined } {
  const role = useAuth((s) => (s.profile as { role?: { name?: string; rules?: string[] } } | null)?.role);
  return { rules: role?.rules, roleName: role?.name };
}
