import { remoteAreas, remoteEntrySchema, type RemoteArea, type RemoteEntry } from '@repo/contracts';
import { compareVersions, type AreaRoute } from '@repo/shared-core';
import { takeEarly } from '../early-start';

/**
 * Loading one area's code, honestly:
 * - **Progress, not a budget.** A slow link that is still delivering bytes keeps the loading state
 *   for as long as it takes. The card appears at once on a network or HTTP error, a broken entry
 *   (the runtime cannot find the container), or when nothing arrived for `stallMs` (15 s).
 *   Progress is watched two ways: the entry is first fetched with `fetch` and its body read as a
 *   stream (every chunk of bytes counts), then the federation runtime loads it from the browser
 *   cache (a version folder is immutable) and the area's chunks; each finished file of the area's folder
 *   (Resource Timing, `PerformanceObserver`) counts too. Resource Timing alone reports a file only
 *   once it is complete, so a large entry on a slow link would look stalled; the streamed fetch
 *   covers that.
 * - **The last good version.** When the live version fails, the loader quietly loads `fallback` from
 *   `/remotes.json` instead; the user sees the area, not an alarm. A failure that points at the build
 *   (HTTP error, broken entry, missing routes, too new for shared-core) is reported once per tab
 *   (`POST /api/releases/:area/failures`, best effort); one that points at this device's connection
 *   (no answer at all, or no progress) is not, so a flaky shop link does not mark a good build as bad.
 * - **shared-core only grows.** A remote built against a newer shared-core than the host carries
 *   (its `mf-manifest.json` `shared` list) is refused with the card rather than run on missing exports.
 */
export type RemoteEntryInfo = RemoteEntry;
export type RemotesManifestMap = Partial<Record<RemoteArea, RemoteEntryInfo>>;

/** What every remote's `./routes` module exports. */
export interface RemoteRoutesModule {
  routes: AreaRoute[];
}

/** An area's code as loaded: its routes and which build they came from. */
export interface LoadedArea extends RemoteRoutesModule {
  version: string;
  /** The live version failed and this is the fallback. */
  fallback: boolean;
}

export interface RemoteLoaderDeps {
  /** The area's entry in use (from the area registry, i.e. `/remotes.json`). */
  getEntry: (area: RemoteArea) => Promise<RemoteEntryInfo | undefined>;
  /** Registers (or re-registers) one remote with the federation runtime. */
  register: (remote: { name: string; entry: string; force: boolean }) => void | Promise<void>;
  /** Loads `<name>/routes` through the federation runtime. */
  load: (id: string) => Promise<unknown>;
  /** Downloads the entry, calling `onProgress` for every piece of it; rejects on a network or HTTP error. */
  preload?: (url: string, onProgress: () => void, signal: AbortSignal) => Promise<void>;
  /** Calls `onProgress` whenever a file under `baseUrl` finished loading; returns the unsubscribe. */
  watch?: (baseUrl: string, onProgress: () => void) => () => void;
  /** The shared-core version the remote was built against, or undefined when unknown. */
  requiredSharedCore?: (entryUrl: string) => Promise<string | undefined>;
  /** The host's `sharedCoreVersion`. */
  sharedCoreVersion?: string;
  /** Best effort: tells the server that a version failed to load here. */
  reportFailure?: (area: RemoteArea, version: string, message: string) => void;
  /** No progress for this long counts as a dead remote (15 s). */
  stallMs?: number;
}

