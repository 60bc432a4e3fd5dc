/**
 * Friendly names for the tables that may refer to a location (directly, or through its default
 * warehouse and cashbox). A delete that PostgreSQL refuses with a foreign-key violation (23503) is
 * answered with 409 naming the referring table from this list. Modules that add such tables register
 * their words here (`registerLocationReference('stock_documents', 'по нему есть складские документы')`);
 * an unregistered table is still refused, with a generic message.
 */
const labels = new Map<string, string>([
  ['employee_locations', 'к нему привязаны сотрудники'],
  ['warehouses', 'у него есть склады'],
  ['cashboxes', 'у него есть кассы'],
]);

export function registerLocationReference(table: string, label: string): void {
  labels.set(table, label);
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
  if (table && labels.has(table)) return labels.get(table)!;
  return table ? `на него ссылаются другие данные («${table}»)` : 'на него ссылаются другие данные';
}

/** Drizzle names constraints `<table>_<column>_<ref table>_<ref column>_fk`; used when the driver does not report the table. */
function tableOfConstraint(constraint: string | undefined): string | null {
  if (!constraint) return null;
  for (const table of labels.keys()) if (constraint.startsWith(`${table}_`)) return table;
  return null;
}
