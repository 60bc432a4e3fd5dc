module.exports = require('../../scripts/jest-remote.cjs')(__dirname);
