import { ArrowLeftOutlined, DeleteOutlined, InboxOutlined, RollbackOutlined, SaveOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { purchaseOrderStatusLabels, toKopecks, type AuditEntry, type CreatePurchaseOrderRequest, type Product, type PurchaseOrder, type PurchaseOrderLine } from '@repo/contracts';
import { dayjs, formatDateTime, formatMoney, getApiError, notify, useScreenTitle } from '@repo/shared-core';
import { Can, DateCell, MoneyCell, PageHeader, QueryError, StatusCell, useRule } from '@repo/ui';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Flex, Input, InputNumber, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuditTrail } from '../../../shared/audit-trail';
import { useBarcodeScanner } from '../../../shared/use-barcode-scanner';
import { findProductByCode, useWarehouses } from '../../stock/api';
import { ProductPicker, SupplierPicker } from '../../stock/components/pickers';
import { docStatuses } from '../../stock/doc-kinds';
import { lastSupplierPrice, useOrder, useOrderMutations, useSupplierPrices } from '../api';
import { ExcelButton, PrintOrderButton } from '../components/order-documents';
import { ExpectedDate, OrderStatus } from '../components/order-status';
import { ProcurementTabs } from '../components/procurement-tabs';
import { ReceivePanel } from '../components/receive-panel';
import { addOrderLine, draftBody, draftOf, emptyOrderDraft, offerPrices, type OrderDraft, type OrderDraftLine } from '../order-draft';
import { canReceive, orderUrl, procurementBase } from '../statuses';

type FieldErrors = Record<string, string> | undefined;

/**
 * `/procurement/:id` (`new`: a new draft). A draft is edited here (supplier, warehouse, expected date,
 * comment, lines with the supplier's last prices offered) and ordered; an ordered one is received in
 * parts (the panel), closed or cancelled, printed and exported. The page shows per line what came and
 * what is still expected, the receipts made against it and its history.
 */
