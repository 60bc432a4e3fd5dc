// Placeholder until the report is written (issue #23, in progress): the route answers 501.
import type { StockReport } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { XlsxColumn } from './xlsx';

export async function stockReport(_ctx: Ctx, _query: unknown): Promise<StockReport> {
  throw new AppError(501, 'server_error', 'Отчёт ещё не готов');
}
export const fileName = (_r: StockReport) => 'Отчёт';
export const columns = (_r: StockReport): XlsxColumn<StockReport['rows'][number]>[] => [];
export const totalsRow = (_r: StockReport): StockReport['rows'][number] | undefined => undefined;
