// jest-dom's matchers (toBeInTheDocument, toHaveValue) for every test file.
'use strict';
require('@testing-library/jest-dom');

/* global jest */
// antd's CSS-in-JS writes hundreds of <style> tags into jsdom, and every getComputedStyle that
// testing-library's role queries make then walks them all: most of a screen test's time. The tests
// check behaviour and text, not looks, so styles are not generated or inserted here.
const path = require('node:path');
const cssinjs = require.resolve('@ant-design/cssinjs', { paths: [path.dirname(require.resolve('antd/package.json'))] });
jest.mock(cssinjs, () => ({ ...jest.requireActual(cssinjs), useStyleRegister: () => undefined }));
