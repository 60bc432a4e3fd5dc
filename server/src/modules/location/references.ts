import type { LocationReference } from '../../lib/module';

/**
 * What refers to a location (directly, or through its default warehouse and cashbox), filled from
 * every module's `locationReferences` when the app is built (app.ts). Before a delete, the references
 * with a `count` are counted and named with their numbers («у него есть склады (2)»); a delete that
 * PostgreSQL still refuses with a foreign-key violation (23503) is answered with 409 naming the
 * referring table's label, or the table itself when no module registered it.
 */
const references = new Map<string, LocationReference>();

/** Registers a reference (a module's definition) or, for a table with no count, only its label. */
export function registerLocationReference(reference: LocationReference): void;
export function registerLocationReference(table: string, label: string): void;
export function registerLocationReference(reference: LocationReference | string, label?: string): void {
  const ref = typeof reference === 'string' ? { table: reference, label: label ?? reference } : reference;
  references.set(ref.table, ref);
}

/** The registered references that can be counted, in registration order (the modules' order). */
export function countedReferences(): LocationReference[] {
  return [...references.values()].filter((r) => r.count);
}

interface PgErrorFields {
  code?: string;
  table?: string;
  constraint?: string;
  cause?: unknown;
}

/** The PostgreSQL error behind a driver or Drizzle wrapper (`DrizzleQueryError.cause`). */
export function pgErrorOf(err: unknown): PgErrorFields | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return null;
}

/** The reason a delete was refused by a foreign key, or null when the error is something else. */
export function referenceConflict(err: unknown): string | null {
  const pg = pgErrorOf(err);
  if (pg?.code !== '23503') return null;
  const table = pg.table ?? tableOfConstraint(pg.constraint);
  if (table && references.has(table)) return references.get(table)!.label;
  return table ? `на него ссылаются другие данные («${table}»)` : 'на него ссылаются другие данные';
}

/** Drizzle names constraints `<table>_<column>_<ref table>_<ref column>_fk`; used when the driver does not report the table. */
function tableOfConstraint(constraint: string | undefined): string | null {
  if (!constraint) return null;
  for (const table of references.keys()) if (constraint.startsWith(`${table}_`)) return table;
  return null;
}
