import { hasRule, messages, missingRuleMessage, reportMessages, ruleScope } from '@repo/contracts';
import type { Ctx } from '../../lib/ctx';
import { forbidden } from '../../lib/errors';

/** Where a report looks and what it may show (server/docs/reports.md «Access»). */
export interface ReportScope {
  /** The shops whose rows the report reads: the current one, or every shop the employee works in. */
  locationIds: string[];
  /** `see_cost`: cost, gross profit, margin and stock value are shown; otherwise they are null. */
  seesCost: boolean;
}

/**
 * `view:report` at scope `all` may ask for every shop the employee works in (`allLocations=true`); a
 * narrower scope asking for it is 403 (the seed's `reports.isAllLocations` is the screen's wish, the
 * role decides). Without `allLocations` the report is the current shop's (the `Shop` header).
 */
export function reportScope(ctx: Ctx, allLocations: boolean | undefined): ReportScope {
  const scope = ruleScope(ctx.auth.rules, 'view', 'report');
  if (!scope) throw forbidden(missingRuleMessage('view:report'));
  const seesCost = hasRule(ctx.auth.rules, 'see_cost');
  if (allLocations) {
    if (scope !== 'all') throw forbidden(reportMessages.allLocationsForbidden);
    return { locationIds: [...ctx.auth.locationIds], seesCost };
  }
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  return { locationIds: [ctx.locationId], seesCost };
}

/** An Excel file is an export: `export:report` besides `view:report`. */
export function checkExport(ctx: Ctx, format: 'json' | 'xlsx'): void {
  if (format === 'xlsx' && !hasRule(ctx.auth.rules, 'export:report')) throw forbidden(missingRuleMessage('export:report'));
}
