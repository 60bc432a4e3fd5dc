import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * A title a screen gives itself at runtime («Заказ №123»). The host's page frame shows it instead of
 * the route's title from the area metadata while the screen is mounted (header and document title).
 */
export const screenTitleStore = createStore<{ title: string | null }>()(() => ({ title: null }));

/** Titles the current screen; `null`/`undefined` (e.g. while loading) keeps the route's own title. */
export function useScreenTitle(title?: string | null): void {
  useEffect(() => {
    if (!title) return undefined;
    screenTitleStore.setState({ title });
    return () => {
      if (screenTitleStore.getState().title === title) screenTitleStore.setState({ title: null });
    };
  }, [title]);
}

/** What the frame reads: the screen's own title, or null. */
export function useScreenTitleOverride(): string | null {
  return useStore(screenTitleStore, (s) => s.title);
}
