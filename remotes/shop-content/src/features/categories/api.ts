import type { Category, CreateShopCategoryRequest, ShopCategory, UpdateShopCategoryRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReorder } from '../../shared/reorder';

/** Storefront categories (`/api/shop/categories`); keys start with `shop_category`, the entity the server announces. */
export const categoryKeys = entityKeys('shop_category');
export const categoryListKey = () => categoryKeys.company('list');

export function useShopCategories() {
  return useQuery({ queryKey: categoryListKey(), queryFn: async () => (await api.get<{ items: ShopCategory[] }>('shop/categories')).data });
}

/** The catalogue's (products') categories to link (`GET /api/catalog/categories`): quiet, the form says when they are not available. */
export function useCatalogCategoryOptions(enabled = true) {
  return useQuery({
    queryKey: entityKeys('category').company('shop-link'),
    queryFn: async () => (await api.get<Category[]>('catalog/categories', { silent: true })).data,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useShopCategoryMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: categoryKeys.all });
  return {
    create: useMutation({ mutationFn: async (body: CreateShopCategoryRequest) => (await api.post<ShopCategory>('shop/categories', body)).data, onSuccess: refresh }),
    update: useMutation({
      mutationFn: async ({ id, silent, ...body }: UpdateShopCategoryRequest & { id: string; silent?: boolean }) => (await api.patch<ShopCategory>(`shop/categories/${id}`, body, { silent })).data,
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`shop/categories/${id}`)).data, onSuccess: refresh }),
  };
}

export const useShopCategoryReorder = () => useReorder<ShopCategory>(categoryListKey(), 'shop/categories/reorder', categoryKeys.all);
