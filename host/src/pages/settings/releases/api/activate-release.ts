import { areaReleasesSchema, type AreaReleases, type ReleasesResponse, type RemoteArea } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseKeys } from './release-keys';

export interface ActivateReleaseInput {
  area: RemoteArea;
  version: string;
}

/** POST /api/releases/:area/activate — makes a version of one area live (a release or a rollback). */
export async function activateRelease({ area, version }: ActivateReleaseInput): Promise<AreaReleases> {
  const { data } = await api.post<unknown>(`releases/${encodeURIComponent(area)}/activate`, { version });
  return areaReleasesSchema.parse(data);
}

export function useActivateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: activateRelease,
    onSuccess: (updated) => {
      // The answer is the area's new state: show it at once, then re-read the whole list.
      qc.setQueryData<ReleasesResponse>(releaseKeys.list(), (old) =>
        old ? { areas: old.areas.map((a) => (a.area === updated.area ? updated : a)) } : old,
      );
      return qc.invalidateQueries({ queryKey: releaseKeys.all });
    },
  });
}
