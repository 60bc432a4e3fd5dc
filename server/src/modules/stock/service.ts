import {
  hasRule,
  returnLimitMessage,
  serialInStockMessage,
  serialNotInWarehouseMessage,
  stockDocumentPrefixes,
  stockMessages,
  type CreateStockDocumentInput,
  type ReceiveTransferRequest,
  type StockDocument,
  type StockDocumentListFilter,
  type StockDocumentPage,
  type StockDocumentSummary,
  type StockDocumentType,
  type UpdateStockDocumentInput,
} from '@repo/contracts';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql';
import type { Tx } from '../../db/client';
import { categories, products, stockDocumentLines, stockDocuments, warehouses } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, conflict, invalidInput, notFound } from '../../lib/errors';
import { assertAvailable, balancesOf, key, lockPools, reverseDocument, writeMoves, type Move } from './engine';
import { receiptCancelled, recomputeSupplierPrices, recordSupplierPrices } from '../procurement/receipts';
import * as repo from './repository';
import * as valuation from './valuation';

/**
 * Stock documents (server/docs/stock.md): drafts are edited freely; posting, sending, receiving and
 * cancelling go through the engine in one transaction, with an audit row and realtime events
 * (`stock_document`, and `stock_balance` when goods moved).
 */

const ENTITY = 'stock_document';
type LineInput = { productId: string; qty: number; cost?: number; serials?: string[] };

const seesCost = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_cost');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function currentLocation(ctx: Ctx): string {
  if (!ctx.locationId) throw invalidInput({}, stockMessages.noLocation);
  return ctx.locationId;
}

/** A document the current location may see: its own, or a transfer coming to it. */
function visible(ctx: Ctx, doc: repo.DocumentRow): boolean {
  return doc.locationId === ctx.locationId || (doc.type === 'transfer' && doc.toLocationId === ctx.locationId);
}

async function loadDocument(ctx: Ctx, db: Ctx['db'] | Tx, type: StockDocumentType, id: string, lock = false): Promise<repo.DocumentRow> {
  const doc = await repo.findDocument(db, id, { lock });
  if (!doc || doc.type !== type || !visible(ctx, doc)) throw notFound(stockMessages.documentNotFound);
  return doc;
}

// ---------------------------------------------------------------------------------------------------
// Views

/** `known`: the lines and products the caller holds already (a posting), so they are not read again. */
async function toDocuments(
  ctx: Ctx,
  db: Ctx['db'] | Tx,
  docs: repo.DocumentRow[],
  withLines: boolean,
  known?: { lines: repo.LineRow[]; products: Map<string, repo.ProductRow> },
): Promise<Array<StockDocument | StockDocumentSummary>> {
  const labels = await repo.labelsFor(db, docs);
  const lines = known?.lines ?? (await repo.linesOf(db, docs.map((d) => d.id)));
  const productMap = known?.products ?? (withLines ? await repo.productsByIds(db, lines.map((l) => l.productId)) : new Map<string, repo.ProductRow>());
  const cost = seesCost(ctx);
  return docs.map((d) => {
    const own = lines.filter((l) => l.documentId === d.id);
    const lineValue = (l: repo.LineRow) => (l.value !== null ? l.value : d.type === 'receipt' && l.cost !== null ? l.qty * l.cost : null);
    let surplusValue: number | null = null;
    let shortageValue: number | null = null;
    let total: number | null = own.reduce((s, l) => s + (lineValue(l) ?? 0), 0);
    if (d.type === 'stocktake') {
      surplusValue = own.filter((l) => (l.counted ?? 0) > (l.expected ?? 0) && l.expected !== null).reduce((s, l) => s + (l.value ?? 0), 0);
      shortageValue = own.filter((l) => (l.counted ?? 0) < (l.expected ?? 0) && l.expected !== null).reduce((s, l) => s + (l.value ?? 0), 0);
      total = surplusValue - shortageValue;
      if (d.postedAt === null) surplusValue = shortageValue = null;
    }
    const base = {
      id: d.id,
      type: d.type,
      number: d.number,
      status: d.status,
      locationId: d.locationId,
      warehouseId: d.warehouseId,
      warehouseName: labels.warehouses.get(d.warehouseId) ?? '',
      fromWarehouseId: d.type === 'transfer' ? d.warehouseId : null,
      toWarehouseId: d.toWarehouseId,
      toWarehouseName: d.toWarehouseId ? (labels.warehouses.get(d.toWarehouseId) ?? null) : null,
      toLocationId: d.toLocationId,
      supplierId: d.supplierId,
      supplierName: d.supplierId ? (labels.suppliers.get(d.supplierId) ?? null) : null,
      receiptId: d.receiptId,
      receiptNumber: d.receiptId ? (labels.receipts.get(d.receiptId) ?? null) : null,
      purchaseOrderId: d.purchaseOrderId,
      purchaseOrderNumber: d.purchaseOrderId ? (labels.purchaseOrders.get(d.purchaseOrderId) ?? null) : null,
      categoryId: d.categoryId,
      reason: d.reason,
      comment: d.comment,
      total: cost ? total : null,
      surplusValue: cost ? surplusValue : null,
      shortageValue: cost ? shortageValue : null,
      totalQty: own.reduce((s, l) => s + (d.type === 'stocktake' ? (l.counted ?? 0) : l.qty), 0),
      authorId: d.authorId,
      authorName: d.authorId ? (labels.authors.get(d.authorId) ?? null) : null,
      createdAt: d.createdAt.toISOString(),
      updatedAt: d.updatedAt.toISOString(),
      postedAt: iso(d.postedAt),
      receivedAt: iso(d.receivedAt),
      cancelledAt: iso(d.cancelledAt),
      copiedFromId: d.copiedFromId,
    };
    if (!withLines) return { ...base, lineCount: own.length };
    return {
      ...base,
      lines: own.map((l) => {
        const p = productMap.get(l.productId);
        return {
          id: l.id,
          productId: l.productId,
          productName: p?.name ?? '',
          sku: p?.sku ?? null,
          unit: p?.unit ?? 'шт',
          serialTracked: p?.serialTracked ?? false,
          qty: l.qty,
          cost: cost ? l.cost : null,
          value: cost ? lineValue(l) : null,
          serials: l.serials,
          expected: l.expected,
          counted: l.counted,
          received: l.received,
        };
      }),
    };
  });
}

