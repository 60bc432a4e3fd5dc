import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { hostPages } from './host-pages';
import { PageFrame } from './page-frame';
import type { HostRoute } from './route-table';

/** One host route: the page frame (header + document title), then the page (its own chunk). */
export function RoutePage({ route }: { route: HostRoute }) {
  const HostPage = hostPages[route.path];
  return (
    <PageFrame title={route.title}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{HostPage ? <HostPage /> : null}</Suspense>
    </PageFrame>
  );
}
