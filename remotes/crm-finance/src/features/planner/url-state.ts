import { plannerEventKinds, type PlannerEventKind, type PlannerEventsQuery } from '@repo/contracts';

/**
 * The planner's state in the URL, so a view can be shared and survives a reload:
 * `/planner?view=timeGridWeek&date=2026-12-01&employeeId=…&kinds=appointment,shift&locations=l1,l2&event=<id>`.
 * Defaults leave no key behind (plain `/planner` is this week of the current shop, every kind);
 * unknown values are dropped rather than sent (the server would refuse the whole query).
 */
export const plannerViews = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type PlannerView = (typeof plannerViews)[number];
export const defaultView: PlannerView = 'timeGridWeek';

export interface PlannerFilters {
  employeeId?: string;
  /** Empty: every kind. */
  kinds: PlannerEventKind[];
  /** Empty: the current location. */
  locationIds: string[];
}

export interface PlannerUrl extends PlannerFilters {
  view: PlannerView;
  /** `YYYY-MM-DD`, the day the view shows (any day inside it); none: today. */
  date?: string;
  /** The open event (`?event=<id>`). */
  eventId?: string;
}

const ownKeys = ['view', 'date', 'employeeId', 'kinds', 'locations', 'event'] as const;

const commaList = (raw: string | null) => [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export function parsePlannerUrl(search: URLSearchParams): PlannerUrl {
  const view = search.get('view');
  const date = search.get('date');
  return {
    view: (plannerViews as readonly string[]).includes(view ?? '') ? (view as PlannerView) : defaultView,
    date: isDay(date) ? date : undefined,
    employeeId: search.get('employeeId')?.trim() || undefined,
    kinds: commaList(search.get('kinds')).filter((k): k is PlannerEventKind => (plannerEventKinds as readonly string[]).includes(k)),
    locationIds: commaList(search.get('locations')),
    eventId: search.get('event')?.trim() || undefined,
  };
}

/** Writes `change` into a copy of `search`; every other key (`new`…) is left as it is. */
export function writePlannerUrl(search: URLSearchParams, change: Partial<PlannerUrl>): URLSearchParams {
  const merged = { ...parsePlannerUrl(search), ...change };
  const next = new URLSearchParams(search);
  for (const key of ownKeys) next.delete(key);
  if (merged.view !== defaultView) next.set('view', merged.view);
  if (merged.date) next.set('date', merged.date);
  if (merged.employeeId) next.set('employeeId', merged.employeeId);
  // All three kinds is the default: no key.
  if (merged.kinds.length && merged.kinds.length < plannerEventKinds.length) next.set('kinds', plannerEventKinds.filter((k) => merged.kinds.includes(k)).join(','));
  if (merged.locationIds.length) next.set('locations', merged.locationIds.join(','));
  if (merged.eventId) next.set('event', merged.eventId);
  return next;
}

/** `GET /api/planner/events`'s query for the visible range and the filters. */
export function toEventsQuery(range: { from: Date; to: Date }, f: PlannerFilters): PlannerEventsQuery {
  const q: PlannerEventsQuery = { from: range.from.toISOString(), to: range.to.toISOString() };
  if (f.locationIds.length) q.locationId = f.locationIds.join(',');
  if (f.employeeId) q.employeeId = f.employeeId;
  if (f.kinds.length && f.kinds.length < plannerEventKinds.length) q.kinds = f.kinds.join(',');
  return q;
}

/** A local calendar day as `YYYY-MM-DD`. */
export function dayOf(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * What the URL should say after the calendar showed `view` over [currentStart, currentEnd): nothing to
 * write (null) when the URL already names this view and a day inside it, or names no day and the view
 * holds today (the first render of plain `/planner`).
 */
export function urlAfterDatesSet(url: PlannerUrl, view: string, currentStart: Date, currentEnd: Date, today = new Date()): Partial<PlannerUrl> | null {
  const inside = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    const t = new Date(y, m - 1, d).getTime();
    return t >= currentStart.getTime() && t < currentEnd.getTime();
  };
  const sameView = url.view === view;
  const dayOk = url.date ? inside(url.date) : inside(dayOf(today));
  if (sameView && dayOk) return null;
  const change: Partial<PlannerUrl> = {};
  if (!sameView && (plannerViews as readonly string[]).includes(view)) change.view = view as PlannerView;
  if (!dayOk) change.date = dayOf(currentStart);
  return Object.keys(change).length ? change : null;
}
