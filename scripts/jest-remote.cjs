// Jest config shared by the four remotes (jsdom + @swc/jest; antd's ESM-only parts compiled too).
'use strict';
const path = require('node:path');

const esmPackages = ['@repo', '@ant-design', '@rc-component', 'rc-', 'antd', '@babel\\+runtime', '@babel/runtime'];

module.exports = (dir) => ({
  rootDir: dir,
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmPackages.join('|')}))`],
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'jest-style-stub.cjs') },
  setupFiles: [path.join(__dirname, 'jest-dom-polyfills.cjs')],
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
});
