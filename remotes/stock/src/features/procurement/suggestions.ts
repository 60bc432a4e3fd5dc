import type { OrderSuggestionsRequest, Suggestion } from '@repo/contracts';

/** The buyer's change to a suggestion: another quantity, or another supplier (null: none). */
export interface SuggestionEdit {
  qty?: number;
  supplierId?: string | null;
  supplierName?: string | null;
}

/** A suggestion as the table shows it: with the buyer's changes applied. */
export function applyEdit(s: Suggestion, edit: SuggestionEdit | undefined): Suggestion & { edited: boolean } {
  if (!edit) return { ...s, edited: false };
  const supplierChanged = edit.supplierId !== undefined && edit.supplierId !== s.supplierId;
  return {
    ...s,
    qty: edit.qty ?? s.qty,
    supplierId: supplierChanged ? edit.supplierId! : s.supplierId,
    supplierName: supplierChanged ? (edit.supplierName ?? null) : s.supplierName,
    // The last price belongs to the suggested supplier: another one's is not known here.
    price: supplierChanged ? null : s.price,
    edited: supplierChanged || (edit.qty !== undefined && edit.qty !== s.qty),
  };
}

/**
 * «Создать заказы»: the chosen products, and for each of them only what the buyer changed (the server
 * keeps its own suggestion for the rest).
 */
export function orderSuggestionsBody(warehouseId: string, suggestions: Suggestion[], selected: ReadonlySet<string>, edits: Readonly<Record<string, SuggestionEdit>>): OrderSuggestionsRequest {
  const chosen = suggestions.filter((s) => selected.has(s.productId));
  const lines = chosen.flatMap((s) => {
    const e = edits[s.productId];
    if (!e) return [];
    const line: { productId: string; qty?: number; supplierId?: string | null } = { productId: s.productId };
    if (e.qty !== undefined && e.qty !== s.qty) line.qty = e.qty;
    if (e.supplierId !== undefined && e.supplierId !== s.supplierId) line.supplierId = e.supplierId;
    return line.qty !== undefined || line.supplierId !== undefined ? [line] : [];
  });
  return { warehouseId, productIds: chosen.map((s) => s.productId), ...(lines.length ? { lines } : {}) };
}

/** How many drafts the chosen suggestions make: one per supplier, and one for the goods without a supplier. */
export function draftCount(rows: ReadonlyArray<Pick<Suggestion, 'productId' | 'supplierId'>>, selected: ReadonlySet<string>): number {
  return new Set(rows.filter((r) => selected.has(r.productId)).map((r) => r.supplierId ?? '')).size;
}
