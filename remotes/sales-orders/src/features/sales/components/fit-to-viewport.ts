import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * The tallest a sticky panel may be so that its bottom stays inside the window: from where it stands
 * now (or where it sticks, once scrolled there) to the window's bottom, less a gap; never below `min`.
 */
export function fitHeight(rectTop: number, windowHeight: number, { stickyTop, bottomGap, min = 240 }: { stickyTop: number; bottomGap: number; min?: number }): number {
  return Math.max(min, Math.floor(windowHeight - Math.max(rectTop, stickyTop) - bottomGap));
}

/** The DOM is written directly: a re-render per scroll frame would cost the whole counter screen. */
function setMaxHeight(node: HTMLElement, value: string) {
  node.style.maxHeight = value;
}

/**
 * Keeps an element's `max-height` at `fitHeight` while `active` (on scroll and resize, one frame at a
 * time, written to the element directly: the screen does not re-render on scroll). The element lays
 * its parts out so that the part meant to stay visible (the total and «Провести») never shrinks.
 */
export function useFitToViewport<T extends HTMLElement>(active: boolean, options: { stickyTop: number; bottomGap: number; min?: number }) {
  const [el, setEl] = useState<T | null>(null);
  const { stickyTop, bottomGap, min } = options;
  useLayoutEffect(() => {
    if (!el) return;
    if (!active) {
      setMaxHeight(el, '');
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      setMaxHeight(el, `${fitHeight(el.getBoundingClientRect().top, window.innerHeight, { stickyTop, bottomGap, min })}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Something above the panel grew or shrank (a warning appeared): it moved.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (observer && el.parentElement) observer.observe(el.parentElement);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      setMaxHeight(el, '');
    };
  }, [el, active, stickyTop, bottomGap, min]);
  return useCallback((node: T | null) => setEl(node), []);
}
