import type { Location } from '@repo/contracts';
import { locationStore } from '@repo/shared-core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { locationsQueryOptions } from './api/get-locations';

/**
 * The locations the employee may work in: one query for the whole shell (the settings page reads the
 * same cache), mirrored into the location store that the seed keeps on the client. Realtime events on
 * `location` invalidate the query, so a colleague's new or renamed shop reaches the switcher too.
 */
export function useLocationList(enabled: boolean): void {
  const { data } = useQuery({ ...locationsQueryOptions(), enabled });
  useEffect(() => {
    if (enabled && data) locationStore.getState().setList(data as Location[]);
  }, [enabled, data]);
}
