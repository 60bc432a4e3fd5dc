import type { FastifyReply } from 'fastify';
import writeExcelFile from 'write-excel-file/node';

/** One column of a report's Excel file: how its cells are written. */
export interface XlsxColumn<T> {
  header: string;
  width: number;
  /** `money`: kopecks written as roubles (a number cell `#,##0.00`); `percent`: a number `0.00`. */
  type: 'text' | 'int' | 'money' | 'percent' | 'date';
  value: (row: T) => string | number | null;
}

function cell<T>(column: XlsxColumn<T>, row: T) {
  const v = column.value(row);
  if (v === null || v === undefined) return null;
  switch (column.type) {
    case 'money':
      return { value: Number(v) / 100, type: Number, format: '#,##0.00' };
    case 'percent':
      return { value: Number(v), type: Number, format: '0.00' };
    case 'int':
      return { value: Number(v), type: Number };
    case 'date': {
      // `YYYY-MM-DD` (or an ISO moment) shown as the seed's DD.MM.YYYY, kept as text so no time zone moves it.
      const s = String(v);
      return { value: `${s.slice(8, 10)}.${s.slice(5, 7)}.${s.slice(0, 4)}`, type: String };
    }
    default:
      return { value: String(v), type: String };
  }
}

/**
 * The report's rows as an .xlsx file (a bold header, then exactly the rows of the JSON answer, then an
 * optional totals row), sent as an attachment. Columns that need `see_cost` are left out by the caller.
 */
export async function sendXlsx<T>(reply: FastifyReply, fileName: string, columns: XlsxColumn<T>[], rows: T[], totals?: T): Promise<FastifyReply> {
  const head = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const body = rows.map((r) => columns.map((c) => cell(c, r)));
  const foot = totals ? [columns.map((c, i) => (i === 0 ? { value: 'Итого', fontWeight: 'bold' as const } : cell(c, totals)))] : [];
  const buffer = await writeExcelFile([head, ...body, ...foot] as never, { columns: columns.map((c) => ({ width: c.width })) } as never).toBuffer();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .send(buffer);
}
