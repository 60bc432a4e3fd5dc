import type { Location } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshLocations } from './refresh-locations';

/** Multipart with `locationId` first and the file as `image` (the server reads fields in order). */
export async function uploadLocationImage({ locationId, file }: { locationId: string; file: File }): Promise<Location> {
  const body = new FormData();
  body.append('locationId', locationId);
  body.append('image', file, file.name);
  const { data } = await api.post<Location>('location/images', body);
  return data;
}

export function useUploadLocationImage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadLocationImage, onSuccess: () => refreshLocations(qc) });
}
