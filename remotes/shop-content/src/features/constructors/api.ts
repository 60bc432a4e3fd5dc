import type { Location, PutShopSettingsRequest, ShopCategory, ShopSettings, ShopSlide } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The constructors hub's API hooks (server/docs/shop.md). Keys start with the entity the server announces
 * (`shop_settings`, `shop_slide`, `shop_category`), so a colleague's change refetches the hub. The shop's
 * content and settings are company-wide: the keys carry no location.
 */
export const settingsKeys = entityKeys('shop_settings');
const slideKeys = entityKeys('shop_slide');
const categoryKeys = entityKeys('shop_category');

export const useShopSettings = () =>
  useQuery({ queryKey: settingsKeys.company('settings'), queryFn: async () => (await api.get<ShopSettings>('shop/settings')).data });

export function useSaveShopSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PutShopSettingsRequest) => (await api.put<ShopSettings>('shop/settings', body)).data,
    onSuccess: (saved) => {
      qc.setQueryData(settingsKeys.company('settings'), saved);
      return qc.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

export interface HubCounts {
  total: number;
  /** Slides shown on the site now; categories published. */
  live: number;
}

/** «Главный слайдер»: slides shown now (published and within their dates) of all. */
export const useSlideCounts = () =>
  useQuery({
    queryKey: slideKeys.company('hub-counts'),
    queryFn: async (): Promise<HubCounts> => {
      const { items } = (await api.get<{ items: ShopSlide[] }>('shop/slides', { silent: true })).data;
      return { total: items.length, live: items.filter((s) => s.active).length };
    },
  });

/** «Категории интернет-магазина»: published of all. */
export const useCategoryCounts = () =>
  useQuery({
    queryKey: categoryKeys.company('hub-counts'),
    queryFn: async (): Promise<HubCounts> => {
      const { items } = (await api.get<{ items: ShopCategory[] }>('shop/categories', { silent: true })).data;
      return { total: items.length, live: items.filter((c) => c.published).length };
    },
  });

/**
 * The company's locations the employee can see (`GET /api/location`), under the shell's own key
 * (`location`, `list`: the switcher's list), for «Магазины, принимающие заявки».
 */
export const useLocations = () => useQuery({ queryKey: ['location', 'list'], queryFn: async () => (await api.get<Location[]>('location')).data, staleTime: 60_000 });
