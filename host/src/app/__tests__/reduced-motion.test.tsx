import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { AppProviders } from '../providers';
import { appTheme, withMotion } from '../theme';
import { useReducedMotion } from '../use-reduced-motion';

/** A matchMedia whose answer to the reduced-motion query the test flips, telling listeners as the browser does. */
function fakeReducedMotion(initial: boolean) {
  const listeners = new Set<() => void>();
  let matches = initial;
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' ? matches : false;
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      matches = next;
      act(() => listeners.forEach((fn) => fn()));
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

function Probe() {
  const reduced = useReducedMotion();
  const { token } = antdTheme.useToken();
  return (
    <span data-testid="probe">
      {String(reduced)}:{String(token.motion)}
    </span>
  );
}

describe('reduced motion', () => {
  it('withMotion switches antd motion off and leaves the rest of the theme alone', () => {
    expect(withMotion(appTheme, true)).toBe(appTheme);
    const still = withMotion(appTheme, false);
    expect(still.token).toEqual({ ...appTheme.token, motion: false });
    expect(still.components).toBe(appTheme.components);
  });

  it('follows the system setting live, and antd components see motion off while it is on', () => {
    const media = fakeReducedMotion(false);
    try {
      render(
        <AppProviders>
          <Probe />
        </AppProviders>,
      );
      expect(screen.getByTestId('probe').textContent).toBe('false:true');
      media.set(true);
      expect(screen.getByTestId('probe').textContent).toBe('true:false');
      media.set(false);
      expect(screen.getByTestId('probe').textContent).toBe('false:true');
    } finally {
      media.restore();
    }
  });
});
