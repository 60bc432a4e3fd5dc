import '@testing-library/jest-dom';

// antd's responsive helpers (Grid.useBreakpoint, Layout) call matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
// jsdom does not implement scrolling; tests spy on it.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
// antd measures elements with ResizeObserver.
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
