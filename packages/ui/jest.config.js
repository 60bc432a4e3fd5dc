/** jsdom + @swc/jest with the shared polyfills, as every bundle's tests (packages/testing). */
module.exports = require('../testing/jest-preset.cjs')(__dirname);
