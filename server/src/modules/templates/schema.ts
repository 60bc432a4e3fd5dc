import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { templateKinds } from '@repo/contracts';
import { createdAt, id, updatedAt } from '../../db/schema/columns';

/**
 * Printed document templates (server/docs/templates.md): company-wide HTML with Liquid variables,
 * sanitised when saved. `built_in_key` marks the templates every company starts with (one row per key:
 * the partial unique index); `default_body` is the built-in's default, kept for «Восстановить по
 * умолчанию» and the `modified` flag (null for templates staff created). `DELETE` archives a template
 * of staff (`archived_at`); built-ins cannot be deleted.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: id(),
    name: text('name').notNull(),
    kind: text('kind', { enum: templateKinds }).notNull(),
    paper: text('paper', { enum: ['a4', 'mm80', 'mm58', 'label58x40'] }).notNull(),
    body: text('body').notNull(),
    builtInKey: text('built_in_key'),
    defaultBody: text('default_body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('document_templates_built_in_key_unique').on(t.builtInKey).where(sql`${t.builtInKey} is not null`)],
);
