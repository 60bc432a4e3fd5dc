import type { AuditQuery } from '@repo/contracts';

/**
 * Query keys of the audit journal, from one factory. They start with 'audit' so one
 * `invalidateQueries({ queryKey: auditKeys.all })` refreshes every page and filter combination.
 */
export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, 'page', query] as const,
};
