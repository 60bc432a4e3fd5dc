import type { RemoteArea } from '@repo/contracts';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api, sharedCoreVersion } from '@repo/shared-core';
import { areaForPath, areaRegistry, matchAreaRoute } from './area-registry';
import { createRemoteLoader, sharedCoreFromManifest, type RemoteLoader } from './remote-loader';

let initialised = false;

/**
 * Joins the federation instance the bundler runtime already created for the host (same name),
 * so registerRemotes/loadRemote share its share scope. No runtime plugins here: they would run
 * before the shared modules (React) exist.
 */
function ensureInit() {
  if (initialised) return;
  init({ name: 'host', remotes: [] });
  initialised = true;
}

/** Best effort: the server counts the failure for «Версии разделов»; nothing is shown to the user. */
function reportFailure(area: RemoteArea, version: string, message: string) {
  void api.post(`releases/${area}/failures`, { version, message }, { silent: true }).catch(() => undefined);
}

/**
 * The host's loader: an area's entry comes from the area registry (`/remotes.json`), never from the
 * build. Swapping to a new release re-registers the remote under the same name with `force` and the
 * new entry URL (the runtime drops the old container and its cached modules), and the registry bumps
 * the area's generation so its React subtree remounts on the new routes.
 */
export const remoteLoader: RemoteLoader = createRemoteLoader({
  getEntry: async (area) => {
    await areaRegistry.load();
    return areaRegistry.getState().entries[area];
  },
  register: (remote) => {
    ensureInit();
    if (remote.force) {
      // Another build under the same federation name shares webpack's chunk-loading array
      // (`webpackChunk<name>`): the new runtime would adopt the old build's chunks from it and take
      // same-id chunks (`__federation_expose_routes`) as already loaded, i.e. run the old code.
      delete (globalThis as Record<string, unknown>)[`webpackChunk${remote.name}`];
    }
    registerRemotes([{ name: remote.name, entry: remote.entry }], { force: remote.force });
  },
  load: (id) => loadRemote(id),
  requiredSharedCore: sharedCoreFromManifest,
  sharedCoreVersion,
  reportFailure,
});

/**
 * A signed-in page's own area starts loading with the start-up check instead of after it: once
 * `/remotes.json` is in (main.js asked for it at once, early-start.ts), the area that owns `pathname` is
 * loaded from the (usually warm) cache while the token check is still on its way, so the screen mounts as
 * soon as the shell does (docs/performance.md, «The start of a signed-in page»). Only a known screen of
 * an area: an unknown path inside an area shows «не найдено» and loads nothing. The rules are not known
 * yet; a screen the role may not open gets its area's code (public, as any static file) and «Нет доступа».
 * A failure here is forgotten by the loader (its promise is cached only while it holds), so the screen
 * loads as it would have.
 */
export function warmAreaFor(pathname: string): void {
  void areaRegistry
    .load()
    .then(() => {
      const owner = areaForPath(areaRegistry.getState().entries, pathname);
      if (owner && matchAreaRoute(owner.meta.routes, pathname)) return remoteLoader.loadArea(owner.area);
    })
    .catch(() => undefined);
}
