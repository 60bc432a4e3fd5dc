import type { AuditQuery } from '@repo/contracts';
import { entityKeys } from '@repo/shared-core';

const keys = entityKeys('audit');

/**
 * Query keys of the audit journal. They start with 'audit' (one `invalidateQueries({ queryKey:
 * auditKeys.all })` refreshes every page and filter), then the current shop: the journal is read
 * through the `Shop` header, so another shop's pages live under another key.
 */
export const auditKeys = {
  all: keys.all,
  page: (query: AuditQuery) => [...keys.scope(), 'page', query] as const,
};
