import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLoader, fetchRemotesManifest, type RemoteLoader } from './remote-loader';

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

/** The host's loader: remotes come from /remotes.json only, never from the build. */
export const remoteLoader: RemoteLoader = createRemoteLoader({
  fetchManifest: () => fetchRemotesManifest('/remotes.json'),
  register: (remote) => {
    ensureInit();
    registerRemotes([{ name: remote.name, entry: remote.entry }], { force: remote.force });
  },
  load: (id) => loadRemote(id),
  timeoutMs: 2000,
});
