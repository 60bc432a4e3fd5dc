import type {
  CashflowReport,
  CashflowReportQuery,
  PayrollReport,
  PayrollReportQuery,
  RepairsReport,
  RepairsReportQuery,
  SalesReport,
  SalesReportQuery,
  StockReport,
  StockReportQuery,
  Warehouse,
} from '@repo/contracts';
import { api, entityKeys, getApiError } from '@repo/shared-core';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';

/**
 * The reports' API (contracts/reports.ts). Keys carry the current shop (entityKeys), so a report of the
 * shop never shows another shop's figures after a switch; a changed filter keeps the previous answer on
 * screen until the new one arrives.
 */
export const reportKeys = entityKeys('report');
export type ReportName = 'sales' | 'repairs' | 'stock' | 'cashflow' | 'payroll';

/** A report's query as the URL's params: empty values left out. */
export type Params = object;
const clean = (q: Params) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number | boolean>;

function useReport<T>(name: ReportName, query: Params) {
  const params = clean(query);
  return useQuery({
    queryKey: reportKeys.list({ report: name, ...params }),
    queryFn: async ({ signal }) => (await api.get<T>(`reports/${name}`, { params, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export const useSalesReport = (q: SalesReportQuery) => useReport<SalesReport>('sales', q);
export const useRepairsReport = (q: RepairsReportQuery) => useReport<RepairsReport>('repairs', q);
export const useStockReport = (q: StockReportQuery) => useReport<StockReport>('stock', q);
export const useCashflowReport = (q: CashflowReportQuery) => useReport<CashflowReport>('cashflow', q);
export const usePayrollReport = (q: PayrollReportQuery) => useReport<PayrollReport>('payroll', q);

/** The file name of `Content-Disposition` (the UTF-8 `filename*` first), or null. */
export function fileNameOf(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const utf = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (utf) {
    try {
      return decodeURIComponent(utf[1].trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** A failed download's body is a Blob: read the error contract out of it, as getApiError reads JSON. */
async function downloadError(res: { status: number; data: unknown }): Promise<Error> {
  let data: unknown = res.data;
  if (typeof Blob !== 'undefined' && res.data instanceof Blob) {
    try {
      data = JSON.parse(await res.data.text());
    } catch {
      data = undefined; // Not JSON (a proxy's page): the status's own message.
    }
  }
  // Shaped as axios' error, so getApiError (and the screen's notice) read it like any other failure.
  const failure = Object.assign(new Error(), { isAxiosError: true, response: { status: res.status, data } });
  failure.message = getApiError(failure).message;
  return failure;
}

/** Hands a file to the browser's downloads (an `<a download>` of an object URL). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: the browser reads the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * «Excel»: the server's file of exactly the rows the screen shows (`format=xlsx` with the same filters).
 * The answer is read as a Blob and checked here rather than by the API client's error handler, which
 * cannot read a Blob's error message (and would take its 403 for a lost session).
 */
export async function downloadReport(name: ReportName, query: Params, fallbackName: string): Promise<string> {
  const res = await api.get<Blob>(`reports/${name}`, {
    params: { ...clean(query), format: 'xlsx' },
    responseType: 'blob',
    validateStatus: () => true,
  });
  if (res.status >= 400) throw await downloadError(res);
  const file = fileNameOf(res.headers['content-disposition']) ?? `${fallbackName}.xlsx`;
  saveBlob(res.data, file);
  return file;
}

/** The warehouses of every shop the employee works in (the stock report's picker narrows them to the report's shops). */
export function useWarehouses(enabled: boolean) {
  return useQuery({
    queryKey: entityKeys('stock_balance').company('warehouses', 'mine'),
    queryFn: enabled ? async () => (await api.get<Warehouse[]>('stock/warehouses')).data : skipToken,
    staleTime: 60_000,
  });
}
