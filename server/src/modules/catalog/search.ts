import { fromRussianLayout, normalizeSearchText } from '@repo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern as contains } from '../../lib/sql';

/**
 * How a product is found by what staff type or scan: the normalised name contains the text, or the SKU
 * or one of the barcodes contains it as typed or as the Russian-layout twin (a scanner in the Russian
 * layout types «ФИС» for «ABC»). Each part is served by a trigram index (migration 0007), the barcodes
 * through `id = any(array(…))` so the three combine in one bitmap scan instead of a per-row subquery.
 * Shared by the catalogue and the stock's balances; `p` is the products table or its alias.
 */
export interface SearchTerms {
  /** Normalised text (lower case, ё = е, single spaces). */
  text: string;
  /** The same typed in the Russian layout, back in Latin. */
  latin: string;
}

export function searchTerms(raw: string): SearchTerms | undefined {
  const text = normalizeSearchText(raw);
  return text ? { text, latin: normalizeSearchText(fromRussianLayout(raw)) } : undefined;
}


const variants = (t: SearchTerms) => [...new Set([t.text, t.latin])];

export function productMatches(p: SQL, t: SearchTerms): SQL {
  const codes = variants(t);
  const barcodes = sql.join(codes.map((c) => sql`lower(barcode) like ${contains(c)}`), sql` or `);
  return sql`(${p}.search_name like ${contains(t.text)} or ${sql.join(
    codes.map((c) => sql`${p}.sku_key like ${contains(c)}`),
    sql` or `,
  )} or ${p}.id = any(array(select product_id from product_barcodes where ${barcodes})))`;
}

/** True for a product whose SKU or a barcode is exactly the text: listed first. */
export function productCodeIs(p: SQL, t: SearchTerms): SQL {
  const codes = sql.join(variants(t).map((c) => sql`${c}`), sql`, `);
  return sql`(${p}.sku_key in (${codes}) or ${p}.id = any(array(select product_id from product_barcodes where lower(barcode) in (${codes}))))`;
}