export function OrderPage() {
  const { id: rawId } = useParams();
  const id = rawId && rawId !== 'new' ? rawId : null;
  const navigate = useNavigate();
  const seesCost = useRule('see_cost');
  const canEdit = useRule('edit:purchase_order');
  const canCreate = useRule('create:purchase_order');
  const query = useOrder(id);
  const order = query.data ?? null;
  const { create, update, remove, act } = useOrderMutations();
  const warehouses = useWarehouses('mine');
  /** Local edits of a draft; null while the page shows the order as stored. */
  const [local, setLocal] = useState<OrderDraft | null>(null);
  const [error, setError] = useState<{ message: string; errors?: Record<string, string> } | null>(null);
  const [receiving, setReceiving] = useState(false);
  useScreenTitle(order ? `Заказ поставщику ${order.number}` : id ? null : 'Новый заказ поставщику');

  const defaultWarehouseId = (warehouses.data?.find((w) => w.isDefault) ?? warehouses.data?.[0])?.id ?? null;
  const base: OrderDraft = order ? draftOf(order) : { ...emptyOrderDraft, warehouseId: defaultWarehouseId };
  const draft = local ?? base;
  const dirty = local !== null;
  const isDraft = !order || order.status === 'draft';
  const editable = isDraft && (id ? canEdit : canCreate);
  const update$ = (fn: (d: OrderDraft) => OrderDraft) => setLocal((prev) => fn(prev ?? base));
  const change = (patch: Partial<OrderDraft>) => update$((d) => ({ ...d, ...patch }));

  /** A product added by the picker or the scanner; with a supplier chosen, its last price is offered. */
  async function addProduct(p: Product) {
    update$((d) => ({ ...d, lines: addOrderLine(d.lines, p) }));
    const supplierId = draft.supplierId;
    if (!supplierId || !seesCost || draft.lines.some((l) => l.productId === p.id)) return;
    try {
      const price = await lastSupplierPrice(p.id, supplierId);
      if (price !== null) update$((d) => (d.supplierId === supplierId ? { ...d, lines: offerPrices(d.lines, new Map([[p.id, price]])) } : d));
    } catch {
      /* no price offered: the buyer types it */
    }
  }

  useBarcodeScanner(
    async (code) => {
      try {
        const p = await findProductByCode(code);
        if (!p) return notify.warning(`Товар со штрихкодом ${code} не найден`);
        await addProduct(p);
      } catch (e) {
        notify.error(getApiError(e).message);
      }
    },
    { enabled: editable && !receiving },
  );

  const fail = (e: unknown) => {
    const err = getApiError(e);
    setError({ message: err.message, errors: err.errors });
  };

  async function save(): Promise<PurchaseOrder | null> {
    setError(null);
    try {
      if (!id) {
        const created = await create.mutateAsync(draftBody(draft, seesCost) as CreatePurchaseOrderRequest);
        setLocal(null);
        navigate(orderUrl(created.id), { replace: true });
        return created;
      }
      const saved = await update.mutateAsync({ id, ...draftBody(draft, seesCost) });
      setLocal(null);
      return saved;
    } catch (e) {
      fail(e);
      return null;
    }
  }

  async function run(action: 'order' | 'cancel') {
    setError(null);
    try {
      let target = order;
      if (action === 'order' && (dirty || !id)) target = await save();
      if (!target) return;
      const result = await act.mutateAsync({ id: target.id, action });
      notify.success(
        action === 'order' ? `Заказ ${result.number} оформлен` : result.closed || result.status === 'received' ? `Заказ ${result.number} закрыт` : `Заказ ${result.number} отменён`,
      );
    } catch (e) {
      fail(e);
    }
  }

  if (id && query.isPending) return (<><ProcurementTabs /><Skeleton active /></>);
  if (id && query.isError) return (<><ProcurementTabs /><QueryError error={query.error} onRetry={() => void query.refetch()} /></>);

  const busy = create.isPending || update.isPending || act.isPending || remove.isPending;
  const total = draft.lines.reduce((s, l) => s + (l.price ?? 0) * l.qty, 0);
  /** An ordered order is cancelled; a partly received one is closed (the rest is no longer expected). */
  const cancellable = !!order && (order.status === 'ordered' || order.status === 'partial') && !order.closed;
  const closes = order?.status === 'partial';

  return (
    <>
      <ProcurementTabs />
      <PageHeader
        title={
          <Space size={8} wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="К списку заказов" onClick={() => navigate(procurementBase)}>
              Заказы
            </Button>
            {order ? <OrderStatus order={order} /> : <Typography.Text type="secondary">Черновик не сохранён</Typography.Text>}
            {order?.overdue ? <Tag color="red">просрочен</Tag> : null}
          </Space>
        }
        level={5}
        subtitle={order ? orderSubtitle(order) : undefined}
        actions={
          <>
            {editable ? (
              <Button icon={<SaveOutlined />} onClick={() => void save()} loading={create.isPending || update.isPending} disabled={busy || (!dirty && !!id) || (!id && !warehouses.data)}>
                {id ? 'Сохранить' : 'Сохранить черновик'}
              </Button>
            ) : null}
            {editable ? (
              <Can rule="post:purchase_order">
                <Button type="primary" icon={<SendOutlined />} onClick={() => void run('order')} disabled={busy || draft.lines.length === 0 || (!id && !warehouses.data)}>
                  Заказать
                </Button>
              </Can>
            ) : null}
            {order && canReceive(order) ? (
              <Can rule={['post:purchase_order', 'post:stock_document']} mode="all">
                <Button type="primary" icon={<InboxOutlined />} onClick={() => setReceiving(true)} disabled={busy || dirty}>
                  Принять товар
                </Button>
              </Can>
            ) : null}
            {order ? <PrintOrderButton order={order} /> : null}
            {order ? (
              <Can rule="export:purchase_order">
                <ExcelButton order={order} />
              </Can>
            ) : null}
            {order && cancellable ? (
              <Can rule="cancel:purchase_order">
                <Popconfirm
                  title={closes ? 'Закрыть заказ?' : 'Отменить заказ?'}
                  description={closes ? 'Остаток больше не ожидается; принятые оприходования остаются.' : 'Заказ больше не будет ожидаться.'}
                  okText={closes ? 'Закрыть заказ' : 'Отменить заказ'}
                  cancelText="Нет"
                  onConfirm={() => void run('cancel')}
                >
                  <Button danger icon={closes ? <StopOutlined /> : <RollbackOutlined />} disabled={busy}>
                    {closes ? 'Закрыть заказ' : 'Отменить заказ'}
                  </Button>
                </Popconfirm>
              </Can>
            ) : null}
            {order && order.status === 'draft' ? (
              <Can rule="edit:purchase_order">
                <Popconfirm
                  title="Удалить черновик?"
                  okText="Удалить"
                  cancelText="Нет"
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(order.id);
                      notify.success(`Черновик ${order.number} удалён`);
                      navigate(procurementBase);
                    } catch (e) {
                      fail(e);
                    }
                  }}
                >
                  <Button danger icon={<DeleteOutlined />} disabled={busy}>
                    Удалить черновик
                  </Button>
                </Popconfirm>
              </Can>
            ) : null}
          </>
        }
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error.message}
          description={error.errors && Object.keys(error.errors).length > 1 ? Object.values(error.errors).join('; ') : undefined}
          style={{ marginBottom: 12 }}
          closable={{ onClose: () => setError(null) }}
          role="alert"
        />
      ) : null}
      <Card size="small" style={{ marginBottom: 12 }}>
        {editable ? (
          <DraftFields draft={draft} change={change} warehouses={warehouses.data ?? []} fieldErrors={error?.errors} seesCost={seesCost} />
        ) : order ? (
          <OrderFields order={order} />
        ) : null}
      </Card>
      <Card
        size="small"
        title={editable ? 'Товары' : 'Товары: заказано, получено, ещё ожидается'}
        extra={
          seesCost ? (
            <span>
              Итого: <b>{formatMoney(editable ? total : (order?.total ?? 0))}</b>
            </span>
          ) : null
        }
      >
        {editable ? (
          <div style={{ marginBottom: 12 }}>
            <ProductPicker onPick={(p) => void addProduct(p)} />
          </div>
        ) : null}
        {editable ? (
          <DraftLines lines={draft.lines} onChange={(lines) => change({ lines })} seesCost={seesCost} fieldErrors={error?.errors} />
        ) : order ? (
          <OrderLines order={order} seesCost={seesCost} />
        ) : null}
      </Card>
      {order && order.receipts.length ? <Receipts order={order} seesCost={seesCost} /> : null}
      {order ? <AuditTrail entity="purchase_order" id={order.id} title="История заказа" describe={describeOrderEntry} /> : null}
      {order && canReceive(order) ? <ReceivePanel order={order} open={receiving} onClose={() => setReceiving(false)} /> : null}
    </>
  );
}

