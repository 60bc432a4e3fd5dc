import { usePageTitle } from '@repo/shared-core';
import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

export function FullScreenSpin() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

export function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}
