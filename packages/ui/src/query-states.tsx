import { getApiError } from '@repo/shared-core';
import { Button, Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';

export interface QueryErrorProps {
  error: unknown;
  /** «Не удалось загрузить …»: what failed, in the user's words. */
  title?: ReactNode;
  /** Usually `query.refetch`; the button is shown only with it. */
  onRetry?: () => unknown;
  retrying?: boolean;
  /** Without the card around it (inside a card or a drawer already). */
  bare?: boolean;
}

/** A failed query: the server's message (the error contract, via getApiError) and «Повторить». */
export function QueryError({ error, title = 'Не удалось загрузить данные', onRetry, retrying, bare }: QueryErrorProps) {
  const info = getApiError(error);
  const result = (
    <Result
      status={info.status === 403 ? '403' : info.status === 404 ? '404' : 'error'}
      title={info.status === 403 ? 'Нет доступа' : title}
      subTitle={info.message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={() => void onRetry()} loading={retrying}>
            Повторить
          </Button>
        ) : null
      }
    />
  );
  return bare ? result : <Card variant="borderless">{result}</Card>;
}

export interface EmptyStateProps {
  description?: ReactNode;
  /** Asks again (a list that may have filled since): shows «Повторить». */
  onRetry?: () => unknown;
  retrying?: boolean;
  /** The primary action («Добавить магазин»), shown under the text. */
  children?: ReactNode;
  bare?: boolean;
}

/** Nothing to show yet: a short Russian sentence, the section's own action and optionally «Повторить». */
export function EmptyState({ description = 'Пока ничего нет', onRetry, retrying, children, bare }: EmptyStateProps) {
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
      {onRetry ? (
        <Button onClick={() => void onRetry()} loading={retrying} style={children ? { marginInlineStart: 8 } : undefined}>
          Повторить
        </Button>
      ) : null}
    </Empty>
  );
  return bare ? empty : <Card variant="borderless">{empty}</Card>;
}

/** What QueryState needs of a react-query result (any `useQuery` result fits). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Whether the loaded data counts as empty (then `empty` is shown). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorTitle?: ReactNode;
  /** Shown while the first load runs; a card skeleton by default. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The four states of a query in one place: loading skeleton, error with retry, empty, the data. */
export function QueryState<T>({ query, isEmpty, empty, errorTitle, loading, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <>
        {loading ?? (
          <Card variant="borderless" data-testid="query-loading">
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        )}
      </>
    );
  }
  if (query.isError || query.data === undefined) {
    return <QueryError error={query.error} title={errorTitle} onRetry={query.refetch} retrying={query.isFetching} />;
  }
  if (isEmpty?.(query.data)) {
    return <>{empty ?? <EmptyState onRetry={query.refetch} retrying={query.isFetching} />}</>;
  }
  return <>{children(query.data)}</>;
}
