import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, imageColumns, updatedAt } from '../../db/schema/columns';

/** The company and its details (issue #22: the printed forms' `company.*` variables read them). */
export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  legalName: text('legal_name'),
  inn: text('inn'),
  kpp: text('kpp'),
  ogrn: text('ogrn'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  bankName: text('bank_name'),
  bik: text('bik'),
  account: text('account'),
  corrAccount: text('corr_account'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const locations = pgTable('locations', {
  id: id(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  name: text('name').notNull(),
  address: text('address'),
  phone: text('phone'),
  workingHours: text('working_hours'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const locationImages = pgTable(
  'location_images',
  {
    id: id(),
    locationId: uuid('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
    ...imageColumns(),
  },
  (t) => [index('location_images_location_idx').on(t.locationId)],
);

/** A location's default warehouse and cashbox are created with it and removed with it while unused. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    locationId: uuid('location_id').notNull().references(() => locations.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('warehouses_location_idx').on(t.locationId)],
);

export const cashboxes = pgTable(
  'cashboxes',
  {
    id: id(),
    locationId: uuid('location_id').notNull().references(() => locations.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['cash', 'bank', 'card'] }).notNull().default('cash'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('cashboxes_location_idx').on(t.locationId)],
);
