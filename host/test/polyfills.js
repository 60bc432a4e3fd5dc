// Before any module loads: react-router 7 needs TextEncoder, which jest's jsdom lacks.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
