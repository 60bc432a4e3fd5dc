// Jest config for a package or bundle tested in jsdom: @swc/jest for TS and the ESM-only parts of
// antd, CSS stubbed, the shared polyfills first and jest-dom's matchers after the environment.
'use strict';
const path = require('node:path');

const esmPackages = ['@repo', '@ant-design', '@rc-component', 'rc-', 'antd', '@babel\\+runtime', '@babel/runtime'];

module.exports = (dir, overrides = {}) => ({
  rootDir: dir,
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmPackages.join('|')}))`],
  moduleNameMapper: { '\\.(css|less)$': path.join(__dirname, 'style-stub.cjs') },
  setupFiles: [path.join(__dirname, 'polyfills.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'setup-after-env.cjs')],
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
  ...overrides,
});
