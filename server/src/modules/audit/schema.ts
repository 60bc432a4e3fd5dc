import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/schema/columns';
import { employees } from '../auth/schema';

/** Append-only. No foreign key to locations: history outlives the rows it describes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    createdAt: createdAt(),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    locationId: uuid('location_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    diff: jsonb('diff').$type<Record<string, { before?: unknown; after?: unknown }>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_employee_idx').on(t.employeeId),
    index('audit_created_idx').on(t.createdAt),
  ],
);
