import { ScreenNotBuilt } from '@repo/shared-core';
import type { ComponentType } from 'react';
import { areaMeta } from '../expose/area';

/** A screen no issue of this area has built yet. */
export function notBuiltScreen(title: string): ComponentType {
  return function NotBuiltScreen() {
    return <ScreenNotBuilt screen={title} area={areaMeta.title} />;
  };
}
