import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { allowedBy, useRules } from '../federation/area-registry';
import { ScreenForbidden } from '../federation/screen-not-found';
import { hostPages } from './host-pages';
import { PageFrame } from './page-frame';
import { forbiddenTitle, type HostRoute } from './route-table';

/** One host route: the page frame (header + document title), then the page (its own chunk); «Нет доступа» without its rule. */
export function RoutePage({ route }: { route: HostRoute }) {
  const { rules, roleName } = useRules();
  const HostPage = hostPages[route.path];
  if (!allowedBy(route.rule, rules, roleName)) {
    return (
      <PageFrame title={forbiddenTitle}>
        <ScreenForbidden />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={route.title}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{HostPage ? <HostPage /> : null}</Suspense>
    </PageFrame>
  );
}
