// Before any module loads: the jsdom gaps react-router 7 and antd run into, shared by every bundle.
require('@repo/testing/polyfills.cjs');
