module.exports = require('@repo/testing/jest-preset.cjs')(__dirname);
