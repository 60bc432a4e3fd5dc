// Placeholder until the report is written (issue #23, in progress): the route answers 501.
import type { CashflowReport } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { XlsxColumn } from './xlsx';

export async function cashflowReport(_ctx: Ctx, _query: unknown): Promise<CashflowReport> {
  throw new AppError(501, 'server_error', 'Отчёт ещё не готов');
}
export const fileName = (_r: CashflowReport) => 'Отчёт';
export const columns = (_r: CashflowReport): XlsxColumn<CashflowReport['rows'][number]>[] => [];
export const totalsRow = (_r: CashflowReport): CashflowReport['rows'][number] | undefined => undefined;
