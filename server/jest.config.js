/** Server tests: app-level through fastify.inject, on PGlite by default, on PostgreSQL with TEST_DATABASE_URL. */
/**
 * CI's second pass (`TEST_SCOPE=database`, on PostgreSQL) runs the suites whose outcome can depend on the
 * database engine. These do not: the fuzz suite (request validation, run whole on PGlite: both engines are
 * PostgreSQL, and the services' SQL is covered on both by the suites of each area), the PGlite data folder's
 * lock (always PGlite), static files, the migrations' check, the OpenAPI document, the security headers and
 * malformed HTTP (docs/decisions.md «CI shape»).
 */
const engineIndependent = ['/test/fuzz/fuzz\\.test\\.ts$', '/test/data-dir-lock\\.test\\.ts$', '/test/static\\.test\\.ts$', '/test/check-migrations\\.test\\.ts$', '/test/docs\\.test\\.ts$', '/test/security-headers\\.test\\.ts$', '/test/http-malformed\\.test\\.ts$'];

const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Jest cannot require ES modules; these few ESM-only dependencies are compiled to CommonJS for the test run.
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/(cookie|content-disposition)@|(cookie|content-disposition)/)'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_SCOPE === 'database' ? engineIndependent : [])],
  // Generous: a shared two-core CI machine can take tens of seconds to boot an app that seeds its own demo.
  testTimeout: 60000,
  // One seeded database per run, copied per test file (test/global-setup.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
