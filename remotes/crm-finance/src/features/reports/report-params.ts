import { ruleScope } from '@repo/contracts';
import { uiStore, useUi } from '@repo/shared-core';
import { useRules } from '@repo/ui';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { periodOf, type Period } from './period';

/**
 * Every filter of a report lives in the URL (`?from=2026-06-01&to=2026-06-30&all=true&by=category&page=2`),
 * so a link shows the same report. The period is also remembered for the session in the seed's
 * `range_date_filters.reports` (every report opens on the period chosen last), and «Все магазины» in the
 * seed's `reports.isAllLocations` (true by default). A URL without them is completed on arrival, so the
 * address bar always holds the whole report.
 */

/** `view:report` at scope `all` (or the owner): the report may cover every shop the employee works in. */
export function useSeesAllLocations(): boolean {
  const { rules, isOwner } = useRules();
  return isOwner || ruleScope(rules, 'view', 'report') === 'all';
}

export type ParamChanges = Record<string, string | null | undefined>;
export type UpdateParams = (changes: ParamChanges, options?: { keepPage?: boolean; replace?: boolean }) => void;

/** One of `allowed` from the URL, else the default. */
export function choice<T extends string>(search: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const v = search.get(name);
  return v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

export function useReportParams({ period: withPeriod = true }: { period?: boolean } = {}) {
  const [search, setSearch] = useSearchParams();
  const remembered = useUi((s) => s.range_date_filters.reports);
  const storedAll = useUi((s) => s.reports.isAllLocations);
  const canAll = useSeesAllLocations();
  const period = periodOf(search, remembered);
  const allParam = search.get('all');
  const all = canAll && (allParam === 'true' || (allParam !== 'false' && storedAll));

  /** Sets params (null or '' removes one); any filter change goes back to the table's first page. */
  const update: UpdateParams = useCallback(
    (changes, { keepPage = false, replace = false } = {}) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setSearch],
  );

  const incomplete = (withPeriod && (search.get('from') !== period.from || search.get('to') !== period.to)) || (canAll && allParam !== String(all));
  useEffect(() => {
    if (!incomplete) return;
    update({ ...(withPeriod ? { from: period.from, to: period.to } : {}), ...(canAll ? { all: String(all) } : {}) }, { keepPage: true, replace: true });
  }, [incomplete, withPeriod, period.from, period.to, canAll, all, update]);

  const setPeriod = (p: Period) => {
    uiStore.getState().setRangeDateFilters('reports', [p.from, p.to]);
    update({ from: p.from, to: p.to });
  };
  const setAll = (value: boolean) => {
    uiStore.getState().setReportsAllLocations(value);
    update({ all: String(value) });
  };
  return { search, period, all, canAll, setPeriod, setAll, update };
}

export const pageSizes = [10, 20, 50, 100] as const;

/** A client-paged table's page, page size and sort in the URL (`page`, `pageSize`, `sort`, `order`). */
export function tableStateOf<S extends string>(search: URLSearchParams, sorts: readonly S[]) {
  const page = Number(search.get('page'));
  const size = Number(search.get('pageSize'));
  const field = search.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(size) ? size : 20,
    sort: field !== null && (sorts as readonly string[]).includes(field) ? { field: field as S, order: search.get('order') === 'asc' ? ('asc' as const) : ('desc' as const) } : null,
  };
}
