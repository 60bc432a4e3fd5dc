import { ruleScope, type AuditEntry, type AuditPage } from '@repo/contracts';
import type { z } from 'zod';
import type { auditQuerySchema } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { findAuditPage, type AuditFilter } from './repository';

export type AuditQueryInput = z.output<typeof auditQuerySchema>;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit page the employee may read. Scope of `view:audit`: all → every row (including sign-ins
 * and rows of deleted locations); location → rows of the locations the employee may work in;
 * own → what the employee did. A date-only `to` covers that whole day.
 */
export async function listAudit({ db, auth }: Ctx, query: AuditQueryInput): Promise<AuditPage> {
  const scope = ruleScope(auth.rules, 'view', 'audit');
  const filter: AuditFilter = {
    entity: query.entity,
    entityId: query.entityId,
    employeeId: query.employeeId,
    from: query.from ? new Date(query.from) : undefined,
    locationIds: scope === 'all' ? null : scope === 'location' ? auth.locationIds : null,
    ownEmployeeId: scope === 'own' ? auth.employeeId : null,
  };
  if (query.to) {
    const to = new Date(query.to);
    if (dateOnly.test(query.to)) {
      to.setUTCDate(to.getUTCDate() + 1);
      filter.toExclusive = true;
    }
    filter.to = to;
  }
  const { rows, total } = await findAuditPage(db, filter, query.page, query.pageSize);
  const items: AuditEntry[] = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    action: r.action as AuditEntry['action'],
    diff: r.diff ?? null,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
