import { percentToBasisPoints } from '@repo/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { creditOffers, creditOfferTerms, locations, roles } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';

/** The rule the built-in cashier role gets for the offers (db/seed/roles.ts gives it to new companies). */
export const cashierCreditRule = 'view:credit_offer:all';

/**
 * Companies created before the credit offers: their built-in cashier role gets `view:credit_offer:all`
 * (it shows the customer the payments at the counter). Once per database; a role already holding the
 * rule (every company seeded since) is left as it is. Owner and manager had every `credit_offer` rule
 * from the start.
 */
export const cashierCreditRuleSeeder: Seeder = {
  name: 'credits.cashier-rule',
  async run(tx) {
    const rule = JSON.stringify([cashierCreditRule]);
    await tx
      .update(roles)
      .set({ rules: sql`${roles.rules} || ${rule}::jsonb`, updatedAt: new Date() })
      .where(and(eq(roles.name, 'cashier'), eq(roles.builtIn, true), sql`not (${roles.rules} @> ${rule}::jsonb)`));
  },
};

interface DemoOffer {
  partner: string;
  name: string;
  /** Roubles. */
  min: number;
  max: number;
  terms: Array<{ months: number; ratePercent?: number; feePercent?: number }>;
}

/** Three partners a phone shop works with: two instalments with the partner's fee and a credit at 19,9 %. */
export const demoCreditOffers: DemoOffer[] = [
  { partner: 'ОТП Банк', name: 'Рассрочка 0-0-6', min: 3_000, max: 150_000, terms: [{ months: 6, feePercent: 4.5 }] },
  {
    partner: 'Тинькофф',
    name: 'Кредит на технику',
    min: 5_000,
    max: 500_000,
    terms: [
      { months: 6, ratePercent: 19.9 },
      { months: 12, ratePercent: 19.9 },
      { months: 24, ratePercent: 19.9 },
    ],
  },
  { partner: 'Хоум Кредит', name: 'Рассрочка 10', min: 3_000, max: 200_000, terms: [{ months: 10, feePercent: 7 }] },
];

/**
 * The demo partners' offers (demoCreditOffers). Only for the demo company (its locations exist,
 * `SEED_DEMO` is not false) and only while the company has no offers of its own. Seed data is not
 * audited or announced.
 */
export const creditsDemoSeeder: Seeder = {
  name: 'credits.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const [{ n: demo }] = await tx
      .select({ n: count() })
      .from(locations)
      .where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (Number(demo) === 0) return;
    const [{ n: existing }] = await tx.select({ n: count() }).from(creditOffers);
    if (Number(existing) > 0) return;
    for (const offer of demoCreditOffers) {
      const [row] = await tx
        .insert(creditOffers)
        .values({ partner: offer.partner, name: offer.name, minAmount: offer.min * 100, maxAmount: offer.max * 100 })
        .returning({ id: creditOffers.id });
      await tx.insert(creditOfferTerms).values(
        offer.terms.map((t) => ({
          offerId: row.id,
          months: t.months,
          rateBp: t.ratePercent !== undefined ? percentToBasisPoints(t.ratePercent) : null,
          feeBp: t.feePercent !== undefined ? percentToBasisPoints(t.feePercent) : null,
        })),
      );
    }
  },
};
