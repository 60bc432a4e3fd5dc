// Host (shell) bundle. Remote URLs are unknown at build time: they come from /remotes.json.
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { makeConfig, devPorts, federationNames } = require('../scripts/webpack-config.cjs');

const apiTarget = process.env.API_URL || 'http://localhost:3000';

/**
 * In dev the host serves a remotes.json pointing at the remotes' dev servers, with each area's metadata
 * read from its src/expose/area.ts on every request (the host mounts areas and draws menus from it).
 */
async function devRemotesManifest() {
  const { readAreaMeta } = await import(pathToFileURL(path.join(__dirname, '../scripts/release-lib/area-meta.mjs')).href);
  const manifest = {};
  for (const [area, name] of Object.entries(federationNames)) {
    let meta;
    try {
      meta = readAreaMeta(area) ?? undefined;
    } catch (e) {
      console.warn(`[dev remotes.json] ${area}: ${e instanceof Error ? e.message : e}`);
    }
    manifest[area] = { name, version: 'dev', entry: `http://localhost:${devPorts[area]}/remoteEntry.js`, ...(meta ? { meta } : {}) };
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
          void devRemotesManifest().then((manifest) => {
            res.setHeader('Content-Type', 'application/json; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end(JSON.stringify(manifest));
          });
        },
      });
      return middlewares;
    },
  }),
});
