import {
  stockDocumentPaths,
  type BalanceListQuery,
  type BalancePage,
  type ClientPage,
  type CreateStockDocumentRequest,
  type MovementPage,
  type Product,
  type ProductPage,
  type ProductStockSummary,
  type ProductSummaryList,
  type ReceiveTransferRequest,
  type SerialPage,
  type StockDocument,
  type StockDocumentListQuery,
  type StockDocumentPage,
  type StockDocumentType,
  type UpdateStockDocumentRequest,
  type Warehouse,
} from '@repo/contracts';
import { api, entityKeys, locationStore } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The stock area's API hooks. Keys start with the entity the server announces (contracts/stock.ts):
 * documents under `stock_document`, balances/movements/summaries/serials under `stock_balance`, so a
 * colleague's posting refreshes an open screen without a reload.
 */
export const documentKeys = entityKeys('stock_document');
export const balanceKeys = entityKeys('stock_balance');
const productKeys = entityKeys('product');
const clientKeys = entityKeys('client');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as T;

/** `mine`: the warehouses of the current shop (documents are made there); `company`: every shop's (a transfer's destination). */
export function useWarehouses(scope: 'mine' | 'company' = 'mine') {
  return useQuery({
    queryKey: scope === 'mine' ? balanceKeys.list({ warehouses: 'mine' }) : balanceKeys.company('warehouses', scope),
    queryFn: async () => {
      const current = locationStore.getState().current?._id;
      const params = scope === 'company' ? { scope } : current ? { locationId: current } : {};
      return (await api.get<Warehouse[]>('stock/warehouses', { params })).data;
    },
    staleTime: 60_000,
  });
}

export function useBalances(query: BalanceListQuery) {
  return useQuery({
    queryKey: balanceKeys.list(query),
    queryFn: async () => (await api.get<BalancePage>('stock/balances', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(type: StockDocumentType, query: StockDocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.list({ type, ...query }),
    queryFn: async () => (await api.get<StockDocumentPage>(`stock/${stockDocumentPaths[type]}`, { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useDocument(type: StockDocumentType, id: string | null) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? 'new'),
    queryFn: async () => (await api.get<StockDocument>(`stock/${stockDocumentPaths[type]}/${id}`)).data,
    enabled: !!id,
  });
}

type Action = 'post' | 'send' | 'receive' | 'cancel' | 'copy';

/** Create, save, delete and the life-cycle actions of one document type; each refreshes documents and balances. */
export function useDocumentMutations(type: StockDocumentType) {
  const qc = useQueryClient();
  const base = `stock/${stockDocumentPaths[type]}`;
  const done = (doc?: StockDocument) => {
    if (doc) qc.setQueryData(documentKeys.detail(doc.id), doc);
    void qc.invalidateQueries({ queryKey: documentKeys.all });
    void qc.invalidateQueries({ queryKey: balanceKeys.all });
  };
  return {
    create: useMutation({ mutationFn: async (body: CreateStockDocumentRequest) => (await api.post<StockDocument>(base, body)).data, onSuccess: done }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateStockDocumentRequest & { id: string }) => (await api.patch<StockDocument>(`${base}/${id}`, body)).data,
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: async (id: string) => (await api.delete(`${base}/${id}`)).data, onSuccess: () => done() }),
    act: useMutation({
      mutationFn: async ({ id, action, body }: { id: string; action: Action; body?: ReceiveTransferRequest }) => (await api.post<StockDocument>(`${base}/${id}/${action}`, body ?? {})).data,
      onSuccess: done,
    }),
  };
}

export function useProductSearch(search: string, enabled = true) {
  return useQuery({
    queryKey: productKeys.company('stock-picker', search),
    queryFn: async () => (await api.get<ProductPage>('catalog/products', { params: clean({ search: search || undefined, kind: 'good', pageSize: 20 }) })).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The good a scanned code means: its barcode or SKU, or the only good the search finds (null: none). */
export async function findProductByCode(code: string): Promise<Product | null> {
  const { data } = await api.get<ProductPage>('catalog/products', { params: { search: code, kind: 'good', pageSize: 5 } });
  return data.items.find((x) => x.barcodes.includes(code) || x.sku === code) ?? (data.items.length === 1 ? data.items[0]! : null);
}

export function useSuppliers(search: string) {
  return useQuery({
    queryKey: clientKeys.company('suppliers', search),
    queryFn: async () => (await api.get<ClientPage>('clients', { params: clean({ isSupplier: 'true', search: search || undefined, pageSize: 20 }) })).data,
    placeholderData: keepPreviousData,
  });
}

export async function createSupplier(name: string) {
  return (await api.post<{ id: string; name: string }>('clients', { name, kind: 'company', isSupplier: true })).data;
}

export function useProductSummary(productId: string | null) {
  return useQuery({
    queryKey: balanceKeys.company('summary', productId),
    queryFn: async () => (await api.get<ProductStockSummary>(`stock/products/${productId}/summary`)).data,
    enabled: !!productId,
  });
}

/** Company stock and average cost of the products on a catalogue page (one request for the page). */
export function useProductSummaries(productIds: string[]) {
  const ids = [...productIds].sort();
  return useQuery({
    queryKey: balanceKeys.company('summaries', ids.join(',')),
    queryFn: async () => (await api.get<ProductSummaryList>('stock/products/summaries', { params: { ids: ids.join(',') } })).data,
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useMovements(query: { productId?: string; documentId?: string; page: number; pageSize: number }, enabled = true) {
  return useQuery({
    queryKey: balanceKeys.company('movements', query),
    queryFn: async () => (await api.get<MovementPage>('stock/movements', { params: clean(query) })).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSerials(query: { productId?: string; search?: string; page: number; pageSize: number }, enabled = true) {
  return useQuery({
    queryKey: balanceKeys.company('serials', query),
    queryFn: async () => (await api.get<SerialPage>('stock/serials', { params: clean(query) })).data,
    enabled,
  });
}

export function useProduct(productId: string | null) {
  return useQuery({
    queryKey: productKeys.company('detail', productId),
    queryFn: async () => (await api.get<Product>(`catalog/products/${productId}`)).data,
    enabled: !!productId,
  });
}
