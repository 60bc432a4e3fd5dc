import type { ShopRequest } from '@repo/contracts';
import { formatDateTime } from '@repo/shared-core';
import { QueryError } from '@repo/ui';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { pageSize, useRequests } from '../api';
import { isFiltered, orderHref, parseFilters, saleHref, toApiQuery, writeFilters, type RequestFilters } from '../filters';
import { RequestDrawer } from '../components/request-drawer';
import { KindTag, requestSummary, showPhone, StatusTag } from '../components/request-tags';
import { RequestToolbar } from '../components/request-toolbar';
import { useFreshRows } from '../components/use-fresh-rows';
import '../components/requests.css';

function Linked({ r }: { r: ShopRequest }) {
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  if (r.orderId) {
    return (
      <Link to={orderHref(r.orderId)} onClick={stop}>
        Заказ {r.orderNumber}
      </Link>
    );
  }
  if (r.saleId) {
    return (
      <Link to={saleHref(r.saleId)} onClick={stop}>
        Продажа {r.saleNumber}
      </Link>
    );
  }
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/**
 * `/request` and `/request/:id`: the site's requests, newest first, with the filters in the URL; new
 * ones arrive live (realtime invalidation of `shop_request`) and glow for a moment. The open request
 * is a drawer over the list, its id in the path so a link to it can be shared.
 */
export function RequestsPage() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilters(search), [search]);
  const setFilters = useCallback((change: Partial<RequestFilters>) => setSearch((p) => writeFilters(p, parseFilters(p), change)), [setSearch]);
  const query = useRequests(filters);
  const qs = search.toString();
  const open = useCallback((to: string | null) => navigate(`/request${to ? `/${to}` : ''}${qs ? `?${qs}` : ''}`), [navigate, qs]);

  const viewKey = JSON.stringify(toApiQuery(filters));
  const fresh = useFreshRows(viewKey, query.data && !query.isPlaceholderData ? query.data.items.map((r) => r.id) : undefined);

  return (
    <>
      <RequestToolbar filters={filters} onChange={setFilters} total={query.data?.total} />
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось загрузить заявки" />
      ) : (
        <div data-testid="requests-table">
          <Table<ShopRequest>
            rowKey="id"
            size="small"
            tableLayout="fixed"
            loading={query.isFetching && !query.data ? true : query.isFetching ? { delay: 300, spinning: true } : false}
            dataSource={query.data?.items ?? []}
            scroll={{ x: 900 }}
            rowClassName={(r) => (fresh.has(r.id) ? 'shop-request-fresh' : '')}
            onRow={(r) => ({
              onClick: () => open(r.id),
              style: { cursor: 'pointer' },
              'data-testid': 'request-row',
              'data-fresh': fresh.has(r.id) ? 'true' : undefined,
              'aria-selected': r.id === id ? true : undefined,
            } as React.HTMLAttributes<HTMLElement>)}
            locale={{
              emptyText: query.isPending ? ' ' : <Empty description={isFiltered(filters) ? 'Заявок с такими условиями нет: измените фильтры' : 'Новых заявок нет: они появятся здесь сразу, как придут с сайта'} />,
            }}
            pagination={{
              current: filters.page,
              pageSize,
              total: query.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (page) => setFilters({ page }),
            }}
            columns={[
              {
                key: 'number',
                title: 'Заявка',
                width: 140,
                render: (_, r) => (
                  <>
                    <Link to={`/request/${r.id}${qs ? `?${qs}` : ''}`} onClick={(e) => e.stopPropagation()} style={{ fontWeight: 600 }}>
                      {r.number}
                    </Link>
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
                      {formatDateTime(r.createdAt)}
                    </Typography.Text>
                  </>
                ),
              },
              {
                key: 'status',
                title: 'Вид и статус',
                width: 140,
                render: (_, r) => (
                  <Flex vertical gap={4} align="flex-start">
                    <KindTag value={r.kind} />
                    <StatusTag value={r.status} />
                  </Flex>
                ),
              },
              {
                key: 'client',
                title: 'Клиент',
                width: 175,
                render: (_, r) => (
                  <>
                    <Typography.Text ellipsis style={{ display: 'block' }}>
                      {r.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {showPhone(r.phone)}
                    </Typography.Text>
                  </>
                ),
              },
              {
                key: 'subject',
                title: 'Что нужно',
                render: (_, r) => (
                  <>
                    <Typography.Text ellipsis={{ tooltip: requestSummary(r) }} style={{ display: 'block' }}>
                      {requestSummary(r) || <Typography.Text type="secondary">Перезвонить</Typography.Text>}
                    </Typography.Text>
                    {r.problem ? (
                      <Typography.Text type="secondary" ellipsis={{ tooltip: r.problem }} style={{ display: 'block', fontSize: 12 }}>
                        {r.problem}
                      </Typography.Text>
                    ) : null}
                    {r.repeats > 0 ? (
                      <Tag color="orange" style={{ marginTop: 2 }} title={r.lastRepeatAt ? `Последний повтор ${formatDateTime(r.lastRepeatAt)}` : undefined}>
                        повторов: {r.repeats}
                      </Tag>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'location',
                title: 'Магазин',
                width: 130,
                ellipsis: true,
                render: (_, r) => r.locationName ?? <Typography.Text type="secondary">Не выбран</Typography.Text>,
              },
              { key: 'linked', title: 'Оформлена', width: 120, render: (_, r) => <Linked r={r} /> },
            ]}
          />
        </div>
      )}
      <RequestDrawer id={id ?? null} onClose={() => open(null)} />
    </>
  );
}

