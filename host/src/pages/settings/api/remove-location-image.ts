import type { Location, RemoveLocationImageRequest } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshLocations } from './refresh-locations';

export async function removeLocationImage(body: RemoveLocationImageRequest): Promise<Location> {
  const { data } = await api.post<Location>('location/images/remove', body);
  return data;
}

export function useRemoveLocationImage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeLocationImage, onSuccess: () => refreshLocations(qc) });
}
