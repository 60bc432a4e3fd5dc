import type { AuditPage, AuditQuery } from '@repo/contracts';
import { api, bus } from '@repo/shared-core';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { auditKeys } from './audit-keys';

export async function getAuditPage(query: AuditQuery): Promise<AuditPage> {
  // axios leaves out undefined params, so an unset filter is simply not sent.
  const { data } = await api.get<AuditPage>('audit', { params: query });
  return data;
}

export const auditPageQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: () => getAuditPage(query),
    // Paging or filtering keeps the old rows under the spinner instead of blinking to empty.
    placeholderData: keepPreviousData,
  });

/**
 * One page of the journal. The shell's realtime invalidation only refreshes `[event.entity]`,
 * but every mutation of any entity writes an audit row, so any event refreshes the journal.
 */
export function useAuditPage(query: AuditQuery) {
  const qc = useQueryClient();
  useEffect(() => {
    const onEvent = () => void qc.invalidateQueries({ queryKey: auditKeys.all });
    bus.on('realtime:event', onEvent);
    return () => bus.off('realtime:event', onEvent);
  }, [qc]);
  return useQuery(auditPageQueryOptions(query));
}
