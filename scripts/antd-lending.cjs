// The host lends its antd components to the areas (docs/performance.md, "antd components lent by the host").
//
// Before: each area compiled the antd components it imports (Table, Select, Form…), so the first visit
// to an area downloaded them again although the shell (or the host's UI kit) had them in the page
// already: ~150 KB brotli of the 270 KB of a first /stock/leftovers visit.
//
// Now every component folder of antd (`antd/es/<component>/index.js`) is a shared module that only the
// host provides, and the areas consume it without a copy of their own (`import: false`):
//   - host:   provided, NOT consumed. The host's own imports stay plain imports, tree-shaken and placed in
//             its chunks as before (no extra chunk per component on the main page). The provided module is
//             the same webpack module as the one the shell runs, so an area gets the very instance the
//             shell uses (its contexts, its styles).
//   - remote: consumed by the component file's absolute path, so antd's own barrel (`import { Table }
//             from 'antd'`) resolves to the shared module; no fallback is compiled.
// An area therefore needs a host that lends antd: `pnpm release` refuses an area whose lent components
// the live host does not provide (scripts/release-lib/checks.mjs).
//
// LendChunksPlugin (host) places what a lent component needs: webpack gives each provided module its own
// chunk group holding the component's whole closure, most of which the signed-in shell has already
// loaded. The plugin takes out of those chunks every module of the chunks that are in the page whenever
// an area runs (the entry, the bootstrap, the signed-in shell) or that every area loads (the host's
// `@repo/ui`), and lists those chunks in the component's group instead (loaded already: no request).
// An area's first visit then downloads only what the shell did not have, like the monolith does.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** Share keys of lent components start with this; the host's unmatched consume key with LEND_PREFIX. */
const SHARE_PREFIX = 'antd/es/';
const LEND_PREFIX = 'lend:';
/** antd/es folders that are not components (helpers, locales, styles) or already shared one by one. */
const NOT_COMPONENTS = new Set(['_util', 'locale', 'style', 'version']);

/** Every component folder of the installed antd (those with an `index.js`), sorted. */
function antdComponents(antdDir) {
  const es = path.join(antdDir, 'es');
  return fs
    .readdirSync(es, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !NOT_COMPONENTS.has(d.name) && fs.existsSync(path.join(es, d.name, 'index.js')))
    .map((d) => d.name)
    .sort();
}

/**
 * The `shared` entries of the lent components.
 * @param {'host'|'remote'} kind
 * @param {string} antdDir  the installed antd package folder
 * @param {string} version  its version
 */
function antdLendingShared(kind, antdDir, version) {
  const out = {};
  for (const name of antdComponents(antdDir)) {
    const file = path.join(antdDir, 'es', name, 'index.js');
    const shareKey = `${SHARE_PREFIX}${name}`;
    const base = { shareKey, singleton: false, requiredVersion: false, strictVersion: false };
    // Host: the key is a request nobody writes, so the host does not consume its own components; the
    // absolute `import` is what it provides.
    if (kind === 'host') out[`${LEND_PREFIX}${shareKey}`] = { ...base, import: file, version };
    // Remote: the absolute key matches antd's relative imports of the file (the barrel's `./table`).
    else out[file] = { ...base, import: false };
  }
  return out;
}

const isLendKey = (key) => key.startsWith(LEND_PREFIX);

/** The share key a module provides (a federation ProvideSharedModule), else null. */
const providedKey = (m) => (m && m.constructor && m.constructor.name === 'ProvideSharedModule' ? m._name : null);

/** Is `group` the chunk group of a lent component (the block of its ProvideSharedModule)? */
const isLendGroup = (group) => group.origins.some((o) => providedKey(o.module)?.startsWith(SHARE_PREFIX));

const isLendChunk = (chunk) => {
  const groups = [...chunk.groupsIterable];
  return groups.length > 0 && groups.every(isLendGroup);
};

/**
 * The host's `optimization.splitChunks`: webpack's defaults for its own chunks, and one more cache group
 * for the lent components' chunks alone. Left among the others, the lent chunks put the shell's and the
 * sign-in page's modules in dozens of new chunk combinations, and SplitChunksPlugin cut those pages into
 * ~20 requests each (LendChunksPlugin takes the shell's modules out of the lent chunks afterwards
 * instead). Among themselves, what several lent components share (rc-picker, rc-select, rc-table…) goes
 * to chunks of its own, as webpack's defaults would do, instead of a copy in each.
 */
function lendSplitChunks() {
  return {
    chunks: (chunk) => !chunk.canBeInitial() && !isLendChunk(chunk),
    cacheGroups: {
      lent: { chunks: isLendChunk, minChunks: 2, priority: -5, reuseExistingChunk: true },
    },
  };
}

const PLUGIN = 'LendChunksPlugin';

/** Chunk groups in the page whenever an area runs (webpackChunkName in host/src). */
const BASE_GROUPS = ['bootstrap', 'shell'];
/** Shared modules every area loads from the host. */
const BASE_SHARED = new Set(['@repo/ui']);

/** A lent group's leftover chunk this small (module source bytes) is folded into the shell's chunk. */
const CRUMB_BYTES = 512;

