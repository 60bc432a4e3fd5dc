// Remote «Интернет-магазин»: exposes ./routes; built into dist/mfe/shop-content/<version>/ by scripts/build-bundle.mjs.
const { makeConfig } = require('../../scripts/webpack-config.cjs');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'shopContent',
  exposes: { './routes': './src/expose/routes.tsx' },
});
