// The bench's comparison build: the SAME host and areas compiled as one webpack build, without
// Module Federation. The host's source is used as is; only '@module-federation/enhanced/runtime'
// is replaced (mono-runtime.js), so `loadRemote('stock/routes')` becomes `import('remotes/stock/src/expose/routes.tsx')`.
// Every other setting (loaders, minifier, splitChunks, html) comes from scripts/webpack-config.cjs.
//   BENCH_MONO_OUT=/tmp/x webpack --config scripts/bench-web/webpack.monolith.cjs (run.mjs does this)
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('../webpack-config.cjs');

const areas = ['stock', 'sales-orders', 'crm-finance', 'shop-content'];

/** `<federation name>/<expose>` -> absolute module path, read from each remote's own webpack config. */
function exposedModules() {
  const out = {};
  for (const area of areas) {
    const dir = path.join(repoRoot, 'remotes', area);
    const factory = require(path.join(dir, 'webpack.config.js'));
    const config = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
    const mf = config.plugins.find((p) => p && p.constructor && p.constructor.name === 'ModuleFederationPlugin');
    const { name, exposes = {} } = mf._options;
    for (const [key, rel] of Object.entries(exposes)) {
      const file = typeof rel === 'string' ? rel : rel.import;
      out[`${name}/${key.replace(/^\.\//, '')}`] = path.resolve(dir, Array.isArray(file) ? file[0] : file);
    }
  }
  return out;
}

module.exports = (env = {}, argv = {}) => {
  const outDir = process.env.BENCH_MONO_OUT || path.join(require('node:os').tmpdir(), 'bench-web', 'mono', 'host');
  const genDir = path.join(path.dirname(outDir), '.gen');
  fs.mkdirSync(genDir, { recursive: true });
  const mods = exposedModules();
  const lines = Object.entries(mods).map(([id, file]) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(file)}),`);
  const gen = path.join(genDir, 'bench-web-areas.js');
  fs.writeFileSync(gen, `export const modules = {\n${lines.join('\n')}\n};\n`);

  const hostFactory = require(path.join(repoRoot, 'host', 'webpack.config.js'));
  const config = hostFactory(env, { ...argv, mode: 'production' });
  config.plugins = config.plugins.filter((p) => !(p && p.constructor && /ModuleFederationPlugin/.test(p.constructor.name)));
  config.output = { ...config.output, path: outDir, uniqueName: 'mono' };
  config.resolve = {
    ...config.resolve,
    alias: {
      ...(config.resolve && config.resolve.alias),
      '@module-federation/enhanced/runtime$': path.join(__dirname, 'mono-runtime.js'),
      'bench-web-areas$': gen,
    },
  };
  // The generated file lives outside the repository: let swc-loader compile it like the host's own sources.
  delete config.devServer;
  return config;
};
