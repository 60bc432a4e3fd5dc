/** Server tests: app-level through fastify.inject, on PGlite by default, on PostgreSQL with TEST_DATABASE_URL. */
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Jest cannot require ES modules; these few ESM-only dependencies are compiled to CommonJS for the test run.
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/(cookie|content-disposition)@|(cookie|content-disposition)/)'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Generous: a shared two-core CI machine can take tens of seconds to boot an app that seeds its own demo.
  testTimeout: 60000,
  // One seeded database per run, copied per test file (test/global-setup.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
