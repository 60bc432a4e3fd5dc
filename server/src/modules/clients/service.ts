import {
  clientMessages,
  clientSearchName,
  duplicatePhoneMessage,
  formatPhone,
  hasRule,
  maskPhone,
  missingRuleMessage,
  normalizePhone,
  phoneSearchVariants,
  type Client,
  type ClientDuplicate,
  type ClientFacets,
  type ClientHistoryPage,
  type ClientListFilter,
  type ClientPage,
  type CreateClientInput,
  type UpdateClientInput,
} from '@repo/contracts';
import type { Tx } from '../../db/client';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, forbidden, invalidInput, notFound } from '../../lib/errors';
import * as repo from './repository';

/**
 * Clients and suppliers (counterparties) in one table, company-wide: audit rows and realtime events
 * carry no location (server/docs/clients.md). Contacts (phones, e-mail, address) are shown only with
 * `see_client_contacts`; without it phones are masked («+7 (916) ***-**-67»), while search by a phone
 * still finds the client. The balance is kept by `postClientLedger` (./ledger.ts).
 */
const ENTITY = 'client';

const seesContacts = (ctx: Ctx) => hasRule(ctx.auth.rules, 'see_client_contacts');

function toClient(row: repo.CounterpartyRow, phones: string[], contacts = true): Client {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    phones: contacts ? phones : phones.map(maskPhone),
    email: contacts ? row.email : null,
    address: contacts ? row.address : null,
    source: row.source,
    tags: row.tags,
    discountPercent: row.discountPercent,
    notes: row.notes,
    isSupplier: row.isSupplier,
    inn: row.inn,
    balance: row.balance,
    contactsHidden: !contacts,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    mergedIntoId: row.mergedIntoId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audit snapshot: the fields a person edits (not the balance, ids or stamps). */
const snapshot = (c: Client) => {
  const { id: _id, createdAt: _c, updatedAt: _u, balance: _b, contactsHidden: _h, archivedAt: _a, mergedIntoId: _m, ...rest } = c;
  return rest;
};

export async function listClients(ctx: Ctx, q: ClientListFilter): Promise<ClientPage> {
  const search = q.search ? { name: clientSearchName(q.search), digits: phoneSearchVariants(q.search), raw: q.search } : undefined;
  const { rows, total, totalExact } = await repo.page(ctx.db, { search, isSupplier: q.isSupplier, tag: q.tag, source: q.source, owes: q.owes, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const phones = await repo.phonesOf(ctx.db, rows.map((r) => r.id));
  const contacts = seesContacts(ctx);
  return { items: rows.map((r) => toClient(r, phones.get(r.id) ?? [], contacts)), total, totalExact, page: q.page, pageSize: q.pageSize };
}

export async function getClient(ctx: Ctx, id: string): Promise<Client> {
  const row = await repo.find(ctx.db, id);
  if (!row) throw notFound(clientMessages.notFound);
  return toClient(row, (await repo.phonesOf(ctx.db, [id])).get(id) ?? [], seesContacts(ctx));
}

/** `GET /api/clients/duplicates?phone=`: who already has this phone (an unparsable phone has none). */
export async function findDuplicates(ctx: Ctx, phone: string, exceptId?: string): Promise<ClientDuplicate[]> {
  const normal = normalizePhone(phone);
  if (!normal) return [];
  const contacts = seesContacts(ctx);
  return (await repo.holdersOf(ctx.db, [normal], exceptId ?? null)).map((h) => ({ id: h.id, name: h.name, phone: contacts ? formatPhone(h.phone) : maskPhone(h.phone) }));
}

export async function facets(ctx: Ctx): Promise<ClientFacets> {
  return repo.facets(ctx.db);
}

export async function clientHistory(ctx: Ctx, id: string, q: { page: number; pageSize: number }): Promise<ClientHistoryPage> {
  if (!(await repo.find(ctx.db, id))) throw notFound(clientMessages.notFound);
  const { rows, total } = await repo.history(ctx.db, id, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    items: rows.map((r) => ({
      seq: r.seq,
      at: r.at.toISOString(),
      kind: r.kind,
      documentType: r.documentType,
      documentId: r.documentId,
      number: r.number,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      locationId: r.locationId,
      comment: r.comment,
      cancellation: r.cancellation,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * A phone already another client's: 409 `duplicate_phone` naming the holder, unless the person confirmed
 * after the warning (`confirmDuplicate`); then both keep it (one family's phone, a shop's landline).
 */
async function checkPhonesFree(tx: Tx, phones: string[], selfId: string | null, confirmed: boolean | undefined) {
  if (confirmed) return;
  const [holder] = await repo.holdersOf(tx, phones, selfId);
  if (holder) {
    const message = duplicatePhoneMessage(formatPhone(holder.phone), holder.name);
    throw new AppError(409, 'duplicate_phone', message, { [`phones.${phones.indexOf(holder.phone)}`]: message });
  }
}

/**
 * A client made inside another module's transaction (the repair-order intake): a person with a name and
 * one phone, audited like any new client. The caller checked the phone is free.
 */
export async function createClientInTx(ctx: Ctx, tx: Tx, input: { name: string; phone: string }): Promise<string> {
  const row = await repo.insert(tx, { name: input.name, searchName: clientSearchName(input.name), kind: 'person', tags: [], discountPercent: 0, isSupplier: false });
  await repo.setPhones(tx, row.id, [input.phone]);
  await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(toClient(row, [input.phone])), locationId: null });
  return row.id;
}

export async function createClient(ctx: Ctx, input: CreateClientInput): Promise<Client> {
  return ctx.db.transaction(async (tx) => {
    await checkPhonesFree(tx, input.phones, null, input.confirmDuplicate);
    const { phones, confirmDuplicate: _confirmed, ...fields } = input;
    const row = await repo.insert(tx, {
      ...fields,
      email: fields.email ?? null,
      address: fields.address ?? null,
      source: fields.source ?? null,
      notes: fields.notes ?? null,
      inn: fields.inn ?? null,
      searchName: clientSearchName(fields.name),
    });
    await repo.setPhones(tx, row.id, phones);
    const out = toClient(row, phones);
    await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(out), locationId: null });
    return seesContacts(ctx) ? out : toClient(row, phones, false);
  });
}

export async function updateClient(ctx: Ctx, id: string, input: UpdateClientInput): Promise<Client> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.find(tx, id, true);
    if (!before || before.archivedAt) throw notFound(clientMessages.notFound);
    const beforeOut = toClient(before, (await repo.phonesOf(tx, [id])).get(id) ?? []);
    const { phones, confirmDuplicate, ...fields } = input;
    // Without the contacts right the form shows masked phones: changing them needs the right.
    if (phones && !seesContacts(ctx)) throw new AppError(403, 'forbidden', 'Нет права: просмотр контактов клиентов');
    if (phones) await checkPhonesFree(tx, phones, id, confirmDuplicate);
    const row = Object.keys(fields).length
      ? await repo.update(tx, id, { ...fields, ...(fields.name ? { searchName: clientSearchName(fields.name) } : {}) })
      : before;
    if (phones) await repo.setPhones(tx, id, phones);
    const out = toClient(row, phones ?? beforeOut.phones);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(beforeOut), after: snapshot(out), locationId: null });
    return seesContacts(ctx) ? out : toClient(row, out.phones, false);
  });
}

