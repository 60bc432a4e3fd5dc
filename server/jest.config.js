/** Server tests: app-level through fastify.inject, on PGlite by default, on PostgreSQL with TEST_DATABASE_URL. */
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Jest cannot require ES modules; these few ESM-only dependencies are compiled to CommonJS for the test run.
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/(cookie|content-disposition)@|(cookie|content-disposition)/)'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
};
