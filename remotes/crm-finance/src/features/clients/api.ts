import type { Client, ClientDuplicate, ClientFacets, ClientHistoryPage, ClientListQuery, ClientPage, CreateClientRequest, UpdateClientRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The client base's API hooks; keys start with `client`, the entity the server announces. */
export const clientKeys = entityKeys('client');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as T;

export function useClients(query: ClientListQuery & { owes?: 'true' }) {
  return useQuery({
    queryKey: clientKeys.company('list', query),
    queryFn: async () => (await api.get<ClientPage>('clients', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: string | null) {
  return useQuery({
    queryKey: clientKeys.company('detail', id),
    queryFn: async () => (await api.get<Client>(`clients/${id}`)).data,
    enabled: !!id && id !== 'new',
  });
}

export function useClientHistory(id: string | null, page: number) {
  return useQuery({
    queryKey: clientKeys.company('history', id, page),
    queryFn: async () => (await api.get<ClientHistoryPage>(`clients/${id}/history`, { params: { page, pageSize: 20 } })).data,
    enabled: !!id && id !== 'new',
    placeholderData: keepPreviousData,
  });
}

export function useClientFacets() {
  return useQuery({
    queryKey: clientKeys.company('facets'),
    queryFn: async () => (await api.get<ClientFacets>('clients/facets')).data,
    staleTime: 60_000,
  });
}

export async function findDuplicates(phone: string): Promise<ClientDuplicate[]> {
  return (await api.get<ClientDuplicate[]>('clients/duplicates', { params: { phone } })).data;
}

export function useClientMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: clientKeys.all });
  return {
    create: useMutation({ mutationFn: async (body: CreateClientRequest) => (await api.post<Client>('clients', body)).data, onSuccess: refresh }),
    update: useMutation({ mutationFn: async ({ id, ...body }: UpdateClientRequest & { id: string }) => (await api.patch<Client>(`clients/${id}`, body)).data, onSuccess: refresh }),
    archive: useMutation({ mutationFn: async (id: string) => (await api.delete(`clients/${id}`)).data, onSuccess: refresh }),
    merge: useMutation({ mutationFn: async ({ id, intoId }: { id: string; intoId: string }) => (await api.post<Client>(`clients/${id}/merge`, { intoId })).data, onSuccess: refresh }),
  };
}
