// Host (shell) bundle. Remote URLs are unknown at build time: they come from /remotes.json.
const path = require('node:path');
const { makeConfig, devPorts, federationNames } = require('../scripts/webpack-config.cjs');

const apiTarget = process.env.API_URL || 'http://localhost:3000';

/** In dev the host serves a remotes.json pointing at the remotes' dev servers. */
function devRemotesManifest() {
  const manifest = {};
  for (const [area, name] of Object.entries(federationNames)) {
    manifest[area] = { name, version: 'dev', entry: `http://localhost:${devPorts[area]}/remoteEntry.js` };
  }
  return manifest;
}

module.exports = makeConfig({
  dir: __dirname,
  kind: 'host',
  name: 'host',
  outputPath: path.resolve(__dirname, '../dist/host'),
  devServer: () => ({
    port: devPorts.host,
    host: 'localhost',
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    proxy: [
      { context: ['/api'], target: apiTarget, changeOrigin: false },
      { context: ['/ws'], target: apiTarget, ws: true, changeOrigin: false },
    ],
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'dev-remotes-manifest',
        path: '/remotes.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(devRemotesManifest()));
        },
      });
      return middlewares;
    },
  }),
});
