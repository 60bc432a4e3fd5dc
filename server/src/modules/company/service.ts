import {
  formatDocumentNumber,
  numberingKindList,
  numberingKinds,
  numberingMessages,
  type CompanySettings,
  type Numbering,
  type NumberingKind,
} from '@repo/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { companies, locations } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { invalidInput, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import type { companySettingsViewSchema, numberingUpdateRequestSchema } from '@repo/contracts';

/**
 * Company details and document numbering (server/docs/company.md): the single `companies` row's
 * requisites (check digits verified by the contracts' schema), and per kind of document the prefix, the
 * counter mode (per location / company-wide) and the next number. `lib/counters.ts` reads the numbering
 * when a document takes its number. Changes are audited and published as `settings` (id `company` or
 * `numbering`, every tab).
 */

type Conn = Ctx['db'] | Tx;
type CompanyView = z.infer<typeof companySettingsViewSchema>;
type CompanyRow = typeof companies.$inferSelect;

const companyOut = (c: CompanyRow): CompanyView => ({
  name: c.name,
  legalName: c.legalName,
  inn: c.inn,
  kpp: c.kpp,
  ogrn: c.ogrn,
  address: c.address,
  phone: c.phone,
  email: c.email,
  bank: { name: c.bankName, bik: c.bik, account: c.account, corrAccount: c.corrAccount },
});

