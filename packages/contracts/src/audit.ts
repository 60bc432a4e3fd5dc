import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common';

export const auditActions = ['create', 'update', 'delete', 'post', 'cancel', 'print', 'login', 'logout', 'login_failed', 'password_change'] as const;
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

const dateParam = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Неверная дата')
  .optional();

export const auditQuerySchema = pageQuerySchema.extend({
  entity: z.string().max(60).optional(),
  entityId: z.string().max(60).optional(),
  employeeId: z.uuid({ error: 'Неверный идентификатор сотрудника' }).optional(),
  from: dateParam,
  to: dateParam,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
