import FullCalendar, { type CalendarRef, type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import ruLocale from '@fullcalendar/react/locales/ru';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { PlannerEvent } from '@repo/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { eventSubtitle, toCalendarEvent } from '../event-look';
import type { EventChangeInfo } from '../event-change';
import { dayOf, type PlannerView } from '../url-state';

export interface DatesShown {
  view: string;
  /** The fetched range (a month view's spill-over weeks included). */
  start: Date;
  end: Date;
  /** The period the view is about (its title). */
  currentStart: Date;
  currentEnd: Date;
}

export interface PlannerCalendarProps {
  view: PlannerView;
  date?: string;
  events: PlannerEvent[];
  canCreate: boolean;
  canEdit: boolean;
  onDatesSet: (shown: DatesShown) => void;
  onSelect: (start: Date, end: Date) => void;
  onOpen: (event: PlannerEvent) => void;
  onChange: (info: EventChangeInfo) => void;
}

const time24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** Events shorter than this show one line (time and title) in the week and day views. */
const SHORT_MS = 45 * 60_000;

function EventContent({ arg }: { arg: EventDisplayInfo }) {
  const e = arg.event.extendedProps.planner as PlannerEvent | undefined;
  const { start, end } = arg.event;
  if (start && end && end.getTime() - start.getTime() < SHORT_MS) {
    return (
      <div className="planner-event-body" style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', lineHeight: 1.2, fontSize: 11 }} title={e ? `${e.title}\n${eventSubtitle(e)}` : arg.event.title}>
        {arg.timeText ? <b style={{ marginInlineEnd: 4 }}>{arg.timeText}</b> : null}
        {arg.event.title}
      </div>
    );
  }
  return (
    <div className="planner-event-body" style={{ overflow: 'hidden', lineHeight: 1.25, fontSize: 12 }} title={e ? `${e.title}\n${eventSubtitle(e)}` : arg.event.title}>
      {arg.timeText ? <b style={{ marginInlineEnd: 4 }}>{arg.timeText}</b> : null}
      <span>{arg.event.title}</span>
      {e ? <div style={{ opacity: 0.85 }}>{eventSubtitle(e)}</div> : null}
    </div>
  );
}

/**
 * FullCalendar v7 (MIT parts: month, week, day, list; drag, resize, select), Russian, Monday first,
 * 24-hour, in the browser's (the shop's) time zone. Its own toolbar switches views and periods; the page
 * keeps the view and the date in the URL, and a URL change (back, a shared link) moves the calendar.
 * Loaded with the planner's chunk only.
 */
export default function PlannerCalendar({ view, date, events, canCreate, canEdit, onDatesSet, onSelect, onOpen, onChange }: PlannerCalendarProps) {
  const ref = useRef<CalendarRef>(null);
  const input = useMemo(() => events.map((e) => toCalendarEvent(e, canEdit)), [events, canEdit]);

  // The URL moved (back / forward / a link): follow it.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const shown = api.view;
    const target = date ?? dayOf(new Date());
    const [y, m, d] = target.split('-').map(Number);
    const t = new Date(y, m - 1, d).getTime();
    const inside = t >= shown.currentStart.getTime() && t < shown.currentEnd.getTime();
    if (shown.type !== view) api.changeView(view, target);
    else if (!inside) api.gotoDate(target);
  }, [view, date]);

  return (
    <FullCalendar
      ref={ref}
      plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
      locale={ruLocale}
      timeZone="local"
      firstDay={1}
      initialView={view}
      initialDate={date}
      headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
      slotHeaderFormat={time24}
      eventTimeFormat={time24}
      // The week and day views scroll inside their own frame, opened at the working morning; the month and
      // the list grow with the page.
      height={view.startsWith('timeGrid') ? 'calc(100vh - 250px)' : 'auto'}
      scrollTime="08:00:00"
      nowIndicator
      allDaySlot={false}
      // v7's one English string (the time axis' header).
      timedText="Время"
      dayMaxEvents={3}
      navLinks
      events={input}
      selectable={canCreate}
      selectMirror
      editable={canEdit}
      eventResizableFromStart={false}
      noEventsText="Нет событий в этом периоде"
      eventContent={(arg: EventDisplayInfo) => <EventContent arg={arg} />}
      datesSet={(info) => onDatesSet({ view: info.view.type, start: info.start, end: info.end, currentStart: info.view.currentStart, currentEnd: info.view.currentEnd })}
      select={(info) => {
        ref.current?.getApi().unselect();
        onSelect(info.start, info.end);
      }}
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        const e = info.event.extendedProps.planner as PlannerEvent | undefined;
        if (e) onOpen(e);
      }}
      eventDrop={(info) => onChange({ event: info.event, oldEvent: info.oldEvent, revert: info.revert })}
      eventResize={(info) => onChange({ event: info.event, oldEvent: info.oldEvent, revert: info.revert })}
    />
  );
}
