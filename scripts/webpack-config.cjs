// Shared webpack config factory for the host and the four remotes.
// Each package's webpack.config.js calls makeConfig({ dir, ... }). Build tools are
// resolved from the calling package, so the repo root needs no dependencies.
'use strict';

const path = require('node:path');
const { createRequire } = require('node:module');
const { federationShared } = require('./federation-shared.cjs');

const repoRoot = path.resolve(__dirname, '..');

/** Dev-server ports: host 3100, remotes 3101-3104 (scripts/dev.mjs uses the same). */
const devPorts = { host: 3100, stock: 3101, 'sales-orders': 3102, 'crm-finance': 3103, 'shop-content': 3104 };
/** Federation names by area folder. */
const federationNames = { stock: 'stock', 'sales-orders': 'salesOrders', 'crm-finance': 'crmFinance', 'shop-content': 'shopContent' };

/**
 * @param {object} o
 * @param {string} o.dir            package directory (__dirname of the webpack.config.js)
 * @param {'host'|'remote'} o.kind
 * @param {string} o.name           federation name
 * @param {Record<string,string>} [o.exposes]
 * @param {string} [o.outputPath]   overrides the build folder (BUNDLE_OUT_DIR env wins)
 * @param {(devServer: object) => object} [o.devServer]
 */
function makeConfig(o) {
  const req = createRequire(path.join(o.dir, 'package.json'));
  const { ModuleFederationPlugin } = req('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = o.kind === 'host' ? req('html-webpack-plugin') : null;
  // webpack's own minimizer plugin (minimizer-webpack-plugin); minifying through SWC is several times faster.
  const TerserPlugin = createRequire(req.resolve('webpack'))('minimizer-webpack-plugin');

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const dev = mode === 'development';
    const outputPath =
      process.env.BUNDLE_OUT_DIR || o.outputPath || path.join(o.dir, 'dist');

    /** @type {import('webpack').Configuration} */
    const config = {
      mode,
      context: o.dir,
      // Remotes have no page of their own: the container entry is their only entry.
      entry: o.kind === 'host' ? { main: './src/index.ts' } : {},
      // Production source maps only on request (SOURCE_MAPS=1): they double the build time.
      devtool: dev ? 'eval-cheap-module-source-map' : process.env.SOURCE_MAPS === '1' ? 'source-map' : false,
      target: 'web',
      output: {
        path: outputPath,
        // Remotes: 'auto' resolves chunks next to remoteEntry.js, wherever the versioned
        // folder is served. Host: served from the site root.
        publicPath: o.kind === 'host' ? '/' : 'auto',
        // Entry files carry no hash (the federation runtime computes paths from them, and
        // they are served no-cache); every other chunk is hashed and immutable.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:12].js',
        assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
        uniqueName: o.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            // Workspace packages (@repo/*) are symlinked TS sources outside node_modules
            // after symlink resolution, so they are compiled too.
            exclude: /node_modules/,
            use: {
              loader: req.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [req.resolve('style-loader'), req.resolve('css-loader')],
          },
          {
            test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/,
            type: 'asset/resource',
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: o.name,
          // The host is a container too (name 'host'); its entry file is unused but must not be hashed.
          filename: 'remoteEntry.js',
          exposes: o.exposes,
          // The host knows no remote at build time: remotes come from /remotes.json.
          remotes: {},
          shared: federationShared(),
          // The default ('version-first') loads every remote entry at start: one dead
          // remote would then break the whole shell.
          shareStrategy: 'loaded-first',
          manifest: o.kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          dev: false,
        }),
        ...(HtmlWebpackPlugin
          ? [
              new HtmlWebpackPlugin({
                template: path.join(o.dir, 'public/index.html'),
                favicon: path.join(o.dir, 'public/favicon.svg'),
                scriptLoading: 'defer',
                // main.js has no hash in its name: a query hash busts caches on deploy.
                hash: !dev,
              }),
            ]
          : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false, terserOptions: { compress: { passes: 1 } } })],
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };

    const devServer = o.devServer ?? (o.kind === 'remote' ? remoteDevServer : null);
    if (devServer) config.devServer = devServer({ dev, repoRoot, devPorts, area: areaOf(o.name) });
    return config;
  };
}

const areaOf = (name) => Object.keys(federationNames).find((area) => federationNames[area] === name);

/** A remote's dev server: its own port, and CORS because the host page (another port) loads its scripts. */
function remoteDevServer({ devPorts, area }) {
  return {
    port: devPorts[area],
    host: 'localhost',
    hot: false,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    allowedHosts: 'all',
    client: { overlay: false },
  };
}

module.exports = { makeConfig, devPorts, federationNames, repoRoot };
