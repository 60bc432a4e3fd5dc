// Shared webpack config factory for the host and the four remotes.
// Each package's webpack.config.js calls makeConfig({ dir, ... }). Build tools are
// resolved from the calling package, so the repo root needs no dependencies.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { federationShared } = require('./federation-shared.cjs');
const { antdLendingShared, isLendKey, LendChunksPlugin, lendSplitChunks } = require('./antd-lending.cjs');

const repoRoot = path.resolve(__dirname, '..');

/** Dev-server ports: host 3100, remotes 3101-3104 (scripts/dev.mjs uses the same). */
const devPorts = { host: 3100, stock: 3101, 'sales-orders': 3102, 'crm-finance': 3103, 'shop-content': 3104 };
/** Federation names by area folder. */
const federationNames = { stock: 'stock', 'sales-orders': 'salesOrders', 'crm-finance': 'crmFinance', 'shop-content': 'shopContent' };

/**
 * antd's React contexts, shared one by one instead of the whole `antd` package (see docs/performance.md).
 * Sharing `antd` whole loads all of it (1.4 MB, 355 KB brotli) on the sign-in page, because a shared
 * module cannot be tree-shaken: the provider does not know what a remote will use. Instead each bundle
 * compiles the components it imports (tree-shaken, like a monolith), and only the modules that carry the
 * host's settings across the bundles stay singletons: the ConfigProvider context (prefix, locale,
 * component config), size / disabled contexts, design tokens (theme), locale, form validation
 * messages, App (message/modal/notification), z-index, plus the CSS-in-JS engine and rc-motion (the
 * reduced-motion switch). A remote's Table therefore renders with the host's theme and Russian locale.
 */
const ANTD_CONTEXT_MODULES = [
  'config-provider/context',
  'config-provider/SizeContext',
  'config-provider/DisabledContext',
  'theme/context',
  'locale/context',
  'form/validateMessagesContext',
  'app/context',
  '_util/zindexContext',
];
const ANTD_RUNTIME_PACKAGES = ['@ant-design/cssinjs', '@rc-component/motion'];

/**
 * How antd is federated (FEDERATION_ANTD, a measuring switch, docs/performance.md): 'lent' (the default:
 * contexts shared, components lent by the host), 'compiled' (contexts shared, each bundle compiles its
 * components) or 'whole' (the package shared whole).
 */
const antdMode = ['compiled', 'whole'].includes(process.env.FEDERATION_ANTD) ? process.env.FEDERATION_ANTD : 'lent';

function splitAntdSharing(shared, req, kind) {
  if (!shared.antd || antdMode === 'whole') return shared;
  const { antd: antdConfig, ...rest } = shared;
  const antdDir = path.dirname(req.resolve('antd/package.json'));
  const version = require(path.join(antdDir, 'package.json')).version;
  const antdRequire = createRequire(path.join(antdDir, 'package.json'));
  for (const mod of ANTD_CONTEXT_MODULES) {
    // An absolute key matches antd's own relative imports of the file; the share key is stable.
    rest[path.join(antdDir, 'es', `${mod}.js`)] = { ...antdConfig, shareKey: `antd/es/${mod}`, version };
  }
  for (const pkg of ANTD_RUNTIME_PACKAGES) {
    const pkgVersion = require(antdRequire.resolve(`${pkg}/package.json`)).version;
    rest[pkg] = { ...antdConfig, version: pkgVersion, import: pkg };
  }
  // The components themselves: lent by the host to the areas (scripts/antd-lending.cjs).
  if (antdMode === 'lent') Object.assign(rest, antdLendingShared(kind, antdDir, version));
  return rest;
}

/**
 * The host provides every shared package the sign-in page needs inside main.js (`eager`), instead of
 * one lazily fetched chunk per package: on /login that was ~30 requests at 150 ms RTT on a shop's
 * slow link. The host is the provider of the share scope ('loaded-first'), so nothing changes for
 * remotes. `@repo/ui` stays lazy (the sign-in page does not use it). FEDERATION_EAGER=0 turns it off
 * for comparison (docs/performance.md).
 */
