import {
  createOrderRequestSchema,
  createSaleRequestSchema,
  hasRule,
  messages,
  missingRuleMessage,
  ruleScope,
  shopLimits,
  shopMessages,
  shopRequestKindLabels,
  shopRequestTransitions,
  type Action,
  type ShopRequest,
  type ShopRequestCounts,
  type ShopRequestPage,
  type convertShopRequestSchema,
  type publicRequestSchema,
  type shopRequestQuerySchema,
  type updateShopRequestSchema,
} from '@repo/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { shopRequests } from '../../db/schema';
import { recordChange, type EventOverride } from '../../lib/change';
import { scopeOf as requireScope, type Ctx, type PublicCtx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { createClientInTx } from '../clients/service';
import { createOrder } from '../orders/service';
import { createSale } from '../sales/service';
import * as repo from './request-repository';

/**
 * Requests from the site (server/docs/shop.md, «Requests»): the staff list and edits under
 * `view|edit:shop_content`, the conversion into a repair order or a draft sale, and the public creation
 * with its anti-abuse checks. Every change in one transaction with its audit row and realtime events
 * (`shop_request` to the request's location; a new one also to each employee who may see it, as a notice).
 */

const ENTITY = 'shop_request' as const;
const RULE_ENTITY = 'shop_content' as const;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** How far in the future a form's `startedAt` may be (a visitor's clock running ahead) before it is spam. */
export const clockSkewMs = 2 * 60_000;
/** Hits older than this are pruned now and then (one public request in `PRUNE_EVERY`). */
const PRUNE_EVERY = 50;

// ---------------------------------------------------------------------------------------------------
// Access

const scopeOf = (ctx: Ctx, action: Action) => requireScope(ctx, action, RULE_ENTITY);

/** «location»: the current location's requests and those without one; «all» (and «own»): every location of the employee's, and none. */
function allowed(ctx: Ctx, action: Action, r: Pick<repo.RequestRow, 'locationId'>): boolean {
  const scope = ruleScope(ctx.auth.rules, action, RULE_ENTITY);
  if (!scope) return false;
  if (r.locationId === null) return true;
  if (scope === 'location') return r.locationId === ctx.locationId;
  return ctx.auth.locationIds.includes(r.locationId);
}

/** The same rule as SQL (spam never). */
function visibility(ctx: Ctx, action: Action = 'view'): SQL {
  const scope = scopeOf(ctx, action);
  const none = isNull(shopRequests.locationId);
  const mine = scope === 'location' ? (ctx.locationId ? [ctx.locationId] : []) : ctx.auth.locationIds;
  return and(eq(shopRequests.spam, false), mine.length ? or(none, inArray(shopRequests.locationId, mine))! : none)!;
}