export interface RemoteLoader {
  /** The area's routes; the promise is cached per area until it fails or `reset` is called. */
  loadArea: (area: RemoteArea) => Promise<LoadedArea>;
  /** Forgets the area's cached promise; `retry` also asks for its files under a new URL. */
  reset: (area: RemoteArea, opts?: { retry?: boolean }) => void;
  /** The version this tab runs for the area, once loaded. */
  loadedVersion: (area: RemoteArea) => string | undefined;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly area: RemoteArea,
    message: string,
    readonly cause?: unknown,
    /** `network`/`stall` most likely mean this device's connection, not a bad build: not reported. */
    readonly kind: 'network' | 'stall' | 'build' = 'build',
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

/** Keeps only well-formed entries of known areas: one broken line must not hide the others. */
export function parseRemotesManifest(json: unknown): RemotesManifestMap {
  const out: RemotesManifestMap = {};
  if (!json || typeof json !== 'object') return out;
  for (const area of remoteAreas) {
    const parsed = remoteEntrySchema.safeParse((json as Record<string, unknown>)[area]);
    if (parsed.success) out[area] = parsed.data;
  }
  return out;
}

export async function fetchRemotesManifest(url = '/remotes.json'): Promise<RemotesManifestMap> {
  // The first read may already be on its way (early-start.ts: main.js asked for it at once).
  const early = url === '/remotes.json' ? await takeEarly('remotes')?.catch(() => undefined) : undefined;
  const res = early?.ok ? early : await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return parseRemotesManifest(await res.json());
}

/** The entry's folder (`/mfe/stock/0.1.0-abc/`), where its chunks and `mf-manifest.json` live. */
export function entryFolder(entry: string): string {
  const clean = entry.split(/[?#]/)[0];
  return clean.slice(0, clean.lastIndexOf('/') + 1);
}

/** Default `preload`: fetch the entry and read its body as a stream, each chunk counting as progress. */
export async function preloadWithProgress(url: string, onProgress: () => void, signal: AbortSignal): Promise<void> {
  // A version folder never changes (served immutable): the HTTP cache answers a repeat visit, and the
  // runtime's own request for the entry right after this one is a cache hit. A retry uses a new URL.
  const res = await fetch(url, { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  onProgress();
  const reader = res.body?.getReader();
  if (!reader) {
    await res.arrayBuffer();
    return;
  }
  for (;;) {
    const { done } = await reader.read();
    if (done) return;
    onProgress();
  }
}

/** Default `watch`: Resource Timing entries of files under the area's folder. */
export function watchResources(baseUrl: string, onProgress: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const base = new URL(baseUrl, window.location.href).href;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.name.startsWith(base))) onProgress();
  });
  try {
    observer.observe({ type: 'resource', buffered: false });
  } catch {
    return () => undefined;
  }
  return () => observer.disconnect();
}

interface MfManifest {
  shared?: Array<{ name?: string; version?: string }>;
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/** The `./routes` expose's own chunks in a remote's `mf-manifest.json`: plain file names only (nothing that leaves the entry's folder). */
export function routesExposeFiles(manifest: unknown): string[] {
  const files = (manifest as MfManifest | null)?.exposes?.find((e) => e.path === './routes')?.assets?.js?.sync ?? [];
  return files.filter((f): f is string => typeof f === 'string' && /^[\w.-]+\.js$/.test(f));
}

/**
 * Asks the browser for the `./routes` expose's own chunk while the entry is still downloading (the
 * manifest, 2 KB, arrives first): the runtime requests it only after running the entry, one more round
 * trip on a slow link. Chunks are content-hashed and immutable, so the runtime's request is a cache hit.
 */
export function preloadExposeAssets(entryUrl: string, manifest: MfManifest, doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  for (const file of routesExposeFiles(manifest)) {
    const href = new URL(file, new URL(entryFolder(entryUrl), doc.baseURI)).href;
    if (doc.head.querySelector(`link[rel="preload"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * Default `requiredSharedCore`: the `@repo/shared-core` version in the remote's `mf-manifest.json`;
 * the same read preloads the expose's chunk (preloadExposeAssets).
 */
export async function sharedCoreFromManifest(entryUrl: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${entryFolder(entryUrl)}mf-manifest.json`);
    if (!res.ok) return undefined;
    const manifest = (await res.json()) as MfManifest;
    try {
      preloadExposeAssets(entryUrl, manifest);
    } catch {
      // A hint only: the runtime loads the chunk anyway.
    }
    return manifest.shared?.find((s) => s.name === '@repo/shared-core')?.version;
  } catch {
    return undefined;
  }
}

function isRoutesModule(mod: unknown): mod is RemoteRoutesModule {
  const routes = (mod as { routes?: unknown } | null)?.routes;
  return (
    Array.isArray(routes) &&
    routes.every((r) => r && typeof r.path === 'string' && typeof (r as { lazy?: unknown }).lazy === 'function')
  );
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createRemoteLoader(deps: RemoteLoaderDeps): RemoteLoader {
  const stallMs = deps.stallMs ?? 15_000;
  const preload = deps.preload ?? preloadWithProgress;
  const watch = deps.watch ?? watchResources;
  const cache = new Map<RemoteArea, Promise<LoadedArea>>();
  const retries = new Map<RemoteArea, number>();
  const loaded = new Map<RemoteArea, string>();
  /** Entry URL each federation name is registered with: another URL needs `force`. */
  const registered = new Map<string, string>();
  const reported = new Set<string>();

  /** One build of the area: download with a stall watchdog, check, register, load `./routes`. */
  const loadVersion = async (area: RemoteArea, name: string, version: string, baseEntry: string): Promise<RemoteRoutesModule> => {
    const retry = retries.get(area) ?? 0;
    // A retry asks for the entry under a new URL: the runtime caches a failed entry by URL.
    const entry = retry > 0 ? `${baseEntry}${baseEntry.includes('?') ? '&' : '?'}retry=${retry}` : baseEntry;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stalled!: (e: Error) => void;
    const stall = new Promise<never>((_, reject) => {
      stalled = reject;
    });
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        abort.abort();
        stalled(new RemoteLoadError(area, `Раздел «${area}» (${version}) не загружался ${Math.round(stallMs / 1000)} с`, undefined, 'stall'));
      }, stallMs);
    };
    const unwatch = watch(entryFolder(baseEntry), touch);
    touch();
    const run = async () => {
      const [, required] = await Promise.all([
        preload(entry, touch, abort.signal).catch((e: unknown) => {
          // fetch rejects with a TypeError when the request never got an answer (offline, aborted).
          const kind = e instanceof TypeError || (e as { name?: string } | null)?.name === 'AbortError' ? 'network' : 'build';
          throw new RemoteLoadError(area, `Раздел «${area}» (${version}): не удалось загрузить ${entry} (${errorText(e)})`, e, kind);
        }),
        deps.requiredSharedCore ? deps.requiredSharedCore(baseEntry) : Promise.resolve(undefined),
      ]);
      if (required && deps.sharedCoreVersion && compareVersions(required, deps.sharedCoreVersion) > 0) {
        throw new RemoteLoadError(
          area,
          `Раздел «${area}» (${version}) собран для shared-core ${required}, а оболочка несёт ${deps.sharedCoreVersion}`,
        );
      }
      const force = registered.has(name) && registered.get(name) !== entry;
      await deps.register({ name, entry, force: force || retry > 0 });
      registered.set(name, entry);
      touch();
      const mod = await deps.load(`${name}/routes`);
      if (!isRoutesModule(mod)) throw new RemoteLoadError(area, `Раздел «${area}» (${version}) не отдал список маршрутов`);
      return mod;
    };
    try {
      return await Promise.race([run(), stall]);
    } finally {
      clearTimeout(timer);
      unwatch();
    }
  };