/** `DELETE /api/clients/:id`: archives (history, documents and payments keep pointing at the client). */
export async function archiveClient(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.find(tx, id, true);
    if (!before || before.archivedAt) throw notFound(clientMessages.notFound);
    await repo.update(tx, id, { archivedAt: new Date() });
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', diff: { archived: { before: false, after: true } }, locationId: null });
  });
}

/**
 * `POST /api/clients/:id/merge { intoId }`: a duplicate goes into the client that stays. Its phones,
 * balance ledger, payments and supplier documents move over, the balances add up, tags join, empty
 * fields of the kept client are filled from the duplicate; the duplicate is archived with
 * `merged_into_id`. Both rows are locked in id order; both changes are audited.
 */
export async function mergeClient(ctx: Ctx, id: string, intoId: string): Promise<Client> {
  // The route declares `delete:client` (the duplicate goes away); the kept client changes too.
  if (!hasRule(ctx.auth.rules, 'edit:client')) throw forbidden(missingRuleMessage('edit:client'));
  if (id === intoId) throw invalidInput({ intoId: clientMessages.mergeSelf }, clientMessages.mergeSelf);
  return ctx.db.transaction(async (tx) => {
    const [first, second] = [id, intoId].sort();
    const a = await repo.find(tx, first, true);
    const b = await repo.find(tx, second, true);
    const from = a?.id === id ? a : b;
    const into = a?.id === intoId ? a : b;
    if (!from || from.archivedAt) throw notFound(clientMessages.notFound);
    if (!into || into.archivedAt) throw invalidInput({ intoId: clientMessages.mergeTarget }, clientMessages.mergeTarget);
    const intoBefore = toClient(into, (await repo.phonesOf(tx, [intoId])).get(intoId) ?? []);
    await repo.moveEverything(tx, id, intoId);
    const merged = await repo.update(tx, intoId, {
      balance: into.balance + from.balance,
      tags: [...new Set([...into.tags, ...from.tags])],
      email: into.email ?? from.email,
      address: into.address ?? from.address,
      source: into.source ?? from.source,
      inn: into.inn ?? from.inn,
      notes: [into.notes, from.notes].filter(Boolean).join('\n') || null,
      discountPercent: Math.max(into.discountPercent, from.discountPercent),
      isSupplier: into.isSupplier || from.isSupplier,
    });
    await repo.update(tx, id, { archivedAt: new Date(), mergedIntoId: intoId, balance: 0 });
    const out = toClient(merged, (await repo.phonesOf(tx, [intoId])).get(intoId) ?? []);
    await recordChange(tx, ctx, { entity: ENTITY, id: intoId, action: 'update', before: { ...snapshot(intoBefore), balance: into.balance }, after: { ...snapshot(out), balance: out.balance, mergedFrom: from.name }, locationId: null });
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', diff: { mergedInto: { before: null, after: intoId } }, locationId: null });
    return seesContacts(ctx) ? out : toClient(merged, out.phones, false);
  });
}
