/** Host unit tests: jsdom + @swc/jest; workspace packages (@repo/*) are TS sources and compiled too. */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
// ESM-only packages under antd (its colors, rc-components) are compiled to CommonJS for jest too.
const esmPackages = ['@repo', '@ant-design', '@rc-component', 'rc-', 'antd', '@babel\\+runtime', '@babel/runtime'];
module.exports = {
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmPackages.join('|')}))`],
  moduleNameMapper: { '\\.(css|less)$': '<rootDir>/test/style-stub.js' },
  setupFiles: ['<rootDir>/test/polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
};
