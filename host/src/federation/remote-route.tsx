import type { RemoteArea } from '@repo/contracts';
import { Skeleton } from 'antd';
import { Suspense, use, useCallback, useState } from 'react';
import { areaTitles } from '../app/route-table';
import { AreaErrorBoundary } from './area-error-boundary';
import { AreaUnavailable } from './area-unavailable';
import { remoteLoader } from './federation-runtime';
import type { RemoteLoader, RemoteRoutesModule } from './remote-loader';
import { useRemoteLoader } from './remote-loader-context';

interface Props {
  area: RemoteArea;
  /** The route pattern of the host table (`/request/:id?`), matched against the remote's list. */
  path: string;
}

const getDefaultLoader = (): RemoteLoader => remoteLoader;

function RemoteScreen({ promise, area, path }: { promise: Promise<RemoteRoutesModule>; area: RemoteArea; path: string }) {
  const mod = use(promise);
  const match = mod.routes.find((r) => r.path === path);
  if (!match) throw new Error(`Раздел «${area}» не содержит экрана ${path}`);
  const Screen = match.Component;
  return <Screen />;
}

/**
 * Renders the host route `path` from the remote `area`, behind the area's own error boundary:
 * a dead or crashing remote shows «Раздел временно недоступен» with a retry, and every other
 * area keeps working.
 */
export function RemoteRoute({ area, path }: Props) {
  const loader = useRemoteLoader(getDefaultLoader);
  const [attempt, setAttempt] = useState(0);
  const promise = loader.loadArea(area);

  const retry = useCallback(
    (reset: () => void) => {
      loader.reset(area);
      setAttempt((n) => n + 1);
      reset();
    },
    [area, loader],
  );

  return (
    <AreaErrorBoundary
      resetKey={`${path}#${attempt}`}
      fallback={(error, reset) => (
        <AreaUnavailable areaTitle={areaTitles[area]} error={error} onRetry={() => retry(reset)} />
      )}
    >
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} data-testid="area-loading" />}>
        <RemoteScreen promise={promise} area={area} path={path} />
      </Suspense>
    </AreaErrorBoundary>
  );
}
