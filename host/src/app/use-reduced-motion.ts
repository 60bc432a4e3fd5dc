import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(query).matches;

/**
 * True while the operating system asks for less motion (an accessibility setting people turn on
 * against motion sickness, and common on slow counter terminals). Follows the setting live.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion);
}
