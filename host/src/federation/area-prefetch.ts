import { remoteAreas, type RemoteArea } from '@repo/contracts';
import { queryClient } from '@repo/shared-core';
import { entryFolder, routesExposeFiles, type RemoteEntryInfo, type RemotesManifestMap } from './remote-loader';

/**
 * The first visit to an area without the federation's round trips (issue 20, item 7). Once the main
 * layout is up and the page's network is idle, the host downloads, at low priority, what the loader and
 * the federation runtime will ask for first when the employee opens an area their role may open:
 * the area's `remoteEntry.js`, its `mf-manifest.json` and the `./routes` expose's own chunks (listed in
 * the manifest). Hovering or focusing a menu item does the same for that item's area at once.
 *
 * The very same URLs, with plain `fetch` (default cache mode, same-origin credentials, as the loader's
 * own fetches): a version folder is served immutable (server/src/plugins/static.ts), so the later
 * requests of the loader, the runtime's script tag and the expose's preload are HTTP-cache hits with no
 * revalidation. Nothing is executed: the entry and the chunks run only when the area is opened.
 * Nothing is prefetched when the browser asks to save data (`navigator.connection.saveData`).
 */

export interface PrefetchDeps {
  /** Downloads one URL whole (into the HTTP cache); default: `fetch` with `priority: 'low'`. */
  get?: (url: string) => Promise<Response | undefined>;
  /** Whether the browser asks to save data; default reads `navigator.connection.saveData`. */
  saveData?: () => boolean;
}

