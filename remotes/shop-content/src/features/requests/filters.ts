import { shopRequestKinds, shopRequestStatuses, type ShopRequestKind, type ShopRequestQuery, type ShopRequestStatus } from '@repo/contracts';

/**
 * The list's filters, kept in the URL so a view can be shared and survives a reload:
 * `/request?status=new,in_work&kind=repair&q=…&locationId=…&page=2`. Without `status` the list shows
 * what needs work (new and in work); `status=all` shows every status. Unknown values are dropped rather
 * than sent (the server would refuse the whole query).
 */
export interface RequestFilters {
  /** Empty: every status. */
  status: ShopRequestStatus[];
  kind: ShopRequestKind[];
  locationId?: string;
  q?: string;
  page: number;
}

/** What needs work: the list's default. */
export const defaultStatuses: readonly ShopRequestStatus[] = ['new', 'in_work'];
export const emptyFilters: RequestFilters = { status: [...defaultStatuses], kind: [], page: 1 };

/** The URL keys the filters own; everything else is left as it is. */
const ownKeys = ['status', 'kind', 'locationId', 'q', 'page'] as const;

const list = <T extends string>(raw: string | null, values: readonly T[]): T[] =>
  [...new Set((raw ?? '').split(',').map((s) => s.trim()))].filter((s): s is T => (values as readonly string[]).includes(s));

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function parseFilters(search: URLSearchParams): RequestFilters {
  const page = Number(search.get('page'));
  const rawStatus = search.get('status');
  const status = rawStatus === null ? [...defaultStatuses] : rawStatus === 'all' ? [] : list(rawStatus, shopRequestStatuses);
  return {
    // A status list of only unknown values means the default, not «everything».
    status: rawStatus !== null && rawStatus !== 'all' && status.length === 0 ? [...defaultStatuses] : status,
    kind: list(search.get('kind'), shopRequestKinds),
    locationId: search.get('locationId') || undefined,
    q: search.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * Writes `change` into `search` (a copy): a filter change goes back to page 1 unless it sets the page,
 * and defaults leave no key behind, so the plain list is plain `/request`.
 */
export function writeFilters(search: URLSearchParams, current: RequestFilters, change: Partial<RequestFilters>): URLSearchParams {
  const next = new URLSearchParams(search);
  const merged: RequestFilters = { ...current, ...change, page: change.page ?? 1 };
  for (const key of ownKeys) next.delete(key);
  if (merged.status.length === 0) next.set('status', 'all');
  else if (!sameSet(merged.status, defaultStatuses)) next.set('status', shopRequestStatuses.filter((s) => merged.status.includes(s)).join(','));
  if (merged.kind.length) next.set('kind', merged.kind.join(','));
  if (merged.locationId) next.set('locationId', merged.locationId);
  if (merged.q?.trim()) next.set('q', merged.q.trim());
  if (merged.page > 1) next.set('page', String(merged.page));
  return next;
}

/** The API's query for the filters (`GET /api/shop/requests`). */
export function toApiQuery(f: RequestFilters): ShopRequestQuery {
  const q: Record<string, unknown> = { page: f.page };
  if (f.status.length) q.status = shopRequestStatuses.filter((s) => f.status.includes(s)).join(',');
  if (f.kind.length) q.kind = f.kind.join(',');
  if (f.locationId) q.locationId = f.locationId;
  if (f.q) q.search = f.q;
  return q as ShopRequestQuery;
}

/** Anything other than the default view (what needs work, every kind and location, no search). */
export const isFiltered = (f: RequestFilters) => !sameSet(f.status, defaultStatuses) || f.kind.length > 0 || !!f.locationId || !!f.q;

/** Where a linked order and sale open (remotes/sales-orders/src/expose/area.ts: `/orders/:id`, `/sales/:id`). */
export const orderHref = (id: string) => `/orders/${id}`;
export const saleHref = (id: string) => `/sales/${id}`;
