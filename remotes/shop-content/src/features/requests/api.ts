import type { ConvertShopRequestRequest, ShopRequest, ShopRequestPage, UpdateShopRequestRequest } from '@repo/contracts';
import { idSchema } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toApiQuery, type RequestFilters } from './filters';

/**
 * The requests' API hooks (server/docs/shop.md). Keys start with `shop_request`, the entity the server
 * announces, so the host's realtime invalidation refetches the open list and request when one arrives
 * or changes (and the menu badge, declared in area.ts, counts again).
 */
export const requestKeys = entityKeys('shop_request');

export const pageSize = 50;

export const requestsQueryOptions = (filters: RequestFilters) => {
  const params = { ...toApiQuery(filters), pageSize };
  return queryOptions({
    queryKey: requestKeys.list(params),
    queryFn: async () => (await api.get<ShopRequestPage>('shop/requests', { params })).data,
    placeholderData: keepPreviousData,
  });
};

export const useRequests = (filters: RequestFilters) => useQuery(requestsQueryOptions(filters));

export const requestQueryOptions = (id: string) =>
  queryOptions({ queryKey: requestKeys.detail(id), queryFn: async () => (await api.get<ShopRequest>(`shop/requests/${id}`)).data });

/** A request's id as the server knows them (a uuid): anything else in the address is no request, asked of nobody. */
export const isRequestId = (id: string | null): id is string => !!id && idSchema.safeParse(id).success;

export const useRequest = (id: string | null) => useQuery({ ...requestQueryOptions(id ?? ''), enabled: isRequestId(id) });

export function useRequestMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: requestKeys.all });
  return {
    /** A status change (`rejected` needs `rejectReason`: 400 on that field), the comment, the location. */
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateShopRequestRequest & { id: string }) => (await api.patch<ShopRequest>(`shop/requests/${id}`, body)).data,
      onSuccess: (r) => {
        qc.setQueryData(requestKeys.detail(r.id), r);
        return refresh();
      },
    }),
    toOrder: useMutation({
      mutationFn: async ({ id, ...body }: ConvertShopRequestRequest & { id: string }) => (await api.post<{ orderId: string }>(`shop/requests/${id}/to-order`, body)).data,
      onSuccess: refresh,
    }),
    toSale: useMutation({
      mutationFn: async ({ id, ...body }: ConvertShopRequestRequest & { id: string }) => (await api.post<{ saleId: string }>(`shop/requests/${id}/to-sale`, body)).data,
      onSuccess: refresh,
    }),
  };
}
