import { renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { bus } from '../bus';
import { queryClient, shouldRetry, useRealtimeInvalidation } from '../query';

function failure(status?: number) {
  const config = { headers: new AxiosHeaders() };
  const response = status ? { status, data: {}, statusText: '', headers: {}, config } : undefined;
  return new AxiosError('failed', 'ERR', config, {}, response);
}

beforeEach(() => queryClient.clear());

describe('query client', () => {
  it('has the agreed defaults: staleTime 30 s, no refetch on focus, the retry rule', () => {
    const queries = queryClient.getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(30_000);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.retry).toBe(shouldRetry);
  });

  it('retries a server or network failure once and a 4xx never', () => {
    expect(shouldRetry(0, failure(500))).toBe(true);
    expect(shouldRetry(1, failure(500))).toBe(false);
    expect(shouldRetry(0, failure())).toBe(true);
    expect(shouldRetry(0, failure(404))).toBe(false);
    expect(shouldRetry(0, failure(403))).toBe(false);
  });

  it.each([
    [500, 2],
    [404, 1],
  ])('a query failing with %i is called %i time(s)', async (status, calls) => {
    const queryFn = jest.fn().mockRejectedValue(failure(status));
    await expect(queryClient.fetchQuery({ queryKey: ['retry', status], queryFn, retryDelay: 0 })).rejects.toThrow();
    expect(queryFn).toHaveBeenCalledTimes(calls);
  });
});

describe('useRealtimeInvalidation', () => {
  const invalidated = (key: string) => queryClient.getQueryState([key])?.isInvalidated;

  beforeEach(() => {
    queryClient.setQueryData(['sale'], []);
    queryClient.setQueryData(['client'], []);
  });

  it('invalidates the queries whose key starts with the event entity, and only those', () => {
    renderHook(() => useRealtimeInvalidation());
    bus.emit('realtime:event', { type: 'created', locationId: 'loc-1', entity: 'sale', id: 's-1' });
    expect(invalidated('sale')).toBe(true);
    expect(invalidated('client')).toBe(false);
  });

  it('invalidates everything on a location switch (every list depends on the Shop header)', () => {
    renderHook(() => useRealtimeInvalidation());
    bus.emit('location:changed', { _id: 'loc-2', id: 'loc-2', name: 'Второй' });
    expect(invalidated('sale')).toBe(true);
    expect(invalidated('client')).toBe(true);
  });

  it('stops listening on unmount', () => {
    const { unmount } = renderHook(() => useRealtimeInvalidation());
    unmount();
    bus.emit('realtime:event', { type: 'updated', locationId: null, entity: 'sale', id: 's-1' });
    expect(invalidated('sale')).toBe(false);
  });
});
