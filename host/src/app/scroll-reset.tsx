import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Seed §2: every route change puts the scroll position back to the top left. */
export function ScrollReset() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    // The main layout may scroll inside its own container rather than the window.
    document.querySelectorAll<HTMLElement>('[data-scroll-container]').forEach((el) => {
      el.scrollTop = 0;
      el.scrollLeft = 0;
    });
  }, [pathname]);
  return null;
}
