import { EmptyState, fitColumns, useElementWidth, type ColumnDrop } from '@repo/ui';
import { Card, Skeleton, Table, type TableColumnType } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { pageSizes, tableStateOf, type UpdateParams } from '../report-params';

export const emptyPeriod = 'Нет данных за период';

/** A column of a report's table: `sortValue` makes it sortable (on the client), `total` is its cell in «Итого». */
export type ReportColumn<T> = TableColumnType<T> & {
  key: string;
  sortValue?: (row: T) => number | string | null;
  total?: ReactNode;
};

const compareValues = (a: number | string | null, b: number | string | null) => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'ru');
};

/**
 * The rows of a period report: the whole answer is on the client (the chart and the totals cover it all),
 * so the table pages and sorts it here, with the page, size and sort in the URL; the «Итого» row is under
 * every page. Secondary columns give way on a narrow screen (`drops`, by the table's own width).
 */
export function ReportTable<T extends object>({
  rows,
  columns,
  rowKey,
  loading,
  search,
  update,
  drops = [],
  minWidth = 640,
  emptyText = emptyPeriod,
  testId = 'report-table',
}: {
  rows: readonly T[];
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string;
  loading?: boolean;
  search: URLSearchParams;
  update: UpdateParams;
  drops?: ColumnDrop[];
  minWidth?: number;
  emptyText?: string;
  testId?: string;
}) {
  const [box, width] = useElementWidth();
  const sortable = columns.filter((c) => c.sortValue).map((c) => c.key);
  const state = tableStateOf(search, sortable);
  const shown = fitColumns(columns, width, drops);
  const sortColumn = state.sort ? columns.find((c) => c.key === state.sort!.field) : undefined;
  const sorted = sortColumn?.sortValue
    ? [...rows].sort((a, b) => compareValues(sortColumn.sortValue!(a), sortColumn.sortValue!(b)) * (state.sort!.order === 'asc' ? 1 : -1))
    : rows;
  const antColumns = shown.map(({ sortValue, total: _total, ...c }): TableColumnType<T> =>
    sortValue ? { ...c, sorter: true, sortOrder: state.sort?.field === c.key ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null, showSorterTooltip: false } : c,
  );
  const lastPage = Math.max(1, Math.ceil(rows.length / state.pageSize));

  return (
    <div ref={box} data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        tableLayout="fixed"
        dataSource={sorted as T[]}
        columns={antColumns}
        loading={loading}
        {...(width && width < minWidth ? { scroll: { x: minWidth } } : {})}
        locale={{ emptyText: loading ? ' ' : <EmptyState bare description={emptyText} /> }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'paginate') {
            const size = pagination.pageSize ?? state.pageSize;
            update({ page: size !== state.pageSize ? null : String(pagination.current ?? 1), pageSize: size === 20 ? null : String(size) }, { keepPage: true });
          } else if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = s?.order ? String(s.columnKey) : null;
            update({ sort: field, order: field ? (s.order === 'ascend' ? 'asc' : 'desc') : null });
          }
        }}
        pagination={{
          current: Math.min(state.page, lastPage),
          pageSize: state.pageSize,
          total: rows.length,
          showSizeChanger: true,
          pageSizeOptions: pageSizes.map(String),
          showTotal: (total) => `Строк: ${total}`,
          hideOnSinglePage: rows.length <= pageSizes[0],
        }}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row data-testid={`${testId}-totals`} style={{ background: 'rgba(0, 0, 0, 0.02)' }}>
              {shown.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                  {i === 0 ? <strong>Итого</strong> : <strong>{c.total}</strong>}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </div>
  );
}

/** The chart's frame: a skeleton while the report loads, «Нет данных за период» when it is empty, the lazy chart. */
export function ChartCard({ title, extra, loading, empty, height = 300, children }: { title?: ReactNode; extra?: ReactNode; loading?: boolean; empty?: boolean; height?: number; children: ReactNode }) {
  const placeholder = <Skeleton.Node active style={{ width: '100%', height }} />;
  return (
    <Card size="small" title={title} extra={extra} style={{ marginBottom: 16 }} data-testid="report-chart">
      {loading ? placeholder : empty ? <EmptyState bare description={emptyPeriod} /> : <Suspense fallback={placeholder}>{children}</Suspense>}
    </Card>
  );
}
