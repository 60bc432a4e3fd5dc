// jsdom lacks these; react-router 7 needs TextEncoder at import time and antd's Grid needs
// matchMedia to render. Imported first by the helpers, so it runs before those modules load.
if (!globalThis.TextEncoder) {
  const { TextEncoder, TextDecoder } = jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// Media queries are answered against window.innerWidth (jsdom: 1024 px, a desktop by antd's
// breakpoints), so layouts render their wide form unless a test narrows the window. Installed
// unconditionally: a stub that always says "no" would put every layout test in phone mode.
{
  const answer = (query: string) => {
    const width = window.innerWidth;
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: answer(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has no MessageChannel; antd's form batching posts through one. A timer-backed stand-in
// keeps the same asynchronous delivery without Node's worker ports holding the process open.
if (!globalThis.MessageChannel) {
  type Port = { onmessage: ((e: { data: unknown }) => void) | null; postMessage: (d: unknown) => void; close: () => void };
  class TimerMessageChannel {
    port1: Port;
    port2: Port;
    constructor() {
      const make = (target: () => Port): Port => ({
        onmessage: null,
        postMessage: (data) => setTimeout(() => target().onmessage?.({ data }), 0),
        close: () => {},
      });
      this.port1 = make(() => this.port2);
      this.port2 = make(() => this.port1);
    }
  }
  Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
}

// jsdom has no ResizeObserver; antd's Menu overflow and Select measure with it.
if (!globalThis.ResizeObserver) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: NoopResizeObserver });
}

// jsdom implements getComputedStyle without pseudo-elements and logs an error for each call that
// passes one (antd's scroll locker measures ::-webkit-scrollbar); the element's own style serves.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => computed(elt);