async function documentOut(ctx: Ctx, db: Ctx['db'] | Tx, doc: repo.DocumentRow, known?: { lines: repo.LineRow[]; products: Map<string, repo.ProductRow> }): Promise<StockDocument> {
  const [out] = await toDocuments(ctx, db, [doc], true, known);
  return out as StockDocument;
}

export async function listDocuments(ctx: Ctx, type: StockDocumentType, q: StockDocumentListFilter): Promise<StockDocumentPage> {
  const locationId = currentLocation(ctx);
  const where: SQL[] = [eq(stockDocuments.type, type)];
  where.push(type === 'transfer' ? or(eq(stockDocuments.locationId, locationId), eq(stockDocuments.toLocationId, locationId))! : eq(stockDocuments.locationId, locationId));
  if (q.status) where.push(eq(stockDocuments.status, q.status));
  if (q.warehouseId) where.push(or(eq(stockDocuments.warehouseId, q.warehouseId), eq(stockDocuments.toWarehouseId, q.warehouseId))!);
  if (q.supplierId) where.push(eq(stockDocuments.supplierId, q.supplierId));
  if (q.search) where.push(ilike(stockDocuments.number, containsPattern(q.search)));
  if (q.dateFrom) where.push(gte(stockDocuments.createdAt, new Date(q.dateFrom)));
  if (q.dateTo) where.push(lt(stockDocuments.createdAt, endOf(q.dateTo)));
  if (q.productId) {
    where.push(sql`exists (select 1 from ${stockDocumentLines} where ${stockDocumentLines.documentId} = ${stockDocuments.id} and ${stockDocumentLines.productId} = ${q.productId})`);
  }
  const cond = and(...where);
  const [{ total }] = await ctx.db.select({ total: count() }).from(stockDocuments).where(cond);
  const rows = await ctx.db
    .select()
    .from(stockDocuments)
    .where(cond)
    .orderBy(desc(stockDocuments.createdAt), desc(stockDocuments.number))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items: (await toDocuments(ctx, ctx.db, rows, false)) as StockDocumentSummary[], total, page: q.page, pageSize: q.pageSize };
}

