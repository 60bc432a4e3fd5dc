import {
  basisPointsToPercent,
  calculateCredit,
  creditMessages,
  percentToBasisPoints,
  type CalculateCreditRequest,
  type CreateCreditOfferRequest,
  type CreditCalculationResult,
  type CreditOffer,
  type UpdateCreditOfferRequest,
} from '@repo/contracts';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, invalidInput, notFound } from '../../lib/errors';
import * as repo from './repository';

/**
 * Partners' instalment and credit offers (server/docs/credits.md): company-wide CRUD, archived instead
 * of deleted, and the calculator (`calculateCredit` of the contracts, the same the screens show live).
 * The routes check the rules (`view`, `create`, `edit` of `credit_offer`); every change is one
 * transaction with its audit row and a `credit_offer` event to every tab.
 */

const ENTITY = 'credit_offer' as const;

type TermOut = CreditOffer['terms'][number];

function termOut(t: repo.TermValues): TermOut {
  return t.rateBp !== null ? { months: t.months, ratePercent: basisPointsToPercent(t.rateBp) } : { months: t.months, feePercent: basisPointsToPercent(t.feeBp ?? 0) };
}

export function offerOut(row: repo.OfferWithTerms): CreditOffer {
  return {
    id: row.id,
    partner: row.partner,
    name: row.name,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    terms: row.terms.map(termOut),
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of an offer: everything a person edits, terms as they read them. */
const snapshot = (row: repo.OfferWithTerms) => ({
  partner: row.partner,
  name: row.name,
  minAmount: row.minAmount,
  maxAmount: row.maxAmount,
  terms: row.terms.map(termOut),
  archived: row.archivedAt !== null,
});

/** Terms as stored: by months, percents in hundredths (the contracts have checked ranges, decimals and uniqueness). */
function termValues(terms: CreateCreditOfferRequest['terms']): repo.TermValues[] {
  return terms
    .map((t) => ({
      months: t.months,
      rateBp: t.ratePercent === null || t.ratePercent === undefined ? null : percentToBasisPoints(t.ratePercent),
      feeBp: t.feePercent === null || t.feePercent === undefined ? null : percentToBasisPoints(t.feePercent),
    }))
    .sort((a, b) => a.months - b.months);
}

async function assertUniqueName(db: repo.Conn, partner: string, name: string, exceptId?: string) {
  if (await repo.findActiveByName(db, partner, name, exceptId)) {
    throw new AppError(409, 'conflict', creditMessages.nameTaken, { name: creditMessages.nameTaken });
  }
}

// ---------------------------------------------------------------------------------------------------
// CRUD

export async function listOffers(ctx: Ctx, query: { archived?: boolean }): Promise<CreditOffer[]> {
  return (await repo.listOffers(ctx.db, query.archived ?? false)).map(offerOut);
}

/** An offer, archived ones too (they can be restored). */
export async function getOffer(ctx: Ctx, id: string): Promise<CreditOffer> {
  const row = await repo.findOffer(ctx.db, id);
  if (!row) throw notFound(creditMessages.notFound);
  return offerOut(row);
}

export async function createOffer(ctx: Ctx, input: CreateCreditOfferRequest): Promise<CreditOffer> {
  return ctx.db.transaction(async (tx) => {
    await assertUniqueName(tx, input.partner, input.name);
    const row = await repo.insertOffer(tx, { partner: input.partner, name: input.name, minAmount: input.minAmount, maxAmount: input.maxAmount }, termValues(input.terms));
    await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(row), locationId: null });
    return offerOut(row);
  });
}

/**
 * Changes any of the fields (`terms` replaces the whole list); `archived: true` archives the offer (it
 * leaves the calculator), `false` restores it. The amounts are checked against the stored ones too.
 */
export async function updateOffer(ctx: Ctx, id: string, input: UpdateCreditOfferRequest): Promise<CreditOffer> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findOffer(tx, id, { lock: true });
    if (!before) throw notFound(creditMessages.notFound);
    const minAmount = input.minAmount ?? before.minAmount;
    const maxAmount = input.maxAmount ?? before.maxAmount;
    if (minAmount > maxAmount) {
      if (input.maxAmount !== undefined) throw invalidInput({ maxAmount: creditMessages.maxBelowMin });
      throw invalidInput({ minAmount: creditMessages.minAboveMax });
    }
    const partner = input.partner ?? before.partner;
    const name = input.name ?? before.name;
    const archived = input.archived ?? before.archivedAt !== null;
    if (!archived && (input.partner !== undefined || input.name !== undefined || before.archivedAt !== null)) await assertUniqueName(tx, partner, name, id);

    const set: Partial<repo.OfferInsert> = { partner, name, minAmount, maxAmount };
    if (archived !== (before.archivedAt !== null)) set.archivedAt = archived ? new Date() : null;
    const terms = input.terms ? termValues(input.terms) : undefined;
    const after = await repo.updateOffer(tx, id, set, terms);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', before: snapshot(before), after: snapshot(after), locationId: null });
    return offerOut(after);
  });
}

// ---------------------------------------------------------------------------------------------------
// The calculator

/**
 * Payments for a purchase on one of an offer's terms. 404 for an offer that is missing or archived;
 * 400 on `amount` outside the offer's range (named in roubles) and on `months` it does not offer.
 */
export async function calculate(ctx: Ctx, input: CalculateCreditRequest): Promise<CreditCalculationResult> {
  const offer = await repo.findOffer(ctx.db, input.offerId);
  if (!offer) throw notFound(creditMessages.notFound);
  if (offer.archivedAt) throw notFound(creditMessages.archived);
  if (input.amount < offer.minAmount || input.amount > offer.maxAmount) {
    const message = creditMessages.amountRange(offer.minAmount, offer.maxAmount);
    throw invalidInput({ amount: message }, message);
  }
  const term = offer.terms.find((t) => t.months === input.months);
  if (!term) {
    const message = creditMessages.monthsNotOffered(input.months, offer.terms.map((t) => t.months));
    throw invalidInput({ months: message }, message);
  }
  const out = termOut(term);
  return { offerId: offer.id, amount: input.amount, ...out, ...calculateCredit(out, input.amount) };
}
