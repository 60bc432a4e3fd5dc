/**
 * Every table, for code that needs the whole schema (the Drizzle client, tests). Tables live beside
 * their module (`modules/<name>/schema.ts`); drizzle.config.ts globs those files. Shared column
 * helpers are in ./columns.ts, tables of the platform itself (seed runs) in this folder.
 */
export * from '../../modules/location/schema';
export * from '../../modules/auth/schema';
export * from '../../modules/audit/schema';
export * from '../../modules/releases/schema';
export * from '../../modules/catalog/schema';
export * from '../../modules/clients/schema';
export * from '../../modules/stock/schema';
export * from '../../modules/procurement/schema';
export * from '../../modules/finance/schema';
export * from '../../modules/orders/schema';
export * from '../../modules/templates/schema';
export * from '../../modules/credits/schema';
export * from '../../modules/sales/schema';
export * from '../../modules/backup/schema';
export * from '../../modules/company/schema';
export * from '../../modules/payroll/schema';
export * from '../../modules/tasks/schema';
export * from '../../modules/planner/schema';
export * from '../../modules/reports/schema';
export * from '../../modules/shop/schema';
export * from './seed-runs';