/** «Создан 01.06.2024 10:00, Иванов · заказан 02.06.2024 09:15, Петров · закрыт …». */
function orderSubtitle(o: PurchaseOrder): string {
  const part = (label: string, at: string | null, who: string | null) => (at ? `${label} ${formatDateTime(at)}${who ? `, ${who}` : ''}` : null);
  return [
    part('Создан', o.createdAt, o.authorName),
    part('заказан', o.orderedAt, o.orderedByName),
    part(o.status === 'cancelled' ? 'отменён' : 'закрыт', o.closedAt, o.closedByName),
  ]
    .filter(Boolean)
    .join(' · ');
}

const labelOf = (v: unknown) => purchaseOrderStatusLabels[v as keyof typeof purchaseOrderStatusLabels] ?? String(v ?? '');

/** The order's history in the buyer's words: created, ordered, received by ПР-…, a receipt cancelled, closed. */
export function describeOrderEntry(e: AuditEntry): string {
  const d = e.diff ?? {};
  const transition = d.status && d.status.before !== undefined && d.status.before !== d.status.after ? `: ${labelOf(d.status.before)} → ${labelOf(d.status.after)}` : '';
  switch (e.action) {
    case 'create':
      return 'Создан черновик';
    case 'delete':
      return 'Черновик удалён';
    case 'print':
      return 'Напечатан';
    case 'post':
      return 'Заказан у поставщика';
    case 'cancel':
      return d.closed?.after === true ? 'Заказ закрыт: остаток больше не ожидается' : 'Заказ отменён';
    default: {
      if (d.receipt?.after) {
        const qty = Number(d.receivedQty?.after ?? 0) - Number(d.receivedQty?.before ?? 0);
        return `Принят товар по ${String(d.receipt.after)}${qty > 0 ? ` (${qty} шт.)` : ''}${transition}`;
      }
      if (d.receiptCancelled?.after) return `Отменено оприходование ${String(d.receiptCancelled.after)}${transition}`;
      return `Изменён${transition}`;
    }
  }
}

function Field({ label, error, children, grow = 1, min = 220 }: { label: string; error?: string; children: ReactNode; grow?: number; min?: number }) {
  return (
    <label style={{ minWidth: min, flex: grow }}>
      <div>{label}</div>
      {children}
      {error ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{error}</Typography.Text> : null}
    </label>
  );
}

