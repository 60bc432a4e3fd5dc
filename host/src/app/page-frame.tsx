import { usePageTitle, useScreenTitleOverride } from '@repo/shared-core';
import { Breadcrumb, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface PageFrameProps {
  /** Page header and document title. */
  title: string;
  /** The area a nested screen belongs to (the stock tabs): shown as a breadcrumb. */
  parent?: { path: string; title: string };
  /** Actions on the right of the header. */
  extra?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every screen: its title as the page header and the document title, then the page.
 * A screen may title itself at runtime (`useScreenTitle('Заказ №123')` from shared-core): that title
 * wins while the screen is mounted.
 */
export function PageFrame({ title: routeTitle, parent, extra, children }: PageFrameProps) {
  const override = useScreenTitleOverride();
  const title = override ?? routeTitle;
  usePageTitle(title);
  return (
    <section data-testid="page-frame" aria-labelledby="page-title" style={{ maxWidth: 1440, margin: '0 auto' }}>
      {parent ? (
        <Breadcrumb
          style={{ marginBottom: 4 }}
          items={[{ title: <Link to={parent.path}>{parent.title}</Link> }, { title }]}
        />
      ) : null}
      <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Title id="page-title" level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}
