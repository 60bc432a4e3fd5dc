import type {
  CreatePurchaseOrderRequest,
  OrderSuggestionsRequest,
  OrderSuggestionsResponse,
  PurchaseOrder,
  PurchaseOrderListQuery,
  PurchaseOrderPage,
  ReceivePurchaseOrderRequest,
  ReceivePurchaseOrderResponse,
  RenderedTemplate,
  Suggestion,
  SupplierPrice,
  Template,
  UpdatePurchaseOrderRequest,
} from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { printHtml } from '@repo/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceKeys, documentKeys } from '../stock/api';

/**
 * Purchasing's API hooks (contracts/procurement.ts). Every key starts with `purchase_order`, the entity
 * the server announces on each change, so a colleague's order, receipt or new draft refreshes an open
 * list, order or suggestions screen without a reload. Receiving also posts a stock receipt: the stock
 * keys are refreshed with it.
 */
export const orderKeys = entityKeys('purchase_order');
const templateKeys = entityKeys('template');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as T;

export function useOrders(query: PurchaseOrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: async () => (await api.get<PurchaseOrderPage>('procurement/orders', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 'new'),
    queryFn: async () => (await api.get<PurchaseOrder>(`procurement/orders/${id}`)).data,
    enabled: !!id,
  });
}

/** Create, save, delete, order, cancel/close and receive; each puts the answer in the cache and refreshes the lists. */
export function useOrderMutations() {
  const qc = useQueryClient();
  const done = (order?: PurchaseOrder) => {
    if (order) qc.setQueryData(orderKeys.detail(order.id), order);
    void qc.invalidateQueries({ queryKey: orderKeys.all });
  };
  const base = 'procurement/orders';
  return {
    create: useMutation({ mutationFn: async (body: CreatePurchaseOrderRequest) => (await api.post<PurchaseOrder>(base, body)).data, onSuccess: done }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdatePurchaseOrderRequest & { id: string }) => (await api.patch<PurchaseOrder>(`${base}/${id}`, body)).data,
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`${base}/${id}`)).data, onSuccess: () => done() }),
    act: useMutation({
      mutationFn: async ({ id, action }: { id: string; action: 'order' | 'cancel' }) => (await api.post<PurchaseOrder>(`${base}/${id}/${action}`, {})).data,
      onSuccess: done,
    }),
    receive: useMutation({
      mutationFn: async ({ id, ...body }: ReceivePurchaseOrderRequest & { id: string }) => (await api.post<ReceivePurchaseOrderResponse>(`${base}/${id}/receive`, body)).data,
      onSuccess: (result) => {
        done(result.order);
        void qc.invalidateQueries({ queryKey: documentKeys.all });
        void qc.invalidateQueries({ queryKey: balanceKeys.all });
      },
    }),
  };
}

export function useSuggestions(warehouseId: string | null) {
  return useQuery({
    queryKey: orderKeys.list({ suggestions: warehouseId }),
    queryFn: async () => (await api.get<Suggestion[]>('procurement/suggestions', { params: { warehouseId } })).data,
    enabled: !!warehouseId,
  });
}

export function useOrderSuggestions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderSuggestionsRequest) => (await api.post<OrderSuggestionsResponse>('procurement/suggestions/order', body)).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * The last purchase prices of a product (from each supplier), or of a supplier's products. They change when
 * a receipt is posted or cancelled (here or on the receipts screen): keyed under `stock_document`.
 */
export function useSupplierPrices(query: { productId?: string; supplierId?: string }, enabled = true) {
  return useQuery({
    queryKey: documentKeys.company('supplier-prices', query),
    queryFn: async () => (await api.get<SupplierPrice[]>('procurement/prices', { params: clean(query) })).data,
    enabled: enabled && !!(query.productId || query.supplierId),
  });
}

/** The supplier's last price of the product, kopecks (null: never bought from them, or no `see_cost`). */
export async function lastSupplierPrice(productId: string, supplierId: string): Promise<number | null> {
  const { data } = await api.get<SupplierPrice[]>('procurement/prices', { params: { productId, supplierId } });
  return data.find((p) => p.productId === productId && p.supplierId === supplierId)?.price ?? null;
}

/** The «Заказ поставщику» templates (the templates module; the server lists them to those who may print). */
export function usePurchaseOrderTemplates(enabled = true) {
  return useQuery({
    queryKey: templateKeys.company('list', 'purchase_order'),
    queryFn: async () => (await api.get<Template[]>('templates', { params: { kind: 'purchase_order' } })).data.filter((t) => t.kind === 'purchase_order'),
    enabled,
    staleTime: 60_000,
  });
}

/** Renders the template for the order on the server (sanitised there; the print is recorded) and prints it. */
export async function printPurchaseOrder(template: Pick<Template, 'id' | 'name'>, order: Pick<PurchaseOrder, 'id' | 'number'>): Promise<void> {
  const rendered = (await api.post<RenderedTemplate>(`templates/${template.id}/render`, { purchaseOrderId: order.id, print: true })).data;
  await printHtml(rendered.html, { title: `${template.name} ${order.number}`, css: rendered.css, copyStyles: false });
}
