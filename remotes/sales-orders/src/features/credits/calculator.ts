import { calculateCredit, creditMessages, toKopecks, type CreditCalculation, type CreditOffer, type CreditTerm } from '@repo/contracts';

export interface CalculatorState {
  /** The term the figures are for: the one asked for, or the offer's first when it has no such term. */
  term: CreditTerm | null;
  /** The amount in kopecks, null when nothing (or not a number) is typed. */
  amount: number | null;
  /** What is wrong with the amount (outside the offer's range), for the amount field. */
  amountError: string | null;
  result: CreditCalculation | null;
}

/** A rouble amount from the address (`?amount=100000.5`): null for a missing or unreadable one. */
export function parseRoubles(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The calculator's figures for an offer, an amount typed in roubles and a number of months: the same
 * `calculateCredit` the server answers `POST /api/credits/calculate` with, so the screen shows the
 * payments to the kopeck as the user types, without asking.
 */
export function calculatorState(offer: CreditOffer | null, roubles: number | null, months: number | null): CalculatorState {
  const term = offer ? (offer.terms.find((t) => t.months === months) ?? offer.terms[0] ?? null) : null;
  const amount = toKopecks(roubles);
  if (!offer || !term || amount === null) return { term, amount, amountError: null, result: null };
  if (amount < offer.minAmount || amount > offer.maxAmount) {
    return { term, amount, amountError: creditMessages.amountRange(offer.minAmount, offer.maxAmount), result: null };
  }
  try {
    return { term, amount, amountError: null, result: calculateCredit(term, amount) };
  } catch (e) {
    return { term, amount, amountError: e instanceof Error ? e.message : String(e), result: null };
  }
}
