import { useLayoutEffect, useState, type Key } from 'react';

/** Below `below` px of the list's own width, the columns `keys` are left out (secondary ones first). */
export interface ColumnDrop {
  below: number;
  keys: readonly string[];
}

/**
 * The columns that fit a list `width` px wide: each drop whose threshold is above the width removes
 * its columns. An unknown width (not measured yet, or jsdom's 0) keeps every column.
 */
export function fitColumns<C extends { key?: Key }>(columns: readonly C[], width: number | undefined, drops: readonly ColumnDrop[]): C[] {
  if (!width) return [...columns];
  const hidden = new Set(drops.filter((d) => width < d.below).flatMap((d) => d.keys));
  return columns.filter((c) => c.key === undefined || !hidden.has(String(c.key)));
}

/**
 * The element's width in px, measured before the first paint and kept up to date (ResizeObserver):
 * a list chooses its columns by the room it actually has (the side menu folded or not, the window),
 * not by the window's breakpoint alone. Use as `<div ref={ref}>`.
 */
export function useElementWidth<T extends HTMLElement = HTMLDivElement>(): [(el: T | null) => void, number | undefined] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width) || undefined);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, width];
}
