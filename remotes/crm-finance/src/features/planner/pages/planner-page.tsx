import type { PlannerEvent, RealtimeEvent } from '@repo/contracts';
import { bus, notify, useAuth } from '@repo/shared-core';
import { QueryError, useRule } from '@repo/ui';
import { Skeleton, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { plannerCalls, plannerKeys, usePlannerEvents, type VisibleRange } from '../api';
import { applyEventChange, type EventChangeInfo } from '../event-change';
import { EventDrawer } from '../components/event-drawer';
import { EventFormModal, type EventFormTarget } from '../components/event-form';
import type { DatesShown } from '../components/planner-calendar';
import { PlannerToolbar } from '../components/planner-toolbar';
import { useOverlapConfirm } from '../components/use-overlap-confirm';
import { parsePlannerUrl, urlAfterDatesSet, writePlannerUrl, type PlannerUrl } from '../url-state';

/** FullCalendar comes with the planner's chunk only, after the toolbar has drawn. */
const PlannerCalendar = lazy(() => import('../components/planner-calendar'));

/** The next whole hour, an hour long: «Новое событие» without a selected slot. */
function nextHour(): { start: Date; end: Date } {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { start, end: new Date(start.getTime() + 60 * 60_000) };
}

/**
 * `/planner`: a calendar of the shop's appointments, shifts and task due moments (month, week, day,
 * list). The view, the date, the filters and the open event live in the URL. A selected slot opens the
 * create form; a drag or a resize is saved at once and put back with the server's message if refused.
 * Live: `planner` events refetch through the host's invalidation, `task` events here.
 */
export function PlannerPage() {
  const [search, setSearch] = useSearchParams();
  const url = useMemo(() => parsePlannerUrl(search), [search]);
  const urlRef = useRef<PlannerUrl>(url);
  useEffect(() => {
    urlRef.current = url;
  }, [url]);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useAuth((s) => s.profile?.id);
  const canCreate = useRule('create:planner');
  const canEdit = useRule('edit:planner');
  const confirm = useOverlapConfirm();
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [formTarget, setFormTarget] = useState<EventFormTarget | null>(null);
  const query = usePlannerEvents(range, url);

  const setUrl = useCallback((change: Partial<PlannerUrl>) => setSearch((p) => writePlannerUrl(p, change)), [setSearch]);

  // Task due moments are drawn here: a task's change refetches the calendar too.
  useEffect(() => {
    const onEvent = (event: RealtimeEvent) => {
      if (event.entity === 'task') void qc.invalidateQueries({ queryKey: plannerKeys.all });
    };
    bus.on('realtime:event', onEvent);
    return () => bus.off('realtime:event', onEvent);
  }, [qc]);

  const onDatesSet = useCallback(
    (shown: DatesShown) => {
      setRange((r) => (r && r.from.getTime() === shown.start.getTime() && r.to.getTime() === shown.end.getTime() ? r : { from: shown.start, to: shown.end }));
      const change = urlAfterDatesSet(urlRef.current, shown.view, shown.currentStart, shown.currentEnd);
      if (change) setUrl(change);
    },
    [setUrl],
  );

  const onOpen = useCallback(
    (e: PlannerEvent) => {
      if (e.kind === 'task') {
        if (e.taskId) navigate(`/tasks?task=${encodeURIComponent(e.taskId)}`);
        return;
      }
      setUrl({ eventId: e.id });
    },
    [navigate, setUrl],
  );

  const onChange = useCallback(
    (info: EventChangeInfo) =>
      void applyEventChange(info, {
        update: plannerCalls.update,
        confirm,
        fail: (message) => notify.error(message, { toastId: `planner-refused:${message}` }),
        saved: () => void qc.invalidateQueries({ queryKey: plannerKeys.all }),
      }),
    [confirm, qc],
  );

  const locationId = url.locationIds.length === 1 ? url.locationIds[0] : undefined;
  const events = query.data ?? [];

  return (
    <>
      <PlannerToolbar
        filters={url}
        onChange={setUrl}
        busy={query.isFetching}
        onCreate={canCreate ? () => setFormTarget({ mode: 'create', ...nextHour() }) : undefined}
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось загрузить события" /> : null}
      {query.isSuccess && !query.isFetching && events.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="planner-empty">
          Нет событий в этом периоде
          {canCreate ? ': выделите время в календаре, чтобы добавить запись или смену' : ''}
        </Typography.Paragraph>
      ) : null}
      <div data-testid="planner-calendar" style={{ opacity: query.isFetching && !query.data ? 0.6 : 1 }}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <PlannerCalendar
            view={url.view}
            date={url.date}
            events={events}
            canCreate={canCreate}
            canEdit={canEdit}
            onDatesSet={onDatesSet}
            onSelect={(start, end) => setFormTarget({ mode: 'create', start, end })}
            onOpen={onOpen}
            onChange={onChange}
          />
        </Suspense>
      </div>
      <EventDrawer
        id={url.eventId}
        onClose={() => setUrl({ eventId: undefined })}
        onEdit={(event) => setFormTarget({ mode: 'edit', event })}
      />
      {formTarget ? (
        <EventFormModal
          key={formTarget.mode === 'edit' ? `edit:${formTarget.event.id}` : `new:${formTarget.start.getTime()}`}
          target={formTarget}
          locationId={locationId}
          defaultEmployeeId={url.employeeId ?? me}
          onClose={() => setFormTarget(null)}
          onSaved={() => {
            notify.success(formTarget.mode === 'edit' ? 'Событие изменено' : 'Событие добавлено');
            setFormTarget(null);
          }}
        />
      ) : null}
    </>
  );
}
