import { normalizeSearchText } from '@repo/contracts';

/** Small helpers for raw SQL shared by the modules. */

/** `%text%` for LIKE / ILIKE, with the caller's `%`, `_` and `\` matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE pattern of what was typed against a stored search text, both compared as the catalogue's search does (`normalizeSearchText`). */
export const searchPattern = (typed: string) => containsPattern(normalizeSearchText(typed));

/** The rows of `db.execute(...)`: node-postgres answers `{ rows }`, drizzle's PGlite driver may answer the array. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
