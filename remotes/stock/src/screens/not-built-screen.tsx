import { ScreenNotBuilt } from '@repo/shared-core';
import type { ComponentType } from 'react';
import { areaMeta } from '../expose/area';
import { StockTabs } from '../shared/stock-tabs';

/** A screen no stock issue has built yet; the warehouse screens keep the nested tabs above it. */
export function notBuiltScreen(path: string, title: string): ComponentType {
  const withTabs = path === '/stock' || path.startsWith('/stock/');
  return function NotBuiltScreen() {
    return (
      <>
        {withTabs ? <StockTabs /> : null}
        <ScreenNotBuilt screen={title} area={areaMeta.title} />
      </>
    );
  };
}
