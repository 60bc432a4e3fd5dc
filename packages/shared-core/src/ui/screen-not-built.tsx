import { useEffect, useState, type ComponentType } from 'react';

/**
 * The first shape of a remote's `./routes` (eagerly loaded components).
 * @deprecated Remotes now expose `AreaRoute[]` (`defineAreaRoutes`, lazily loaded screens with metadata);
 * kept because shared-core only grows additively.
 */
export interface RemoteRoute {
  path: string;
  Component: ComponentType;
}

// shared-core is on the sign-in page; the card's antd Card, Typography and icon are not: they load
// with the first placeholder screen (issue #6, first load). Loaded by hand rather than React.lazy: a
// plain state update once the chunk is there (no Suspense retry), and no flash once it was loaded.
type Props = { screen: string; area: string };
let View: ComponentType<Props> | null = null;
let loading: Promise<ComponentType<Props>> | null = null;
function loadView(): Promise<ComponentType<Props>> {
  loading ??= import(/* webpackChunkName: "screen-not-built" */ './screen-not-built-view').then((m) => (View = m.default));
  return loading;
}

/**
 * Shown inside the host's page frame until an area's own issue builds the screen: the host already
 * shows the title; this says, in Russian, that the screen is planned (the README lists it as not built).
 */
export function ScreenNotBuilt(props: Props) {
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(() => View);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    loadView().then(
      (C) => {
        if (live) setLoaded(() => C);
      },
      () => {
        // The chunk did not arrive (a network blip): the next placeholder shown tries again.
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}
