import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshLocations } from './refresh-locations';

export async function deleteLocation(id: string): Promise<void> {
  await api.delete(`location/${encodeURIComponent(id)}`);
}

/** A location with documents answers 409 with a Russian reason; the api client shows it. */
export function useDeleteLocation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteLocation, onSuccess: () => refreshLocations(qc) });
}
