import type {
  CashLedgerPage,
  CashLedgerQuery,
  CashOperation,
  CashOperationDraft,
  CashShift,
  CashShiftPage,
  Cashbox,
  ClientPage,
  CloseCashShiftRequest,
  CreateCashOperationRequest,
  CreateFinanceCategoryRequest,
  FinanceCategory,
  OpenCashShiftRequest,
  UpdateFinanceCategoryRequest,
} from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The finance screen's API hooks. Keys start with the entity the server announces (contracts
 * finance.ts), so a colleague's payment refreshes balances, the ledger and the shift without a reload.
 */
export const cashboxKeys = entityKeys('cash_balance');
export const operationKeys = entityKeys('cash_operation');
export const shiftKeys = entityKeys('cash_shift');
export const categoryKeys = entityKeys('finance_category');
const clientKeys = entityKeys('client');

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

/** A fresh `Idempotency-Key` for one submit of a form: a double click sends the same key twice. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export function useCashboxes() {
  return useQuery({
    queryKey: cashboxKeys.list({ cashboxes: true }),
    queryFn: async () => (await api.get<Cashbox[]>('finance/cashboxes')).data,
  });
}

export function useFinanceCategories() {
  return useQuery({
    queryKey: categoryKeys.company('all'),
    queryFn: async () => (await api.get<FinanceCategory[]>('finance/categories', { params: { includeArchived: 'true' } })).data,
    staleTime: 60_000,
  });
}

export function useLedger(query: CashLedgerQuery) {
  return useQuery({
    // Listed under the balance entity too: every posting announces `cash_balance`.
    queryKey: cashboxKeys.list({ ledger: query }),
    queryFn: async () => (await api.get<CashLedgerPage>('finance/ledger', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOperation(id: string | null) {
  return useQuery({
    queryKey: operationKeys.detail(id ?? 'none'),
    queryFn: async () => (await api.get<CashOperation>(`finance/operations/${id}`)).data,
    enabled: !!id,
  });
}

export function useShifts(query: { page: number; pageSize: number; cashboxId?: string }) {
  return useQuery({
    queryKey: shiftKeys.list(query),
    queryFn: async () => (await api.get<CashShiftPage>('finance/shifts', { params: clean(query) })).data,
    placeholderData: keepPreviousData,
  });
}

/** Clients for a picker: searched on the server by name or any part of a phone. */
export function useClientOptions(search: string) {
  return useQuery({
    queryKey: clientKeys.company('picker', search),
    queryFn: async () => (await api.get<ClientPage>('clients', { params: { search: search || undefined, pageSize: 20 } })).data.items,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useFinanceMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([cashboxKeys.all, operationKeys.all, shiftKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined);
  return {
    create: useMutation({
      mutationFn: async ({ body, key }: { body: CreateCashOperationRequest; key: string }) => (await api.post<CashOperation>('finance/operations', body, withKey(key))).data,
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: async ({ id, key }: { id: string; key: string }) => (await api.post<CashOperation>(`finance/operations/${id}/cancel`, {}, withKey(key))).data,
      onSuccess: refresh,
    }),
    copy: useMutation({
      mutationFn: async (id: string) => (await api.post<CashOperationDraft>(`finance/operations/${id}/copy`, {})).data,
    }),
    openShift: useMutation({
      mutationFn: async ({ body, key }: { body: OpenCashShiftRequest; key: string }) => (await api.post<CashShift>('finance/shifts', body, withKey(key))).data,
      onSuccess: refresh,
    }),
    closeShift: useMutation({
      mutationFn: async ({ id, body, key }: { id: string; body: CloseCashShiftRequest; key: string }) =>
        (await api.post<CashShift>(`finance/shifts/${id}/close`, body, withKey(key))).data,
      onSuccess: refresh,
    }),
  };
}

export function useCategoryMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: categoryKeys.all });
  return {
    create: useMutation({
      mutationFn: async (body: CreateFinanceCategoryRequest) => (await api.post<FinanceCategory>('finance/categories', body)).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateFinanceCategoryRequest & { id: string }) => (await api.patch<FinanceCategory>(`finance/categories/${id}`, body)).data,
      onSuccess: refresh,
    }),
  };
}
