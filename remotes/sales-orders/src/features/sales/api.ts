import type { Cashbox, ConfirmSaleCreditRequest, CreateSaleRequest, CreditOffer, PostSaleRequest, Sale, SaleListQuery, SaleLookupItem, SalePage, SaleReturnRequest, Warehouse } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The sales' API hooks. Keys start with `sale` (the server announces that entity, so a colleague's sale
 * or a return made at another shop refreshes the list and the card live).
 */
export const saleKeys = entityKeys('sale');
const offerKeys = entityKeys('credit_offer');
const stockKeys = entityKeys('stock_balance');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false)) as T;
const withKey = (key?: string) => (key ? { headers: { 'Idempotency-Key': key } } : {});

export function useSales(query: SaleListQuery) {
  return useQuery({
    queryKey: saleKeys.list(query),
    queryFn: async () => (await api.get<SalePage>('sales', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

/** Every page of the filtered list (for the Excel export), 200 rows a request. */
export async function fetchAllSales(query: SaleListQuery, limit = 10_000): Promise<SalePage['items']> {
  const out: SalePage['items'] = [];
  for (let page = 1; out.length < limit; page++) {
    const { data } = await api.get<SalePage>('sales', { params: clean({ ...query, page, pageSize: 200 }) });
    out.push(...data.items);
    if (data.items.length < 200) break;
  }
  return out;
}

export function useSale(id: string | undefined) {
  return useQuery({
    queryKey: saleKeys.detail(id ?? ''),
    queryFn: async () => (await api.get<Sale>(`sales/${id}`)).data,
    enabled: !!id,
  });
}

export async function lookupProducts(search: string, warehouseId: string): Promise<SaleLookupItem[]> {
  return (await api.get<SaleLookupItem[]>('sales/lookup', { params: clean({ search, warehouseId }) })).data;
}

export function useLookup(search: string, warehouseId: string | undefined) {
  return useQuery({
    queryKey: [...stockKeys.scope(), 'sale-lookup', warehouseId, search],
    queryFn: () => lookupProducts(search, warehouseId!),
    enabled: !!warehouseId,
    placeholderData: keepPreviousData,
  });
}

/** The warehouses of the current shop (the sale's goods leave one of them). */
export function useShopWarehouses() {
  return useQuery({
    queryKey: [...stockKeys.scope(), 'warehouses'],
    queryFn: async () => (await api.get<Warehouse[]>('sales/warehouses')).data,
    staleTime: 60_000,
  });
}

export function useCreditOffers(enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.company('list'),
    queryFn: async () => (await api.get<CreditOffer[]>('credits/offers')).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useReturnable(search: string) {
  return useQuery({
    queryKey: [...saleKeys.all, 'company', 'returnable', search],
    queryFn: async () => (await api.get<Sale[]>('sales/returnable', { params: { search } })).data,
    enabled: search.trim().length >= 3,
  });
}

export function useSaleMutations() {
  const qc = useQueryClient();
  const put = (sale: Sale) => {
    qc.setQueryData(saleKeys.detail(sale.id), sale);
    void qc.invalidateQueries({ queryKey: saleKeys.all });
    return sale;
  };
  return {
    create: useMutation({ mutationFn: async ({ body, key }: { body: CreateSaleRequest; key: string }) => put((await api.post<Sale>('sales', body, withKey(key))).data) }),
    post: useMutation({ mutationFn: async ({ id, body, key }: { id: string; body: PostSaleRequest; key: string }) => put((await api.post<Sale>(`sales/${id}/post`, body, withKey(key))).data) }),
    cancel: useMutation({ mutationFn: async ({ id, comment, key }: { id: string; comment?: string; key: string }) => put((await api.post<Sale>(`sales/${id}/cancel`, { comment }, withKey(key))).data) }),
    confirmCredit: useMutation({
      mutationFn: async ({ id, body, key }: { id: string; body: ConfirmSaleCreditRequest; key: string }) => put((await api.post<Sale>(`sales/${id}/credit/confirm`, body, withKey(key))).data),
    }),
    giveBack: useMutation({ mutationFn: async ({ id, body, key }: { id: string; body: SaleReturnRequest; key: string }) => put((await api.post<Sale>(`sales/${id}/returns`, body, withKey(key))).data) }),
  };
}

/** The company's bank accounts the employee may see (the partners' money arrives there). */
export function useBankAccounts(enabled: boolean) {
  return useQuery({
    queryKey: [...entityKeys('cashbox').all, 'company', 'bank'],
    queryFn: async () => (await api.get<Cashbox[]>('finance/cashboxes', { params: { locationId: 'all' } })).data.filter((b) => b.kind === 'bank'),
    enabled,
  });
}
