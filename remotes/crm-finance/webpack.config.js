// Remote «Клиенты и финансы»: exposes ./routes; built into dist/mfe/crm-finance/<version>/ by scripts/build-bundle.mjs.
const { makeConfig } = require('../../scripts/webpack-config.cjs');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'crmFinance',
  exposes: { './routes': './src/expose/routes.tsx' },
});
