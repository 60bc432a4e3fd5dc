import type { Location } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationKeys } from './location-keys';

export async function getLocations(): Promise<Location[]> {
  const { data } = await api.get<Location[]>('location');
  return data;
}

export const locationsQueryOptions = () => queryOptions({ queryKey: locationKeys.list(), queryFn: getLocations });

/** The settings screen: the shell already holds the list, but opening the screen asks the server again. */
export function useLocations() {
  return useQuery({ ...locationsQueryOptions(), refetchOnMount: 'always' });
}
