import { randomUUID } from 'node:crypto';
import {
  formatKopecks,
  hasRule,
  messages,
  missingRuleMessage,
  priceSale,
  ruleScope,
  saleMessages,
  salePrefix,
  saleReturnPrefix,
  withinCap,
  type Action,
  type CreateSaleInput,
  type Discount,
  type PaymentMethod,
  type Sale,
  type SaleListItem,
  type SalePage,
  type SaleReturnInput,
} from '@repo/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { saleLines, salePayments, saleReturnLines, saleReturns, sales } from '../../db/schema';
import { confirmingEmployee, employeeGrant } from '../auth/service';
import { recordChange, recordChanges, type Change } from '../../lib/change';
import { nextNumber } from '../../lib/counters';
import { scopeOf as requireScope, type Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { idempotent, type StoredAnswer } from '../../lib/idempotency';
import { postClientLedger } from '../clients/ledger';
import { getOffer } from '../credits/service';
import { checkOperation, postingCashboxes, postOperations, reverseOperations, systemCategory } from '../finance/service';
import { assertAvailable, insufficientStock, lockPools, namesOf, reverseDocument, writeMoves, type Move } from '../stock/engine';
import { placeSerials, serialsIn } from '../stock/service';
import * as commissions from '../payroll/commissions';
import * as valuation from '../stock/valuation';
import * as repo from './repository';
import type { postSaleRequestSchema, saleListQuerySchema } from '@repo/contracts';

/**
 * Sales at the counter (server/docs/sales.md). A sale is a draft until posted; posting is one
 * transaction: the goods leave the warehouse at the average cost (stock engine, the ledger names the
 * sale), each payment is a cash operation into its cashbox (finance service: the open shift, the
 * client's ledger), the client is charged the total (client ledger), audit + realtime `sale`.
 */

const ENTITY = 'sale' as const;
const rub = formatKopecks;

// ---------------------------------------------------------------------------------------------------
// Access

const scopeOf = (ctx: Ctx, action: Action) => requireScope(ctx, action, ENTITY);

function allowed(ctx: Ctx, action: Action, sale: repo.SaleRow): boolean {
  const scope = ruleScope(ctx.auth.rules, action, ENTITY);
  if (!scope || !ctx.auth.locationIds.includes(sale.locationId)) return false;
  if (scope === 'own') return sale.employeeId === ctx.auth.employeeId;
  if (scope === 'location') return sale.locationId === ctx.locationId;
  return true;
}

export async function saleFor(ctx: Ctx, db: Ctx['db'] | Tx, id: string, action: Action, lock = false): Promise<repo.SaleRow> {
  const sale = await repo.findSale(db, id, lock);
  if (!sale || !allowed(ctx, 'view', sale)) throw notFound(saleMessages.notFound);
  if (action !== 'view' && !allowed(ctx, action, sale)) throw forbidden(missingRuleMessage(`${action}:${ENTITY}`));
  return sale;
}

function currentLocation(ctx: Ctx): string {
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  return ctx.locationId;
}

const seesCost = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_cost');
const seesContacts = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_client_contacts');

// ---------------------------------------------------------------------------------------------------
// Views

/** Names a list item needs that the caller may already hold (a sale just written). */
interface KnownNames {
  client?: { id: string; name: string; phone: string | null } | null;
  employeeName?: string;
}

async function listItemsOut(ctx: Ctx, db: Ctx['db'] | Tx, rows: repo.SaleRow[], known: KnownNames = {}): Promise<SaleListItem[]> {
  const clients = known.client !== undefined ? new Map(known.client ? [[known.client.id, known.client]] : []) : await repo.clientsByIds(db, rows.map((r) => r.clientId!).filter(Boolean));
  const names = known.employeeName !== undefined ? new Map(rows.map((r) => [r.employeeId ?? '', known.employeeName!])) : await repo.employeeNames(db, rows.map((r) => r.employeeId));
  return rows.map((r) => {
    const client = r.clientId ? clients.get(r.clientId) : undefined;
    // A sale of a shop the employee does not work in (a return made here): its name, never its ids.
    const own = ctx.auth.locationIds.includes(r.locationId);
    return {
      id: r.id,
      number: r.number,
      status: r.status,
      locationId: own ? r.locationId : null,
      warehouseId: own ? r.warehouseId : null,
      client: client ? { id: client.id, name: client.name, phone: seesContacts(ctx) ? client.phone : null } : null,
      employee: r.employeeId ? { id: r.employeeId, name: names.get(r.employeeId) ?? '' } : null,
      subtotal: r.subtotal,
      discount: r.discount,
      total: r.total,
      paid: r.paid,
      creditAmount: r.creditAmount,
      creditPending: r.status === 'posted' && r.creditAmount > 0 && !r.creditConfirmedAt,
      due: r.status === 'posted' ? Math.max(0, r.total - r.paid - r.creditAmount) : 0,
      returned: r.returned,
      methods: r.methods as PaymentMethod[],
      createdAt: r.createdAt.toISOString(),
      postedAt: r.postedAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
    };
  });
}

type PaymentView = Awaited<ReturnType<typeof repo.paymentsOf>>[number];

/**
 * What a sale's answer is built from, when the caller has it in hand (a sale created and posted in one
 * call: nine reads fewer); anything absent is read.
 */
interface KnownSale extends KnownNames {
  lines?: repo.LineRow[];
  products?: Map<string, { sku: string | null }>;
  payments?: PaymentView[];
  places?: { warehouseName: string; locationName: string };
  approverName?: string | null;
  offer?: { partner: string; name: string } | null;
}

async function saleOut(ctx: Ctx, db: Ctx['db'] | Tx, sale: repo.SaleRow, known: KnownSale = {}): Promise<Sale> {
  const [item] = await listItemsOut(ctx, db, [sale], known);
  const lines = known.lines ?? (await repo.linesOf(db, [sale.id]));
  const skus = known.products ? new Map(lines.map((l) => [l.productId, known.products!.get(l.productId)?.sku ?? null])) : await repo.skusOf(db, lines.map((l) => l.productId));
  const payments = known.payments ?? (await repo.paymentsOf(db, sale.id));
  // A sale just written has no returns yet.
  const returns = known.lines ? [] : await repo.returnsOf(db, sale.id);
  const places = known.places ?? placeNames(await repo.placeOf(db, sale.warehouseId));
  const approver = !sale.approvedById ? null : known.approverName !== undefined ? known.approverName : (await repo.employeeNames(db, [sale.approvedById])).get(sale.approvedById);
  const credit = !sale.creditOfferId ? null : known.offer !== undefined ? known.offer : await offerIn(ctx, db, sale.creditOfferId);
  const creditOperation = sale.creditOperationId ? await repo.operationNumber(db, sale.creditOperationId) : null;
  const cost = seesCost(ctx);
  const paymentOut = (p: (typeof payments)[number]) => ({
    id: p.p.id,
    method: p.p.method,
    cashboxId: p.p.cashboxId,
    cashboxName: p.cashboxName,
    amount: p.p.amount,
    operationId: p.p.operationId,
    operationNumber: p.operationNumber,
  });
  return {
    ...item,
    ...places,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.name,
      sku: skus.get(l.productId) ?? null,
      isService: l.isService,
      qty: l.qty,
      price: l.price,
      discount: l.discount,
      total: l.total,
      serials: l.serials,
      returnedQty: l.returnedQty,
      cost: cost ? l.cost : null,
    })),
    payments: payments.filter((p) => !p.p.returnId).map(paymentOut),
    saleDiscount: sale.saleDiscount ?? null,
    credit: sale.creditOfferId
      ? {
          offerId: sale.creditOfferId,
          partner: credit?.partner ?? '',
          name: credit?.name ?? '',
          months: sale.creditMonths ?? 0,
          amount: sale.creditAmount,
          confirmedAt: sale.creditConfirmedAt?.toISOString() ?? null,
          operationNumber: creditOperation,
        }
      : null,
    returns: returns.map((r) => ({
      id: r.id,
      number: r.number,
      saleId: r.saleId,
      saleNumber: sale.number,
      // A return made at a shop the employee does not work in: no ids of that shop.
      ...(ctx.auth.locationIds.includes(r.locationId) ? { locationId: r.locationId, warehouseId: r.warehouseId } : { locationId: null, warehouseId: null }),
      amount: r.amount,
      lines: r.lines.map((l) => ({ lineId: l.saleLineId, productId: l.productId, name: lines.find((x) => x.id === l.saleLineId)?.name ?? '', qty: l.qty, amount: l.amount, serials: l.serials })),
      refunds: payments.filter((p) => p.p.returnId === r.id).map(paymentOut),
      createdAt: r.createdAt.toISOString(),
    })),
    comment: sale.comment,
    approvedBy: sale.approvedById ? { id: sale.approvedById, name: approver ?? '' } : null,
    updatedAt: sale.updatedAt.toISOString(),
  };
}

