/** The kit's own tests run with the setup it gives everyone else (jest-preset.cjs). */
module.exports = require('./jest-preset.cjs')(__dirname);