/** A date-only «to» includes that whole day; a date-time is exclusive as given. */
function endOf(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00`);
    d.setDate(d.getDate() + 1);
    return d;
  }
  return new Date(value);
}

export async function getDocument(ctx: Ctx, type: StockDocumentType, id: string): Promise<StockDocument> {
  return documentOut(ctx, ctx.db, await loadDocument(ctx, ctx.db, type, id));
}

// ---------------------------------------------------------------------------------------------------
// Drafts

interface DraftFields {
  warehouseId: string;
  toWarehouseId: string | null;
  toLocationId: string | null;
  supplierId: string | null;
  receiptId: string | null;
  categoryId: string | null;
  reason: string | null;
  comment: string | null;
}

async function checkOwnWarehouse(tx: Tx, locationId: string, id: string | undefined, field: string): Promise<repo.WarehouseRow> {
  if (!id) throw invalidInput({ [field]: 'Выберите склад' });
  const w = await repo.findWarehouse(tx, id);
  if (!w) throw invalidInput({ [field]: stockMessages.warehouseNotFound });
  if (w.locationId !== locationId) throw invalidInput({ [field]: stockMessages.warehouseOtherLocation });
  return w;
}

/** Lines of goods (not services, not archived), each product once; serials only for serial-tracked goods, one per unit. */
async function checkLines(tx: Tx, type: StockDocumentType, lines: LineInput[]): Promise<Map<string, repo.ProductRow>> {
  const map = await repo.productsByIds(tx, lines.map((l) => l.productId));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const p = map.get(l.productId);
    if (!p) errors[`lines.${i}.productId`] = stockMessages.productNotFound;
    else if (p.kind === 'service') errors[`lines.${i}.productId`] = stockMessages.productIsService;
    else if (p.archivedAt) errors[`lines.${i}.productId`] = stockMessages.productArchived;
    if (seen.has(l.productId)) errors[`lines.${i}.productId`] = stockMessages.duplicateProduct;
    seen.add(l.productId);
    const serials = l.serials ?? [];
    if (p && !p.serialTracked && serials.length > 0) errors[`lines.${i}.serials`] = stockMessages.serialsForUntracked;
    if (new Set(serials).size !== serials.length) errors[`lines.${i}.serials`] = stockMessages.serialDuplicate;
    if (type === 'receipt' && l.cost === undefined) errors[`lines.${i}.cost`] = 'Укажите цену закупки';
  });
  if (Object.keys(errors).length) throw invalidInput(errors);
  return map;
}

/** Serials must be complete (one per unit) when the document is posted, not while it is a draft. */
function checkSerialsComplete(lines: repo.LineRow[], map: Map<string, repo.ProductRow>, qtyOf: (l: repo.LineRow) => number = (l) => l.qty): void {
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (map.get(l.productId)?.serialTracked && l.serials.length !== qtyOf(l)) errors[`lines.${i}.serials`] = stockMessages.serialsRequired;
  });
  if (Object.keys(errors).length) throw invalidInput(errors, stockMessages.serialsRequired);
}

async function draftFields(ctx: Ctx, tx: Tx, type: StockDocumentType, input: CreateStockDocumentInput | UpdateStockDocumentInput, before?: repo.DocumentRow): Promise<DraftFields> {
  const locationId = currentLocation(ctx);
  const out: DraftFields = {
    warehouseId: before?.warehouseId ?? '',
    toWarehouseId: before?.toWarehouseId ?? null,
    toLocationId: before?.toLocationId ?? null,
    supplierId: before?.supplierId ?? null,
    receiptId: before?.receiptId ?? null,
    categoryId: before?.categoryId ?? null,
    reason: input.reason !== undefined ? (input.reason ?? null) : (before?.reason ?? null),
    comment: input.comment !== undefined ? (input.comment ?? null) : (before?.comment ?? null),
  };
  if (type === 'transfer') {
    const fromId = input.fromWarehouseId ?? input.warehouseId ?? before?.warehouseId;
    out.warehouseId = (await checkOwnWarehouse(tx, locationId, fromId, 'fromWarehouseId')).id;
    const toId = input.toWarehouseId ?? before?.toWarehouseId ?? undefined;
    if (!toId) throw invalidInput({ toWarehouseId: 'Выберите склад назначения' });
    const to = await repo.findWarehouse(tx, toId);
    if (!to) throw invalidInput({ toWarehouseId: stockMessages.warehouseNotFound });
    if (to.id === out.warehouseId) throw invalidInput({ toWarehouseId: stockMessages.sameWarehouse });
    out.toWarehouseId = to.id;
    out.toLocationId = to.locationId;
  } else if (type === 'supplier_return') {
    const receiptId = ('receiptId' in input ? input.receiptId : undefined) ?? before?.receiptId;
    if (!receiptId) throw invalidInput({ receiptId: stockMessages.receiptRequired });
    const receipt = await repo.findDocument(tx, receiptId);
    if (!receipt || receipt.type !== 'receipt' || receipt.status !== 'posted' || receipt.locationId !== locationId) {
      throw invalidInput({ receiptId: stockMessages.receiptNotFound });
    }
    out.receiptId = receipt.id;
    out.warehouseId = receipt.warehouseId;
    out.supplierId = receipt.supplierId;
  } else {
    out.warehouseId = (await checkOwnWarehouse(tx, locationId, input.warehouseId ?? before?.warehouseId, 'warehouseId')).id;
  }
  if (type === 'receipt' && input.supplierId !== undefined) {
    if (input.supplierId && !(await repo.findSupplier(tx, input.supplierId))) throw invalidInput({ supplierId: stockMessages.supplierNotFound });
    out.supplierId = input.supplierId ?? null;
  }
  if (type === 'stocktake' && 'categoryId' in input && input.categoryId !== undefined) out.categoryId = input.categoryId;
  return out;
}

/** A stocktake's sheet: the chosen products, a category (with its sub-categories), or everything with stock in the warehouse. */
async function stocktakeProducts(tx: Tx, warehouseId: string, input: CreateStockDocumentInput): Promise<string[]> {
  if (input.productIds?.length) return [...new Set(input.productIds)];
  const conds: SQL[] = [eq(products.kind, 'good'), isNull(products.archivedAt)];
  if (input.categoryId) {
    const [cat] = await tx.select().from(categories).where(eq(categories.id, input.categoryId));
    if (!cat) throw invalidInput({ categoryId: 'Категория не найдена' });
    conds.push(
      or(eq(products.categoryId, input.categoryId), inArray(products.categoryId, tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, input.categoryId))))!,
    );
  } else {
    conds.push(sql`exists (select 1 from stock_balances b where b.product_id = ${products.id} and b.warehouse_id = ${warehouseId} and b.qty > 0)`);
  }
  const rows = await tx.select({ id: products.id }).from(products).where(and(...conds)).orderBy(products.searchName).limit(5000);
  return rows.map((r) => r.id);
}

export async function createDocument(ctx: Ctx, type: StockDocumentType, input: CreateStockDocumentInput): Promise<StockDocument> {
  const locationId = currentLocation(ctx);
  return ctx.db.transaction(async (tx) => {
    const fields = await draftFields(ctx, tx, type, input);
    let lines: Array<Omit<typeof stockDocumentLines.$inferInsert, 'id' | 'documentId' | 'position'>>;
    if (type === 'stocktake') {
      const ids = await stocktakeProducts(tx, fields.warehouseId, input);
      await checkLines(tx, type, ids.map((productId) => ({ productId, qty: 1 })));
      lines = ids.map((productId) => ({ productId, qty: 0, counted: null }));
    } else {
      await checkLines(tx, type, input.lines);
      lines = input.lines.map((l) => ({ productId: l.productId, qty: l.qty, cost: type === 'receipt' ? (l.cost ?? 0) : null, serials: l.serials ?? [] }));
    }
    const number = await repo.nextNumber(tx, locationId, type, stockDocumentPrefixes[type]);
    const [doc] = await tx
      .insert(stockDocuments)
      .values({ type, number, locationId, ...fields, authorId: ctx.auth.employeeId })
      .returning();
    await repo.replaceLines(tx, doc.id, lines);
    await recordChange(tx, ctx, { entity: ENTITY, id: doc.id, action: 'create', after: { type, number, warehouseId: doc.warehouseId, lines: lines.length } });
    return documentOut(ctx, tx, doc);
  });
}

export async function updateDocument(ctx: Ctx, type: StockDocumentType, id: string, input: UpdateStockDocumentInput): Promise<StockDocument> {
  return ctx.db.transaction(async (tx) => {
    const before = await loadDocument(ctx, tx, type, id, true);
    if (before.status !== 'draft' || before.locationId !== ctx.locationId) throw conflict(stockMessages.notDraft);
    const fields = await draftFields(ctx, tx, type, input, before);
    if (input.lines) {
      if (type === 'stocktake') {
        const current = await repo.linesOf(tx, [id]);
        const counts = input.lines as Array<{ productId: string; counted?: number; serials?: string[]; cost?: number }>;
        const errors: Record<string, string> = {};
        counts.forEach((c, i) => {
          if (!current.some((l) => l.productId === c.productId)) errors[`lines.${i}.productId`] = stockMessages.stocktakeLineUnknown;
          if (c.counted === undefined) errors[`lines.${i}.counted`] = 'Укажите посчитанное количество';
        });
        if (Object.keys(errors).length) throw invalidInput(errors);
        for (const c of counts) {
          const line = current.find((l) => l.productId === c.productId)!;
          await repo.updateLine(tx, line.id, { counted: c.counted, serials: c.serials ? [...new Set(c.serials)] : line.serials, cost: c.cost ?? line.cost });
        }
      } else {
        const lines = input.lines as LineInput[];
        await checkLines(tx, type, lines);
        await repo.replaceLines(
          tx,
          id,
          lines.map((l) => ({ productId: l.productId, qty: l.qty, cost: type === 'receipt' ? (l.cost ?? 0) : null, serials: l.serials ?? [] })),
        );
      }
    }
    const [after] = await tx.update(stockDocuments).set({ ...fields, updatedAt: new Date() }).where(eq(stockDocuments.id, id)).returning();
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id,
      action: 'update',
      before: { warehouseId: before.warehouseId, toWarehouseId: before.toWarehouseId, supplierId: before.supplierId, reason: before.reason, comment: before.comment },
      after: { warehouseId: after.warehouseId, toWarehouseId: after.toWarehouseId, supplierId: after.supplierId, reason: after.reason, comment: after.comment, ...(input.lines ? { lines: input.lines.length } : {}) },
    });
    return documentOut(ctx, tx, after);
  });
}

export async function deleteDocument(ctx: Ctx, type: StockDocumentType, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const doc = await loadDocument(ctx, tx, type, id, true);
    if (doc.status !== 'draft' || doc.locationId !== ctx.locationId) throw conflict(stockMessages.notDraft);
    await tx.delete(stockDocuments).where(eq(stockDocuments.id, id));
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: { type, number: doc.number } });
  });
}

export async function copyDocument(ctx: Ctx, type: StockDocumentType, id: string): Promise<StockDocument> {
  const locationId = currentLocation(ctx);
  return ctx.db.transaction(async (tx) => {
    const src = await loadDocument(ctx, tx, type, id);
    if (src.locationId !== locationId) throw notFound(stockMessages.documentNotFound);
    const lines = await repo.linesOf(tx, [id]);
    const number = await repo.nextNumber(tx, locationId, type, stockDocumentPrefixes[type]);
    const [doc] = await tx
      .insert(stockDocuments)
      .values({
        type,
        number,
        locationId,
        warehouseId: src.warehouseId,
        toWarehouseId: src.toWarehouseId,
        toLocationId: src.toLocationId,
        supplierId: src.supplierId,
        receiptId: src.receiptId,
        categoryId: src.categoryId,
        reason: src.reason,
        comment: src.comment,
        copiedFromId: src.id,
        authorId: ctx.auth.employeeId,
      })
      .returning();
    await repo.replaceLines(
      tx,
      doc.id,
      lines.map((l) => ({ productId: l.productId, qty: type === 'stocktake' ? 0 : l.qty, cost: l.cost, serials: type === 'stocktake' ? [] : l.serials, counted: null })),
    );
    await recordChange(tx, ctx, { entity: ENTITY, id: doc.id, action: 'create', after: { type, number, copiedFrom: src.number } });
    return documentOut(ctx, tx, doc);
  });
}

// ---------------------------------------------------------------------------------------------------
// Posting

const stockEvent = (id: string, locationId: string | null) => ({ entity: 'stock_balance' as const, id, type: 'posted' as const, locationId });

async function markPosted(tx: Tx, ctx: Ctx, doc: repo.DocumentRow, set: Partial<typeof stockDocuments.$inferInsert>, action: 'post' | 'update' = 'post') {
  const [after] = await tx.update(stockDocuments).set({ ...set, updatedAt: new Date() }).where(eq(stockDocuments.id, doc.id)).returning();
  const events = [{ locationId: doc.locationId, type: action === 'post' ? ('posted' as const) : ('updated' as const) }, stockEvent(doc.id, doc.locationId)];
  if (doc.toLocationId && doc.toLocationId !== doc.locationId) events.push({ locationId: doc.toLocationId, type: 'updated' }, stockEvent(doc.id, doc.toLocationId));
  await recordChange(tx, ctx, { entity: ENTITY, id: doc.id, action, diff: { status: { before: doc.status, after: after.status } }, locationId: doc.locationId, event: events });
  return after;
}

/** Posts a receipt, write-off, stocktake or supplier return (transfers are sent and received instead). */
export async function postDocument(ctx: Ctx, type: StockDocumentType, id: string): Promise<StockDocument> {
  return ctx.db.transaction(async (tx) => {
    const doc = await loadDocument(ctx, tx, type, id, true);
    if (doc.status !== 'draft' || doc.locationId !== ctx.locationId) throw conflict(stockMessages.notDraft);
    return (await postLoaded(ctx, tx, doc)).view();
  });
}

/**
 * A receipt created and posted at once inside the caller's transaction: receiving against a purchase
 * order (procurement). The lines are checked as a draft's and the posting is the usual one (ledger,
 * serials, supplier prices, audit and events of both steps).
 */
export async function postReceiptInTx(
  ctx: Ctx,
  tx: Tx,
  fields: { warehouseId: string; supplierId: string | null; purchaseOrderId: string | null; comment: string | null },
  lines: LineInput[],
): Promise<{ id: string; number: string }> {
  const locationId = currentLocation(ctx);
  await checkLines(tx, 'receipt', lines);
  const number = await repo.nextNumber(tx, locationId, 'receipt', stockDocumentPrefixes.receipt);
  const [doc] = await tx
    .insert(stockDocuments)
    .values({ type: 'receipt', number, locationId, ...fields, authorId: ctx.auth.employeeId })
    .returning();
  await repo.replaceLines(tx, doc.id, lines.map((l) => ({ productId: l.productId, qty: l.qty, cost: l.cost ?? 0, serials: l.serials ?? [] })));
  await recordChange(tx, ctx, { entity: ENTITY, id: doc.id, action: 'create', after: { type: 'receipt', number, warehouseId: doc.warehouseId, lines: lines.length } });
  await postLoaded(ctx, tx, doc);
  return { id: doc.id, number: doc.number };
}

/**
 * The posting of a locked draft (postDocument, postReceiptInTx). `view` builds the answer from the rows
 * in hand: a caller that answers with something else (an order received) does not pay for it.
 */
async function postLoaded(ctx: Ctx, tx: Tx, doc: repo.DocumentRow): Promise<{ view: () => Promise<StockDocument> }> {
  const { type, id } = doc;
  const lines = await repo.linesOf(tx, [id]);
  if (lines.length === 0) throw invalidInput({ lines: stockMessages.emptyDocument }, stockMessages.emptyDocument);
  const productMap = await repo.productsByIds(tx, lines.map((l) => l.productId));
  const pools = await lockPools(tx, lines.map((l) => l.productId));
  const moves: Move[] = [];
  const lineValues: Array<{ id: string; value: number }> = [];
  if (type === 'receipt') {
    checkSerialsComplete(lines, productMap);
    for (const l of lines) {
      const pool = pools.get(l.productId)!;
      const cost = l.cost ?? 0;
      pools.set(l.productId, { ...valuation.receive(pool, l.qty, cost), lastAverage: pool.lastAverage });
      moves.push({ warehouseId: doc.warehouseId, productId: l.productId, qty: l.qty, value: l.qty * cost });
      lineValues.push({ id: l.id, value: l.qty * cost });
      await enterSerials(tx, doc, l, productMap.get(l.productId)!);
    }
    if (doc.supplierId) await recordSupplierPrices(tx, { id: doc.id, supplierId: doc.supplierId }, lines);
  } else if (type === 'write_off' || type === 'supplier_return') {
    if (type === 'write_off' && !doc.reason) throw invalidInput({ reason: stockMessages.reasonRequired }, stockMessages.reasonRequired);
    checkSerialsComplete(lines, productMap);
    if (type === 'supplier_return') await assertReturnLimits(tx, doc, lines, productMap);
    await assertAvailable(tx, lines.map((l) => ({ warehouseId: doc.warehouseId, productId: l.productId, qty: l.qty })));
    for (const l of lines) {
      await leaveSerials(tx, doc, l, productMap.get(l.productId)!, { status: 'gone', warehouseId: null });
      const pool = pools.get(l.productId)!;
      const taken = valuation.take(pool, l.qty);
      pools.set(l.productId, { ...taken.pool, lastAverage: pool.lastAverage });
      moves.push({ warehouseId: doc.warehouseId, productId: l.productId, qty: -l.qty, value: -taken.value });
      lineValues.push({ id: l.id, value: taken.value });
    }
  } else if (type === 'stocktake') {
    const balances = await balancesOf(tx, lines.map((l) => ({ warehouseId: doc.warehouseId, productId: l.productId })));
    for (const l of lines) {
      const b = balances.get(key(doc.warehouseId, l.productId));
      const expected = b?.qty ?? 0;
      const counted = l.counted ?? expected;
      const diff = counted - expected;
      const pool = pools.get(l.productId)!;
      let value = 0;
      if (diff > 0) {
        value = valuation.surplusValue(pool, diff, l.cost, pool.lastAverage);
        pools.set(l.productId, { ...valuation.enter(pool, diff, value), lastAverage: pool.lastAverage });
        moves.push({ warehouseId: doc.warehouseId, productId: l.productId, qty: diff, value });
      } else if (diff < 0) {
        if (b && counted < b.reserved) {
          throw conflict(`«${productMap.get(l.productId)?.name}»: посчитано ${counted}, но ${b.reserved} в резерве — сначала снимите резерв`);
        }
        const taken = valuation.take(pool, -diff);
        value = taken.value;
        pools.set(l.productId, { ...taken.pool, lastAverage: pool.lastAverage });
        moves.push({ warehouseId: doc.warehouseId, productId: l.productId, qty: diff, value: -value });
      }
      await repo.updateLine(tx, l.id, { expected, counted, qty: diff, value });
      await recountSerials(tx, doc, l, productMap.get(l.productId)!);
    }
  } else {
    throw conflict('Перемещение отправляют и принимают, а не проводят');
  }
  await repo.setLineValues(tx, lineValues);
  await writeMoves(tx, doc, moves, pools);
  const after = await markPosted(tx, ctx, doc, { status: 'posted', postedAt: new Date(), postedById: ctx.auth.employeeId });
  // Only a line's value changed (a stocktake rewrites its lines: read them again).
  if (type === 'stocktake') return { view: () => documentOut(ctx, tx, after) };
  const values = new Map(lineValues.map((v) => [v.id, v.value]));
  return { view: () => documentOut(ctx, tx, after, { lines: lines.map((l) => ({ ...l, value: values.get(l.id) ?? l.value })), products: productMap }) };
}

/** Receipt serials: new ones, or ones that left earlier (a phone bought back); never one in stock or in transit. */
async function enterSerials(tx: Tx, doc: repo.DocumentRow, line: repo.LineRow, product: repo.ProductRow): Promise<void> {
  if (!product.serialTracked || line.serials.length === 0) return;
  const existing = await repo.serialsOf(tx, line.productId, line.serials);
  const busy = existing.find((s) => s.status !== 'gone');
  if (busy) {
    const w = busy.warehouseId ? await repo.findWarehouse(tx, busy.warehouseId) : null;
    throw conflict(serialInStockMessage(busy.serial, w?.name ?? 'в пути'));
  }
  await repo.setSerials(tx, line.productId, line.serials, { status: 'in_stock', warehouseId: doc.warehouseId, documentId: doc.id });
}

/** Outgoing serials must be in the document's warehouse now. */
async function leaveSerials(tx: Tx, doc: repo.DocumentRow, line: repo.LineRow, product: repo.ProductRow, to: { status: 'gone' | 'in_transit'; warehouseId: string | null }) {
  if (!product.serialTracked || line.serials.length === 0) return;
  const existing = await repo.serialsOf(tx, line.productId, line.serials);
  for (const serial of line.serials) {
    const s = existing.find((e) => e.serial === serial);
    if (!s || s.status !== 'in_stock' || s.warehouseId !== doc.warehouseId) {
      const w = await repo.findWarehouse(tx, doc.warehouseId);
      throw conflict(serialNotInWarehouseMessage(serial, w?.name ?? ''));
    }
  }
  await repo.setSerials(tx, line.productId, line.serials, { ...to, documentId: doc.id });
}

/** A stocktake of a serial-tracked product: serials counted become «in stock here», those in stock here but not counted leave. */
async function recountSerials(tx: Tx, doc: repo.DocumentRow, line: repo.LineRow, product: repo.ProductRow): Promise<void> {
  if (!product.serialTracked || line.serials.length === 0) return;
  const here = await repo.serialsInWarehouse(tx, line.productId, doc.warehouseId);
  const counted = new Set(line.serials);
  const existing = await repo.serialsOf(tx, line.productId, line.serials);
  const elsewhere = existing.find((s) => s.status !== 'gone' && s.warehouseId !== doc.warehouseId);
  if (elsewhere) {
    const w = elsewhere.warehouseId ? await repo.findWarehouse(tx, elsewhere.warehouseId) : null;
    throw conflict(serialInStockMessage(elsewhere.serial, w?.name ?? 'в пути'));
  }
  await repo.setSerials(tx, line.productId, here.filter((s) => !counted.has(s)), { status: 'gone', warehouseId: null, documentId: doc.id });
  await repo.setSerials(tx, line.productId, line.serials, { status: 'in_stock', warehouseId: doc.warehouseId, documentId: doc.id });
}

/** A supplier return takes at most what its receipt brought in minus the posted returns before it. */
async function assertReturnLimits(tx: Tx, doc: repo.DocumentRow, lines: repo.LineRow[], productMap: Map<string, repo.ProductRow>): Promise<void> {
  const receipt = await repo.findDocument(tx, doc.receiptId!, { lock: true });
  if (!receipt || receipt.status !== 'posted') throw conflict(stockMessages.receiptNotFound);
  const receiptLines = await repo.linesOf(tx, [receipt.id]);
  const returned = await tx
    .select({ productId: stockDocumentLines.productId, qty: sql<number>`sum(${stockDocumentLines.qty})`.mapWith(Number) })
    .from(stockDocumentLines)
    .innerJoin(stockDocuments, eq(stockDocuments.id, stockDocumentLines.documentId))
    .where(and(eq(stockDocuments.receiptId, receipt.id), eq(stockDocuments.type, 'supplier_return'), eq(stockDocuments.status, 'posted')))
    .groupBy(stockDocumentLines.productId);
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    const brought = receiptLines.find((r) => r.productId === l.productId)?.qty ?? 0;
    const available = brought - (returned.find((r) => r.productId === l.productId)?.qty ?? 0);
    if (l.qty > available) errors[`lines.${i}.qty`] = returnLimitMessage(productMap.get(l.productId)?.name ?? '', receipt.number, Math.max(0, available));
    const serialsIn = new Set(receiptLines.find((r) => r.productId === l.productId)?.serials ?? []);
    if (l.serials.some((s) => !serialsIn.has(s))) errors[`lines.${i}.serials`] = `Серийный номер не из ${receipt.number}`;
  });
  if (Object.keys(errors).length) throw new AppError(409, 'conflict', Object.values(errors)[0], errors);
}

// ---------------------------------------------------------------------------------------------------
// Transfers

/** Sends a transfer: the goods leave the source into «in transit» (the pool does not change). */
export async function sendTransfer(ctx: Ctx, id: string): Promise<StockDocument> {
  return ctx.db.transaction(async (tx) => {
    const doc = await loadDocument(ctx, tx, 'transfer', id, true);
    if (doc.status !== 'draft' || doc.locationId !== ctx.locationId) throw conflict(stockMessages.notDraft);
    const lines = await repo.linesOf(tx, [id]);
    if (lines.length === 0) throw invalidInput({ lines: stockMessages.emptyDocument }, stockMessages.emptyDocument);
    const productMap = await repo.productsByIds(tx, lines.map((l) => l.productId));
    checkSerialsComplete(lines, productMap);
    const pools = await lockPools(tx, lines.map((l) => l.productId));
    await assertAvailable(tx, lines.map((l) => ({ warehouseId: doc.warehouseId, productId: l.productId, qty: l.qty })));
    const moves: Move[] = [];
    const sent: Array<{ id: string; value: number }> = [];
    for (const l of lines) {
      await leaveSerials(tx, doc, l, productMap.get(l.productId)!, { status: 'in_transit', warehouseId: null });
      const value = valuation.take(pools.get(l.productId)!, l.qty).value; // what the units are worth, for display; the pool stays
      moves.push({ warehouseId: doc.warehouseId, productId: l.productId, qty: -l.qty, value: -value }, { warehouseId: null, productId: l.productId, qty: l.qty, value });
      sent.push({ id: l.id, value });
    }
    await repo.setLineValues(tx, sent);
    await writeMoves(tx, doc, moves, pools);
    const after = await markPosted(tx, ctx, doc, { status: 'in_transit', postedAt: new Date(), postedById: ctx.auth.employeeId }, 'update');
    return documentOut(ctx, tx, after);
  });
}

/**
 * Receives a transfer at its destination (an employee of the destination location). Units received
 * less than sent are a loss in transit: they leave the company's stock at the current average (a
 * shortage row in transit), and the document keeps both quantities.
 */
export async function receiveTransfer(ctx: Ctx, id: string, input: ReceiveTransferRequest): Promise<StockDocument> {
  return ctx.db.transaction(async (tx) => {
    const doc = await loadDocument(ctx, tx, 'transfer', id, true);
    if (doc.status !== 'in_transit') throw conflict(stockMessages.notInTransit);
    if (doc.toLocationId !== ctx.locationId) throw conflict('Перемещение принимают в магазине назначения');
    const lines = await repo.linesOf(tx, [id]);
    const errors: Record<string, string> = {};
    (input.lines ?? []).forEach((r, i) => {
      const line = lines.find((l) => l.productId === r.productId);
      if (!line) errors[`lines.${i}.productId`] = 'Товара нет в перемещении';
      else if (r.qty > line.qty) errors[`lines.${i}.qty`] = stockMessages.receivedTooMuch;
    });
    if (Object.keys(errors).length) throw invalidInput(errors);
    const productMap = await repo.productsByIds(tx, lines.map((l) => l.productId));
    const pools = await lockPools(tx, lines.map((l) => l.productId));
    const moves: Move[] = [];
    for (const l of lines) {
      const received = input.lines?.find((r) => r.productId === l.productId)?.qty ?? l.qty;
      const lost = l.qty - received;
      const sentValue = l.value ?? 0;
      const [receivedValue] = valuation.splitLargestRemainder(sentValue, [received, lost]);
      moves.push({ warehouseId: null, productId: l.productId, qty: -received, value: -receivedValue });
      if (received > 0) moves.push({ warehouseId: doc.toWarehouseId, productId: l.productId, qty: received, value: receivedValue });
      if (lost > 0) {
        const pool = pools.get(l.productId)!;
        const taken = valuation.take(pool, lost);
        pools.set(l.productId, { ...taken.pool, lastAverage: pool.lastAverage });
        moves.push({ warehouseId: null, productId: l.productId, qty: -lost, value: -taken.value });
      }
      await repo.updateLine(tx, l.id, { received });
      const product = productMap.get(l.productId)!;
      if (product.serialTracked && l.serials.length) {
        // The serials that arrived are the first `received` of the line; the rest are lost with the units.
        await repo.setSerials(tx, l.productId, l.serials.slice(0, received), { status: 'in_stock', warehouseId: doc.toWarehouseId, documentId: doc.id });
        await repo.setSerials(tx, l.productId, l.serials.slice(received), { status: 'gone', warehouseId: null, documentId: doc.id });
      }
    }
    await writeMoves(tx, doc, moves, pools);
    const after = await markPosted(tx, ctx, doc, { status: 'received', receivedAt: new Date(), receivedById: ctx.auth.employeeId }, 'update');
    return documentOut(ctx, tx, after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Cancelling

/**
 * Cancels a posted document (or a transfer in transit or received) with the exact reversal of its
 * movements; refused when a later movement depends on it. A draft is deleted instead.
 */
export async function cancelDocument(ctx: Ctx, type: StockDocumentType, id: string): Promise<StockDocument> {
  return ctx.db.transaction(async (tx) => {
    const doc = await loadDocument(ctx, tx, type, id, true);
    if (doc.locationId !== ctx.locationId) throw conflict('Отменить документ можно в магазине, где он создан');
    if (doc.status === 'cancelled') throw conflict(stockMessages.alreadyCancelled);
    if (doc.status === 'draft') throw conflict(stockMessages.notPosted);
    if (type === 'receipt') {
      const returns = await tx
        .select({ number: stockDocuments.number })
        .from(stockDocuments)
        .where(and(eq(stockDocuments.receiptId, id), eq(stockDocuments.status, 'posted')));
      if (returns.length) throw conflict(`Нельзя отменить ${doc.number}: по нему проведён возврат поставщику ${returns.map((r) => r.number).join(', ')}`);
    }
    const lines = await repo.linesOf(tx, [id]);
    await assertSerialsUntouched(tx, doc, lines);
    // The order is locked before the pools (as receiving does): its lines get the quantities back.
    if (doc.purchaseOrderId) await receiptCancelled(tx, ctx, { id, number: doc.number, purchaseOrderId: doc.purchaseOrderId }, lines);
    await reverseDocument(tx, doc);
    await restoreSerials(tx, doc, lines);
    const [after] = await tx
      .update(stockDocuments)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelledById: ctx.auth.employeeId, updatedAt: new Date() })
      .where(eq(stockDocuments.id, id))
      .returning();
    if (doc.supplierId && type === 'receipt') await recomputeSupplierPrices(tx, doc.supplierId, lines.map((l) => l.productId));
    const events = [{ locationId: doc.locationId }, stockEvent(doc.id, doc.locationId)];
    if (doc.toLocationId && doc.toLocationId !== doc.locationId) events.push({ locationId: doc.toLocationId }, stockEvent(doc.id, doc.toLocationId));
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'cancel', diff: { status: { before: doc.status, after: 'cancelled' } }, event: events });
    return documentOut(ctx, tx, after);
  });
}

/** A serial this document moved must still be where the document left it (no later document moved it). */
async function assertSerialsUntouched(tx: Tx, doc: repo.DocumentRow, lines: repo.LineRow[]): Promise<void> {
  for (const l of lines) {
    if (l.serials.length === 0) continue;
    const rows = await repo.serialsOf(tx, l.productId, l.serials);
    const moved = rows.find((r) => r.documentId !== doc.id);
    if (moved) {
      const later = moved.documentId ? await repo.findDocument(tx, moved.documentId) : null;
      throw conflict(`Нельзя отменить ${doc.number}: серийный номер ${moved.serial} уже перемещён документом ${later?.number ?? '—'}`);
    }
  }
}

async function restoreSerials(tx: Tx, doc: repo.DocumentRow, lines: repo.LineRow[]): Promise<void> {
  for (const l of lines) {
    if (l.serials.length === 0) continue;
    if (doc.type === 'receipt') await repo.setSerials(tx, l.productId, l.serials, { status: 'gone', warehouseId: null, documentId: doc.id });
    else if (doc.type === 'write_off' || doc.type === 'supplier_return' || doc.type === 'transfer') {
      await repo.setSerials(tx, l.productId, l.serials, { status: 'in_stock', warehouseId: doc.warehouseId, documentId: doc.id });
    }
    // A stocktake's serial changes are not undone one by one: its quantities are, and a recount fixes the serials.
  }
}

// ---------------------------------------------------------------------------------------------------
// Warehouses (settings)

export async function listWarehouses(ctx: Ctx, locationId?: string) {
  const ids = locationId ? ctx.auth.locationIds.filter((l) => l === locationId) : ctx.auth.locationIds;
  if (locationId && ids.length === 0) throw notFound('Магазин не найден');
  return repo.warehousesWithLocation(ctx.db, ids);
}

/** Every warehouse of the company (a transfer may go to a shop the employee does not work in). */
export async function listAllWarehouses(ctx: Ctx) {
  const rows = await ctx.db.selectDistinct({ locationId: warehouses.locationId }).from(warehouses);
  return repo.warehousesWithLocation(ctx.db, rows.map((r) => r.locationId));
}

export async function createWarehouse(ctx: Ctx, input: { name: string; locationId: string }) {
  if (!ctx.auth.locationIds.includes(input.locationId)) throw invalidInput({ locationId: 'Магазин не найден' });
  return ctx.db.transaction(async (tx) => {
    const same = await tx.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.locationId, input.locationId));
    if (same.some((w) => w.name.toLowerCase() === input.name.toLowerCase())) throw conflict(stockMessages.warehouseExists);
    const [row] = await tx.insert(warehouses).values({ name: input.name, locationId: input.locationId, isDefault: same.length === 0 }).returning();
    await recordChange(tx, ctx, { entity: 'location', id: input.locationId, action: 'update', after: { warehouse: row.name }, locationId: input.locationId });
    return (await repo.warehousesWithLocation(tx, [input.locationId])).find((w) => w.id === row.id)!;
  });
}

export async function updateWarehouse(ctx: Ctx, id: string, input: { name?: string; isDefault?: true }) {
  return ctx.db.transaction(async (tx) => {
    const w = await repo.findWarehouse(tx, id);
    if (!w || !ctx.auth.locationIds.includes(w.locationId)) throw notFound(stockMessages.warehouseNotFound);
    if (input.name !== undefined) {
      const same = await tx.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.locationId, w.locationId));
      if (same.some((o) => o.id !== id && o.name.toLowerCase() === input.name!.toLowerCase())) throw conflict(stockMessages.warehouseExists);
      await tx.update(warehouses).set({ name: input.name }).where(eq(warehouses.id, id));
    }
    if (input.isDefault) {
      await tx.update(warehouses).set({ isDefault: false }).where(eq(warehouses.locationId, w.locationId));
      await tx.update(warehouses).set({ isDefault: true }).where(eq(warehouses.id, id));
    }
    await recordChange(tx, ctx, { entity: 'location', id: w.locationId, action: 'update', before: { warehouse: w.name, isDefault: w.isDefault }, after: { warehouse: input.name ?? w.name, isDefault: input.isDefault ?? w.isDefault }, locationId: w.locationId });
    return (await repo.warehousesWithLocation(tx, [w.locationId])).find((x) => x.id === id)!;
  });
}


// ---------------------------------------------------------------------------------------------------
// For other modules that move goods (repair orders, sales): the warehouse and serial facts they check.

/** A warehouse by id (null when unknown). */
export const warehouseById = (db: Ctx['db'] | Tx, id: string) => repo.findWarehouse(db, id);
/** The serials of a product now in a warehouse. */
export const serialsIn = (db: Ctx['db'] | Tx, productId: string, warehouseId: string) => repo.serialsInWarehouse(db, productId, warehouseId);
/** Where serials are now (in stock in a warehouse, or gone), naming the document that moved them. */
export const placeSerials = (tx: Tx, productId: string, serials: string[], state: { status: 'in_stock' | 'in_transit' | 'gone'; warehouseId: string | null; documentId: string }) =>
  repo.setSerials(tx, productId, serials, state);
