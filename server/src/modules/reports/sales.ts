// Placeholder until the report is written (issue #23, in progress): the route answers 501.
import type { SalesReport } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { XlsxColumn } from './xlsx';

export async function salesReport(_ctx: Ctx, _query: unknown): Promise<SalesReport> {
  throw new AppError(501, 'server_error', 'Отчёт ещё не готов');
}
export const fileName = (_r: SalesReport) => 'Отчёт';
export const columns = (_r: SalesReport): XlsxColumn<SalesReport['rows'][number]>[] => [];
export const totalsRow = (_r: SalesReport): SalesReport['rows'][number] | undefined => undefined;
