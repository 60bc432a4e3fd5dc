import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common';
import { dateQuery, safeText, uuidSchema } from './primitives';

export const auditActions = ['create', 'update', 'delete', 'post', 'cancel', 'print', 'login', 'logout', 'login_failed', 'password_change', 'login_throttled', 'password_change_failed', 'location_switch'] as const;
export type AuditAction = (typeof auditActions)[number];

/** `{ field: [before, after] }` for updates; the whole row under `after` for creates. */
export const auditDiffSchema = z.record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() }));
export type AuditDiff = z.infer<typeof auditDiffSchema>;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    employeeId: z.string().nullable(),
    employeeName: z.string().nullable(),
    locationId: z.string().nullable(),
    entity: z.string(),
    entityId: z.string().nullable(),
    action: z.enum(auditActions),
    diff: auditDiffSchema.nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Filters of `GET /api/audit`; `from`/`to` are a date (a whole day for `to`) or a moment, years 1900..2999. */
export const auditQuerySchema = pageQuerySchema.extend({
  entity: safeText({ max: 60 }).optional(),
  entityId: safeText({ max: 60 }).optional(),
  employeeId: uuidSchema('Неверный идентификатор сотрудника').optional(),
  from: dateQuery,
  to: dateQuery,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
