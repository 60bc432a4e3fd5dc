import type { PutShopModelPricesRequest, ShopBrand, ShopDeviceType, ShopModel, ShopModelPrice } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReorder } from '../../shared/reorder';

/**
 * Devices (`/api/shop/device-types`, `/brands`, `/models`, `/models/:id/prices`). Keys start with the
 * entities the server announces (`shop_device_type`, `shop_brand`, `shop_model`); content is company-wide.
 */
export const typeKeys = entityKeys('shop_device_type');
export const brandKeys = entityKeys('shop_brand');
export const modelKeys = entityKeys('shop_model');

export type DeviceKind = 'type' | 'brand' | 'model';
export type DeviceRecord = ShopDeviceType | ShopBrand | ShopModel;

export const typeListKey = () => typeKeys.company('list');
export const brandListKey = (typeId?: string) => brandKeys.company('list', typeId ? { typeId } : {});
export const modelListKey = (typeId: string, brandId: string) => modelKeys.company('list', { typeId, brandId });
export const pricesKey = (modelId: string) => modelKeys.company('prices', modelId);

const paths: Record<DeviceKind, string> = { type: 'shop/device-types', brand: 'shop/brands', model: 'shop/models' };

export function useDeviceTypes() {
  return useQuery({ queryKey: typeListKey(), queryFn: async () => (await api.get<{ items: ShopDeviceType[] }>(paths.type)).data });
}

/** Every brand (one list for all types), or with `typeId` those with models of that type (for the counts). */
export function useBrands(typeId?: string, enabled = true) {
  return useQuery({
    queryKey: brandListKey(typeId),
    queryFn: async () => (await api.get<{ items: ShopBrand[] }>(paths.brand, { params: typeId ? { typeId } : {} })).data,
    enabled,
  });
}

export function useModels(typeId: string | undefined, brandId: string | undefined) {
  return useQuery({
    queryKey: modelListKey(typeId ?? '', brandId ?? ''),
    queryFn: async () => (await api.get<{ items: ShopModel[] }>(paths.model, { params: { typeId, brandId } })).data,
    enabled: !!typeId && !!brandId,
  });
}

export function useModelPrices(modelId: string | null) {
  return useQuery({
    queryKey: pricesKey(modelId ?? ''),
    queryFn: async () => (await api.get<ShopModelPrice[]>(`shop/models/${modelId}/prices`)).data,
    enabled: !!modelId,
  });
}

export function useDeviceMutations() {
  const qc = useQueryClient();
  // A model's change moves the counts of its type and brand: the three lists refetch together.
  const refresh = () => Promise.all([typeKeys.all, brandKeys.all, modelKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
  return {
    create: useMutation({
      mutationFn: async ({ kind, body }: { kind: DeviceKind; body: Record<string, unknown> }) => (await api.post<DeviceRecord>(paths[kind], body)).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ kind, id, body, silent }: { kind: DeviceKind; id: string; body: Record<string, unknown>; silent?: boolean }) => (await api.patch<DeviceRecord>(`${paths[kind]}/${id}`, body, { silent })).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async ({ kind, id }: { kind: DeviceKind; id: string }) => (await api.delete(`${paths[kind]}/${id}`)).data,
      onSuccess: refresh,
    }),
    putPrices: useMutation({
      mutationFn: async ({ modelId, rows }: { modelId: string; rows: PutShopModelPricesRequest }) => (await api.put<ShopModelPrice[]>(`shop/models/${modelId}/prices`, rows)).data,
      onSuccess: (rows, { modelId }) => {
        qc.setQueryData(pricesKey(modelId), rows);
        void qc.invalidateQueries({ queryKey: modelKeys.all });
      },
    }),
  };
}

export const useTypeReorder = () => useReorder<ShopDeviceType>(typeListKey(), 'shop/device-types/reorder', typeKeys.all);
export const useBrandReorder = () => useReorder<ShopBrand>(brandListKey(), 'shop/brands/reorder', brandKeys.all);
export const useModelReorder = (typeId: string, brandId: string) => useReorder<ShopModel>(modelListKey(typeId, brandId), 'shop/models/reorder', modelKeys.all);
