// jest-dom's matchers; the jsdom polyfills (matchMedia, ResizeObserver, scrollTo, …) are in
// @repo/testing/polyfills.cjs, loaded by test/polyfills.js before any module.
import '@testing-library/jest-dom';