/** Host only: lent components' chunks hold only what the shell and the UI kit do not (see the top). */
class LendChunksPlugin {
  /** @param {{ expected: boolean }} o  whether the build lends antd: then finding nothing to regroup is an error */
  constructor(o) {
    this.expected = o.expected;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After SplitChunksPlugin and RemoveEmptyChunksPlugin (stage 10, STAGE_ADVANCED): work on the
      // chunks as they will be emitted.
      compilation.hooks.optimizeChunks.tap({ name: PLUGIN, stage: 11 }, () => {
        this.run(compilation);
      });
    });
  }

  run(compilation) {
    const cg = compilation.chunkGraph;
    const lendGroups = new Set();
    const baseGroups = new Set();
    let federated = false;
    for (const m of compilation.modules) {
      const provided = providedKey(m);
      federated ||= provided !== null;
      const key = provided ?? (m.constructor && m.constructor.name === 'ConsumeSharedModule' ? m.options.shareKey : null);
      if (!key) continue;
      for (const block of m.blocks) {
        const group = cg.getBlockChunkGroup(block);
        if (!group) continue;
        if (provided?.startsWith(SHARE_PREFIX) && !m._eager) lendGroups.add(group);
        else if (BASE_SHARED.has(key)) baseGroups.add(group);
      }
    }
    if (!lendGroups.size) {
      // The monolith has no shared modules at all; a federated build that lends must have lent groups
      // (if not, the federation plugin's internals this relies on have changed: fail, do not ship the
      // duplicates silently).
      if (federated && this.expected)
        compilation.errors.push(new compilation.compiler.webpack.WebpackError(`${PLUGIN}: no lent antd component found in a federated build`));
      return;
    }
    for (const name of BASE_GROUPS) {
      const group = compilation.namedChunkGroups.get(name);
      if (!group) throw new Error(`${PLUGIN}: no chunk group named "${name}" (webpackChunkName in host/src)`);
      baseGroups.add(group);
    }
    for (const ep of compilation.entrypoints.values()) baseGroups.add(ep);

    const baseChunks = new Set();
    for (const g of baseGroups) for (const c of g.chunks) baseChunks.add(c);
    const inBase = (m) => {
      for (const c of cg.getModuleChunksIterable(m)) if (baseChunks.has(c)) return c;
      return null;
    };

    const emptied = new Set();
    for (const group of lendGroups) {
      const add = new Set();
      for (const chunk of group.chunks) {
        if (baseChunks.has(chunk)) continue;
        // A chunk also loaded by something other than lent components is left as it is.
        if ([...chunk.groupsIterable].some((g) => !lendGroups.has(g))) continue;
        for (const m of [...cg.getChunkModulesIterable(chunk)]) {
          const home = inBase(m);
          if (!home) continue;
          cg.disconnectChunkAndModule(chunk, m);
          add.add(home);
        }
        if (cg.getNumberOfChunkModules(chunk) === 0) emptied.add(chunk);
      }
      for (const c of add) if (group.unshiftChunk(c)) c.addGroup(group);
    }
    // What is left of a lent group's own chunk may be a few hundred bytes (antd's `col/index.js`, a
    // re-export of the grid code the shell has): one more request each time an area first uses it, on a
    // cold page too. Such a crumb goes into the `shell` chunk the group already lists.
    const shellChunks = new Set(compilation.namedChunkGroups.get('shell').chunks);
    for (const group of lendGroups) {
      const home = group.chunks.find((c) => shellChunks.has(c));
      if (!home) continue;
      for (const chunk of [...group.chunks]) {
        if (baseChunks.has(chunk) || emptied.has(chunk)) continue;
        if ([...chunk.groupsIterable].some((g) => !lendGroups.has(g) || !g.chunks.includes(home))) continue;
        const modules = [...cg.getChunkModulesIterable(chunk)];
        if (modules.reduce((n, m) => n + m.size(), 0) > CRUMB_BYTES) continue;
        for (const m of modules) {
          cg.disconnectChunkAndModule(chunk, m);
          cg.connectChunkAndModule(home, m);
        }
        emptied.add(chunk);
      }
    }
    for (const chunk of emptied) {
      cg.disconnectChunk(chunk); // also takes it out of its groups
      compilation.chunks.delete(chunk);
    }
    mergeDuplicateChunks(compilation);
  }
}

/**
 * Taking the base modules out of the lent groups' chunks can leave two chunks with the very same
 * modules (webpack's own MergeDuplicateChunksPlugin ran before): e.g. the sign-in page's antd Input
 * chunk and a lent group's copy of it. Two files of one content cost a download each: a signed-in reload
 * of an area asked for the copy although the sign-in page had cached the other (docs/performance.md,
 * «A warm reload»). Such twins become one chunk in both groups, as webpack's plugin does it.
 */
function mergeDuplicateChunks(compilation) {
  const cg = compilation.chunkGraph;
  const byModules = new Map();
  for (const chunk of [...compilation.chunks]) {
    if (chunk.hasRuntime() || cg.getNumberOfEntryModules(chunk) > 0 || cg.getNumberOfChunkModules(chunk) === 0) continue;
    const runtime = typeof chunk.runtime === 'string' ? chunk.runtime : [...(chunk.runtime ?? [])].sort().join(',');
    const key = `${runtime}\n${[...cg.getChunkModulesIterable(chunk)].map((m) => m.identifier()).sort().join('\n')}`;
    const twin = byModules.get(key);
    if (!twin) {
      byModules.set(key, chunk);
      continue;
    }
    if (!cg.canChunksBeIntegrated(twin, chunk)) continue;
    cg.integrateChunks(twin, chunk);
    compilation.chunks.delete(chunk);
  }
}

module.exports = { antdLendingShared, isLendKey, LendChunksPlugin, lendSplitChunks };
