import { useEffect } from 'react';
import { QueryClient } from '@tanstack/react-query';
import axios from 'axios';
import type { RealtimeEvent } from '@repo/contracts';
import { bus } from './bus';

/** One retry for network and server errors; a 4xx will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** The one query cache of the shell (a federated singleton like the stores). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    // Mutations are never retried: repeating a sale or a stock posting is worse than failing.
    mutations: { retry: false },
  },
});

/** Query keys start with the entity name (`['sale', ...]`), so an event invalidates its entity. */
export function invalidateForEvent(event: RealtimeEvent, client: QueryClient = queryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [event.entity] });
}

/**
 * Mounted once by the host. Realtime events invalidate `[event.entity]`; a location switch
 * invalidates everything, because every list depends on the `Shop` header, not on its key.
 */
export function useRealtimeInvalidation(client: QueryClient = queryClient): void {
  useEffect(() => {
    const onEvent = (event: RealtimeEvent) => void invalidateForEvent(event, client);
    const onLocation = () => void client.invalidateQueries();
    bus.on('realtime:event', onEvent);
    bus.on('location:changed', onLocation);
    return () => {
      bus.off('realtime:event', onEvent);
      bus.off('location:changed', onLocation);
    };
  }, [client]);
}
