import type { RealtimeEvent } from '@repo/contracts';
import { bus, notify, useAuth } from '@repo/shared-core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A notification for the realtime events addressed to the signed-in employee (`employeeId` is theirs
 * and the server gave a `text`: a task assigned to them, a task fallen due), on whatever screen they are;
 * clicking it opens `href`. Events for everyone (`employeeId` absent) only refresh the lists.
 */
export function useOwnNotices(): void {
  const employeeId = useAuth((s) => s.profile?.id ?? null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!employeeId) return;
    const onEvent = (event: RealtimeEvent) => {
      if (event.employeeId !== employeeId || !event.text) return;
      const href = event.href;
      notify.info(event.text, {
        toastId: `${event.notice ?? 'notice'}:${event.id}`,
        autoClose: 10_000,
        ...(href ? { onClick: () => navigate(href), style: { cursor: 'pointer' } } : {}),
      });
    };
    bus.on('realtime:event', onEvent);
    return () => bus.off('realtime:event', onEvent);
  }, [employeeId, navigate]);
}
