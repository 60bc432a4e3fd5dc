import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { api, locationStore } from '@repo/shared-core';
import type { ReactNode } from 'react';
import { useLocationList } from '../use-location-list';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  return { ...actual, api: { get: jest.fn() } };
});

const get = api.get as jest.Mock;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the location list of the shell', () => {
  beforeEach(() => {
    get.mockReset();
    locationStore.getState().setList([]);
  });

  it('puts the locations the employee may work in into the location store', async () => {
    const list = [{ _id: 'l1', id: 'l1', name: 'Сервис+ на Арбате' }];
    get.mockResolvedValue({ data: list });
    renderHook(() => useLocationList(true), { wrapper });
    await waitFor(() => expect(locationStore.getState().list).toEqual(list));
    expect(get).toHaveBeenCalledWith('location');
  });

  it('asks nothing while signed out', () => {
    renderHook(() => useLocationList(false), { wrapper });
    expect(get).not.toHaveBeenCalled();
  });
});
