import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, documentTemplates, locations, productBarcodes, products } from '../../db/schema';

export type Conn = Db | Tx;
export type TemplateRow = typeof documentTemplates.$inferSelect;
export type TemplateInsert = typeof documentTemplates.$inferInsert;

/** Templates that are not archived, by kind and name. */
export async function listTemplates(db: Conn): Promise<TemplateRow[]> {
  return db.select().from(documentTemplates).where(isNull(documentTemplates.archivedAt)).orderBy(asc(documentTemplates.kind), asc(documentTemplates.name));
}

export async function findTemplate(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<TemplateRow | null> {
  const q = db.select().from(documentTemplates).where(eq(documentTemplates.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Names of the templates that are not archived (for the unique-name check). */
export async function activeNames(db: Conn): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: documentTemplates.id, name: documentTemplates.name }).from(documentTemplates).where(isNull(documentTemplates.archivedAt));
}

export async function insertTemplate(db: Conn, values: TemplateInsert): Promise<TemplateRow> {
  const [row] = await db.insert(documentTemplates).values(values).returning();
  return row;
}

export async function updateTemplate(db: Conn, id: string, set: Partial<TemplateInsert>): Promise<TemplateRow> {
  const [row] = await db
    .update(documentTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(documentTemplates.id, id))
    .returning();
  return row;
}

/** The company's requisites as the `company.*` variables name them (issue #22; empty strings when not filled in). */
export async function companyCard(db: Conn): Promise<Record<string, string>> {
  const [c] = await db.select().from(companies).orderBy(asc(companies.createdAt)).limit(1);
  return {
    name: c?.name ?? '',
    legal_name: c?.legalName ?? '',
    inn: c?.inn ?? '',
    kpp: c?.kpp ?? '',
    ogrn: c?.ogrn ?? '',
    address: c?.address ?? '',
    phone: c?.phone ?? '',
    email: c?.email ?? '',
    bank_name: c?.bankName ?? '',
    bik: c?.bik ?? '',
    account: c?.account ?? '',
    corr_account: c?.corrAccount ?? '',
  };
}

export async function locationCard(db: Conn, id: string | null): Promise<{ name: string; address: string | null; phone: string | null }> {
  if (!id) return { name: '', address: null, phone: null };
  const [row] = await db.select({ name: locations.name, address: locations.address, phone: locations.phone }).from(locations).where(eq(locations.id, id));
  return row ?? { name: '', address: null, phone: null };
}

/** Products for price labels: name, SKU, retail price, first barcode; in the order asked, unknown ids left out. */
export async function labelProducts(db: Conn, ids: string[]) {
  if (ids.length === 0) return [];
  const uniq = [...new Set(ids)];
  const rows = await db.select({ id: products.id, name: products.name, sku: products.sku, price: products.price }).from(products).where(inArray(products.id, uniq));
  const codes = await db
    .select({ productId: productBarcodes.productId, barcode: productBarcodes.barcode })
    .from(productBarcodes)
    .where(and(inArray(productBarcodes.productId, uniq)))
    .orderBy(asc(productBarcodes.position), asc(productBarcodes.barcode));
  const first = new Map<string, string>();
  for (const c of codes) if (!first.has(c.productId)) first.set(c.productId, c.barcode);
  const byId = new Map(rows.map((r) => [r.id, { ...r, barcode: first.get(r.id) ?? null }]));
  return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r);
}
