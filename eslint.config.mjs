// One lint setup for every package: TypeScript rules, React hooks rules for the bundles, and the
// import boundaries between the apps and packages (see `boundaries` below).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirs = (rel) =>
  fs.existsSync(path.join(root, rel))
    ? fs.readdirSync(path.join(root, rel), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];

/**
 * Import boundaries, with ESLint's own `no-restricted-imports` (a pattern list per folder):
 * - a remote never imports the host or another remote (they talk through the bus and the API);
 * - packages never import apps (host, remotes, server);
 * - shared-core and ui are imported by their bare names only: a relative path or a deep
 *   `@repo/shared-core/src/…` import makes a second copy of a federated singleton;
 * - a server module never imports another module's repository (it calls that module's service);
 * - application code never imports the test kit (@repo/testing).
 * The rule's options replace each other between config blocks, so every block below carries the
 * whole list for its folder. `scripts/__tests__/lint-boundaries.test.mjs` proves each one reports.
 */
const areas = dirs('remotes');
const serverModules = dirs('server/src/modules');
const testFiles = ['**/__tests__/**', '**/test/**', '**/*.test.{ts,tsx}', '**/jest.setup.ts'];
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const deepPackageImports = [
  {
    regex: '^@repo/(shared-core|ui)/',
    message: 'Import @repo/shared-core and @repo/ui by their bare names only: a deep import makes a second copy of a federated singleton.',
  },
];
const relativeIntoPackages = [
  {
    regex: '^(\\.\\./)+(packages/)?(shared-core|ui|contracts|testing)/',
    message: 'Import a workspace package by its name (@repo/…), never by a relative path into packages/: it would be a second copy.',
  },
];
const noTestKit = [{ regex: '^@repo/testing(/|$)', message: '@repo/testing is for tests only.' }];
const noServer = [
  { regex: '^server(/|$)', message: 'Client code never imports the server; use the API and @repo/contracts.' },
  { regex: '^(\\.\\./)+server/', message: 'Client code never imports the server; use the API and @repo/contracts.' },
];

/** A remote: not the host, not another remote, not the server. */
function remotePatterns(area) {
  const others = areas.filter((a) => a !== area);
  return [
    { regex: '^host(/|$)', message: 'A remote never imports the host: use @repo/shared-core, @repo/ui and the bus.' },
    { regex: '^(\\.\\./)+host/', message: 'A remote never imports the host: use @repo/shared-core, @repo/ui and the bus.' },
    ...(others.length
      ? [
          {
            regex: `^@repo/remote-(${others.map(esc).join('|')})(/|$)`,
            message: 'A remote never imports another remote: talk through the bus and the API.',
          },
          {
            regex: `^(\\.\\./)+(remotes/)?(${others.map(esc).join('|')})/`,
            message: 'A remote never imports another remote: talk through the bus and the API.',
          },
        ]
      : []),
    ...noServer,
    ...deepPackageImports,
    ...relativeIntoPackages,
  ];
}

const hostPatterns = [
  { regex: '^@repo/remote-', message: 'The host never imports a remote: it loads areas at run time through Module Federation.' },
  { regex: '^(\\.\\./)+remotes/', message: 'The host never imports a remote: it loads areas at run time through Module Federation.' },
  ...noServer,
  ...deepPackageImports,
  ...relativeIntoPackages,
];

const packagePatterns = [
  { regex: '^(host|server)(/|$)', message: 'Packages never import apps (host, remotes, server).' },
  { regex: '^@repo/remote-', message: 'Packages never import apps (host, remotes, server).' },
  { regex: '^(\\.\\./)+(\\.\\./)?(host|remotes|server)/', message: 'Packages never import apps (host, remotes, server).' },
  ...deepPackageImports,
  { regex: '^(\\.\\./)+(packages/)?(shared-core|ui|contracts)/', message: relativeIntoPackages[0].message },
];

/** A server module: its own repository only (`../<other module>/repository` is another module's). */
function serverModulePatterns(mod) {
  return [
    {
      regex: `^(\\.\\./)+(modules/)?(?!${esc(mod)}/)[\\w-]+/repository(\\.[jt]s)?$`,
      message: "A server module never imports another module's repository: call that module's service.",
    },
    ...deepPackageImports,
  ];
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Two blocks per folder: everything, then the same plus "no test kit" outside the tests. */
function zone(files, patterns, { testKit = true } = {}) {
  const blocks = [{ files, rules: restrict(patterns) }];
  if (testKit) blocks.push({ files, ignores: testFiles, rules: restrict([...patterns, ...noTestKit]) });
  return blocks;
}

/**
 * A remote imports antd's components, not its internals: the host lends the component folders
 * (scripts/antd-lending.cjs); a deep value import (`antd/es/input/TextArea`) is compiled into the area
 * again, with its own copy of antd's form and space contexts. Type imports are erased, so they may.
 */
const antdInternals = {
  files: areas.map((area) => `remotes/${area}/**/*.{ts,tsx,js,mjs,cjs}`),
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^antd/(es|lib)/',
            allowTypeImports: true,
            message: "Import antd components from 'antd': the host lends them; a deep import compiles antd's internals into the area again.",
          },
        ],
      },
    ],
  },
};

const boundaries = [
  antdInternals,
  ...zone(['**/*.{ts,tsx,js,mjs,cjs}'], deepPackageImports, { testKit: false }),
  ...zone(['host/**/*.{ts,tsx,js,mjs,cjs}'], hostPatterns),
  ...areas.flatMap((area) => zone([`remotes/${area}/**/*.{ts,tsx,js,mjs,cjs}`], remotePatterns(area))),
  ...zone(['packages/*/src/**/*.{ts,tsx,js,mjs,cjs}'], packagePatterns, { testKit: false }),
  ...zone(['packages/{shared-core,ui,contracts}/src/**/*.{ts,tsx,js,mjs,cjs}'], packagePatterns),
  ...serverModules.flatMap((mod) =>
    zone([`server/src/modules/${mod}/**/*.{ts,js,mjs,cjs}`], serverModulePatterns(mod), { testKit: false }),
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'server/migrations/**', 'e2e/test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['host/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'packages/shared-core/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}', 'packages/testing/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The storefront preview's plain browser module (served as is, no build step).
    files: ['server/storefront/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    files: ['**/__tests__/**', '**/test/**', 'e2e/**', 'server/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...boundaries,
);
