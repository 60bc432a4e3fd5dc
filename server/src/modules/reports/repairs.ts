// Placeholder until the report is written (issue #23, in progress): the route answers 501.
import type { RepairsReport } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { XlsxColumn } from './xlsx';

export async function repairsReport(_ctx: Ctx, _query: unknown): Promise<RepairsReport> {
  throw new AppError(501, 'server_error', 'Отчёт ещё не готов');
}
export const fileName = (_r: RepairsReport) => 'Отчёт';
export const columns = (_r: RepairsReport): XlsxColumn<RepairsReport['rows'][number]>[] => [];
export const totalsRow = (_r: RepairsReport): RepairsReport['rows'][number] | undefined => undefined;