/** 404 when the employee may not see it, 403 when they see it but may not do this. */
async function requestFor(ctx: Ctx, db: Db | Tx, id: string, action: Action, lock = false): Promise<repo.RequestRow> {
  const row = await repo.find(db, id, lock);
  if (!row || !allowed(ctx, 'view', row)) throw notFound(shopMessages.requestNotFound);
  if (action !== 'view' && !allowed(ctx, action, row)) throw forbidden(missingRuleMessage(`${action}:${RULE_ENTITY}`));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Views

function out(v: repo.RequestView): ShopRequest {
  return {
    id: v.id,
    number: v.number,
    kind: v.kind,
    status: v.status,
    name: v.name,
    phone: v.phone,
    modelId: v.modelId,
    modelName: v.modelName,
    problem: v.problem,
    items: v.items as repo.RequestItem[],
    total: v.total,
    locationId: v.locationId,
    locationName: v.locationName,
    rejectReason: v.rejectReason,
    comment: v.comment,
    orderId: v.orderId,
    orderNumber: v.orderNumber,
    saleId: v.saleId,
    saleNumber: v.saleNumber,
    repeats: v.repeats,
    lastRepeatAt: iso(v.lastRepeatAt),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

async function viewOf(db: Db | Tx, id: string): Promise<ShopRequest> {
  const v = await repo.view(db, id);
  if (!v) throw notFound(shopMessages.requestNotFound);
  return out(v);
}

export async function listRequests(ctx: Ctx, q: z.output<typeof shopRequestQuerySchema>): Promise<ShopRequestPage> {
  const where: SQL[] = [visibility(ctx)];
  if (q.status?.length) where.push(inArray(shopRequests.status, q.status));
  if (q.kind?.length) where.push(inArray(shopRequests.kind, q.kind));
  if (q.locationId) where.push(eq(shopRequests.locationId, q.locationId));
  if (q.search) {
    const digits = q.search.replace(/\D/g, '');
    const text = sql`${shopRequests.searchText} like ${repo.searchPatternOf(q.search)}`;
    // «916 555-44» finds +79165554433: three digits or more also match the phone's digits.
    where.push(digits.length >= 3 ? or(text, sql`${shopRequests.phone} like ${`%${digits}%`}`)! : text);
  }
  const page = await repo.list(ctx.db, and(...where)!, q.pageSize, (q.page - 1) * q.pageSize);
  return { items: page.items.map(out), total: page.total, page: q.page, pageSize: q.pageSize };
}

export async function getRequest(ctx: Ctx, id: string): Promise<ShopRequest> {
  await requestFor(ctx, ctx.db, id, 'view');
  return viewOf(ctx.db, id);
}

/** The menu badge: new requests the employee sees. */
export async function counts(ctx: Ctx): Promise<ShopRequestCounts> {
  return { new: await repo.countWhere(ctx.db, and(visibility(ctx), eq(shopRequests.status, 'new'))!) };
}

// ---------------------------------------------------------------------------------------------------
// Staff changes

/** What the audit diff shows of a request. */
const snapshot = (r: repo.RequestRow) => ({
  status: r.status,
  rejectReason: r.rejectReason,
  comment: r.comment,
  locationId: r.locationId,
  orderId: r.orderId,
  saleId: r.saleId,
  repeats: r.repeats,
});

/** The `updated` event to the request's location, and to the one it left (a hand-over). */
const movedEvents = (before: repo.RequestRow, after: repo.RequestRow): EventOverride[] =>
  before.locationId !== after.locationId ? [{}, { locationId: before.locationId }] : [{}];

export async function updateRequest(ctx: Ctx, id: string, input: z.output<typeof updateShopRequestSchema>): Promise<ShopRequest> {
  scopeOf(ctx, 'edit');
  return ctx.db.transaction(async (tx) => {
    const before = await requestFor(ctx, tx, id, 'edit', true);
    const set: Partial<repo.RequestValues> = {};
    const status = input.status ?? before.status;
    if (status !== before.status && !shopRequestTransitions[before.status].includes(status)) throw conflict(shopMessages.transitionRefused);
    if (status === 'rejected') {
      const reason = input.rejectReason !== undefined ? input.rejectReason : before.rejectReason;
      if (!reason) throw invalidInput({ rejectReason: shopMessages.rejectReasonRequired }, shopMessages.rejectReasonRequired);
      if (reason !== before.rejectReason) set.rejectReason = reason;
    } else if (before.rejectReason !== null) {
      set.rejectReason = null; // reopened: the old reason no longer holds
    }
    if (status !== before.status) set.status = status;
    if (input.comment !== undefined && input.comment !== before.comment) set.comment = input.comment;
    if (input.locationId !== undefined && input.locationId !== before.locationId) {
      const settings = await repo.requestSettings(tx);
      if (!settings.requestLocationIds.includes(input.locationId)) throw invalidInput({ locationId: shopMessages.locationNotTaking }, shopMessages.locationNotTaking);
      if (!ctx.auth.locationIds.includes(input.locationId)) throw invalidInput({ locationId: messages.locationForbidden }, messages.locationForbidden);
      set.locationId = input.locationId;
    }
    if (!Object.keys(set).length) return viewOf(tx, id);
    set.updatedAt = new Date();
    const after = await repo.update(tx, id, set);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(before), after: snapshot(after), locationId: after.locationId, event: movedEvents(before, after) });
    return viewOf(tx, id);
  });
}

/** The location a conversion happens in: the request's, else the one asked, else the current one. */
function conversionLocation(ctx: Ctx, r: repo.RequestRow, asked: string | undefined): string {
  const locationId = r.locationId ?? asked ?? ctx.locationId;
  if (!locationId) throw invalidInput({ locationId: shopMessages.locationRequired }, shopMessages.locationRequired);
  if (!ctx.auth.locationIds.includes(locationId)) throw invalidInput({ locationId: messages.locationForbidden }, messages.locationForbidden);
  return locationId;
}

/** A body built here for another module's create function: its own schema parses it (defaults, trimming); a refusal is a 400. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.') || '_';
  throw invalidInput({ [field]: issue.message }, issue.message);
}

/**
 * Runs another module's create function inside this transaction: its own `ctx.db.transaction(…)`
 * becomes a savepoint of `tx` (no Idempotency-Key: the request's row lock makes the call once), and the
 * current location is the one of the conversion.
 */
const within = (ctx: Ctx, tx: Tx, locationId: string): Ctx => ({ ...ctx, db: tx as unknown as Db, locationId });

async function linkConverted(ctx: Ctx, tx: Tx, before: repo.RequestRow, link: { orderId?: string; saleId?: string }, locationId: string) {
  const after = await repo.update(tx, before.id, { ...link, locationId: before.locationId ?? locationId, status: 'in_work', rejectReason: null, updatedAt: new Date() });
  await recordChange(tx, ctx, { entity: ENTITY, id: before.id, action: 'update', before: snapshot(before), after: snapshot(after), locationId: after.locationId, event: movedEvents(before, after) });
}

/** Locks the request and refuses what cannot be converted (linked already, wrong kind). */
async function convertible(ctx: Ctx, tx: Tx, id: string, kinds: readonly string[], kindMessage: string) {
  const r = await requestFor(ctx, tx, id, 'edit', true);
  if (r.orderId || r.saleId) throw conflict(shopMessages.alreadyConverted);
  if (!kinds.includes(r.kind)) throw conflict(kindMessage);
  return r;
}

/** `POST /api/shop/requests/:id/to-order`: a repair order (client by phone or new, device from the model), linked; the request goes to «in_work». */
export async function toOrder(ctx: Ctx, id: string, input: z.output<typeof convertShopRequestSchema>): Promise<{ orderId: string }> {
  scopeOf(ctx, 'edit');
  return ctx.db.transaction(async (tx) => {
    const r = await convertible(ctx, tx, id, ['repair', 'callback'], shopMessages.toOrderKind);
    const locationId = conversionLocation(ctx, r, input.locationId);
    const model = r.modelId ? await repo.modelNames(tx, r.modelId) : null;
    const unknown = 'Не указано';
    const body = parsed(createOrderRequestSchema, {
      client: { name: r.name, phone: r.phone },
      device: { type: model?.typeName ?? unknown, brand: model?.brandName ?? unknown, model: model?.name ?? r.modelName ?? unknown },
      malfunction: r.problem ?? (r.kind === 'callback' ? 'Обратный звонок с сайта: уточнить у клиента' : unknown),
      comment: `Заявка с сайта ${r.number}`,
    });
    const order = await createOrder(within(ctx, tx, locationId), body, null);
    await linkConverted(ctx, tx, r, { orderId: order.body.id }, locationId);
    return { orderId: order.body.id };
  });
}

/** `POST /api/shop/requests/:id/to-sale`: a draft sale of the request's items (client by phone or new), linked; the request goes to «in_work». */
export async function toSale(ctx: Ctx, id: string, input: z.output<typeof convertShopRequestSchema>): Promise<{ saleId: string }> {
  scopeOf(ctx, 'edit');
  return ctx.db.transaction(async (tx) => {
    const r = await convertible(ctx, tx, id, ['order', 'callback'], shopMessages.toSaleKind);
    const items = r.items as repo.RequestItem[];
    if (!items.length) throw conflict(shopMessages.noItems);
    const locationId = conversionLocation(ctx, r, input.locationId);
    const warehouseId = await repo.saleWarehouse(tx, locationId);
    if (!warehouseId) throw invalidInput({ locationId: shopMessages.locationRequired }, shopMessages.locationRequired);
    const inner = within(ctx, tx, locationId);
    let clientId = await repo.clientByPhone(tx, r.phone);
    if (!clientId) {
      if (!hasRule(ctx.auth.rules, 'create:client')) throw forbidden(missingRuleMessage('create:client'));
      clientId = await createClientInTx(inner, tx, { name: r.name, phone: r.phone });
    }
    const body = parsed(createSaleRequestSchema, {
      clientId,
      warehouseId,
      lines: items.map((i) => ({ productId: i.productId, qty: i.qty, ...(i.price !== null ? { price: i.price } : {}) })),
      comment: `Заявка с сайта ${r.number}`,
      post: false,
    });
    const sale = await createSale(inner, body, null);
    await linkConverted(ctx, tx, r, { saleId: sale.body.id }, locationId);
    return { saleId: sale.body.id };
  });
}

// ---------------------------------------------------------------------------------------------------
// The public request

/** `startedAt` as epoch ms (a number, or an ISO string); NaN when it is neither. */
export function startedAtMs(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (/^\d{10,16}$/.test(trimmed)) return Number(trimmed);
  return /^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
}

/** A filled honeypot, a form sent sooner than `minFillSeconds` after it opened, or opened in the future beyond the clock skew. */
export function isSpam(input: { website: string; startedAt: number }, now = Date.now()): boolean {
  if (input.website.trim() !== '') return true;
  const elapsed = now - input.startedAt;
  if (elapsed < -clockSkewMs) return true;
  // Within the skew a visitor's clock may simply run ahead: not judged.
  return elapsed >= 0 && elapsed < shopLimits.minFillSeconds * 1000;
}

const tooMany = () =>
  new AppError(429, 'too_many_requests', shopMessages.rateLimited, undefined, { 'retry-after': String(shopLimits.requestRateWindowMinutes * 60) });

type PublicInput = z.output<typeof publicRequestSchema>;

/** The snapshot of the ordered items (repeated ids added up, at most `qtyMax` each); 400 `itemUnavailable` on `items` for one the site does not sell. */
async function itemsOf(tx: Tx, input: PublicInput['items']): Promise<repo.RequestItem[]> {
  const qty = new Map<string, number>();
  for (const i of input) qty.set(i.id, Math.min(shopLimits.qtyMax, (qty.get(i.id) ?? 0) + i.qty));
  const found = await repo.orderableItems(tx, [...qty.keys()]);
  if (found.size !== qty.size) throw invalidInput({ items: shopMessages.itemUnavailable }, shopMessages.itemUnavailable);
  return [...qty].map(([id, n]) => {
    const f = found.get(id)!;
    return { catalogItemId: id, productId: f.productId, title: f.title, price: f.price, qty: n };
  });
}

const totalOf = (items: repo.RequestItem[]) => items.reduce((s, i) => s + (i.price ?? 0) * i.qty, 0);

/** The notice of a new request: its location's (or everyone's) event, and one addressed event per employee who may see it. */
async function newRequestEvents(tx: Tx, r: repo.RequestRow): Promise<EventOverride[]> {
  const text = `Новая заявка с сайта: ${shopRequestKindLabels[r.kind]}, ${r.name}`.slice(0, 300);
  const href = `/request/${r.id}`;
  const people = await repo.recipients(tx, r.locationId);
  return [{}, ...people.map((employeeId): EventOverride => ({ locationId: r.locationId, employeeId, notice: 'shop_request', text, href }))];
}

/**
 * `POST /api/public/requests`, in one transaction: the address's limit (under an advisory lock on the
 * address, so parallel requests count exactly), the settings, spam (answered like success, stored hidden),
 * the model, items and location, then the merge with the same phone and kind within `mergeMinutes`
 * (under an advisory lock on phone and kind, so a burst of identical requests makes one) or a new request.
 */
export async function createPublicRequest(pctx: PublicCtx, input: PublicInput, ip: string): Promise<{ number: string }> {
  const startedAt = startedAtMs(input.startedAt);
  if (!Number.isFinite(startedAt)) throw invalidInput({ startedAt: shopMessages.startedAtInvalid }, shopMessages.startedAtInvalid);
  const number = await pctx.db.transaction(async (tx) => {
    await repo.lockKey(tx, `shop_request_ip:${ip}`);
    if ((await repo.hitsSince(tx, ip, shopLimits.requestRateWindowMinutes)) >= shopLimits.requestRateMax) throw tooMany();
    const settings = await repo.requestSettings(tx);
    if (!settings.requestsOpen) throw conflict(shopMessages.requestsClosed);
    if (isSpam({ website: input.website, startedAt })) {
      // Kept for review, never listed, never announced; the sender cannot tell it from a real answer.
      await repo.insert(tx, {
        number: `spam-${randomUUID()}`,
        kind: input.kind,
        name: input.name,
        phone: input.phone,
        problem: input.problem,
        items: input.items,
        spam: true,
        ip,
        searchText: '',
      });
      await repo.addHit(tx, ip);
      return repo.madeUpNumber(tx);
    }
    const model = input.modelId ? await repo.publishedModel(tx, input.modelId) : null;
    if (input.modelId && !model) throw invalidInput({ modelId: shopMessages.modelNotFound }, shopMessages.modelNotFound);
    const items = await itemsOf(tx, input.items);
    if (input.locationId && !settings.requestLocationIds.includes(input.locationId)) throw invalidInput({ locationId: shopMessages.locationNotTaking }, shopMessages.locationNotTaking);
    await repo.lockKey(tx, `shop_request:${input.phone}:${input.kind}`);
    await repo.addHit(tx, ip);
    const first = await repo.mergeTarget(tx, input.phone, input.kind, shopLimits.mergeMinutes);
    const now = new Date();
    if (first) {
      const had = first.items as repo.RequestItem[];
      const added = items.filter((i) => !had.some((h) => h.catalogItemId === i.catalogItemId));
      const merged = [...had, ...added];
      const problem = input.problem && !(first.problem ?? '').includes(input.problem) ? (first.problem ? `${first.problem}\n\n${input.problem}` : input.problem).slice(0, shopLimits.problemMax * 4) : first.problem;
      const after = await repo.update(tx, first.id, {
        repeats: first.repeats + 1,
        lastRepeatAt: now,
        problem,
        items: merged,
        total: totalOf(merged),
        modelId: first.modelId ?? model?.id ?? null,
        modelName: first.modelName ?? (model ? `${model.typeName} ${model.brandName} ${model.name}` : null),
        updatedAt: now,
      });
      await recordChange(tx, pctx, { entity: ENTITY, id: first.id, action: 'update', before: snapshot(first), after: snapshot(after), locationId: after.locationId });
      return first.number;
    }
    const number = await repo.nextNumber(tx);
    const row = await repo.insert(tx, {
      number,
      kind: input.kind,
      name: input.name,
      phone: input.phone,
      modelId: model?.id ?? null,
      modelName: model ? `${model.typeName} ${model.brandName} ${model.name}` : null,
      problem: input.problem,
      items,
      total: totalOf(items),
      locationId: input.locationId,
      ip,
      searchText: repo.searchTextOf(number, input.name, input.phone),
    });
    await recordChange(tx, pctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(row), locationId: row.locationId, event: await newRequestEvents(tx, row) });
    return number;
  });
  if (Math.floor(Math.random() * PRUNE_EVERY) === 0) await repo.pruneHits(pctx.db, shopLimits.requestRateWindowMinutes * 6).catch(() => undefined);
  return { number };
}
