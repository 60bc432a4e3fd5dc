import { lazy, Suspense, type ComponentType } from 'react';

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
// with the first placeholder screen (issue #6, first load).
const View = lazy(() => import(/* webpackChunkName: "screen-not-built" */ './screen-not-built-view'));

/**
 * Shown inside the host's page frame until an area's own issue builds the screen: the host already
 * shows the title; this says, in Russian, that the screen is planned (the README lists it as not built).
 */
export function ScreenNotBuilt(props: { screen: string; area: string }) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
