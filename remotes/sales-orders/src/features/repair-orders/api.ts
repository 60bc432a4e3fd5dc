import type {
  AddOrderPartRequest,
  AddOrderWorkRequest,
  Cashbox,
  ChangeOrderStatusRequest,
  Client,
  ClientPage,
  CreateOrderRequest,
  DeviceDictionary,
  IssueOrderRequest,
  Order,
  OrderBoard,
  OrderCommentRequest,
  OrderListQuery,
  OrderPage,
  OrderPaymentRequest,
  OrderStaff,
  OrderStatus,
  PartLookupItem,
  PlannerEvent,
  UpdateOrderRequest,
  Template,
  RenderedTemplate,
} from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The repair orders' API hooks. Keys start with `repair_order` (and `order_status` for settings): the
 * server announces those entities, so a colleague's change refreshes this screen live.
 */
export const orderKeys = entityKeys('repair_order');
export const statusKeys = entityKeys('order_status');
const cashboxKeys = entityKeys('cashbox');
const templateKeys = entityKeys('template');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false)) as T;

/** A fresh `Idempotency-Key` for one submit: a double click sends the same key twice and money moves once. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
const withKey = (key?: string) => (key ? { headers: { 'Idempotency-Key': key } } : {});

export function useOrders(query: OrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: async () => (await api.get<OrderPage>('orders', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrderBoard(query: { engineerId?: string; search?: string }) {
  return useQuery({
    queryKey: orderKeys.list({ board: true, ...query }),
    queryFn: async () => (await api.get<OrderBoard>('orders/board', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: async () => (await api.get<Order>(`orders/${id}`)).data,
    enabled: !!id,
  });
}

export function useOrderTimeline(id: string | undefined) {
  return useQuery({
    queryKey: [...orderKeys.detail(id ?? ''), 'timeline'],
    queryFn: async () => (await api.get<{ items: import('@repo/contracts').OrderTimelineItem[] }>(`orders/${id}/timeline`)).data.items,
    enabled: !!id,
  });
}

export function useOrderStatuses() {
  return useQuery({
    queryKey: statusKeys.company('list'),
    queryFn: async () => (await api.get<OrderStatus[]>('orders/statuses')).data,
    staleTime: 60_000,
  });
}

/**
 * The planner's appointment an intake comes from (`/orders?new=1&appointment=<id>`), to prefill it. Quiet:
 * without planner rights (or when it is gone) the intake just opens empty.
 */
export function useAppointment(id: string | null | undefined) {
  return useQuery({
    queryKey: ['planner', 'appointment', id ?? ''],
    queryFn: async () => (await api.get<PlannerEvent>(`planner/events/${encodeURIComponent(id!)}`, { silent: true })).data,
    enabled: !!id,
    retry: false,
    staleTime: Infinity,
  });
}

export function useStaff() {
  return useQuery({
    queryKey: [...orderKeys.scope(), 'staff'],
    queryFn: async () => (await api.get<OrderStaff>('orders/staff')).data,
    staleTime: 60_000,
  });
}

export function useDeviceDictionary(q: { type?: string; brand?: string; search?: string }) {
  return useQuery({
    queryKey: [...orderKeys.all, 'devices', q],
    queryFn: async () => (await api.get<DeviceDictionary>('orders/devices', { params: clean(q) })).data,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function usePartLookup(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.scope(), 'parts', search],
    queryFn: async () => (await api.get<PartLookupItem[]>('orders/parts', { params: clean({ search }) })).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Clients found by any part of a phone or a name (the intake's client picker). */
export function useClientSearch(search: string) {
  return useQuery({
    queryKey: ['client', 'company', 'pick', search],
    queryFn: async () => (await api.get<ClientPage>('clients', { params: { search, pageSize: 10 } })).data.items as Client[],
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The cashboxes of the current shop (for payments); needs the finance view right. */
export function useCashboxes(enabled: boolean) {
  return useQuery({
    queryKey: cashboxKeys.list({ orders: true }),
    queryFn: async () => (await api.get<Cashbox[]>('finance/cashboxes')).data,
    enabled,
  });
}

export function useTemplates(enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.company('list'),
    queryFn: async () => (await api.get<Template[]>('templates')).data,
    enabled,
    staleTime: 60_000,
  });
}

export async function renderTemplate(id: string, body: { orderId: string; print?: boolean }): Promise<RenderedTemplate> {
  return (await api.post<RenderedTemplate>(`templates/${id}/render`, body)).data;
}

export function useOrderMutations(id?: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: orderKeys.all });
  const put = (order: Order) => {
    qc.setQueryData(orderKeys.detail(order.id), order);
    void refresh();
    return order;
  };
  return {
    create: useMutation({ mutationFn: async ({ body, key }: { body: CreateOrderRequest; key: string }) => put((await api.post<Order>('orders', body, withKey(key))).data) }),
    update: useMutation({ mutationFn: async (body: UpdateOrderRequest) => put((await api.patch<Order>(`orders/${id}`, body)).data) }),
    status: useMutation({ mutationFn: async ({ orderId, ...body }: ChangeOrderStatusRequest & { orderId?: string }) => put((await api.post<Order>(`orders/${orderId ?? id}/status`, body)).data) }),
    addWork: useMutation({ mutationFn: async (body: AddOrderWorkRequest) => put((await api.post<Order>(`orders/${id}/works`, body)).data) }),
    removeWork: useMutation({ mutationFn: async (lineId: string) => put((await api.delete<Order>(`orders/${id}/works/${lineId}`)).data) }),
    addPart: useMutation({ mutationFn: async (body: AddOrderPartRequest) => put((await api.post<Order>(`orders/${id}/parts`, body)).data) }),
    removePart: useMutation({ mutationFn: async (lineId: string) => put((await api.delete<Order>(`orders/${id}/parts/${lineId}`)).data) }),
    pay: useMutation({ mutationFn: async ({ body, key }: { body: OrderPaymentRequest; key: string }) => put((await api.post<Order>(`orders/${id}/payments`, body, withKey(key))).data) }),
    issue: useMutation({ mutationFn: async ({ body, key }: { body: IssueOrderRequest; key: string }) => put((await api.post<Order>(`orders/${id}/issue`, body, withKey(key))).data) }),
    reopen: useMutation({ mutationFn: async () => put((await api.post<Order>(`orders/${id}/reopen`, {})).data) }),
    warranty: useMutation({ mutationFn: async (malfunction?: string) => put((await api.post<Order>(`orders/${id}/warranty`, malfunction ? { malfunction } : {})).data) }),
    comment: useMutation({ mutationFn: async (body: OrderCommentRequest) => put((await api.post<Order>(`orders/${id}/comments`, body)).data) }),
  };
}
