import {
  clientMessages,
  clientSearchName,
  formatPhone,
  phoneSearchDigits,
  phoneTakenMessage,
  type Client,
  type ClientListFilter,
  type ClientPage,
  type CreateClientInput,
  type UpdateClientInput,
} from '@repo/contracts';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { conflict, notFound } from '../../lib/errors';
import * as repo from './repository';

/**
 * Counterparties: clients and suppliers in one table, company-wide (audit rows and realtime events
 * carry no location). The clients area (issue #9) grows this module; the stock area picks suppliers.
 */
const ENTITY = 'client';

function toClient(row: repo.CounterpartyRow, phones: string[]): Client {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    phones,
    email: row.email,
    address: row.address,
    source: row.source,
    tags: row.tags,
    discountPercent: row.discountPercent,
    notes: row.notes,
    isSupplier: row.isSupplier,
    inn: row.inn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const snapshot = (c: Client) => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = c;
  return rest;
};

export async function listClients(ctx: Ctx, q: ClientListFilter): Promise<ClientPage> {
  const search = q.search ? { name: clientSearchName(q.search), digits: phoneSearchDigits(q.search), raw: q.search } : undefined;
  const { rows, total } = await repo.page(ctx.db, { search, isSupplier: q.isSupplier, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const phones = await repo.phonesOf(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((r) => toClient(r, phones.get(r.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
}

export async function getClient(ctx: Ctx, id: string): Promise<Client> {
  const row = await repo.find(ctx.db, id);
  if (!row) throw notFound(clientMessages.notFound);
  return toClient(row, (await repo.phonesOf(ctx.db, [id])).get(id) ?? []);
}

/**
 * A phone belongs to one counterparty: a second one with the same phone is refused with 409 naming the
 * holder (issue #9 adds «save anyway» with a confirmation).
 */
async function checkPhonesFree(ctx: Ctx, tx: Parameters<Parameters<Ctx['db']['transaction']>[0]>[0], phones: string[], selfId: string | null) {
  const [holder] = await repo.holdersOf(tx, phones, selfId);
  if (holder) throw conflict(phoneTakenMessage(formatPhone(holder.phone), holder.name));
}

export async function createClient(ctx: Ctx, input: CreateClientInput): Promise<Client> {
  return ctx.db.transaction(async (tx) => {
    await checkPhonesFree(ctx, tx, input.phones, null);
    const { phones, ...fields } = input;
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
    return out;
  });
}

export async function updateClient(ctx: Ctx, id: string, input: UpdateClientInput): Promise<Client> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.find(tx, id, true);
    if (!before) throw notFound(clientMessages.notFound);
    const beforeOut = toClient(before, (await repo.phonesOf(tx, [id])).get(id) ?? []);
    const { phones, ...fields } = input;
    if (phones) await checkPhonesFree(ctx, tx, phones, id);
    const row = Object.keys(fields).length
      ? await repo.update(tx, id, { ...fields, ...(fields.name ? { searchName: clientSearchName(fields.name) } : {}) })
      : before;
    if (phones) await repo.setPhones(tx, id, phones);
    const out = toClient(row, phones ?? beforeOut.phones);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(beforeOut), after: snapshot(out), locationId: null });
    return out;
  });
}
