// Deterministic module and chunk ids that do not depend on where the checkout lives.
//
// webpack's own `deterministic` ids hash each module's identifier made relative to the context, but
// Module Federation's modules keep absolute paths in theirs ("provide module (default) react@19.3.1 =
// /abs/node_modules/.pnpm/..."), and the federation entry it writes to node_modules/.federation/ is
// named after a hash of a file that imports the runtime by absolute path. So two checkouts of the same
// commit got different module ids, hence different chunk contents, content hashes and version ids.
// This plugin does what DeterministicModuleIdsPlugin / DeterministicChunkIdsPlugin do, on names with
// the checkout's root and that entry hash taken out. Applied by scripts/build-bundle.mjs.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const PLUGIN = 'StableIdsPlugin';

class StableIdsPlugin {
  /** @param {{ root: string }} o  the repository root (any absolute path under it is written relative to it) */
  constructor(o) {
    const roots = new Set([path.resolve(o.root)]);
    try {
      roots.add(fs.realpathSync(o.root));
    } catch {
      // The root always exists while building; keep the resolved path alone otherwise.
    }
    // Longest first, so a root inside another root is replaced whole.
    this.roots = [...roots].sort((a, b) => b.length - a.length);
  }

  normalize(name) {
    let out = name;
    for (const r of this.roots) out = out.split(r).join('<root>');
    return out.replace(/\.federation\/entry\.[0-9a-f]+\.js(\|[0-9a-f]+)?/g, '.federation/entry.js');
  }

  apply(compiler) {
    const lib = (p) => require(path.join(path.dirname(require.resolve('webpack/package.json', { paths: [compiler.context] })), 'lib', p));
    const { assignDeterministicIds, getFullModuleName, getFullChunkName, getUsedModuleIdsAndModules, getUsedChunkIds } =
      lib('ids/IdHelpers.js');
    const { compareModulesByPreOrderIndexOrIdentifier, compareChunksNatural } = lib('util/comparators.js');

    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.moduleIds.tap(PLUGIN, () => {
        const chunkGraph = compilation.chunkGraph;
        const [usedIds, modules] = getUsedModuleIdsAndModules(compilation);
        assignDeterministicIds(
          modules,
          (m) => this.normalize(getFullModuleName(m, compiler.context, compiler.root)),
          compareModulesByPreOrderIndexOrIdentifier(compilation.moduleGraph),
          (m, id) => {
            const size = usedIds.size;
            usedIds.add(`${id}`);
            if (size === usedIds.size) return false;
            chunkGraph.setModuleId(m, id);
            return true;
          },
          [1000],
          10,
          usedIds.size,
        );
      });
      compilation.hooks.chunkIds.tap(PLUGIN, (chunks) => {
        const chunkGraph = compilation.chunkGraph;
        const usedIds = getUsedChunkIds(compilation);
        assignDeterministicIds(
          [...chunks].filter((c) => c.id === null),
          (c) => this.normalize(getFullChunkName(c, chunkGraph, compiler.context, compiler.root)),
          compareChunksNatural(chunkGraph),
          (c, id) => {
            const size = usedIds.size;
            usedIds.add(`${id}`);
            if (size === usedIds.size) return false;
            c.id = id;
            c.ids = [id];
            return true;
          },
          [1000],
          10,
          usedIds.size,
        );
      });
    });
  }
}

/** Makes a webpack config (or an array of them) use StableIdsPlugin instead of webpack's own ids. */
function withStableIds(config, root) {
  if (Array.isArray(config)) return config.map((c) => withStableIds(c, root));
  config.optimization = { ...config.optimization, moduleIds: false, chunkIds: false };
  config.plugins = [...(config.plugins ?? []), new StableIdsPlugin({ root })];
  return config;
}

module.exports = { StableIdsPlugin, withStableIds };
