// The areas' jest setup (scripts/jest-remote.cjs) loads the one shared set of jsdom polyfills.
// A relative path: scripts/ is not a workspace package, so `@repo/testing` does not resolve here.
'use strict';
require('../packages/testing/polyfills.cjs');
