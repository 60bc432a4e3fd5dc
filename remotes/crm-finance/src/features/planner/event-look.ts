import type { PlannerEvent, PlannerEventKind } from '@repo/contracts';

/**
 * How each kind looks: a shift is a light block behind the day's work, an appointment a solid blue
 * block, a task's due moment orange. The same colours mark the kind filter's chips and the drawer's tag.
 */
export const kindLook: Record<PlannerEventKind, { color: string; contrastColor: string; border: string; tag: string }> = {
  appointment: { color: '#1677ff', contrastColor: '#ffffff', border: '#0958d9', tag: 'blue' },
  shift: { color: '#d9f7be', contrastColor: '#135200', border: '#95de64', tag: 'green' },
  task: { color: '#fa8c16', contrastColor: '#ffffff', border: '#d46b08', tag: 'orange' },
};

/** The second line of an event: the employee, and for an appointment its client and device. */
export function eventSubtitle(e: PlannerEvent): string {
  const device = e.device ? [e.device.type, e.device.brand, e.device.model].filter(Boolean).join(' ') : '';
  const parts = [e.employeeName];
  if (e.kind === 'appointment') parts.push(...[e.clientName, device].filter((p): p is string => !!p));
  return parts.filter(Boolean).join(' · ');
}

/** A planner event as FullCalendar's input: coloured by kind, draggable only when the employee may change it. */
export function toCalendarEvent(e: PlannerEvent, canEdit: boolean) {
  const look = kindLook[e.kind];
  const editable = canEdit && e.editable && e.kind !== 'task';
  return {
    id: e.id,
    title: e.title || (e.kind === 'shift' ? 'Смена' : 'Запись'),
    start: e.start,
    end: e.end,
    allDay: false,
    color: look.color,
    contrastColor: look.contrastColor,
    className: `planner-event planner-event-${e.kind}`,
    editable,
    startEditable: editable,
    durationEditable: editable,
    extendedProps: { planner: e },
  };
}
