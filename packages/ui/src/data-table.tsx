import { Table, type TableProps } from 'antd';
import type { ColumnType, FilterValue, SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { fitColumns, useElementWidth, type ColumnDrop } from './fit-columns';
import { EmptyState, QueryError, type QueryLike } from './query-states';
import type { FilterKind, TableParams, TableParamsChange, TableParamsSpec } from './table-params';

/** What a server list answers: one page of rows and the total. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface DataTableProps<T, F extends Record<string, FilterKind>, S extends string>
  extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'loading' | 'columns'> {
  /** The result of `useTableParams(spec)`: the URL's page, sort and filters, and their setter. */
  table: { params: TableParams<F, S>; setParams: (change: TableParamsChange<F, S>) => void; spec: TableParamsSpec<F, S> };
  /** The list query (its key includes the params, so a page change fetches that page). */
  query: QueryLike<Page<T>>;
  /**
   * antd columns. A column whose `key` is one of the spec's sort fields is sortable on the server;
   * one whose `key` is a filter of the spec, with `filters`, filters on the server. Their sort order
   * and filter values are driven by the URL.
   */
  columns: ColumnType<T>[];
  emptyText?: ReactNode;
  errorTitle?: ReactNode;
  /**
   * A working list that must fit its room without scrolling sideways: below each `drops[i].below` px of the
   * list's own width (measured, so the folded side menu counts) its secondary columns give way; narrower
   * than `minWidth` (a phone) the list scrolls inside itself.
   */
  fit?: { drops: readonly ColumnDrop[]; minWidth: number };
}

const toAnt = (order: 'asc' | 'desc') => (order === 'asc' ? 'ascend' : 'descend');

/**
 * antd Table over a server-paged query, with its paging, sorting and filters kept in the URL. The
 * previous page stays on screen while the next loads (keep `placeholderData: keepPreviousData` in
 * the query); a failed load shows the error with «Повторить» in place of the rows.
 */
export function DataTable<T extends object, F extends Record<string, FilterKind>, S extends string>({
  table,
  query,
  columns,
  emptyText = 'Ничего не найдено',
  errorTitle = 'Не удалось загрузить список',
  fit,
  ...rest
}: DataTableProps<T, F, S>) {
  const { params, setParams, spec } = table;
  const [box, width] = useElementWidth();
  const sortable = (spec.sort ?? []) as readonly string[];
  const filterKinds = (spec.filters ?? {}) as Record<string, FilterKind>;

  const controlled = (fit ? fitColumns(columns, width, fit.drops) : columns).map((column): ColumnType<T> => {
    const name = column.key === undefined ? undefined : String(column.key);
    if (!name) return column;
    const out: ColumnType<T> = { ...column };
    if (sortable.includes(name)) {
      out.sorter = true;
      out.sortOrder = params.sort?.field === name ? toAnt(params.sort.order) : null;
    }
    if (name in filterKinds) {
      const value = (params.filters as Record<string, unknown>)[name];
      out.filteredValue = value === undefined ? null : (Array.isArray(value) ? value : [value]).map(String);
    }
    return out;
  });

  const onChange: TableProps<T>['onChange'] = (pagination, filters: Record<string, FilterValue | null>, sorter, extra) => {
    if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? params.pageSize;
      setParams(size !== params.pageSize ? { pageSize: size } : { page: pagination.current ?? 1 });
      return;
    }
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
      const field = s?.columnKey === undefined ? undefined : String(s.columnKey);
      setParams({ sort: field && s.order ? { field: field as S, order: s.order === 'ascend' ? 'asc' : 'desc' } : (spec.defaultSort ?? null) });
      return;
    }
    if (extra.action === 'filter') {
      const next: Record<string, unknown> = {};
      for (const [name, kind] of Object.entries(filterKinds)) {
        if (!(name in filters)) continue;
        const values = filters[name];
        if (!values || !values.length) next[name] = undefined;
        else if (kind === 'strings') next[name] = values.map(String);
        else if (kind === 'number') next[name] = Number(values[0]);
        else if (kind === 'boolean') next[name] = values[0] === true || values[0] === 'true';
        else next[name] = String(values[0]);
      }
      setParams({ filters: next as TableParamsChange<F, S>['filters'] });
    }
  };

  if (query.isError && !query.data) {
    return <QueryError error={query.error} title={errorTitle} onRetry={query.refetch} retrying={query.isFetching} />;
  }

  const list = (
    <Table<T>
      {...rest}
      {...(fit && width && width < fit.minWidth ? { scroll: { x: fit.minWidth } } : {})}
      columns={controlled}
      dataSource={query.data?.items ?? []}
      loading={query.isPending || query.isFetching}
      onChange={onChange}
      locale={{ emptyText: query.isPending ? ' ' : <EmptyState bare description={emptyText} onRetry={query.refetch} /> }}
      pagination={{
        current: params.page,
        pageSize: params.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: (spec.pageSizes ?? [10, 20, 50, 100]).map(String),
        showTotal: (total) => `Всего: ${total}`,
        hideOnSinglePage: false,
      }}
    />
  );
  return fit ? <div ref={box}>{list}</div> : list;
}