function DraftFields({
  draft,
  change,
  warehouses,
  fieldErrors,
  seesCost,
}: {
  draft: OrderDraft;
  change: (p: Partial<OrderDraft>) => void;
  warehouses: Array<{ id: string; name: string; locationName: string }>;
  fieldErrors: FieldErrors;
  seesCost: boolean;
}) {
  const prices = useSupplierPrices({ supplierId: draft.supplierId ?? undefined }, seesCost && !!draft.supplierId && draft.lines.some((l) => l.price === null));
  // A supplier chosen after the lines: their last prices fill the lines without a price.
  const unpriced = draft.lines.filter((l) => l.price === null && prices.data?.some((p) => p.productId === l.productId && p.price !== null));
  return (
    <>
      <Flex gap={16} wrap>
        <Field label="Поставщик" error={fieldErrors?.supplierId}>
          <SupplierPicker value={draft.supplierId} label={draft.supplierName} status={fieldErrors?.supplierId ? 'error' : undefined} onChange={(supplierId, supplierName) => change({ supplierId, supplierName })} />
        </Field>
        <Field label="Склад" error={fieldErrors?.warehouseId} min={200}>
          <Select
            value={draft.warehouseId}
            options={warehouses.map((w) => ({ value: w.id, label: w.name }))}
            onChange={(v: string) => change({ warehouseId: v })}
            status={fieldErrors?.warehouseId ? 'error' : undefined}
            style={{ width: '100%' }}
            aria-label="Склад"
          />
        </Field>
        <Field label="Ожидается" error={fieldErrors?.expectedAt} grow={0} min={170}>
          <DatePicker
            format="DD.MM.YYYY"
            value={draft.expectedAt ? dayjs(draft.expectedAt) : null}
            onChange={(v) => change({ expectedAt: v ? v.format('YYYY-MM-DD') : null })}
            placeholder="ДД.ММ.ГГГГ"
            status={fieldErrors?.expectedAt ? 'error' : undefined}
            style={{ width: '100%' }}
            aria-label="Ожидаемая дата"
          />
        </Field>
        <Field label="Комментарий" error={fieldErrors?.comment} grow={2} min={240}>
          <Input value={draft.comment} maxLength={1000} onChange={(e) => change({ comment: e.target.value })} aria-label="Комментарий" />
        </Field>
      </Flex>
      {unpriced.length ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={`У поставщика есть последние цены для ${unpriced.length} ${unpriced.length === 1 ? 'строки' : 'строк'} без цены`}
          action={
            <Button size="small" onClick={() => change({ lines: offerPrices(draft.lines, new Map((prices.data ?? []).filter((p) => p.price !== null).map((p) => [p.productId, p.price!]))) })}>
              Подставить цены
            </Button>
          }
        />
      ) : null}
    </>
  );
}

function OrderFields({ order }: { order: PurchaseOrder }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
      <Descriptions.Item label="Поставщик">{order.supplierName ?? <Typography.Text type="secondary">не выбран</Typography.Text>}</Descriptions.Item>
      <Descriptions.Item label="Склад">{order.warehouseName}</Descriptions.Item>
      <Descriptions.Item label="Ожидается">
        <ExpectedDate order={order} />
      </Descriptions.Item>
      <Descriptions.Item label="Получено">
        {order.receivedQty} из {order.totalQty}
      </Descriptions.Item>
      {order.comment ? <Descriptions.Item label="Комментарий">{order.comment}</Descriptions.Item> : null}
    </Descriptions>
  );
}

