import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** One secondary line under the title: what the section holds. */
  subtitle?: ReactNode;
  /** A muted icon before the title. */
  icon?: ReactNode;
  /** Buttons on the right; they wrap under the title on a narrow screen. */
  actions?: ReactNode;
  /**
   * Heading level. The host's page frame already shows the screen's title as the h3, so a header
   * inside a screen (a tab, a section) is an h4 by default.
   */
  level?: 3 | 4 | 5;
  id?: string;
}

/** A section header with actions, laid out like the host's page frame (title left, actions right, wrapping). */
export function PageHeader({ title, subtitle, icon, actions, level = 4, id }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }} data-testid="page-header">
      <div>
        <Typography.Title id={id} level={level} style={{ margin: 0 }}>
          {icon ? <span style={{ marginInlineEnd: 8, color: '#8c8c8c' }}>{icon}</span> : null}
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {actions ? (
        <Flex gap={8} wrap align="center">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
