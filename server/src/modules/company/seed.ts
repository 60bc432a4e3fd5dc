import { numberingKindList, numberingKinds } from '@repo/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { demoCompanyName } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';

/**
 * A numbering row for every kind of document (default prefix, per location), on every database: a
 * document taking a number then always finds the row to lock against a numbering change (lib/counters.ts).
 */
export const numberingSeeder: Seeder = {
  name: 'company.numbering',
  async run(tx) {
    await tx.execute(
      sql`insert into document_numbering (kind, prefix, per_location, last) values ${sql.join(
        numberingKindList.map((k) => sql`(${k}, ${numberingKinds[k].prefix}, true, 0)`),
        sql`, `,
      )} on conflict (kind) do nothing`,
    );
  },
};

/**
 * The demo company's requisites (fictitious «ООО «Сервис Плюс»», check digits valid by the contracts'
 * validators; test/company.test.ts checks them), so printed forms show them. Only while none are filled in.
 */
export const demoCompanyDetails = {
  legalName: 'ООО «Сервис Плюс»',
  inn: '7704123450',
  kpp: '770401001',
  ogrn: '1127746123450',
  address: '119002, г. Москва, ул. Арбат, д. 24, помещ. 3',
  phone: '+7 (495) 120-34-56',
  email: 'info@servis-plus.example',
  bankName: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810538000123456',
  corrAccount: '30101810400000000225',
} as const;

export const companyDetailsSeeder: Seeder = {
  name: 'company.details',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    await tx
      .update(companies)
      .set({ ...demoCompanyDetails, updatedAt: new Date() })
      .where(and(eq(companies.name, demoCompanyName), isNull(companies.inn)));
  },
};
