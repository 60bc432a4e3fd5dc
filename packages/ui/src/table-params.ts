import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's paging, sorting and filters live in the URL (`?page=2&sort=createdAt&order=desc&status=new&status=paid`),
 * so a reload, the back button and a link sent to a colleague show the same rows. Typed both ways:
 * the spec says which filters exist and of which kind, parse gives typed values, serialize writes
 * them back while keeping the page's other params (`tab`, `dialog`).
 */
export type FilterKind = 'string' | 'strings' | 'number' | 'boolean';
export type SortOrder = 'asc' | 'desc';

type FilterValue<K extends FilterKind> = K extends 'strings' ? string[] : K extends 'number' ? number : K extends 'boolean' ? boolean : string;

export interface TableParamsSpec<F extends Record<string, FilterKind> = Record<string, FilterKind>, S extends string = string> {
  filters?: F;
  /** Fields the server can sort by; anything else in the URL is ignored. */
  sort?: readonly S[];
  defaultSort?: { field: S; order: SortOrder };
  /** Rows per page when the URL says nothing (20). */
  pageSize?: number;
  /** Page sizes offered; a size outside them in the URL falls back to `pageSize`. */
  pageSizes?: readonly number[];
  /** Prefixes every param (`orders.page`) when two tables share a page. */
  prefix?: string;
}

export interface TableParams<F extends Record<string, FilterKind> = Record<string, FilterKind>, S extends string = string> {
  page: number;
  pageSize: number;
  sort: { field: S; order: SortOrder } | null;
  filters: { [K in keyof F]?: FilterValue<F[K]> };
}

export const defaultPageSizes = [10, 20, 50, 100] as const;

/** Declares a table's params once (keeps the literal types for parse and serialize). */
export function defineTableParams<F extends Record<string, FilterKind>, S extends string>(spec: TableParamsSpec<F, S>) {
  return spec;
}

const key = (spec: TableParamsSpec<never, never> | TableParamsSpec, name: string) => (spec.prefix ? `${spec.prefix}.${name}` : name);

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function parseTableParams<F extends Record<string, FilterKind>, S extends string>(
  search: URLSearchParams,
  spec: TableParamsSpec<F, S>,
): TableParams<F, S> {
  const sizes = spec.pageSizes ?? defaultPageSizes;
  const fallbackSize = spec.pageSize ?? 20;
  const size = positiveInt(search.get(key(spec, 'pageSize')));
  const field = search.get(key(spec, 'sort'));
  const order = search.get(key(spec, 'order'));
  const sortable = (spec.sort ?? []) as readonly string[];
  const sort =
    field && sortable.includes(field)
      ? { field: field as S, order: (order === 'asc' ? 'asc' : 'desc') as SortOrder }
      : (spec.defaultSort ?? null);

  const filters: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(spec.filters ?? {}) as [string, FilterKind][]) {
    const all = search.getAll(key(spec, name)).filter((v) => v !== '');
    if (!all.length) continue;
    if (kind === 'strings') filters[name] = all;
    else if (kind === 'number') {
      const n = Number(all[0]);
      if (Number.isFinite(n)) filters[name] = n;
    } else if (kind === 'boolean') {
      if (all[0] === 'true' || all[0] === 'false') filters[name] = all[0] === 'true';
    } else filters[name] = all[0];
  }

  return {
    page: positiveInt(search.get(key(spec, 'page'))) ?? 1,
    pageSize: size && sizes.includes(size) ? size : fallbackSize,
    sort,
    filters: filters as TableParams<F, S>['filters'],
  };
}

/** Writes params into the URL's search, keeping unrelated params; defaults are left out so URLs stay short. */
export function serializeTableParams<F extends Record<string, FilterKind>, S extends string>(
  params: TableParams<F, S>,
  spec: TableParamsSpec<F, S>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (name: string, value: string | null) => {
    next.delete(key(spec, name));
    if (value !== null) next.set(key(spec, name), value);
  };
  set('page', params.page > 1 ? String(params.page) : null);
  set('pageSize', params.pageSize !== (spec.pageSize ?? 20) ? String(params.pageSize) : null);
  const isDefaultSort =
    params.sort && spec.defaultSort && params.sort.field === spec.defaultSort.field && params.sort.order === spec.defaultSort.order;
  set('sort', params.sort && !isDefaultSort ? params.sort.field : null);
  set('order', params.sort && !isDefaultSort ? params.sort.order : null);
  for (const name of Object.keys(spec.filters ?? {})) {
    next.delete(key(spec, name));
    const value = (params.filters as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) next.append(key(spec, name), String(v));
  }
  return next;
}

/** The params as the API's query (`page`, `pageSize`, `sort`, `order`, filters): for the fetcher and its query key. */
export function toApiQuery(params: TableParams): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = { page: params.page, pageSize: params.pageSize };
  if (params.sort) {
    out.sort = params.sort.field;
    out.order = params.sort.order;
  }
  for (const [name, value] of Object.entries(params.filters as Record<string, unknown>)) {
    if (value !== undefined) out[name] = value as string | number | boolean | string[];
  }
  return out;
}

export interface TableParamsChange<F extends Record<string, FilterKind>, S extends string> {
  page?: number;
  pageSize?: number;
  sort?: TableParams<F, S>['sort'];
  /** Merged into the current filters; `undefined` removes one. */
  filters?: Partial<TableParams<F, S>['filters']>;
}

/** The table's params from the URL, and a setter that writes them back (a filter or sort change goes to page 1). */
export function useTableParams<F extends Record<string, FilterKind>, S extends string>(spec: TableParamsSpec<F, S>) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseTableParams(search, spec), [search, spec]);
  const setParams = useCallback(
    (change: TableParamsChange<F, S>, { replace = false }: { replace?: boolean } = {}) =>
      setSearch(
        (current) => {
          const now = parseTableParams(current, spec);
          const resets = change.filters !== undefined || change.sort !== undefined || (change.pageSize ?? now.pageSize) !== now.pageSize;
          const next: TableParams<F, S> = {
            page: change.page ?? (resets ? 1 : now.page),
            pageSize: change.pageSize ?? now.pageSize,
            sort: change.sort !== undefined ? change.sort : now.sort,
            filters: { ...now.filters, ...change.filters },
          };
          if (resets && change.page === undefined) next.page = 1;
          return serializeTableParams(next, spec, current);
        },
        { replace },
      ),
    [setSearch, spec],
  );
  return { params, setParams, spec };
}
