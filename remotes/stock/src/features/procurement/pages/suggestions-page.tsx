import { ShoppingCartOutlined } from '@ant-design/icons';
import { ordersCreatedMessage, plural } from '@repo/contracts';
import { formatMoney, getApiError, notify } from '@repo/shared-core';
import { EmptyState, MoneyCell, QueryError, fitColumns, useElementWidth, useRule, type ColumnDrop } from '@repo/ui';
import { Alert, Button, Flex, InputNumber, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useWarehouses } from '../../stock/api';
import { SupplierPicker } from '../../stock/components/pickers';
import { useOrderSuggestions, useSuggestions } from '../api';
import { ProcurementTabs } from '../components/procurement-tabs';
import { orderUrl, procurementBase } from '../statuses';
import { applyEdit, draftCount, orderSuggestionsBody, type SuggestionEdit } from '../suggestions';

type Row = ReturnType<typeof applyEdit>;

/** At 1024 px the minimum and the expected quantity move under the product's name, so the name keeps its room. */
const compactBelow = 1000;
const columnDrops: ColumnDrop[] = [{ below: compactBelow, keys: ['min', 'expected'] }];

/**
 * `/procurement/suggestions`: the goods of a warehouse (in the URL) whose stock plus what is still
 * expected is below their minimum, with the quantity to order and the last supplier and price. The
 * chosen rows become draft orders in one click, one per supplier.
 */
export function SuggestionsPage() {
  const [params, setParams] = useSearchParams();
  const warehouses = useWarehouses('mine');
  const defaultWarehouseId = (warehouses.data?.find((w) => w.isDefault) ?? warehouses.data?.[0])?.id ?? null;
  const warehouseId = params.get('warehouseId') ?? defaultWarehouseId;
  const warehouseSelect = (
    <label>
      <Typography.Text style={{ marginInlineEnd: 8 }}>Склад</Typography.Text>
      <Select
        value={warehouseId}
        loading={warehouses.isPending}
        options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
        onChange={(v: string) =>
          setParams((p) => {
            const next = new URLSearchParams(p);
            next.set('warehouseId', v);
            return next;
          })
        }
        style={{ width: 220 }}
        aria-label="Склад"
      />
    </label>
  );
  // Another warehouse starts with its own choices (the key resets them).
  return (
    <>
      <ProcurementTabs />
      <Suggestions key={warehouseId ?? ''} warehouseId={warehouseId} warehouseSelect={warehouseSelect} />
    </>
  );
}

