import { createContext, useContext } from 'react';
import type { RemoteLoader } from './remote-loader';

/** Lets tests hand RemoteRoute a fake loader; the app uses the federation runtime's one. */
export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(fallback: () => RemoteLoader): RemoteLoader {
  return useContext(RemoteLoaderContext) ?? fallback();
}
