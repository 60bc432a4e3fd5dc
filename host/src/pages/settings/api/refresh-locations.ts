import type { Location } from '@repo/contracts';
import { locationStore } from '@repo/shared-core';
import type { QueryClient } from '@tanstack/react-query';
import { locationKeys } from '../../../app/api/location-keys';

/**
 * After any change: refetch the one location list (the shell's switcher reads the same query) and
 * hand it to the location store straight away, so the header shows the new name or shop at once.
 */
export async function refreshLocations(qc: QueryClient): Promise<void> {
  await qc.invalidateQueries({ queryKey: locationKeys.all });
  const list = qc.getQueryData<Location[]>(locationKeys.list());
  if (list) locationStore.getState().setList(list);
}
