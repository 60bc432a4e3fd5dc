import type { Category, CreateShopCatalogItemRequest, ProductPage, ShopCatalogItem, ShopCatalogPage, UpdateShopCatalogItemRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReorder } from '../../shared/reorder';
import { toCatalogQuery, type CatalogFilters } from './filters';

/**
 * The site's catalogue (`/api/shop/catalog`, server/docs/shop.md). Keys start with `shop_catalog_item`,
 * the entity the server announces, so a change by anyone refetches every open list. Content is
 * company-wide: the keys carry no location.
 */
export const catalogKeys = entityKeys('shop_catalog_item');
const categoryKeys = entityKeys('shop_category');
const productKeys = entityKeys('product');
const catalogCategoryKeys = entityKeys('category');

export const catalogListKey = (f: CatalogFilters) => catalogKeys.company('list', toCatalogQuery(f));

export function useCatalogItems(f: CatalogFilters) {
  const params = toCatalogQuery(f);
  return useQuery({
    queryKey: catalogListKey(f),
    queryFn: async () => (await api.get<ShopCatalogPage>('shop/catalog', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCatalogItem(id: string | null, initial?: ShopCatalogItem) {
  return useQuery({
    queryKey: catalogKeys.company('detail', id ?? ''),
    queryFn: async () => (await api.get<ShopCatalogItem>(`shop/catalog/${id}`)).data,
    enabled: !!id,
    placeholderData: initial,
  });
}

/** The catalogue's (products') categories, for the filter: quiet, an employee without `view:category` just has no filter. */
export function useCatalogCategories() {
  return useQuery({
    queryKey: catalogCategoryKeys.company('shop-filter'),
    queryFn: async () => (await api.get<Category[]>('catalog/categories', { silent: true })).data,
    staleTime: 60_000,
    retry: false,
  });
}

/** Products to add to the site (`GET /api/catalog/products?search=`), goods in use only. */
export function useProductSearch(search: string, enabled: boolean) {
  const params = { search: search.trim() || undefined, kind: 'good', pageSize: 20 };
  return useQuery({
    queryKey: productKeys.company('shop-pick', params),
    queryFn: async () => (await api.get<ProductPage>('catalog/products', { params })).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCatalogMutations() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: catalogKeys.all });
    // A storefront category counts the published items it shows.
    void qc.invalidateQueries({ queryKey: categoryKeys.all });
  };
  return {
    create: useMutation({ mutationFn: async (body: CreateShopCatalogItemRequest) => (await api.post<ShopCatalogItem>('shop/catalog', body)).data, onSuccess: refresh }),
    update: useMutation({
      mutationFn: async ({ id, silent, ...body }: UpdateShopCatalogItemRequest & { id: string; silent?: boolean }) => (await api.patch<ShopCatalogItem>(`shop/catalog/${id}`, body, { silent })).data,
      onSuccess: (item) => {
        qc.setQueryData(catalogKeys.company('detail', item.id), item);
        refresh();
      },
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`shop/catalog/${id}`)).data, onSuccess: refresh }),
  };
}

/** Rows of the shown page dragged into a new order: `POST /api/shop/catalog/reorder` with the page's ids. */
export function useCatalogReorder(f: CatalogFilters) {
  return useReorder<ShopCatalogItem>(catalogListKey(f), 'shop/catalog/reorder', catalogKeys.all);
}
