import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentTemplates } from '../../db/schema';
import type { Seeder } from '../../lib/module';
import { builtInTemplates } from './builtins';
import { sanitizeTemplateBody } from './sanitize';

/**
 * The built-in documents every company starts with (receipt, act, warranty card, sales receipt, price
 * label: builtins.ts), stored sanitised like any saved body so an untouched one is not `modified`.
 * Idempotent: one row per `built_in_key`, an existing one is left as it is.
 */
export const builtInTemplatesSeeder: Seeder = {
  name: 'templates.builtins',
  async run(tx) {
    for (const b of builtInTemplates) {
      const body = sanitizeTemplateBody(b.body);
      await tx.execute(sql`insert into document_templates (name, kind, paper, body, built_in_key, default_body)
        values (${b.name}, ${b.kind}, ${b.paper}, ${body}, ${b.key}, ${body})
        on conflict (built_in_key) where built_in_key is not null do nothing`);
    }
  },
};

/** The same, once more, for databases seeded before a built-in was added (issue #21: «Заказ поставщику»). */
export const purchaseOrderTemplateSeeder: Seeder = { name: 'templates.builtins.purchase-order', run: builtInTemplatesSeeder.run };

/**
 * At start: a built-in whose default changed in a release gets the new default; its body follows when
 * it was not modified (a modified body stays, and shows as modified against the new default).
 */
export async function syncBuiltInDefaults(db: Db): Promise<void> {
  const rows = await db.select({ id: documentTemplates.id, key: documentTemplates.builtInKey, body: documentTemplates.body, defaultBody: documentTemplates.defaultBody }).from(documentTemplates).where(sql`${documentTemplates.builtInKey} is not null`);
  for (const row of rows) {
    const builtIn = builtInTemplates.find((b) => b.key === row.key);
    if (!builtIn) continue;
    const next = sanitizeTemplateBody(builtIn.body);
    if (row.defaultBody === next) continue;
    await db
      .update(documentTemplates)
      .set({ defaultBody: next, ...(row.body === row.defaultBody ? { body: next, updatedAt: new Date() } : {}) })
      .where(eq(documentTemplates.id, row.id));
  }
}
