// Remote «Продажи и заказы»: exposes ./routes; built into dist/mfe/sales-orders/<version>/ by scripts/build-bundle.mjs.
const { makeConfig } = require('../../scripts/webpack-config.cjs');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'salesOrders',
  exposes: { './routes': './src/expose/routes.tsx' },
});
