import type { Category, CreateCategoryRequest, CreateProductRequest, Product, ProductListQuery, ProductPage, UpdateCategoryRequest, UpdateProductRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The catalogue is company-wide: keys carry no shop (`company(...)`); realtime events of `category` / `product` refresh them. */
export const categoryKeys = entityKeys('category');
export const productKeys = entityKeys('product');

export function useCategories() {
  return useQuery({ queryKey: categoryKeys.company('tree'), queryFn: async () => (await api.get<Category[]>('catalog/categories')).data });
}

export function useCategoryMutations() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: categoryKeys.all });
    void qc.invalidateQueries({ queryKey: productKeys.all });
  };
  return {
    create: useMutation({ mutationFn: async (body: CreateCategoryRequest) => (await api.post<Category>('catalog/categories', body)).data, onSuccess: done }),
    update: useMutation({ mutationFn: async ({ id, ...body }: UpdateCategoryRequest & { id: string }) => (await api.patch<Category>(`catalog/categories/${id}`, body)).data, onSuccess: done }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`catalog/categories/${id}`)).data, onSuccess: done }),
  };
}

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as T;

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.company('list', query),
    queryFn: async () => (await api.get<ProductPage>('catalog/products', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useProductDetail(id: string | null) {
  return useQuery({ queryKey: productKeys.company('detail', id), queryFn: async () => (await api.get<Product>(`catalog/products/${id}`)).data, enabled: !!id });
}

export function useProductMutations() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: productKeys.all });
    void qc.invalidateQueries({ queryKey: categoryKeys.all });
  };
  return {
    create: useMutation({ mutationFn: async (body: CreateProductRequest) => (await api.post<Product>('catalog/products', body)).data, onSuccess: done }),
    update: useMutation({ mutationFn: async ({ id, ...body }: UpdateProductRequest & { id: string }) => (await api.patch<Product>(`catalog/products/${id}`, body)).data, onSuccess: done }),
    archive: useMutation({ mutationFn: async (id: string) => (await api.delete(`catalog/products/${id}`)).data, onSuccess: done }),
    restore: useMutation({ mutationFn: async (id: string) => (await api.post<Product>(`catalog/products/${id}/restore`)).data, onSuccess: done }),
    addImage: useMutation({
      mutationFn: async ({ id, file }: { id: string; file: File }) => {
        const body = new FormData();
        body.append('image', file, file.name);
        return (await api.post<Product>(`catalog/products/${id}/images`, body)).data;
      },
      onSuccess: done,
    }),
    removeImage: useMutation({ mutationFn: async ({ id, imageId }: { id: string; imageId: string }) => (await api.delete<Product>(`catalog/products/${id}/images/${imageId}`)).data, onSuccess: done }),
  };
}
