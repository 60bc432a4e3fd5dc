import { remoteAreas, remoteEntrySchema, type RemoteArea } from '@repo/contracts';
import type { RemoteRoute } from '@repo/shared-core';

/** What every remote's `./routes` module exports (the type lives in shared-core, beside the remotes' own use). */
export type RemoteRouteDef = RemoteRoute;
export interface RemoteRoutesModule {
  routes: RemoteRouteDef[];
}
export interface RemoteEntryInfo {
  name: string;
  version: string;
  entry: string;
}
export type RemotesManifestMap = Partial<Record<RemoteArea, RemoteEntryInfo>>;

export interface RemoteLoaderDeps {
  /** Reads `/remotes.json`. */
  fetchManifest: () => Promise<RemotesManifestMap>;
  /** Registers (or re-registers) one remote with the federation runtime. */
  register: (remote: { name: string; entry: string; force: boolean }) => void | Promise<void>;
  /** Loads `<name>/routes` through the federation runtime. */
  load: (id: string) => Promise<unknown>;
  /** The whole load (manifest, entry, exposed chunk) gives up after this long. */
  timeoutMs?: number;
}

export interface RemoteLoader {
  /** The area's routes; the promise is cached per area until it fails or `reset` is called. */
  loadArea: (area: RemoteArea) => Promise<RemoteRoutesModule>;
  /** Forgets the area's cached promise and the manifest, so the next load re-fetches both. */
  reset: (area: RemoteArea) => void;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly area: RemoteArea,
    message: string,
    readonly cause?: unknown,
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
  const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return parseRemotesManifest(await res.json());
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function isRoutesModule(mod: unknown): mod is RemoteRoutesModule {
  const routes = (mod as { routes?: unknown } | null)?.routes;
  return (
    Array.isArray(routes) &&
    routes.every((r) => r && typeof r.path === 'string' && (typeof r.Component === 'function' || typeof r.Component === 'object'))
  );
}

export function createRemoteLoader(deps: RemoteLoaderDeps): RemoteLoader {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const cache = new Map<RemoteArea, Promise<RemoteRoutesModule>>();
  const attempts = new Map<RemoteArea, number>();
  let manifest: Promise<RemotesManifestMap> | null = null;

  const getManifest = () => {
    if (!manifest) {
      manifest = deps.fetchManifest();
      manifest.catch(() => {
        manifest = null;
      });
    }
    return manifest;
  };

  const doLoad = async (area: RemoteArea): Promise<RemoteRoutesModule> => {
    const info = (await getManifest())[area];
    if (!info) throw new RemoteLoadError(area, `Раздел «${area}» не указан в /remotes.json`);
    const attempt = attempts.get(area) ?? 0;
    // A retry asks for the entry under a new URL: the runtime caches a failed entry by URL.
    const entry = attempt > 0 ? `${info.entry}${info.entry.includes('?') ? '&' : '?'}retry=${attempt}` : info.entry;
    await deps.register({ name: info.name, entry, force: attempt > 0 });
    const mod = await deps.load(`${info.name}/routes`);
    if (!isRoutesModule(mod)) throw new RemoteLoadError(area, `Раздел «${area}» не отдал список маршрутов`);
    return mod;
  };

  return {
    loadArea(area) {
      let p = cache.get(area);
      if (!p) {
        p = withTimeout(doLoad(area), timeoutMs, () => new RemoteLoadError(area, `Раздел «${area}» не ответил за ${timeoutMs} мс`));
        cache.set(area, p);
        // A failure is not cached for good: the next render after `reset` tries again.
        p.catch(() => undefined);
      }
      return p;
    },
    reset(area) {
      cache.delete(area);
      manifest = null;
      attempts.set(area, (attempts.get(area) ?? 0) + 1);
    },
  };
}