function DraftLines({ lines, onChange, seesCost, fieldErrors }: { lines: OrderDraftLine[]; onChange: (lines: OrderDraftLine[]) => void; seesCost: boolean; fieldErrors: FieldErrors }) {
  const set = (i: number, patch: Partial<OrderDraftLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Table<OrderDraftLine>
      rowKey="productId"
      size="small"
      pagination={lines.length > 50 ? { pageSize: 50 } : false}
      dataSource={lines}
      locale={{ emptyText: <Empty description="Добавьте товары: поиском или сканером" /> }}
      scroll={{ x: 640 }}
      columns={[
        { key: 'n', title: '№', width: 48, render: (_, __, i) => i + 1 },
        { key: 'product', title: 'Товар', render: (_, l) => <ProductCell productId={l.productId} name={l.productName} sku={l.sku} /> },
        {
          key: 'qty',
          title: 'Кол-во',
          width: 120,
          render: (_, l, i) => (
            <InputNumber
              min={1}
              precision={0}
              value={l.qty}
              status={fieldErrors?.[`lines.${i}.qty`] ? 'error' : undefined}
              aria-label={`Количество: ${l.productName}`}
              onChange={(v) => set(i, { qty: v ?? 1 })}
              style={{ width: 100 }}
            />
          ),
        },
        ...(seesCost
          ? [
              {
                key: 'price',
                title: 'Цена, ₽',
                width: 150,
                render: (_: unknown, l: OrderDraftLine, i: number) => (
                  <InputNumber
                    min={0}
                    step={1}
                    precision={2}
                    decimalSeparator=","
                    value={l.price === null ? null : l.price / 100}
                    placeholder="последняя"
                    status={fieldErrors?.[`lines.${i}.price`] ? 'error' : undefined}
                    aria-label={`Цена: ${l.productName}`}
                    onChange={(v) => set(i, { price: toKopecks(v) })}
                    style={{ width: 130 }}
                  />
                ),
              },
              { key: 'amount', title: 'Сумма', align: 'right' as const, width: 130, render: (_: unknown, l: OrderDraftLine) => <MoneyCell value={l.price === null ? null : l.price * l.qty} /> },
            ]
          : []),
        {
          key: 'remove',
          title: '',
          width: 48,
          render: (_, l, i) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Убрать строку: ${l.productName}`} onClick={() => onChange(lines.filter((__, j) => j !== i))} />,
        },
      ]}
    />
  );
}

function ProductCell({ productId, name, sku }: { productId: string; name: string; sku: string | null }) {
  return (
    <>
      <Link to={`/stock/product/${productId}`}>{name}</Link>
      {sku ? <Typography.Text type="secondary"> · {sku}</Typography.Text> : null}
    </>
  );
}

function OrderLines({ order, seesCost }: { order: PurchaseOrder; seesCost: boolean }) {
  const open = order.status !== 'draft' && order.status !== 'cancelled';
  return (
    <Table<PurchaseOrderLine>
      rowKey="id"
      size="small"
      pagination={order.lines.length > 50 ? { pageSize: 50 } : false}
      dataSource={order.lines}
      locale={{ emptyText: 'Строк нет' }}
      scroll={{ x: 640 }}
      columns={[
        { key: 'n', title: '№', width: 48, render: (_, __, i) => i + 1 },
        { key: 'product', title: 'Товар', render: (_, l) => <ProductCell productId={l.productId} name={l.productName} sku={l.sku} /> },
        { key: 'qty', title: 'Заказано', align: 'right', width: 100, render: (_, l) => `${l.qty} ${l.unit}` },
        ...(open
          ? [
              {
                key: 'received',
                title: 'Получено',
                align: 'right' as const,
                width: 100,
                render: (_: unknown, l: PurchaseOrderLine) => <Typography.Text type={l.received > l.qty ? 'warning' : l.received >= l.qty ? 'success' : undefined}>{l.received}</Typography.Text>,
              },
              {
                key: 'expected',
                title: 'Ожидается',
                align: 'right' as const,
                width: 105,
                render: (_: unknown, l: PurchaseOrderLine) => (l.expected > 0 ? <Typography.Text strong>{l.expected}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>),
              },
            ]
          : []),
        ...(seesCost
          ? [
              { key: 'price', title: 'Цена', align: 'right' as const, width: 130, render: (_: unknown, l: PurchaseOrderLine) => <MoneyCell value={l.price} /> },
              { key: 'amount', title: 'Сумма', align: 'right' as const, width: 140, render: (_: unknown, l: PurchaseOrderLine) => <MoneyCell value={l.amount} /> },
            ]
          : []),
      ]}
    />
  );
}

function Receipts({ order, seesCost }: { order: PurchaseOrder; seesCost: boolean }) {
  return (
    <Card size="small" title="Оприходования по заказу" style={{ marginTop: 12 }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.receipts}
        scroll={{ x: 560 }}
        columns={[
          { key: 'number', title: 'Номер', width: 120, render: (_, r) => <Link to={`/stock/posting/${r.id}`}>{r.number}</Link> },
          { key: 'postedAt', title: 'Дата', width: 150, render: (_, r) => <DateCell value={r.postedAt} time /> },
          { key: 'status', title: 'Статус', width: 120, render: (_, r) => <StatusCell value={r.status} statuses={docStatuses} /> },
          { key: 'qty', title: 'Кол-во', align: 'right', width: 90, render: (_, r) => r.totalQty },
          ...(seesCost ? [{ key: 'total', title: 'Сумма', align: 'right' as const, width: 140, render: (_: unknown, r: PurchaseOrder['receipts'][number]) => <MoneyCell value={r.total} /> }] : []),
          { key: 'author', title: 'Принял', ellipsis: true, render: (_, r) => r.authorName ?? '—' },
        ]}
      />
    </Card>
  );
}

