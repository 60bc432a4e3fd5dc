/* global window */
// The jsdom gaps react-router 7 and antd run into under jest, in one place for the host, the areas
// and the packages (jest `setupFiles`: it runs before any test module loads).
'use strict';

// react-router 7 needs TextEncoder at import time.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has no MessageChannel; antd's form batching posts through one. A timer-backed stand-in
// keeps the same asynchronous delivery without Node's worker ports holding the process open.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerMessageChannel {
    constructor() {
      const make = (target) => ({
        onmessage: null,
        postMessage: (data) => setTimeout(() => target().onmessage?.({ data }), 0),
        close() {},
        addEventListener() {},
        removeEventListener() {},
        start() {},
      });
      this.port1 = make(() => this.port2);
      this.port2 = make(() => this.port1);
    }
  }
  globalThis.MessageChannel = TimerMessageChannel;
}

if (typeof window !== 'undefined') {
  // Width queries are answered against window.innerWidth (jsdom: 1024 px, a desktop by antd's
  // breakpoints), so layouts render their wide form unless a test narrows the window; any other
  // query (prefers-reduced-motion, prefers-color-scheme) says "no". A test may replace it.
  const answer = (query) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    if (!min && !max) return false;
    const width = window.innerWidth;
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query) => ({
      matches: answer(query),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }),
  });

  // antd's Menu overflow, Tabs and Select measure with ResizeObserver.
  if (!('ResizeObserver' in window)) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  // jsdom does not scroll; tests spy on it.
  window.scrollTo = () => undefined;

  // jsdom implements getComputedStyle without pseudo-elements and logs an error for each call that
  // passes one (antd's scroll locker measures ::-webkit-scrollbar); the element's own style serves.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt) => computed(elt);
}
