import type { Accrual, AccrualsQuery, CreateAdjustmentRequest, CreatePayoutRequest, Payout, Adjustment } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moneyCell, saveXlsx } from '../../shared/excel';
import { cashboxKeys, operationKeys, newIdempotencyKey } from '../finance/api';

/**
 * Pay's API hooks (contracts/payroll.ts). Keys start with `payroll`, the entity the server announces on
 * every accrual, bonus, penalty and payout, so an open statement follows a colleague's payout or an
 * issued order without a reload. A payout is also a cash expense: the finance keys are refreshed with it.
 */
export const payrollKeys = entityKeys('payroll');
export { newIdempotencyKey };

export function useAccruals(query: AccrualsQuery) {
  return useQuery({
    queryKey: payrollKeys.company('accruals', query),
    queryFn: async () => (await api.get<Accrual[]>('payroll/accruals', { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayrollMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: payrollKeys.all });
  return {
    adjust: useMutation({
      mutationFn: async (body: CreateAdjustmentRequest) => (await api.post<Adjustment>('payroll/adjustments', body)).data,
      onSuccess: refresh,
    }),
    /** Silent: the form shows the error itself (a 409 `payout_exceeds_due` asks to confirm an advance). */
    payout: useMutation({
      mutationFn: async ({ body, key }: { body: CreatePayoutRequest; key: string }) =>
        (await api.post<Payout>('payroll/payouts', body, { headers: { 'Idempotency-Key': key }, silent: true })).data,
      onSuccess: () => {
        refresh();
        void qc.invalidateQueries({ queryKey: cashboxKeys.all });
        void qc.invalidateQueries({ queryKey: operationKeys.all });
      },
    }),
  };
}

/**
 * The statement of the period as .xlsx, built here from the same answer the screen shows (as every export
 * of the product; server/docs/payroll.md): one row per employee, then the totals.
 */
export async function exportStatement(rows: readonly Accrual[], period: { from: string; to: string }, totals: Omit<Accrual, 'employeeId' | 'name' | 'position' | 'active' | 'lines' | 'adjustments' | 'payouts'>): Promise<void> {
  const figures = (a: typeof totals) => [moneyCell(a.base), moneyCell(a.commission), moneyCell(a.bonuses), moneyCell(a.penalties), moneyCell(a.total), moneyCell(a.opening), moneyCell(a.paid), moneyCell(a.due)];
  await saveXlsx(
    `Зарплата ${period.from} — ${period.to}`,
    ['Сотрудник', 'Должность', 'Оклад, ₽', 'Проценты, ₽', 'Премии, ₽', 'Штрафы, ₽', 'Начислено, ₽', 'Долг на начало, ₽', 'Выплачено, ₽', 'К выплате, ₽'],
    [
      ...rows.map((a) => [{ value: a.name }, { value: a.position ?? '' }, ...figures(a)]),
      [{ value: 'Итого', fontWeight: 'bold' as const }, { value: '' }, ...figures(totals).map((c) => ({ ...c, fontWeight: 'bold' as const }))],
    ],
    [34, 24, 14, 14, 12, 12, 14, 16, 14, 14],
  );
}