  const doLoad = async (area: RemoteArea): Promise<LoadedArea> => {
    const info = await deps.getEntry(area);
    if (!info) throw new RemoteLoadError(area, `Раздел «${area}» не указан в /remotes.json`);
    try {
      const mod = await loadVersion(area, info.name, info.version, info.entry);
      loaded.set(area, info.version);
      return { ...mod, version: info.version, fallback: false };
    } catch (error) {
      const key = `${area}@${info.version}`;
      const local = error instanceof RemoteLoadError && error.kind !== 'build';
      if (!local && !reported.has(key)) {
        reported.add(key);
        try {
          deps.reportFailure?.(area, info.version, errorText(error).slice(0, 2000));
        } catch {
          // Best effort: the report must never break loading.
        }
      }
      const fb = info.fallback;
      if (!fb || fb.version === info.version) throw error;
      try {
        const mod = await loadVersion(area, info.name, fb.version, fb.entry);
        loaded.set(area, fb.version);
        return { ...mod, version: fb.version, fallback: true };
      } catch {
        // The live version's error says more about what is wrong.
        throw error;
      }
    }
  };

  return {
    loadArea(area) {
      let p = cache.get(area);
      if (!p) {
        p = doLoad(area);
        cache.set(area, p);
        // A failure stays cached until `reset` («Повторить»), so a re-render never starts a load loop.
        p.catch(() => undefined);
      }
      return p;
    },
    reset(area, opts) {
      cache.delete(area);
      loaded.delete(area);
      if (opts?.retry) retries.set(area, (retries.get(area) ?? 0) + 1);
    },
    loadedVersion: (area) => loaded.get(area),
  };
}