function Suggestions({ warehouseId, warehouseSelect }: { warehouseId: string | null; warehouseSelect: ReactNode }) {
  const navigate = useNavigate();
  const seesCost = useRule('see_cost');
  const canCreate = useRule('create:purchase_order');
  const query = useSuggestions(warehouseId);
  const make = useOrderSuggestions();
  const [edits, setEdits] = useState<Record<string, SuggestionEdit>>({});
  /** Unticked rows (every suggestion is chosen until the buyer unticks it, also one that arrives later). */
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [box, width] = useElementWidth();
  const compact = !!width && width < compactBelow;

  const rows: Row[] = useMemo(() => (query.data ?? []).map((s) => applyEdit(s, edits[s.productId])), [query.data, edits]);
  const selected = useMemo(() => new Set(rows.filter((r) => !unticked.has(r.productId)).map((r) => r.productId)), [rows, unticked]);
  const drafts = draftCount(rows, selected);
  const estimate = rows.filter((r) => selected.has(r.productId) && r.price !== null).reduce((s, r) => s + r.price! * r.qty, 0);
  const edit = (productId: string, patch: SuggestionEdit) => setEdits((e) => ({ ...e, [productId]: { ...e[productId], ...patch } }));

  async function createOrders() {
    if (!warehouseId || !query.data) return;
    setError(null);
    try {
      const result = await make.mutateAsync(orderSuggestionsBody(warehouseId, query.data, selected, edits));
      const n = result.orders.length;
      notify.success(`${ordersCreatedMessage(n)}: ${result.orders.map((o) => o.number).join(', ')}`);
      setEdits({});
      setUnticked(new Set());
      if (n === 1) navigate(orderUrl(result.orders[0]!.id));
      else navigate(`${procurementBase}?status=draft`);
    } catch (e) {
      setError(getApiError(e).message);
    }
  }

  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 4 }}>
        {warehouseSelect}
        {canCreate ? (
          <Flex gap={12} align="center" style={{ marginInlineStart: 'auto' }}>
            {selected.size ? (
              <Typography.Text type="secondary" data-testid="suggestions-summary">
                {drafts} {plural(drafts, ['черновик', 'черновика', 'черновиков'])}
                {seesCost && estimate ? ` · ≈ ${formatMoney(estimate)}` : ''}
              </Typography.Text>
            ) : null}
            <Button type="primary" icon={<ShoppingCartOutlined />} disabled={!selected.size || !warehouseId} loading={make.isPending} onClick={() => void createOrders()}>
              Создать заказы ({selected.size})
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 12px' }}>
        Товары, которых вместе с ожидаемым по заказам меньше минимального остатка: заказать = минимум − остаток − ожидается. Черновики создаются по одному на
        поставщика.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} style={{ marginBottom: 12 }} role="alert" /> : null}
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div ref={box}>
          <Table<Row>
            rowKey="productId"
            size="small"
            loading={query.isPending && !!warehouseId}
            dataSource={rows}
            pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            scroll={{ x: 760 }}
            rowSelection={
              canCreate
                ? {
                    selectedRowKeys: [...selected],
                    onChange: (keys) => {
                      const chosen = new Set(keys.map(String));
                      setUnticked(new Set(rows.filter((r) => !chosen.has(r.productId)).map((r) => r.productId)));
                    },
                    columnWidth: 40,
                  }
                : undefined
            }
            locale={{
              emptyText: query.isPending ? ' ' : <EmptyState bare description="Всё в порядке: на складе нет товаров ниже минимального остатка с учётом ожидаемого" onRetry={() => void query.refetch()} />,
            }}
            columns={fitColumns(
              [
                {
                  key: 'product',
                  title: 'Товар',
                  render: (_, r) => (
                    <>
                      <Link to={`/stock/product/${r.productId}`}>{r.productName}</Link>
                      {r.sku ? <Typography.Text type="secondary"> · {r.sku}</Typography.Text> : null}
                      {compact ? (
                        <div>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            минимум {r.minStock}
                            {r.expected ? ` · ожидается ${r.expected}` : ''}
                          </Typography.Text>
                        </div>
                      ) : null}
                    </>
                  ),
                },
                { key: 'min', title: 'Минимум', align: 'right', width: 90, render: (_, r) => r.minStock },
                { key: 'onHand', title: 'Остаток', align: 'right', width: 85, render: (_, r) => <Typography.Text type={r.onHand < r.minStock ? 'danger' : undefined}>{r.onHand}</Typography.Text> },
                { key: 'expected', title: 'Ожидается', align: 'right', width: 100, render: (_, r) => r.expected || <Typography.Text type="secondary">—</Typography.Text> },
                {
                  key: 'qty',
                  title: 'Заказать',
                  width: 110,
                  render: (_, r) => (
                    <InputNumber
                      min={1}
                      precision={0}
                      value={r.qty}
                      disabled={!canCreate}
                      aria-label={`Заказать: ${r.productName}`}
                      onChange={(v) => edit(r.productId, { qty: v ?? 1 })}
                      style={{ width: 90 }}
                    />
                  ),
                },
                {
                  key: 'supplier',
                  title: 'Поставщик',
                  width: 240,
                  render: (_, r) => (
                    <SupplierPicker
                      size="small"
                      value={r.supplierId}
                      label={r.supplierName}
                      disabled={!canCreate}
                      placeholder={<Typography.Text type="secondary" italic>без поставщика</Typography.Text>}
                      ariaLabel={`Поставщик: ${r.productName}`}
                      onChange={(supplierId, supplierName) => edit(r.productId, { supplierId, supplierName })}
                    />
                  ),
                },
                ...(seesCost
                  ? [{ key: 'price', title: 'Последняя цена', align: 'right' as const, width: 130, render: (_: unknown, r: Row) => (r.price === null ? <Typography.Text type="secondary">—</Typography.Text> : <MoneyCell value={r.price} />) }]
                  : []),
              ] satisfies TableColumnsType<Row>,
              width,
              columnDrops,
            )}
          />
        </div>
      )}
    </>
  );
}