export async function getSale(ctx: Ctx, id: string): Promise<Sale> {
  return saleOut(ctx, ctx.db, await saleFor(ctx, ctx.db, id, 'view'));
}

/** The day after a `to` date (a date alone means the whole day, Moscow time). */
function dayBound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00+03:00`);
    return end ? new Date(d.getTime() + 86_400_000) : d;
  }
  return new Date(value);
}

export async function listSales(ctx: Ctx, q: z.output<typeof saleListQuerySchema>): Promise<SalePage> {
  const scope = scopeOf(ctx, 'view');
  const locationId = currentLocation(ctx);
  const filter: repo.ListFilter = {
    locationIds: [locationId],
    from: dayBound(q.from, false),
    to: dayBound(q.to, true),
    employeeId: scope === 'own' ? ctx.auth.employeeId : q.employeeId,
    clientId: q.clientId,
    method: q.method,
    status: q.status,
    withCancelled: q.withCancelled,
    search: q.search ?? undefined,
    creditPending: q.creditPending,
  };
  const { items, count, totals, byMethod } = await repo.listSales(ctx.db, filter, q.page, q.pageSize);
  return {
    items: await listItemsOut(ctx, ctx.db, items),
    total: count,
    page: q.page,
    pageSize: q.pageSize,
    totals: {
      count,
      ...totals,
      byMethod: { cash: 0, card: 0, transfer: 0, ...Object.fromEntries(byMethod.map((m) => [m.method, m.amount])) },
    },
  };
}

/** Posted sales of the whole company by number, for a return made at any location. */
export async function returnableSales(ctx: Ctx, search: string): Promise<Sale[]> {
  scopeOf(ctx, 'create');
  currentLocation(ctx);
  const rows = await repo.returnableSales(ctx.db, search);
  return Promise.all(rows.map((r) => saleOut(ctx, ctx.db, r)));
}

// ---------------------------------------------------------------------------------------------------
// Create and post

type SaleLineInput = CreateSaleInput['lines'][number];

type ClientRow = NonNullable<ReturnType<Awaited<ReturnType<typeof repo.clientsByIds>>['get']>>;

interface Priced {
  products: Map<string, repo.ProductRow>;
  lines: Array<Omit<SaleLineInput, 'discount'> & { product: repo.ProductRow; price: number; discount: number; total: number; gross: number; lineDiscount: Discount | null }>;
  subtotal: number;
  discount: number;
  total: number;
  saleDiscount: Discount | null;
}

/** Prices the lines against the catalogue (names, services, serial rules) and the discounts; field errors as 400. */
async function priceLines(tx: Tx, input: Pick<CreateSaleInput, 'lines' | 'discount' | 'clientId'>, client: ClientRow | null): Promise<Priced> {
  const products = await repo.productsByIds(tx, input.lines.map((l) => l.productId));
  const errors: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    const p = products.get(l.productId);
    if (!p) errors[`lines.${i}.productId`] = saleMessages.productNotFound;
    else if (p.archivedAt) errors[`lines.${i}.productId`] = saleMessages.productArchived;
    else if (p.kind === 'service' && l.serials?.length) errors[`lines.${i}.serials`] = saleMessages.serviceNoSerials;
    else if (!p.serialTracked && l.serials?.length) errors[`lines.${i}.serials`] = saleMessages.serialsNotTracked;
  });
  if (Object.keys(errors).length) throw invalidInput(errors, Object.values(errors)[0]);
  // Absent whole-sale discount: the client's personal one.
  let saleDiscount: Discount | null = input.discount ?? null;
  if (input.discount === undefined && client?.discountPercent) saleDiscount = { percent: client.discountPercent };
  const withPrice = input.lines.map((l) => ({ ...l, price: l.price ?? products.get(l.productId)!.price }));
  const priced = priceSale(withPrice, saleDiscount);
  if (Object.keys(priced.errors).length) throw invalidInput(priced.errors, Object.values(priced.errors)[0]);
  return {
    products,
    lines: withPrice.map((l, i) => ({ ...l, product: products.get(l.productId)!, lineDiscount: l.discount ?? null, ...priced.lines[i] })),
    subtotal: priced.subtotal,
    discount: priced.subtotal - priced.total,
    total: priced.total,
    saleDiscount: saleDiscount && discountIsZero(saleDiscount) ? null : saleDiscount,
  };
}

const discountIsZero = (d: Discount) => ('percent' in d ? d.percent === 0 : d.amount === 0);

/**
 * The discount cap: every line's whole discount within the seller's cap (their role's, or the client's
 * personal discount if larger); above it a confirmation by a colleague with `edit:sale` whose cap covers it.
 * Returns the approver.
 */
async function checkCap(
  ctx: Ctx,
  tx: Tx,
  lines: Array<{ gross: number; discount: number }>,
  clientId: string | null | undefined,
  approval: CreateSaleInput['discountApproval'],
  known?: ClientRow | null,
): Promise<{ id: string; name: string } | null> {
  // No discount at all: nothing to check.
  if (lines.every((l) => l.discount <= 0)) return null;
  const seller = await employeeGrant(tx, ctx.auth.employeeId);
  const client = known !== undefined ? known : clientId ? (await repo.clientsByIds(tx, [clientId])).get(clientId) : undefined;
  const cap = Math.max(seller?.maxDiscountPercent ?? 0, client?.discountPercent ?? 0);
  const over = lines.filter((l) => !withinCap(l, cap));
  if (!over.length) return null;
  if (!approval) throw new AppError(409, 'discount_approval_required', saleMessages.discountOverCap(cap));
  const approver = await confirmingEmployee(tx, approval.phone, approval.password);
  if (!approver) throw invalidInput({ 'discountApproval.password': saleMessages.approvalWrong }, saleMessages.approvalWrong);
  if (!hasRule(approver.rules, 'edit:sale') || over.some((l) => !withinCap(l, approver.maxDiscountPercent))) {
    throw forbidden(saleMessages.approverNoRight);
  }
  return { id: approver.id, name: approver.name };
}

/** The warehouse must be of the current location, the client must exist: the location, the place's names and the client's row. */
async function checkPlace(
  ctx: Ctx,
  tx: Tx,
  warehouseId: string,
  clientId: string | null | undefined,
): Promise<{ locationId: string; client: ClientRow | null; places: { warehouseName: string; locationName: string } }> {
  const locationId = currentLocation(ctx);
  const warehouse = await repo.placeOf(tx, warehouseId);
  if (!warehouse) throw invalidInput({ warehouseId: saleMessages.warehouseNotFound }, saleMessages.warehouseNotFound);
  if (warehouse.locationId !== locationId) throw invalidInput({ warehouseId: saleMessages.warehouseOtherLocation }, saleMessages.warehouseOtherLocation);
  const client = clientId ? ((await repo.clientsByIds(tx, [clientId])).get(clientId) ?? null) : null;
  if (clientId && !client) throw invalidInput({ clientId: saleMessages.clientNotFound }, saleMessages.clientNotFound);
  return { locationId, client, places: placeNames(warehouse) };
}

/** The warehouse's and its location's names, as a sale shows them. */
const placeNames = (place: Awaited<ReturnType<typeof repo.placeOf>>) => ({ warehouseName: place?.warehouseName ?? '', locationName: place?.locationName ?? '' });

/**
 * A credit offer read through the caller's transaction (null when there is none): PGlite has a single
 * connection, so a read on `ctx.db` while the transaction is open would wait for it forever.
 */
export const offerIn = (ctx: Ctx, db: Ctx['db'] | Tx, id: string) => getOffer({ ...ctx, db: db as Ctx['db'] }, id).catch(() => null);

type Offer = NonNullable<Awaited<ReturnType<typeof offerIn>>>;

/** The credit partner's share: the offer must exist, be active, have the term, and the share be within its range. */
async function creditShare(
  ctx: Ctx,
  tx: Tx,
  input: Pick<CreateSaleInput, 'creditOfferId' | 'creditMonths'>,
  total: number,
  paid: number,
): Promise<{ share: number; offer: Offer | null }> {
  if (!input.creditOfferId) return { share: 0, offer: null };
  const offer = await offerIn(ctx, tx, input.creditOfferId);
  if (!offer || offer.archived) throw invalidInput({ creditOfferId: saleMessages.creditOfferNotFound }, saleMessages.creditOfferNotFound);
  if (!offer.terms.some((t) => t.months === input.creditMonths)) throw invalidInput({ creditMonths: saleMessages.creditMonths }, saleMessages.creditMonths);
  const share = total - paid;
  if (share < offer.minAmount || share > offer.maxAmount) {
    const message = saleMessages.creditOutOfRange(rub(offer.minAmount), rub(offer.maxAmount));
    throw invalidInput({ creditOfferId: message }, message);
  }
  return { share, offer };
}

/** The lines of a new sale, as they will be stored (ids taken here, so posting can refer to them before the insert). */
function newLines(saleId: string, priced: Priced): repo.LineRow[] {
  return priced.lines.map((l, i) => ({
    id: randomUUID(),
    saleId,
    position: i,
    productId: l.productId,
    name: l.product.name,
    isService: l.product.kind === 'service',
    qty: l.qty,
    price: l.price,
    lineDiscount: l.lineDiscount,
    discount: l.discount,
    total: l.total,
    serials: l.serials ?? [],
    cost: null,
    returnedQty: 0,
  }));
}

/** `POST /api/sales`: a draft, or (with `post: true`) posted in the same transaction. */
export async function createSale(ctx: Ctx, input: CreateSaleInput, key: string | null): Promise<StoredAnswer<Sale>> {
  scopeOf(ctx, 'create');
  if (input.post) scopeOf(ctx, 'post');
  return idempotent(ctx, key, 'POST /sales', input, 201, async (tx) => {
    const { locationId, client, places } = await checkPlace(ctx, tx, input.warehouseId, input.clientId);
    const priced = await priceLines(tx, input, client);
    const creditOfferId = input.creditOfferId ?? null;
    const creditMonths = input.creditOfferId ? (input.creditMonths ?? null) : null;
    // Posted in the same call: everything is checked before the first row is written, and the sale is
    // written posted at once (no draft row updated a moment later).
    const settled = input.post
      ? await settle(ctx, tx, { total: priced.total, clientId: input.clientId ?? null, creditOfferId, creditMonths }, priced.lines, input.payments, input.discountApproval, client)
      : null;
    const number = await nextNumber(tx, locationId, 'sale', salePrefix);
    const [row] = await tx
      .insert(sales)
      .values({
        locationId,
        number,
        warehouseId: input.warehouseId,
        clientId: input.clientId ?? null,
        employeeId: ctx.auth.employeeId,
        saleDiscount: priced.saleDiscount,
        subtotal: priced.subtotal,
        discount: priced.discount,
        total: priced.total,
        creditOfferId,
        creditMonths,
        comment: input.comment ?? null,
        ...(settled ? postedFields(settled) : {}),
      })
      .returning();
    const changes: Change[] = [{ entity: ENTITY, id: row.id, action: 'create', after: { number, total: priced.total, discount: priced.discount } }];
    const known: KnownSale = { products: priced.products, client, employeeName: ctx.auth.name, places, payments: [] };
    let lines = newLines(row.id, priced);
    const writes: SQL[] = [];
    if (settled) {
      // The lines are written after the goods left, with their cost (no update of rows just inserted).
      const done = await applyPosting(ctx, tx, row, lines, input.payments, settled, changes, priced.products);
      lines = lines.map((l) => ({ ...l, cost: done.costs.get(l.id) ?? null }));
      Object.assign(known, { payments: done.payments, approverName: settled.approver?.name ?? null, offer: settled.offer });
      changes.push(postChange(row, settled));
      writes.push(...done.writes);
    }
    known.lines = lines;
    // The lines, the payments, the audit rows and the events: one statement.
    await recordChanges(tx, ctx, changes, [repo.insertLinesSql(lines), ...writes]);
    if (settled) await commissions.salePosted(tx, row.id);
    return saleOut(ctx, tx, row, known);
  });
}

/** `POST /api/sales/:id/post`: posts a draft with the payments given now (or none). */
export async function postSale(ctx: Ctx, id: string, input: z.output<typeof postSaleRequestSchema>, key: string | null): Promise<StoredAnswer<Sale>> {
  return idempotent(ctx, key, `POST /sales/${id}/post`, input, 200, async (tx) => {
    const sale = await saleFor(ctx, tx, id, 'post', true);
    if (sale.status !== 'draft') throw conflict(saleMessages.notDraft);
    const payments = input.payments ?? [];
    const lines = await repo.linesOf(tx, [sale.id]);
    const settled = await settle(ctx, tx, sale, lines.map((l) => ({ gross: l.qty * l.price, discount: l.discount })), payments, input.discountApproval);
    const changes: Change[] = [];
    const { costs, writes } = await applyPosting(ctx, tx, sale, lines, payments, settled, changes);
    if (costs.size) {
      await tx.execute(sql`update sale_lines l set cost = v.cost from unnest(${sql.param([...costs.keys()])}::uuid[], ${sql.param([...costs.values()].map(String))}::bigint[]) as v(id, cost) where l.id = v.id`);
    }
    const [row] = await tx
      .update(sales)
      .set(postedFields(settled))
      .where(eq(sales.id, sale.id))
      .returning();
    changes.push(postChange(sale, settled));
    await recordChanges(tx, ctx, changes, writes);
    await commissions.salePosted(tx, sale.id);
    return saleOut(ctx, tx, row);
  });
}

/** What posting settles before anything is written: the payments against the total, the partner's share, the cap. */
interface Settlement {
  paid: number;
  credit: number;
  methods: PaymentMethod[];
  approver: { id: string; name: string } | null;
  offer: Offer | null;
}

/**
 * The checks of posting, before any row is written: the discount cap (checked when the sale is posted:
 * a draft may wait for the manager), the credit partner's share, the payments against the total (equal,
 * or less with `issue_on_credit`).
 */
async function settle(
  ctx: Ctx,
  tx: Tx,
  sale: Pick<repo.SaleRow, 'total' | 'clientId' | 'creditOfferId' | 'creditMonths'>,
  lines: Array<{ gross: number; discount: number }>,
  payments: CreateSaleInput['payments'],
  approval: CreateSaleInput['discountApproval'],
  client?: ClientRow | null,
): Promise<Settlement> {
  const approver = await checkCap(ctx, tx, lines, sale.clientId, approval, client);
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const { share: credit, offer } = await creditShare(ctx, tx, { creditOfferId: sale.creditOfferId, creditMonths: sale.creditMonths }, sale.total, paid);
  if (paid + credit > sale.total) throw invalidInput({ payments: saleMessages.paymentsOver(rub(sale.total), rub(paid + credit)) }, saleMessages.paymentsOver(rub(sale.total), rub(paid + credit)));
  if (paid + credit < sale.total && !hasRule(ctx.auth.rules, 'issue_on_credit')) {
    throw new AppError(409, 'payment_due', saleMessages.paymentsMismatch(rub(sale.total), rub(paid + credit)));
  }
  return { paid, credit, methods: [...new Set(payments.map((p) => p.method))], approver, offer };
}

/** A sale's columns once posted. */
const postedFields = (s: Settlement, at = new Date()) =>
  ({ status: 'posted', paid: s.paid, creditAmount: s.credit, methods: s.methods, approvedById: s.approver?.id ?? null, postedAt: at, updatedAt: at }) as const;

const postChange = (sale: repo.SaleRow, s: Settlement): Change => ({
  entity: ENTITY,
  id: sale.id,
  action: 'post',
  locationId: sale.locationId,
  after: { number: sale.number, total: sale.total, paid: s.paid, creditAmount: s.credit },
});

/**
 * Posting: the goods out of the warehouse at the average cost with their serials, each payment a cash
 * operation of the sale into its cashbox (finance service: the open shift, the client's ledger), the
 * client charged the total less the partner's share. The cash operations' changes join `changes`.
 * Any refusal rolls all of it back. Returns each goods line's cost (by line id: the caller stores it), the
 * payments, and their insert for the caller to send with its last statement (`recordChanges`).
 */
async function applyPosting(
  ctx: Ctx,
  tx: Tx,
  sale: repo.SaleRow,
  lines: repo.LineRow[],
  payments: CreateSaleInput['payments'],
  s: Settlement,
  changes: Change[],
  products?: Map<string, repo.ProductRow>,
): Promise<{ costs: Map<string, number>; payments: PaymentView[]; writes: SQL[] }> {
  const costs = await writeOff(tx, sale, lines, products);
  const boxes = await postingCashboxes(ctx, tx, payments.map((p, i) => ({ id: p.cashboxId, field: `payments.${i}.cashboxId` })));
  boxes.forEach((box, i) => {
    if (box.locationId !== sale.locationId) throw invalidInput({ [`payments.${i}.cashboxId`]: saleMessages.cashboxOtherLocation }, saleMessages.cashboxOtherLocation);
  });
  const category = payments.length ? await systemCategory(tx, 'sale_payment') : null;
  const charge = sale.clientId && sale.total !== 0 ? -(sale.total - s.credit) : 0;
  const ops = await postOperations(
    ctx,
    tx,
    payments.map((p, i) => ({
      kind: 'income',
      box: boxes[i],
      to: null,
      amount: p.amount,
      categoryId: category,
      clientId: sale.clientId,
      comment: `Оплата продажи ${sale.number}`,
      documentType: 'sale',
      documentId: sale.id,
      documentNumber: sale.number,
      copiedFromId: null,
    })),
    {
      changes,
      clientLedger: charge
        ? [{ clientId: sale.clientId!, kind: 'sale', amount: charge, locationId: sale.locationId, documentType: 'sale', documentId: sale.id, number: sale.number, comment: `Продажа ${sale.number}` }]
        : [],
    },
  );
  const at = new Date();
  const rows: repo.PaymentRow[] = payments.map((p, i) => ({ id: randomUUID(), saleId: sale.id, returnId: null, method: p.method, cashboxId: p.cashboxId, amount: p.amount, operationId: ops[i].id, createdAt: at }));
  return {
    costs,
    payments: rows.map((p, i) => ({ p, cashboxName: boxes[i].name, operationNumber: ops[i].number })),
    writes: rows.length ? [tx.insert(salePayments).values(rows).getSQL()] : [],
  };
}

/** The goods of a sale leave its warehouse: serials checked, ledger rows at the average cost; each goods line's cost, by line id. */
async function writeOff(tx: Tx, sale: repo.SaleRow, lines: repo.LineRow[], known?: Map<string, repo.ProductRow>): Promise<Map<string, number>> {
  const goods = lines.filter((l) => !l.isService);
  if (!goods.length) return new Map();
  const products = known ?? (await repo.productsByIds(tx, goods.map((l) => l.productId)));
  // Serials: exactly qty of them, each in this warehouse now, none twice.
  const errors: Record<string, string> = {};
  for (const l of goods) {
    const p = products.get(l.productId)!;
    if (!p.serialTracked) continue;
    const i = l.position;
    if (l.serials.length !== l.qty) {
      errors[`lines.${i}.serials`] = saleMessages.serialsCount(l.qty);
      continue;
    }
    const here = new Set((await serialsIn(tx, l.productId, sale.warehouseId)).map((s) => s.toUpperCase()));
    const seen = new Set<string>();
    for (const s of l.serials) {
      const k = s.toUpperCase();
      if (seen.has(k)) errors[`lines.${i}.serials`] = saleMessages.serialRepeated(s);
      else if (!here.has(k)) errors[`lines.${i}.serials`] = saleMessages.serialNotInStock(s);
      seen.add(k);
    }
  }
  if (Object.keys(errors).length) throw invalidInput(errors, Object.values(errors)[0]);
  const pools = await lockPools(tx, goods.map((l) => l.productId));
  await assertAvailable(
    tx,
    goods.map((l) => ({ warehouseId: sale.warehouseId, productId: l.productId, qty: l.qty })),
    pools,
  );
  const moves: Move[] = [];
  const costs: Array<{ id: string; cost: number }> = [];
  for (const l of goods) {
    const pool = pools.get(l.productId)!;
    let taken: { pool: valuation.Pool; value: number };
    try {
      taken = valuation.take(pool, l.qty);
    } catch (err) {
      if (err instanceof valuation.InsufficientStockError) {
        const names = await namesOf(tx, [l.productId], [sale.warehouseId]);
        throw insufficientStock(`Недостаточно товара: ${names.products.get(l.productId) ?? ''}`);
      }
      throw err;
    }
    pools.set(l.productId, { ...taken.pool, lastAverage: pool.lastAverage });
    moves.push({ warehouseId: sale.warehouseId, productId: l.productId, qty: -l.qty, value: -taken.value });
    costs.push({ id: l.id, cost: taken.value });
  }
  await writeMoves(tx, { id: sale.id, type: 'sale', number: sale.number }, moves, pools);
  for (const l of goods.filter((x) => x.serials.length)) await placeSerials(tx, l.productId, l.serials, { status: 'gone', warehouseId: null, documentId: sale.id });
  return new Map(costs.map((c) => [c.id, c.cost]));
}

// ---------------------------------------------------------------------------------------------------
// Cancel (same day, a manager) and returns

const moscowDay = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Cancels a sale: a draft simply; a posted one only on its own day (Moscow) and without returns, by an
 * employee with `cancel:sale` — the stock movements negated (stock rules), each payment's cash
 * operation reversed, the client's charge reversed.
 */
export async function cancelSale(ctx: Ctx, id: string, input: { comment?: string | null }, key: string | null): Promise<StoredAnswer<Sale>> {
  return idempotent(ctx, key, `POST /sales/${id}/cancel`, input, 200, async (tx) => {
    const sale = await saleFor(ctx, tx, id, 'cancel', true);
    if (sale.status === 'cancelled') throw conflict(saleMessages.alreadyCancelled);
    if (sale.status === 'posted') {
      if (moscowDay(sale.postedAt!) !== moscowDay(new Date())) throw conflict(saleMessages.cancelSameDay);
      if (sale.returned > 0 || (await repo.returnsOf(tx, id)).length) throw conflict(saleMessages.cancelHasReturns);
      await reverseDocument(tx, { id, type: 'sale', number: sale.number });
      const lines = await repo.linesOf(tx, [id]);
      for (const l of lines.filter((x) => x.serials.length && !x.isService)) {
        await placeSerials(tx, l.productId, l.serials, { status: 'in_stock', warehouseId: sale.warehouseId, documentId: id });
      }
      await reverseOperations(ctx, tx, (await repo.paymentsOf(tx, id)).flatMap((p) => (p.p.operationId ? [p.p.operationId] : [])));
      if (sale.clientId && sale.total - sale.creditAmount !== 0) {
        await postClientLedger(tx, [
          { clientId: sale.clientId, kind: 'sale', amount: sale.total - sale.creditAmount, locationId: sale.locationId, documentType: 'sale', documentId: id, number: sale.number, comment: `Отмена продажи ${sale.number}`, cancellation: true },
        ]);
      }
      // Last, as in the posting (stock pools, cashboxes, clients, then the seller's commission month):
      // a cancellation and a posting of the same seller never wait for each other crosswise.
      await commissions.saleCancelled(tx, id);
    }
    const [row] = await tx
      .update(sales)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date(), comment: input.comment ?? sale.comment })
      .where(eq(sales.id, id))
      .returning();
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'cancel', locationId: sale.locationId, before: { status: sale.status }, after: { status: 'cancelled' } });
    return saleOut(ctx, tx, row);
  });
}

/**
 * A customer return (`POST /api/sales/:id/returns`) at the current location, of a sale made at any
 * location of the company: the units (never more than sold minus returned) back into a warehouse here at
 * the cost that sale took (largest remainder by units), serials back in stock, the money out of
 * cashboxes here (the refunds must equal the lines' share of what was paid), the client's ledger.
 */
export async function createReturn(ctx: Ctx, id: string, input: SaleReturnInput, key: string | null): Promise<StoredAnswer<Sale>> {
  scopeOf(ctx, 'create');
  return idempotent(ctx, key, `POST /sales/${id}/returns`, input, 201, async (tx) => {
    const sale = await repo.findSale(tx, id, true);
    if (!sale || !ctx.auth.locationIds.length) throw notFound(saleMessages.notFound);
    if (sale.status !== 'posted') throw conflict(saleMessages.notPosted);
    const { locationId } = await checkPlace(ctx, tx, input.warehouseId, null);
    const lines = await repo.linesOf(tx, [id]);
    const errors: Record<string, string> = {};
    const taken = new Map<string, number>();
    const picked = input.lines.map((r, i) => {
      const candidates = lines.filter((l) => (r.lineId ? l.id === r.lineId : l.productId === r.productId));
      const line = candidates.find((l) => l.qty - l.returnedQty - (taken.get(l.id) ?? 0) >= r.qty) ?? candidates[0];
      if (!line) {
        errors[`lines.${i}.productId`] = saleMessages.returnLineNotFound;
        return null;
      }
      const left = line.qty - line.returnedQty - (taken.get(line.id) ?? 0);
      if (r.qty > left) errors[`lines.${i}.qty`] = saleMessages.returnTooMany(line.name, left);
      taken.set(line.id, (taken.get(line.id) ?? 0) + r.qty);
      if (!line.isService && line.serials.length) {
        const serials = r.serials ?? [];
        if (serials.length !== r.qty) errors[`lines.${i}.serials`] = saleMessages.returnSerials(r.qty);
        const sold = new Set(line.serials.map((s) => s.toUpperCase()));
        const bad = serials.find((s) => !sold.has(s.toUpperCase()));
        if (bad) errors[`lines.${i}.serials`] = saleMessages.returnSerialNotSold(bad);
      }
      return { line, qty: r.qty, serials: r.serials ?? [] };
    });
    if (Object.keys(errors).length) throw invalidInput(errors, Object.values(errors)[0]);
    const rows = picked.filter((x): x is NonNullable<typeof x> => !!x);
    // Money back: the units' share of the line total (largest remainder by units, like the cost).
    const amounts = rows.map((r) => valuation.customerReturnValue({ qty: r.line.qty, value: r.line.total }, r.line.returnedQty + alreadyIn(rows, r), r.qty));
    const amount = amounts.reduce((s, a) => s + a, 0);
    const refund = input.refunds.reduce((s, p) => s + p.amount, 0);
    // What the client paid in cash for the sale bounds the refund; a credit sale's partner share is settled with the partner.
    if (refund !== amount && !(sale.creditAmount > 0 && refund <= amount)) {
      throw invalidInput({ refunds: saleMessages.refundMismatch(rub(amount), rub(refund)) }, saleMessages.refundMismatch(rub(amount), rub(refund)));
    }
    const number = await nextNumber(tx, locationId, 'sale_return', saleReturnPrefix);
    const [ret] = await tx
      .insert(saleReturns)
      .values({ saleId: id, locationId, number, warehouseId: input.warehouseId, amount, authorId: ctx.auth.employeeId, comment: input.comment ?? null })
      .returning();
    // Goods back at the sale's cost.
    const goods = rows.filter((r) => !r.line.isService);
    const values = rows.map((r) => (r.line.isService ? 0 : valuation.customerReturnValue({ qty: r.line.qty, value: r.line.cost ?? 0 }, r.line.returnedQty + alreadyIn(rows, r), r.qty)));
    if (goods.length) {
      const pools = await lockPools(tx, goods.map((r) => r.line.productId));
      const moves: Move[] = [];
      rows.forEach((r, i) => {
        if (r.line.isService) return;
        const pool = pools.get(r.line.productId)!;
        pools.set(r.line.productId, { ...valuation.enter(pool, r.qty, values[i]), lastAverage: pool.lastAverage });
        moves.push({ warehouseId: input.warehouseId, productId: r.line.productId, qty: r.qty, value: values[i] });
      });
      // The ledger names the sale (its card opens from the movement); the row's number is the return's.
      await writeMoves(tx, { id: sale.id, type: 'sale', number }, moves, pools);
      for (const r of goods.filter((x) => x.serials.length)) await placeSerials(tx, r.line.productId, r.serials, { status: 'in_stock', warehouseId: input.warehouseId, documentId: ret.id });
    }
    await tx.insert(saleReturnLines).values(rows.map((r, i) => ({ returnId: ret.id, saleLineId: r.line.id, productId: r.line.productId, qty: r.qty, amount: amounts[i], value: values[i], serials: r.serials })));
    for (const r of rows) await tx.update(saleLines).set({ returnedQty: sql`${saleLines.returnedQty} + ${r.qty}` }).where(eq(saleLines.id, r.line.id));
    const category = await systemCategory(tx, 'sale_refund');
    const refunds = [];
    for (const [i, p] of input.refunds.entries()) {
      const fields = await checkOperation(ctx, tx, {
        kind: 'expense',
        cashboxId: p.cashboxId,
        amount: p.amount,
        categoryId: category,
        clientId: sale.clientId,
        comment: `Возврат по продаже ${sale.number} (${number})`,
        documentType: 'sale',
        documentId: sale.id,
        documentNumber: number,
      });
      if (fields.box.locationId !== locationId) throw invalidInput({ [`refunds.${i}.cashboxId`]: saleMessages.cashboxOtherLocation }, saleMessages.cashboxOtherLocation);
      refunds.push(fields);
    }
    // One batch: every cashbox locked at once, in id order, as a posting locks them.
    const ops = await postOperations(ctx, tx, refunds);
    if (ops.length) {
      await tx.insert(salePayments).values(input.refunds.map((p, i) => ({ saleId: id, returnId: ret.id, method: p.method, cashboxId: p.cashboxId, amount: -p.amount, operationId: ops[i].id })));
    }
    if (sale.clientId && amount !== 0) {
      await postClientLedger(tx, [{ clientId: sale.clientId, kind: 'sale', amount, locationId, documentType: 'sale', documentId: sale.id, number, comment: `Возврат по продаже ${sale.number}` }]);
    }
    // The commission month last, as in the posting (no crosswise waits with the seller's other postings).
    await commissions.saleReturned(tx, ret.id);
    const [row] = await tx
      .update(sales)
      .set({ returned: sql`${sales.returned} + ${amount}`, updatedAt: new Date() })
      .where(and(eq(sales.id, id)))
      .returning();
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id,
      action: 'update',
      locationId,
      diff: { returned: { before: sale.returned, after: sale.returned + amount }, return: { after: number } },
      event: [{ locationId }, ...(sale.locationId !== locationId ? [{ locationId: sale.locationId }] : [])],
    });
    return saleOut(ctx, tx, row);
  });
}

/** Units of the same sale line taken by earlier rows of this return (so a line listed twice splits in order). */
function alreadyIn(rows: Array<{ line: repo.LineRow; qty: number }>, row: { line: repo.LineRow; qty: number }): number {
  let n = 0;
  for (const r of rows) {
    if (r === row) break;
    if (r.line.id === row.line.id) n += r.qty;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------
// Printing (templates module)

/** A print of a sale's document (`POST /api/templates/:id/render { saleId, print: true }`): the sale must be visible (404), audited as `print` on it. */
export async function recordSalePrint(ctx: Ctx, tx: Tx, id: string, documentName: string): Promise<void> {
  const sale = await saleFor(ctx, tx, id, 'view');
  await recordChange(tx, ctx, { entity: ENTITY, id, action: 'print', locationId: sale.locationId, diff: { template: { after: documentName } }, event: false });
}