const LAZY_IN_HOST = new Set(['@repo/ui']);
function eagerInHost(kind, shared) {
  if (kind !== 'host' || process.env.FEDERATION_EAGER === '0') return shared;
  const out = {};
  for (const [key, cfg] of Object.entries(shared)) out[key] = LAZY_IN_HOST.has(key) || isLendKey(key) ? cfg : { ...cfg, eager: true };
  return out;
}

/**
 * Federation runtime trims, measured in docs/performance.md:
 *  - lean (the default): leave out the snapshot code (manifest-based remotes; ours are registered by
 *    their remoteEntry.js): -3 KB brotli on main.js and on every remoteEntry.js;
 *  - FEDERATION_RUNTIME=full: the runtime as the plugin ships it;
 *  - FEDERATION_RUNTIME=external: lean, and one copy of the runtime per page: the host provides it and
 *    remotes build without their own (remoteEntry.js 25 -> 8 KB brotli, host main.js +7 KB). A remote
 *    built so cannot load in a host built without it: switch the host first, never roll it back past.
 *    Not the default: it costs the sign-in page 7 KB and ties remote releases to the host build.
 */
function federationExperiments(kind) {
  const mode = process.env.FEDERATION_RUNTIME || 'lean';
  if (mode !== 'lean' && mode !== 'external') return undefined;
  const optimization = { disableSnapshot: true, target: 'web' };
  if (mode === 'lean') return { optimization };
  return kind === 'host' ? { provideExternalRuntime: true, optimization } : { externalRuntime: true, optimization };
}

/**
 * The host's `preload.json`: the script files each first screen needs beyond `main.js`, by named chunk
 * group (`webpackChunkName` in host/src). The server sends them as `Link: rel=preload` headers with
 * `index.html` (server/src/plugins/static.ts), so the browser fetches them while `main.js` is still
 * downloading instead of one round trip after another (main.js runs and asks for the bootstrap, which
 * asks for the screen): `signedOut` for the sign-in page, `signedIn` for the signed-in shell, `main` for
 * the main page on top of it.
 */
const PRELOAD_GROUPS = { signedOut: ['bootstrap', 'page-login'], signedIn: ['bootstrap', 'shell'], main: ['page-main'] };
class PreloadListPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PreloadListPlugin', (compilation) => {
      // REPORT: after the real content hashes have renamed the files.
      compilation.hooks.processAssets.tap({ name: 'PreloadListPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const inEntry = new Set();
        for (const entrypoint of compilation.entrypoints.values()) for (const chunk of entrypoint.chunks) for (const f of chunk.files) inEntry.add(f);
        const list = {};
        for (const [key, groups] of Object.entries(PRELOAD_GROUPS)) {
          const files = new Set();
          for (const name of groups) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) {
              compilation.errors.push(new compiler.webpack.WebpackError(`PreloadListPlugin: no chunk group named "${name}" (webpackChunkName in host/src)`));
              continue;
            }
            for (const chunk of group.chunks) for (const f of chunk.files) if (f.endsWith('.js') && !inEntry.has(f)) files.add(`/${f}`);
          }
          list[key] = [...files].sort();
        }
        compilation.emitAsset('preload.json', new sources.RawSource(`${JSON.stringify(list, null, 2)}\n`));
      });
    });
  }
}

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
          shared: eagerInHost(o.kind, splitAntdSharing(federationShared(), req, o.kind)),
          // The default ('version-first') loads every remote entry at start: one dead
          // remote would then break the whole shell.
          shareStrategy: 'loaded-first',
          manifest: o.kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          dev: false,
          experiments: federationExperiments(o.kind),
        }),
        ...(HtmlWebpackPlugin
          ? [
              new PreloadListPlugin(),
              new LendChunksPlugin({ expected: antdMode === 'lent' }),
              new HtmlWebpackPlugin({
                // The page is plain HTML: given as content, it needs no child compilation (a child
                // compilation would also run the federation plugins and emit a node-format copy of
                // every lazily shared module, the lent antd components included).
                templateContent: fs.readFileSync(path.join(o.dir, 'public/index.html'), 'utf8'),
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
        // Host: webpack's defaults for its own chunks; the chunks of the antd components it lends are
        // grouped apart (scripts/antd-lending.cjs).
        ...(o.kind === 'host' ? { splitChunks: lendSplitChunks() } : {}),
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