async function theCompany(db: Conn, lock = false): Promise<CompanyRow> {
  const q = db.select().from(companies).orderBy(asc(companies.createdAt)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Компания не найдена');
  return row;
}

export async function getCompany(ctx: Ctx): Promise<CompanyView> {
  return companyOut(await theCompany(ctx.db));
}

/** The company's details as `company.*` template variables read them (null: not filled in). */
export async function companyDetails(db: Conn): Promise<CompanyView | null> {
  const [row] = await db.select().from(companies).orderBy(asc(companies.createdAt)).limit(1);
  return row ? companyOut(row) : null;
}

export async function updateCompany(ctx: Ctx, input: CompanySettings): Promise<CompanyView> {
  return ctx.db.transaction(async (tx) => {
    const before = await theCompany(tx, true);
    const [after] = await tx
      .update(companies)
      .set({
        name: input.name,
        legalName: input.legalName,
        inn: input.inn,
        kpp: input.kpp,
        ogrn: input.ogrn,
        address: input.address,
        phone: input.phone,
        email: input.email,
        bankName: input.bank.name,
        bik: input.bank.bik,
        account: input.bank.account,
        corrAccount: input.bank.corrAccount,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, before.id))
      .returning();
    const flat = (v: CompanyView) => ({ ...v, bank: undefined, bankName: v.bank.name, bik: v.bank.bik, account: v.bank.account, corrAccount: v.bank.corrAccount });
    await recordChange(tx, ctx, { entity: 'settings', id: 'company', action: 'update', locationId: null, before: flat(companyOut(before)), after: flat(companyOut(after)) });
    return companyOut(after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Numbering

interface NumberingRow {
  kind: string;
  prefix: string;
  per_location: boolean;
  last: number;
}

async function numberingState(db: Conn, lock: boolean) {
  const rows = rowsOf<NumberingRow>(await db.execute(sql`select kind, prefix, per_location, last from document_numbering order by kind${lock ? sql` for update` : sql``}`));
  const counters = rowsOf<{ location_id: string; kind: string; last: number }>(
    await db.execute(sql`select location_id, kind, last from document_counters where kind in (${sql.join(numberingKindList.map((k) => sql`${k}`), sql`, `)})${lock ? sql` for update` : sql``}`),
  );
  const locs = await db.select({ id: locations.id, name: locations.name }).from(locations);
  locs.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return { rows: new Map(rows.map((r) => [r.kind, { ...r, last: Number(r.last) }])), counters, locs };
}

function numberingOut(state: Awaited<ReturnType<typeof numberingState>>): Numbering[] {
  return numberingKindList.map((kind) => {
    const row = state.rows.get(kind);
    const perLocation = row ? row.per_location : true;
    const companyLast = row?.last ?? 0;
    const locations = state.locs.map((l) => {
      const c = state.counters.find((x) => x.kind === kind && x.location_id === l.id);
      return { locationId: l.id, name: l.name, next: Math.max(Number(c?.last ?? 0), perLocation ? 0 : companyLast) + 1 };
    });
    const next = perLocation ? Math.max(1, ...locations.map((l) => l.next)) : companyLast + 1;
    return { kind, label: numberingKinds[kind].label, prefix: row ? row.prefix : numberingKinds[kind].prefix, next, perLocation, locations: perLocation ? locations : [] };
  });
}

export async function listNumbering(ctx: Ctx): Promise<Numbering[]> {
  return numberingOut(await numberingState(ctx.db, false));
}

/**
 * `PUT /api/settings/numbering`: the rows of the kinds given are locked (`for update`: documents taking a
 * number wait, see lib/counters.ts), with the location counters of those kinds. Per location → company-wide
 * starts the company counter from the highest number given anywhere; company-wide → per location starts
 * every location from the company counter, so no number repeats. `next` never at or below a number given
 * (400 on `<index>.next`). Applies to the next document.
 */
export async function updateNumbering(ctx: Ctx, input: z.output<typeof numberingUpdateRequestSchema>): Promise<Numbering[]> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into document_numbering (kind, prefix, per_location, last) values ${sql.join(
        numberingKindList.map((k) => sql`(${k}, ${numberingKinds[k].prefix}, true, 0)`),
        sql`, `,
      )} on conflict (kind) do nothing`,
    );
    const state = await numberingState(tx, true);
    const beforeOut = numberingOut(state);
    const errors: Record<string, string> = {};
    const plans: Array<{ kind: NumberingKind; prefix: string; perLocation: boolean; companyLast: number; locationLast: number | null; raiseTo: number | null }> = [];
    input.forEach((item, i) => {
      const row = state.rows.get(item.kind)!;
      const locLasts = state.counters.filter((c) => c.kind === item.kind).map((c) => Number(c.last));
      // The highest number this kind has given anywhere: every location counter and the company counter.
      const used = Math.max(row.last, 0, ...locLasts);
      if (item.next !== undefined && item.next <= used) {
        errors[`${i}.next`] = numberingMessages.used(used);
        return;
      }
      if (item.perLocation) {
        // Every location continues above the company counter (or from the number asked).
        plans.push({ kind: item.kind, prefix: item.prefix, perLocation: true, companyLast: row.last, locationLast: item.next !== undefined ? item.next - 1 : null, raiseTo: item.next === undefined && !row.per_location ? row.last : null });
      } else {
        plans.push({ kind: item.kind, prefix: item.prefix, perLocation: false, companyLast: item.next !== undefined ? item.next - 1 : used, locationLast: null, raiseTo: null });
      }
    });
    if (Object.keys(errors).length) throw invalidInput(errors, Object.values(errors)[0]);
    for (const p of plans) {
      await tx.execute(sql`update document_numbering set prefix = ${p.prefix}, per_location = ${p.perLocation}, last = ${p.companyLast}, updated_at = now() where kind = ${p.kind}`);
      if (p.locationLast !== null) {
        await tx.execute(sql`insert into document_counters (location_id, kind, last) select id, ${p.kind}, ${p.locationLast} from locations
          on conflict (location_id, kind) do update set last = excluded.last`);
      } else if (p.raiseTo !== null && p.raiseTo > 0) {
        await tx.execute(sql`insert into document_counters (location_id, kind, last) select id, ${p.kind}, ${p.raiseTo} from locations
          on conflict (location_id, kind) do update set last = greatest(document_counters.last, excluded.last)`);
      }
    }
    const after = numberingOut(await numberingState(tx, false));
    const pick = (list: Numbering[]) => Object.fromEntries(list.filter((n) => input.some((i) => i.kind === n.kind)).map((n) => [n.kind, `${formatDocumentNumber(n.prefix, n.next)}${n.perLocation ? '' : ' (общая)'}`]));
    await recordChange(tx, ctx, { entity: 'settings', id: 'numbering', action: 'update', locationId: null, before: pick(beforeOut), after: pick(after) });
    return after;
  });
}
