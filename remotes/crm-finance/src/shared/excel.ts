import { api } from '@repo/shared-core';

type Cell = { value: unknown; type?: unknown; format?: string; fontWeight?: 'bold' };

/** Every row of a paged list under the screen's filters (up to `pages` × `pageSize` rows), for an export. */
export async function fetchAllPages<T>(url: string, filters: Record<string, unknown>, pageSize = 200, pages = 100): Promise<T[]> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false));
  const rows: T[] = [];
  for (let page = 1; page <= pages; page++) {
    const { data } = await api.get<{ items: T[]; total: number; totalExact?: boolean }>(url, { params: { ...params, page, pageSize } });
    rows.push(...data.items);
    // A capped total (`totalExact: false`, «более 1000») is not the end: read on until a short page.
    if (data.items.length < pageSize || (data.totalExact !== false && rows.length >= data.total)) break;
  }
  return rows;
}

/** An .xlsx file of a header row and data rows (write-excel-file, loaded only when a person exports). */
export async function saveXlsx(fileName: string, header: string[], rows: Cell[][], widths: number[]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const head = header.map((value) => ({ value, fontWeight: 'bold' as const }));
  await writeXlsxFile([head, ...rows] as never, { columns: widths.map((width) => ({ width })) }).toFile(`${fileName} ${new Date().toLocaleDateString('ru-RU')}.xlsx`);
}

/** Kopecks as a number cell in roubles. */
export const moneyCell = (kopecks: number): Cell => ({ value: kopecks / 100, type: Number, format: '#,##0.00' });
