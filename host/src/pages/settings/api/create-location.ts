import type { CreateLocationRequest, Location } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshLocations } from './refresh-locations';

export async function createLocation(body: CreateLocationRequest): Promise<Location> {
  const { data } = await api.post<Location>('location', body);
  return data;
}

export function useCreateLocation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => refreshLocations(qc) });
}
