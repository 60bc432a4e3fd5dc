import { createProductRequestSchema, normalizeSearchText, productKinds, type ImportPreview, type ImportProductsRequest, type ImportRow } from '@repo/contracts';
import type { Db, Tx } from '../../db/client';
import type { Ctx } from '../../lib/ctx';
import * as repo from './repository';
import * as service from './service';

/**
 * Import of goods and services from a price list (the client reads the .xlsx and sends rows). A row
 * matches an existing product by SKU, then by barcode (update), or is new (create). Categories are
 * matched by name (any case, ё = е) and created when missing. `dryRun` answers the preview and writes
 * nothing; otherwise all rows are written in one transaction, or none when any row has errors (the
 * answer is then the preview with `written: false`).
 */

const kindOf = (v: string | undefined) => {
  const k = normalizeSearchText(v ?? '');
  if (!k || k === 'товар' || k === 'good') return 'good';
  if (k === 'услуга' || k === 'service') return 'service';
  return k;
};

interface Planned {
  row: number;
  name: string;
  productId: string | null;
  input: ReturnType<typeof createProductRequestSchema.parse> | null;
  errors: Record<string, string>;
  category: { top: string | null; sub: string | null };
}

async function plan(db: Db | Tx, rows: ImportRow[]): Promise<{ planned: Planned[]; categories: Map<string, { id: string; parentId: string | null; name: string }> }> {
  const all = await repo.categoriesWithCounts(db);
  const categories = new Map(all.map((c) => [`${c.parentId ?? ''}/${normalizeSearchText(c.name)}`, { id: c.id, parentId: c.parentId, name: c.name }]));
  const seenSku = new Map<string, number>();
  const seenBarcode = new Map<string, number>();
  const planned: Planned[] = [];
  for (const [i, r] of rows.entries()) {
    const errors: Record<string, string> = {};
    const kind = kindOf(r.kind);
    if (!(productKinds as readonly string[]).includes(kind)) errors.kind = 'Вид: «Товар» или «Услуга»';
    const parsed = createProductRequestSchema.safeParse({
      kind: (productKinds as readonly string[]).includes(kind) ? kind : 'good',
      name: r.name ?? '',
      sku: r.sku?.trim() ? r.sku.trim() : null,
      barcodes: (r.barcodes ?? []).map((b) => b.trim()).filter(Boolean),
      unit: r.unit?.trim() || undefined,
      price: r.price ?? 0,
      warrantyDays: r.warrantyDays ?? 0,
      serialTracked: kind === 'good' ? (r.serialTracked ?? false) : false,
      description: r.description?.trim() ? r.description.trim() : null,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
    const input = parsed.success ? parsed.data : null;
    let productId: string | null = null;
    if (input) {
      if (input.sku) {
        const key = normalizeSearchText(input.sku);
        if (seenSku.has(key)) errors.sku = `Артикул ${input.sku} уже в строке ${seenSku.get(key)}`;
        seenSku.set(key, i + 1);
        const holder = await repo.productWithSku(db, key, null);
        if (holder) productId = holder.id;
      }
      const owners = await repo.barcodeOwners(db, input.barcodes, null);
      for (const b of input.barcodes) {
        if (seenBarcode.has(b)) errors.barcodes = `Штрихкод ${b} уже в строке ${seenBarcode.get(b)}`;
        seenBarcode.set(b, i + 1);
      }
      if (!productId && owners.length) productId = owners[0].productId;
      const foreign = owners.find((o) => o.productId !== productId);
      if (foreign) errors.barcodes = `Штрихкод ${foreign.barcode} уже у товара «${foreign.name}»`;
    }
    const top = r.category?.trim() || null;
    const sub = r.subcategory?.trim() || null;
    if (sub && !top) errors.category = 'Подкатегория без категории: укажите категорию';
    planned.push({ row: i + 1, name: r.name?.trim() || '—', productId, input, errors, category: { top, sub } });
  }
  return { planned, categories };
}

function preview(planned: Planned[], newCategories: string[], written: boolean): ImportPreview {
  const rows = planned.map((p) => ({
    row: p.row,
    action: Object.keys(p.errors).length ? ('error' as const) : p.productId ? ('update' as const) : ('create' as const),
    name: p.name,
    productId: p.productId,
    errors: p.errors,
  }));
  return {
    rows,
    created: rows.filter((r) => r.action === 'create').length,
    updated: rows.filter((r) => r.action === 'update').length,
    failed: rows.filter((r) => r.action === 'error').length,
    newCategories,
    written,
  };
}

const catKey = (parentId: string | null, name: string) => `${parentId ?? ''}/${normalizeSearchText(name)}`;

function missingCategories(planned: Planned[], categories: Map<string, { id: string }>): string[] {
  const out = new Set<string>();
  for (const p of planned) {
    if (!p.category.top) continue;
    const top = categories.get(catKey(null, p.category.top));
    if (!top) out.add(p.category.top);
    if (p.category.sub && !(top && categories.get(catKey(top.id, p.category.sub)))) out.add(`${p.category.top} / ${p.category.sub}`);
  }
  return [...out];
}

export async function importProducts(ctx: Ctx, body: ImportProductsRequest): Promise<ImportPreview> {
  const rows = body.rows as ImportRow[];
  if (body.dryRun) {
    const { planned, categories } = await plan(ctx.db, rows);
    return preview(planned, missingCategories(planned, categories), false);
  }
  return ctx.db.transaction(async (tx) => {
    const { planned, categories } = await plan(tx, rows);
    const missing = missingCategories(planned, categories);
    const result = preview(planned, missing, false);
    // Any row with errors: nothing is written, the preview says why (`written: false`).
    if (result.failed > 0) return result;
    const inner: Ctx = { ...ctx, db: tx as unknown as Db };
    const categoryId = async (p: Planned): Promise<string | null> => {
      if (!p.category.top) return null;
      let top = categories.get(catKey(null, p.category.top));
      if (!top) {
        const c = await service.createCategory(inner, { name: p.category.top, parentId: null });
        top = { id: c.id, parentId: null, name: c.name };
        categories.set(catKey(null, c.name), top);
      }
      if (!p.category.sub) return top.id;
      let sub = categories.get(catKey(top.id, p.category.sub));
      if (!sub) {
        const c = await service.createCategory(inner, { name: p.category.sub, parentId: top.id });
        sub = { id: c.id, parentId: top.id, name: c.name };
        categories.set(catKey(top.id, c.name), sub);
      }
      return sub.id;
    };
    for (const p of planned) {
      const input = { ...p.input!, categoryId: await categoryId(p) };
      if (p.productId) {
        const { kind: _kind, minStock: _minStock, ...changes } = input;
        await service.updateProduct(inner, p.productId, changes);
      } else {
        await service.createProduct(inner, input);
      }
    }
    return { ...result, written: true };
  });
}
