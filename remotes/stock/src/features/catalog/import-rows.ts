import { normalizeSearchText, type ImportRow } from '@repo/contracts';

type Cell = string | number | boolean | Date | null | undefined;
type Field = keyof ImportRow;

/** Column headers a price list may use, normalised (lower case, ё = е, no punctuation after the word). */
const headers: Array<[Field, string[]]> = [
  ['name', ['название', 'наименование', 'товар', 'name']],
  ['sku', ['артикул', 'sku', 'код']],
  ['barcodes', ['штрихкод', 'штрихкоды', 'штрих-код', 'ean', 'barcode']],
  ['kind', ['вид', 'тип']],
  ['unit', ['единица', 'ед', 'ед. изм', 'единица измерения']],
  ['price', ['цена', 'цена, ₽', 'цена, руб', 'розничная цена', 'price']],
  ['category', ['категория', 'category']],
  ['subcategory', ['подкатегория', 'subcategory']],
  ['warrantyDays', ['гарантия', 'гарантия, дней', 'гарантия, дн', 'warranty']],
  ['serialTracked', ['серийный учет', 'серийный', 'серийные номера', 's/n']],
  ['description', ['описание', 'description']],
];

const norm = (v: Cell) => normalizeSearchText(String(v ?? '')).replace(/[.:]+$/, '');

/** Roubles in a cell («1 234,50», 1234.5) → kopecks; −1 for what is not an amount (the server names the row's error). */
export function priceCell(v: Cell): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[\s ₽руб.]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : -1;
}

const yes = (v: Cell) => ['да', 'yes', 'true', '1', '+'].includes(norm(v)) || v === true;

/**
 * The rows of the first sheet as import rows: the header row (the first with a known name column) maps
 * columns by their Russian (or English) names; empty rows are skipped. `line` is the file's row number.
 */
export function mapImportRows(sheet: Cell[][]): { rows: ImportRow[]; lines: number[]; missing: string | null } {
  const headerIndex = sheet.findIndex((r) => r.some((c) => headers[0][1].includes(norm(c))));
  if (headerIndex < 0) return { rows: [], lines: [], missing: 'В файле нет строки заголовков со столбцом «Название»' };
  const columns = new Map<number, Field>();
  sheet[headerIndex].forEach((c, i) => {
    const h = norm(c);
    const field = headers.find(([, names]) => names.includes(h))?.[0];
    if (field && ![...columns.values()].includes(field)) columns.set(i, field);
  });
  const rows: ImportRow[] = [];
  const lines: number[] = [];
  sheet.slice(headerIndex + 1).forEach((r, offset) => {
    if (r.every((c) => c === null || c === undefined || String(c).trim() === '')) return;
    const row: ImportRow = {};
    for (const [i, field] of columns) {
      const v = r[i];
      if (v === null || v === undefined || String(v).trim() === '') continue;
      if (field === 'price') row.price = priceCell(v);
      else if (field === 'warrantyDays') row.warrantyDays = typeof v === 'number' ? v : Number(String(v).replace(/\D+$/, '').trim()) || 0;
      else if (field === 'serialTracked') row.serialTracked = yes(v);
      else if (field === 'barcodes') row.barcodes = String(v).split(/[\s,;]+/).filter(Boolean);
      else row[field] = String(v).trim() as never;
    }
    rows.push(row);
    lines.push(headerIndex + offset + 2);
  });
  return { rows, lines, missing: null };
}
