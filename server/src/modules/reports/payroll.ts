// Placeholder until the report is written (issue #23, in progress): the route answers 501.
import type { PayrollReport } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { XlsxColumn } from './xlsx';

export async function payrollReport(_ctx: Ctx, _query: unknown): Promise<PayrollReport> {
  throw new AppError(501, 'server_error', 'Отчёт ещё не готов');
}
export const fileName = (_r: PayrollReport) => 'Отчёт';
export const columns = (_r: PayrollReport): XlsxColumn<PayrollReport['rows'][number]>[] => [];
export const totalsRow = (_r: PayrollReport): PayrollReport['rows'][number] | undefined => undefined;
