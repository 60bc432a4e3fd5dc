import { ScreenNotBuilt, useScreenTitle } from '@repo/shared-core';
import { useParams } from 'react-router-dom';
import { areaMeta } from '../expose/area';

/** A detail screen that titles itself («Архивный заказ №123»); only in the e2e build variant (a sub-route released without a host release). */
export function Component() {
  const { id } = useParams();
  useScreenTitle(id ? `Архивный заказ №${id}` : null);
  return <ScreenNotBuilt screen={`Архивный заказ №${id ?? ''}`} area={areaMeta.title} />;
}
