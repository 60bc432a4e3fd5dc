import type { CreateShopSlideRequest, ShopSlide, UpdateShopSlideRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReorder } from '../../shared/reorder';

/** The main page's slides (`/api/shop/slides`); keys start with `shop_slide`, the entity the server announces. */
export const slideKeys = entityKeys('shop_slide');
export const slideListKey = () => slideKeys.company('list');

export function useSlides() {
  return useQuery({ queryKey: slideListKey(), queryFn: async () => (await api.get<{ items: ShopSlide[] }>('shop/slides')).data });
}

export function useSlideMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: slideKeys.all });
  return {
    create: useMutation({ mutationFn: async (body: CreateShopSlideRequest) => (await api.post<ShopSlide>('shop/slides', body)).data, onSuccess: refresh }),
    update: useMutation({
      mutationFn: async ({ id, silent, ...body }: UpdateShopSlideRequest & { id: string; silent?: boolean }) => (await api.patch<ShopSlide>(`shop/slides/${id}`, body, { silent })).data,
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`shop/slides/${id}`)).data, onSuccess: refresh }),
  };
}

export const useSlideReorder = () => useReorder<ShopSlide>(slideListKey(), 'shop/slides/reorder', slideKeys.all);
