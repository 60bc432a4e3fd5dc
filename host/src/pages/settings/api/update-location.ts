import type { Location, UpdateLocationRequest } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshLocations } from './refresh-locations';

export async function updateLocation({ id, ...body }: UpdateLocationRequest & { id: string }): Promise<Location> {
  const { data } = await api.patch<Location>(`location/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateLocation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateLocation, onSuccess: () => refreshLocations(qc) });
}
