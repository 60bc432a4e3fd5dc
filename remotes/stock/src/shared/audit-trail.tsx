import type { AuditEntry, AuditPage, EntityName } from '@repo/contracts';
import { api, entityKeys } from '@repo/shared-core';
import { DateCell } from '@repo/ui';
import { useQuery } from '@tanstack/react-query';
import { Card, Timeline } from 'antd';
import type { ReactNode } from 'react';

/** The audit log of one record (needs `view:audit`; without it the trail is simply not shown). */
export function useAuditTrail(entity: EntityName, entityId: string | null) {
  return useQuery({
    queryKey: entityKeys(entity).company('audit', entityId),
    queryFn: async () => (await api.get<AuditPage>('audit', { params: { entity, entityId, pageSize: 50 } })).data,
    enabled: !!entityId,
    retry: false,
  });
}

const actionLabels: Record<string, string> = { create: 'Создан', update: 'Изменён', delete: 'Удалён', post: 'Проведён', cancel: 'Отменён', print: 'Напечатан' };

/** «Создан», «Изменён (Черновик → Заказан)»: the default wording of an entry. */
export function describeAuditEntry(e: AuditEntry, statusLabels: Record<string, string> = {}): ReactNode {
  const status = e.diff?.status;
  const label = (v: unknown) => statusLabels[String(v ?? '')] ?? String(v ?? '');
  return `${actionLabels[e.action] ?? e.action}${status ? ` (${label(status.before)} → ${label(status.after)})` : ''}`;
}

/** «История документа»: who did what and when, newest first, from the audit log. */
export function AuditTrail({
  entity,
  id,
  title = 'История документа',
  describe = (e) => describeAuditEntry(e),
}: {
  entity: EntityName;
  id: string;
  title?: string;
  describe?: (e: AuditEntry) => ReactNode;
}) {
  const trail = useAuditTrail(entity, id);
  if (trail.isError || !trail.data?.items.length) return null;
  return (
    <Card size="small" title={title} style={{ marginTop: 12 }}>
      <Timeline
        items={trail.data.items.map((e) => ({
          key: e.id,
          children: (
            <span>
              <DateCell value={e.createdAt} time /> — {describe(e)}, {e.employeeName ?? 'система'}
            </span>
          ),
        }))}
      />
    </Card>
  );
}
