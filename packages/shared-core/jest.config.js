/** jsdom because the stores write cookies and the container renders; swc keeps the run fast. */
module.exports = {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  // antd and its icons ship ES modules that jest cannot require; compile them like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(@ant-design|@rc-component|rc-|antd|@babel\\+runtime|@babel/runtime))'],
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
  // The container imports react-toastify's stylesheet; jest cannot parse CSS.
  moduleNameMapper: { '\\.css$': '<rootDir>/src/__tests__/style-stub.js' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  restoreMocks: true,
};