/** The browser asks to save data (Chromium's «Lite mode», a metered connection setting). */
export function browserSavesData(nav: Navigator | undefined = globalThis.navigator): boolean {
  const connection = (nav as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection;
  return connection?.saveData === true;
}

/** A low-priority download of one file, read to its end so the HTTP cache keeps it whole. */
export async function lowPriorityGet(url: string): Promise<Response | undefined> {
  const init = { credentials: 'same-origin', priority: 'low' } as RequestInit;
  const res = await fetch(url, init);
  if (!res.ok) return undefined;
  return res;
}

/** The routes chunks the runtime will ask for, resolved in the entry's folder. */
function routesChunks(entryUrl: string, manifest: unknown): string[] {
  return routesExposeFiles(manifest).map((f) => `${entryFolder(entryUrl)}${f}`);
}

export interface AreaPrefetcher {
  /** Prefetches one area's entry, manifest and routes chunks (once per entry URL); never rejects. */
  prefetch: (entry: RemoteEntryInfo | undefined) => Promise<void>;
  /** The entry URLs asked for so far. */
  started: () => string[];
  /** Tests: forgets what was prefetched. */
  reset: () => void;
}

export function createAreaPrefetcher(deps: PrefetchDeps = {}): AreaPrefetcher {
  const get = deps.get ?? lowPriorityGet;
  const saveData = deps.saveData ?? (() => browserSavesData());
  const started = new Map<string, Promise<void>>();
  const drain = async (url: string) => {
    const res = await get(url);
    if (res) await res.arrayBuffer();
  };
  return {
    prefetch(entry) {
      if (!entry?.entry || saveData()) return Promise.resolve();
      const key = entry.entry;
      let p = started.get(key);
      if (!p) {
        p = Promise.all([
          drain(key),
          (async () => {
            const res = await get(`${entryFolder(key)}mf-manifest.json`);
            if (!res) return;
            const chunks = routesChunks(key, await res.json());
            await Promise.all(chunks.map(drain));
          })(),
        ]).then(
          () => undefined,
          // A hint only: the loader reports real failures when the area is opened.
          () => undefined,
        );
        started.set(key, p);
      }
      return p;
    },
    started: () => [...started.keys()],
    reset: () => started.clear(),
  };
}

/** The host's one prefetcher. */
export const areaPrefetcher: AreaPrefetcher = createAreaPrefetcher();

/**
 * The areas behind a list of menu paths (the items the employee's role may see, as the menu decides):
 * each path's owner by the areas' prefixes, in menu order, once each.
 */
export function areasForPaths(entries: RemotesManifestMap, paths: readonly string[]): RemoteArea[] {
  const out: RemoteArea[] = [];
  for (const p of paths) {
    let best: { area: RemoteArea; len: number } | undefined;
    for (const area of remoteAreas) {
      for (const prefix of entries[area]?.meta?.prefixes ?? []) {
        if ((p === prefix || p.startsWith(`${prefix}/`)) && (!best || prefix.length > best.len)) best = { area, len: prefix.length };
      }
    }
    if (best && !out.includes(best.area)) out.push(best.area);
  }
  return out;
}

export interface IdleDeps {
  /** Whether the app still waits for data (react-query fetching or mutating). */
  busy?: () => boolean;
  /** ms since the last script, style or data file finished loading (Resource Timing). */
  sinceLastResource?: () => number;
  requestIdle?: (cb: () => void) => () => void;
  /** How long the network must have been quiet. */
  quietMs?: number;
  /** Checks every so often; gives up waiting for quiet after `maxWaitMs` and goes ahead at idle. */
  pollMs?: number;
  maxWaitMs?: number;
}

function defaultRequestIdle(cb: () => void): () => void {
  const w = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (typeof w.requestIdleCallback === 'function') {
    const id = w.requestIdleCallback(cb, { timeout: 3000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const t = setTimeout(cb, 200);
  return () => clearTimeout(t);
}

function defaultSinceLastResource(): number {
  const perf = globalThis.performance;
  if (!perf?.getEntriesByType) return Infinity;
  const entries = perf.getEntriesByType('resource') as PerformanceResourceTiming[];
  const last = entries.reduce((m, e) => Math.max(m, e.responseEnd || 0), 0);
  return perf.now() - last;
}

/**
 * Calls `cb` once the page's network is idle (no query or mutation running, no file finished for
 * `quietMs`, the document loaded) and the main thread is idle (`requestIdleCallback`). Returns the cancel.
 */
export function whenNetworkIdle(cb: () => void, deps: IdleDeps = {}): () => void {
  const busy = deps.busy ?? (() => queryClient.isFetching() > 0 || queryClient.isMutating() > 0 || globalThis.document?.readyState !== 'complete');
  const since = deps.sinceLastResource ?? defaultSinceLastResource;
  const requestIdle = deps.requestIdle ?? defaultRequestIdle;
  const quietMs = deps.quietMs ?? 500;
  const pollMs = deps.pollMs ?? 250;
  const maxWaitMs = deps.maxWaitMs ?? 15_000;
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waited = 0;
  const check = () => {
    if (cancelled) return;
    if (waited < maxWaitMs && (busy() || since() < quietMs)) {
      waited += pollMs;
      timer = setTimeout(check, pollMs);
      return;
    }
    cancelIdle = requestIdle(() => {
      if (!cancelled) cb();
    });
  };
  timer = setTimeout(check, pollMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancelIdle?.();
  };
}

/**
 * After idle, prefetches each permitted area in turn (one at a time: low priority, and the first area
 * of the menu is ready soonest). Never with saveData. Returns the cancel.
 */
export function scheduleIdlePrefetch(
  areas: readonly RemoteArea[],
  entries: RemotesManifestMap,
  opts: { prefetcher?: AreaPrefetcher; idle?: (cb: () => void) => () => void; saveData?: () => boolean } = {},
): () => void {
  const prefetcher = opts.prefetcher ?? areaPrefetcher;
  const saveData = opts.saveData ?? (() => browserSavesData());
  if (!areas.length || saveData()) return () => undefined;
  let cancelled = false;
  const cancelIdle = (opts.idle ?? whenNetworkIdle)(() => {
    void (async () => {
      for (const area of areas) {
        if (cancelled) return;
        await prefetcher.prefetch(entries[area]);
      }
    })();
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
