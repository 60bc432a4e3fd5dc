import type { CreateTemplateRequest, OrderPage, ProductPage, PurchaseOrderPage, RenderedTemplate, RenderTemplateRequest, Template, UpdateTemplateRequest } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The `/patterns` screen's API hooks. Templates are company-wide: their keys have no shop (the server
 * announces `template` with no location), and the list is shared with the order screen's print menu.
 */
export const templateKeys = entityKeys('template');
const orderKeys = entityKeys('repair_order');
const productKeys = entityKeys('product');
const purchaseOrderKeys = entityKeys('purchase_order');

export function useTemplateList() {
  return useQuery({
    queryKey: templateKeys.company('list'),
    queryFn: async () => (await api.get<Template[]>('templates')).data,
  });
}

/** A render of a template: the server fills it for the subject and sanitises it (`print: true` records a print). */
export async function renderTemplate(id: string, body: RenderTemplateRequest): Promise<RenderedTemplate> {
  return (await api.post<RenderedTemplate>(`templates/${id}/render`, body)).data;
}

/** The live preview: re-asked whenever the (debounced) request changes; the last answer stays while the next loads. */
export function usePreview(id: string | null, request: RenderTemplateRequest | null) {
  return useQuery({
    queryKey: [...templateKeys.company('render', id ?? 'none'), request],
    queryFn: () => renderTemplate(id!, request!),
    enabled: !!id && !!request,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useTemplateMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: templateKeys.all });
  return {
    create: useMutation({
      mutationFn: async (body: CreateTemplateRequest) => (await api.post<Template>('templates', body)).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateTemplateRequest & { id: string }) => (await api.patch<Template>(`templates/${id}`, body)).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => (await api.delete<{ ok: true }>(`templates/${id}`)).data,
      onSuccess: refresh,
    }),
  };
}

/** Recent orders of the shop for the preview, searched by number, client, phone or IMEI on the server. */
export function useOrderOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.list({ templatePicker: true, search }),
    queryFn: async () => (await api.get<OrderPage>('orders', { params: { pageSize: 20, ...(search ? { search } : {}) } })).data.items,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Products for price labels, searched by name, SKU or barcode. */
export function useProductOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.list({ templatePicker: true, search }),
    queryFn: async () => (await api.get<ProductPage>('catalog/products', { params: { pageSize: 20, kind: 'good', ...(search ? { search } : {}) } })).data.items,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Recent purchase orders of the shop for the «Заказ поставщику» preview, searched by number or supplier. */
export function usePurchaseOrderOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: purchaseOrderKeys.list({ templatePicker: true, search }),
    queryFn: async () => (await api.get<PurchaseOrderPage>('procurement/orders', { params: { pageSize: 20, ...(search ? { search } : {}) } })).data.items,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
