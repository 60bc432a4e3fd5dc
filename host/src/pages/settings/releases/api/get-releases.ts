import { releasesResponseSchema, type ReleasesResponse } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { releaseKeys } from './release-keys';

/** GET /api/releases, parsed with the contracts' schema (a malformed answer is an error, not a blank tab). */
export async function getReleases(): Promise<ReleasesResponse> {
  const { data } = await api.get<unknown>('releases');
  return releasesResponseSchema.parse(data);
}

export const releasesQueryOptions = () => queryOptions({ queryKey: releaseKeys.list(), queryFn: getReleases });

export function useReleases() {
  return useQuery({ ...releasesQueryOptions(), refetchOnMount: 'always' });
}
