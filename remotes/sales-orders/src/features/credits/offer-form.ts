import { createCreditOfferRequestSchema, toKopecks, type CreateCreditOfferRequest, type CreditOffer } from '@repo/contracts';
import { fieldErrors, type FieldErrorEntry } from '@repo/shared-core';

export type TermKind = 'rate' | 'fee';

export const termKindLabels: Record<TermKind, string> = {
  rate: 'ставка, % годовых',
  fee: 'комиссия партнёра, %',
};

/** One term as the form holds it: the months, which kind of percent, the percent. */
export interface TermValues {
  months?: number | null;
  kind: TermKind;
  percent?: number | null;
}

/** The offer form: amounts in roubles (the inputs), sent as kopecks. */
export interface OfferValues {
  partner?: string;
  name?: string;
  minAmount?: number | null;
  maxAmount?: number | null;
  terms: TermValues[];
}

export const emptyTerm = (kind: TermKind = 'rate'): TermValues => ({ months: null, kind, percent: null });

export const newOfferValues = (): OfferValues => ({ partner: '', name: '', minAmount: null, maxAmount: null, terms: [emptyTerm()] });

/** An offer into the form: kopecks back to roubles, each term's percent with its kind. */
export function offerToValues(offer: CreditOffer): OfferValues {
  return {
    partner: offer.partner,
    name: offer.name,
    minAmount: offer.minAmount / 100,
    maxAmount: offer.maxAmount / 100,
    terms: offer.terms.map((t) =>
      t.feePercent !== undefined && t.feePercent !== null ? { months: t.months, kind: 'fee', percent: t.feePercent } : { months: t.months, kind: 'rate', percent: t.ratePercent ?? null },
    ),
  };
}

/** The request body: trimmed texts, amounts in kopecks, each term with only its `ratePercent` or `feePercent`. */
export function valuesToRequest(values: OfferValues): CreateCreditOfferRequest {
  return {
    partner: (values.partner ?? '').trim(),
    name: (values.name ?? '').trim(),
    minAmount: toKopecks(values.minAmount) as number,
    maxAmount: toKopecks(values.maxAmount) as number,
    terms: (values.terms ?? []).map((t) => ({
      months: t.months as number,
      ...(t.kind === 'fee' ? { feePercent: t.percent } : { ratePercent: t.percent }),
    })),
  };
}

/**
 * The request's field paths as the form's: `terms.0.ratePercent` and `terms.0.feePercent` are the
 * row's one percent input; the rest (`minAmount`, `terms.1.months`, `terms`) are named alike.
 */
export function toFormField(name: (string | number)[]): (string | number)[] {
  if (name[0] === 'terms' && name.length === 3 && (name[2] === 'ratePercent' || name[2] === 'feePercent')) return ['terms', name[1], 'percent'];
  return name;
}

const formFields = new Set(['partner', 'name', 'minAmount', 'maxAmount', 'terms']);

/** Server field errors (the error contract's `errors`) for the form's fields; `rest` are those it has no field for. */
export function serverFieldErrors(error: unknown): { fields: FieldErrorEntry[]; rest: string[] } {
  const fields: FieldErrorEntry[] = [];
  const rest: string[] = [];
  for (const entry of fieldErrors(error)) {
    if (formFields.has(String(entry.name[0]))) fields.push({ name: toFormField(entry.name), errors: entry.errors });
    else rest.push(...entry.errors);
  }
  return { fields, rest };
}

/**
 * The whole request checked by the contract's schema before sending (what the fields' own rules do not
 * see: a repeated number of months, more than 24 terms), as field errors; empty when it passes.
 */
export function requestErrors(body: CreateCreditOfferRequest): FieldErrorEntry[] {
  const parsed = createCreditOfferRequestSchema.safeParse(body);
  if (parsed.success) return [];
  const byField = new Map<string, FieldErrorEntry>();
  for (const issue of parsed.error.issues) {
    const name = toFormField(issue.path.map((p) => (typeof p === 'number' ? p : String(p))));
    const key = name.join('.');
    if (!byField.has(key)) byField.set(key, { name, errors: [issue.message] });
  }
  return [...byField.values()];
}
