import type { Session } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys } from './profile-keys';

export async function getSessions(): Promise<Session[]> {
  const { data } = await api.get<{ items: Session[] }>('auth/sessions');
  return data.items;
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: profileKeys.sessions(), queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
