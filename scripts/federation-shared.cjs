// One list of Module Federation shared singletons, required by every webpack config
// (host and the four remotes). Keep it the only place that says what is shared:
// a package shared by one bundle but not another is loaded twice and breaks
// React context, the router, the query cache and the stores.
'use strict';

const singleton = (extra = {}) => ({ singleton: true, requiredVersion: false, strictVersion: false, ...extra });

/** Package names shared as singletons. */
const sharedPackages = [
  'react',
  'react-dom',
  // jsx runtime and react-dom/client: shared by prefix so every subpath is one copy too.
  'react/',
  'react-dom/',
  // react-router-dom v7 re-exports react-router: both must be shared or the contexts split.
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  'react-toastify',
  'antd',
  'dayjs',
  // Workspace packages: import them by their bare names only (an alias or a relative
  // path makes a second copy with its own stores). shared-core and ui only grow additively;
  // the loader and `pnpm release` check that a remote needs no newer copy than the host's.
  '@repo/shared-core',
  '@repo/ui',
  // NOT shared: `@repo/contracts` and `zod`. The contracts are bundled into each build, so every
  // bundle validates with the schemas it was built and tested with. Shared under 'loaded-first',
  // an area released ahead of the host would run on the host's older schemas: a new field or
  // rule would be stripped or rejected on the client while the server already expects it.
  // zod goes with them (a schema and the zod that built it must be one copy). shared-core carries
  // the contracts it was built with inside its own shared chunk (messages, the realtime event).
];

/** The `shared` option for ModuleFederationPlugin. */
function federationShared() {
  const shared = {};
  for (const name of sharedPackages) shared[name] = singleton();
  return shared;
}

module.exports = { sharedPackages, federationShared };
