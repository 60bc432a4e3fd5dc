import { ScreenNotBuilt, useScreenTitle } from '@repo/shared-core';
import { useParams } from 'react-router-dom';
import { areaMeta } from '../expose/area';

/** A detail screen that titles itself («Заказ №123»); only in the e2e build variant for now. */
export function Component() {
  const { id } = useParams();
  useScreenTitle(id ? `Заказ №${id}` : null);
  return <ScreenNotBuilt screen={`Заказ №${id ?? ''}`} area={areaMeta.title} />;
}
