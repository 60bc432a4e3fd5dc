// Remote «Склад и товары»: exposes ./routes; built into dist/mfe/stock/<version>/ by scripts/build-bundle.mjs.
const { makeConfig } = require('../../scripts/webpack-config.cjs');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'stock',
  exposes: { './routes': './src/expose/routes.tsx' },
});
