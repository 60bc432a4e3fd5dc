import { ArrowLeftOutlined, CopyOutlined, DeleteOutlined, PrinterOutlined, RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import { stockDocumentTypeLabels, toKopecks, type StockDocument, type StockDocumentType, type Product } from '@repo/contracts';
import { formatDateTime, formatMoney, getApiError, notify, useLocationStore, useScreenTitle } from '@repo/shared-core';
import { Can, MoneyCell, PageHeader, QueryError, StatusCell, printHtml, useRule } from '@repo/ui';
import { Alert, Button, Card, Descriptions, Empty, Flex, Input, InputNumber, Modal, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { StockTabs } from '../../../shared/stock-tabs';
import { AuditTrail } from '../../../shared/audit-trail';
import { useBarcodeScanner } from '../../../shared/use-barcode-scanner';
import { findProductByCode, useDocument, useDocumentMutations, useDocuments, useWarehouses } from '../api';
import { ProductPicker, SupplierPicker } from '../components/pickers';
import { SerialsInput } from '../components/serials-input';
import { docKinds, docStatuses, transferRoute } from '../doc-kinds';
import { api } from '@repo/shared-core';

/** A line as the form holds it (money in kopecks). */
export interface DraftLine {
  productId: string;
  productName: string;
  sku: string | null;
  serialTracked: boolean;
  qty: number;
  cost: number | null;
  serials: string[];
  counted: number | null;
}

interface Draft {
  warehouseId: string | null;
  toWarehouseId: string | null;
  supplierId: string | null;
  supplierName: string | null;
  receiptId: string | null;
  reason: string;
  comment: string;
  lines: DraftLine[];
}

const emptyDraft: Draft = { warehouseId: null, toWarehouseId: null, supplierId: null, supplierName: null, receiptId: null, reason: '', comment: '', lines: [] };

function fromDocument(d: StockDocument): Draft {
  return {
    warehouseId: d.warehouseId,
    toWarehouseId: d.toWarehouseId,
    supplierId: d.supplierId,
    supplierName: d.supplierName,
    receiptId: d.receiptId,
    reason: d.reason ?? '',
    comment: d.comment ?? '',
    lines: d.lines.map((l) => ({ productId: l.productId, productName: l.productName, sku: l.sku, serialTracked: l.serialTracked, qty: l.qty, cost: l.cost, serials: l.serials, counted: l.counted })),
  };
}

/** Adds a product to the lines, or one more unit of it (a second scan of the same product adds one). */
export function addProduct(lines: DraftLine[], p: Pick<Product, 'id' | 'name' | 'sku' | 'serialTracked'>, { counting = false } = {}): DraftLine[] {
  const i = lines.findIndex((l) => l.productId === p.id);
  if (i >= 0) return lines.map((l, j) => (j !== i ? l : counting ? { ...l, counted: (l.counted ?? 0) + 1 } : { ...l, qty: l.qty + 1 }));
  return [...lines, { productId: p.id, productName: p.name, sku: p.sku, serialTracked: p.serialTracked, qty: 1, cost: null, serials: [], counted: counting ? 1 : null }];
}

function printDocument(doc: StockDocument, seesCost: boolean) {
  const esc = (s: string | null | undefined) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const rows = doc.lines
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${esc(l.productName)}${l.serials.length ? `<br><small>${esc(l.serials.join(', '))}</small>` : ''}</td><td>${esc(l.sku)}</td><td class="r">${doc.type === 'stocktake' ? `${l.expected ?? '—'} / ${l.counted ?? '—'}` : l.qty}</td>${seesCost ? `<td class="r">${esc(formatMoney(l.value))}</td>` : ''}</tr>`,
    )
    .join('');
  const html = `<h2>${esc(stockDocumentTypeLabels[doc.type])} ${esc(doc.number)}</h2>
<p>Дата: ${esc(formatDateTime(doc.postedAt ?? doc.createdAt))}<br>Склад: ${esc(doc.warehouseName)}${doc.toWarehouseName ? ` → ${esc(doc.toWarehouseName)}` : ''}${doc.supplierName ? `<br>Поставщик: ${esc(doc.supplierName)}` : ''}${doc.reason ? `<br>Причина: ${esc(doc.reason)}` : ''}</p>
<table><thead><tr><th>№</th><th>Товар</th><th>Артикул</th><th>${doc.type === 'stocktake' ? 'Учёт / факт' : 'Кол-во'}</th>${seesCost ? '<th>Сумма</th>' : ''}</tr></thead><tbody>${rows}</tbody></table>
${seesCost && doc.total !== null ? `<p><b>Итого: ${esc(formatMoney(doc.total))}</b></p>` : ''}
<p style="margin-top:40px">Составил: ${esc(doc.authorName)} ____________</p>`;
  void printHtml(html, {
    title: `${stockDocumentTypeLabels[doc.type]} ${doc.number}`,
    css: '@page{size:A4;margin:15mm} body{font:12px sans-serif} table{border-collapse:collapse;width:100%} td,th{border:1px solid #999;padding:4px 6px;text-align:left} .r{text-align:right}',
  });
}

/** One screen for every stock document: a draft is edited here, a posted one is read, cancelled, copied and printed. */
export function DocumentPage({ type }: { type: StockDocumentType }) {
  const kind = docKinds[type];
  const { id: rawId } = useParams();
  const id = rawId && rawId !== 'new' ? rawId : null;
  const navigate = useNavigate();
  const seesCost = useRule('see_cost');
  const canEdit = useRule('edit:stock_document');
  const canCreate = useRule('create:stock_document');
  const query = useDocument(type, id);
  const doc = query.data ?? null;
  const { create, update, remove, act } = useDocumentMutations(type);
  /** Local edits; null while the screen shows the document as stored. */
  const [local, setLocal] = useState<Draft | null>(null);
  const [error, setError] = useState<{ message: string; errors?: Record<string, string> } | null>(null);
  const [receiving, setReceiving] = useState<Record<string, number> | null>(null);
  const warehouses = useWarehouses('mine');
  const allWarehouses = useWarehouses('company');
  useScreenTitle(doc ? `${kind.one} ${doc.number}` : id ? null : kind.create);

  const defaultWarehouseId = (warehouses.data?.find((w) => w.isDefault) ?? warehouses.data?.[0])?.id ?? null;
  const draft: Draft = local ?? (doc ? fromDocument(doc) : { ...emptyDraft, warehouseId: defaultWarehouseId });
  const dirty = local !== null;

  const isDraft = !doc || doc.status === 'draft';
  // A new document needs `create`, a stored draft `edit`: without them the form is read-only.
  const editable = isDraft && (id ? canEdit : canCreate);
  const counting = type === 'stocktake' && !!doc && doc.status === 'draft';
  const change = (patch: Partial<Draft>) => setLocal({ ...draft, ...patch });

  useBarcodeScanner(
    async (code) => {
      try {
        const p = await findProductByCode(code);
        if (!p) return notify.warning(`Товар со штрихкодом ${code} не найден`);
        if (counting && !draft.lines.some((l) => l.productId === p.id)) return notify.warning(`«${p.name}» нет в листе инвентаризации`);
        change({ lines: addProduct(draft.lines, p, { counting }) });
      } catch (e) {
        notify.error(getApiError(e).message);
      }
    },
    { enabled: editable && type !== 'supplier_return' && (type !== 'stocktake' || counting) },
  );

  const body = () => ({
    warehouseId: type === 'transfer' || type === 'supplier_return' ? undefined : (draft.warehouseId ?? undefined),
    fromWarehouseId: type === 'transfer' ? (draft.warehouseId ?? undefined) : undefined,
    toWarehouseId: type === 'transfer' ? (draft.toWarehouseId ?? undefined) : undefined,
    supplierId: type === 'receipt' ? draft.supplierId : undefined,
    reason: type === 'write_off' ? draft.reason || null : undefined,
    comment: draft.comment || null,
    lines:
      type === 'stocktake'
        ? (draft.lines.filter((l) => l.counted !== null).map((l) => ({ productId: l.productId, counted: l.counted!, ...(l.serials.length ? { serials: l.serials } : {}) })) as never)
        : draft.lines.map((l) => ({ productId: l.productId, qty: l.qty, ...(type === 'receipt' ? { cost: l.cost ?? 0 } : {}), ...(l.serials.length ? { serials: l.serials } : {}) })),
  });

  const fail = (e: unknown) => {
    const err = getApiError(e);
    setError({ message: err.message, errors: err.errors });
  };

  async function save(): Promise<StockDocument | null> {
    setError(null);
    try {
      if (!id) {
        const created = await create.mutateAsync(
          type === 'stocktake'
            ? { warehouseId: draft.warehouseId ?? undefined, categoryId: undefined, comment: draft.comment || null }
            : type === 'supplier_return'
              ? { receiptId: draft.receiptId ?? undefined, lines: body().lines as never, comment: draft.comment || null }
              : (body() as never),
        );
        setLocal(null);
        navigate(`${kind.base}/${created.id}`, { replace: true });
        return created;
      }
      const saved = await update.mutateAsync({ id, ...(body() as object) });
      setLocal(null);
      return saved;
    } catch (e) {
      fail(e);
      return null;
    }
  }

  async function run(action: 'post' | 'send' | 'cancel' | 'copy' | 'receive', extra?: { lines: Array<{ productId: string; qty: number }> }) {
    setError(null);
    try {
      let target = doc;
      if ((action === 'post' || action === 'send') && (dirty || !id)) target = await save();
      if (!target) return;
      const result = await act.mutateAsync({ id: target.id, action, body: extra });
      if (action === 'copy') {
        notify.success(`Создан черновик ${result.number}`);
        navigate(`${kind.base}/${result.id}`);
        return;
      }
      notify.success(
        { post: `${kind.one} ${result.number} проведено`, send: `${result.number} отправлено`, receive: `${result.number} принято`, cancel: `${result.number} отменено` }[action] ?? 'Готово',
      );
    } catch (e) {
      fail(e);
    }
  }

  if (id && query.isPending) return (<><StockTabs /><Skeleton active /></>);
  if (id && query.isError) return (<><StockTabs /><QueryError error={query.error} onRetry={() => void query.refetch()} /></>);

  const ownWarehouses = warehouses.data ?? [];
  const targetWarehouses = (allWarehouses.data ?? []).filter((w) => w.id !== draft.warehouseId);
  const busy = create.isPending || update.isPending || act.isPending || remove.isPending;
  const total = draft.lines.reduce((s, l) => s + (l.cost ?? 0) * l.qty, 0);
  const atDestination = doc?.type === 'transfer' && doc.status === 'in_transit' && doc.toLocationId !== null && ownWarehouses.some((w) => w.id === doc.toWarehouseId);

  const lineColumns = [
    { key: 'n', title: '№', width: 48, render: (_: unknown, __: DraftLine, i: number) => i + 1 },
    { key: 'product', title: 'Товар', render: (_: unknown, l: DraftLine) => (<><Link to={`/stock/product/${l.productId}`}>{l.productName}</Link>{l.sku ? <Typography.Text type="secondary"> · {l.sku}</Typography.Text> : null}</>) },
    ...(type === 'stocktake'
      ? [
          { key: 'expected', title: 'По учёту', align: 'right' as const, width: 110, render: (_: unknown, l: DraftLine) => doc?.lines.find((x) => x.productId === l.productId)?.expected ?? '—' },
          {
            key: 'counted',
            title: 'Посчитано',
            width: 150,
            render: (_: unknown, l: DraftLine, i: number) =>
              counting && editable ? (
                <InputNumber
                  min={0}
                  precision={0}
                  value={l.counted}
                  aria-label={`Посчитано: ${l.productName}`}
                  onChange={(v) => change({ lines: draft.lines.map((x, j) => (j === i ? { ...x, counted: v ?? null } : x)) })}
                />
              ) : (
                (l.counted ?? '—')
              ),
          },
          ...(doc?.status === 'posted' ? [{ key: 'diff', title: 'Разница', align: 'right' as const, width: 110, render: (_: unknown, l: DraftLine) => { const x = doc.lines.find((y) => y.productId === l.productId); const d = (x?.counted ?? 0) - (x?.expected ?? 0); return <Typography.Text type={d > 0 ? 'success' : d < 0 ? 'danger' : undefined}>{d > 0 ? `+${d}` : d}</Typography.Text>; } }] : []),
        ]
      : [
          {
            key: 'qty',
            title: 'Кол-во',
            width: 120,
            render: (_: unknown, l: DraftLine, i: number) =>
              editable ? (
                <InputNumber
                  min={1}
                  precision={0}
                  value={l.qty}
                  status={error?.errors?.[`lines.${i}.qty`] ? 'error' : undefined}
                  aria-label={`Количество: ${l.productName}`}
                  onChange={(v) => change({ lines: draft.lines.map((x, j) => (j === i ? { ...x, qty: v ?? 1 } : x)) })}
                />
              ) : (
                <>{l.qty}{doc?.type === 'transfer' && doc.lines[i]?.received !== null && doc.lines[i]?.received !== l.qty ? <Tag color="orange" style={{ marginInlineStart: 6 }}>принято {doc.lines[i].received}</Tag> : null}</>
              ),
          },
        ]),
    ...(type === 'receipt' && seesCost
      ? [
          {
            key: 'cost',
            title: 'Цена закупки, ₽',
            width: 160,
            render: (_: unknown, l: DraftLine, i: number) =>
              editable ? (
                <InputNumber
                  min={0}
                  step={1}
                  precision={2}
                  decimalSeparator=","
                  value={l.cost === null ? null : l.cost / 100}
                  status={error?.errors?.[`lines.${i}.cost`] ? 'error' : undefined}
                  aria-label={`Цена: ${l.productName}`}
                  onChange={(v) => change({ lines: draft.lines.map((x, j) => (j === i ? { ...x, cost: toKopecks(v) } : x)) })}
                />
              ) : (
                <MoneyCell value={l.cost} />
              ),
          },
        ]
      : []),
    ...(seesCost && type !== 'stocktake'
      ? [{ key: 'value', title: 'Сумма', align: 'right' as const, width: 130, render: (_: unknown, l: DraftLine, i: number) => <MoneyCell value={doc && !editable ? (doc.lines[i]?.value ?? null) : l.cost !== null ? l.cost * l.qty : null} /> }]
      : []),
    ...(seesCost && type === 'stocktake' && doc?.status === 'posted' ? [{ key: 'value', title: 'Стоимость разницы', align: 'right' as const, width: 150, render: (_: unknown, l: DraftLine) => <MoneyCell value={doc.lines.find((x) => x.productId === l.productId)?.value ?? null} /> }] : []),
    {
      key: 'serials',
      title: 'Серийные номера',
      render: (_: unknown, l: DraftLine, i: number) =>
        !l.serialTracked ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : editable && !(type === 'stocktake' && !counting) ? (
          <SerialsInput
            value={l.serials}
            label={`Серийные номера: ${l.productName}`}
            expected={type === 'stocktake' ? undefined : l.qty}
            invalid={!!error?.errors?.[`lines.${i}.serials`]}
            onChange={(v) => change({ lines: draft.lines.map((x, j) => (j === i ? { ...x, serials: v, ...(type === 'stocktake' ? { counted: v.length } : {}) } : x)) })}
          />
        ) : (
          <Typography.Text style={{ fontSize: 12 }}>{l.serials.join(', ') || '—'}</Typography.Text>
        ),
    },
    ...(editable && type !== 'stocktake'
      ? [{ key: 'remove', title: '', width: 48, render: (_: unknown, __: DraftLine, i: number) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="Убрать строку" onClick={() => change({ lines: draft.lines.filter((___, j) => j !== i) })} /> }]
      : []),
  ];

  return (
    <>
      <StockTabs />
      <PageHeader
        title={
          <Space size={8}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="К списку" onClick={() => navigate(kind.base)}>
              {kind.list}
            </Button>
            {doc ? <StatusCell value={doc.status} statuses={docStatuses} /> : <Typography.Text type="secondary">Черновик не сохранён</Typography.Text>}
          </Space>
        }
        level={5}
        subtitle={doc ? `Создан ${formatDateTime(doc.createdAt)}${doc.authorName ? `, ${doc.authorName}` : ''}${doc.postedAt ? ` · ${type === 'transfer' ? 'отправлен' : 'проведён'} ${formatDateTime(doc.postedAt)}` : ''}${doc.receivedAt ? ` · принят ${formatDateTime(doc.receivedAt)}` : ''}${doc.cancelledAt ? ` · отменён ${formatDateTime(doc.cancelledAt)}` : ''}` : undefined}
        actions={
          <>
            {editable ? (
              <Button icon={<SaveOutlined />} onClick={() => void save()} loading={create.isPending || update.isPending} disabled={busy || (!dirty && !!id) || (!id && !warehouses.data)}>
                {id ? 'Сохранить' : type === 'stocktake' ? 'Создать лист' : 'Сохранить черновик'}
              </Button>
            ) : null}
            {editable && type !== 'transfer' && (id || type !== 'stocktake') ? (
              <Can rule="post:stock_document">
                <Popconfirm title={`Провести ${type === 'stocktake' ? 'инвентаризацию' : 'документ'}?`} description="Проведённый документ нельзя изменить — только отменить." okText="Провести" cancelText="Нет" onConfirm={() => void run('post')}>
                  <Button type="primary" disabled={busy || draft.lines.length === 0}>Провести</Button>
                </Popconfirm>
              </Can>
            ) : null}
            {editable && type === 'transfer' ? (
              <Can rule="post:stock_document">
                <Button type="primary" onClick={() => void run('send')} disabled={busy || draft.lines.length === 0}>Отправить</Button>
              </Can>
            ) : null}
            {atDestination ? (
              <Can rule="post:stock_document">
                <Button type="primary" onClick={() => setReceiving(Object.fromEntries(doc.lines.map((l) => [l.productId, l.qty])))}>Принять</Button>
              </Can>
            ) : null}
            {doc && doc.status !== 'draft' && doc.status !== 'cancelled' && !(doc.type === 'transfer' && atDestination && doc.status === 'in_transit') ? (
              <Can rule="cancel:stock_document">
                <Popconfirm title="Отменить документ?" description="Будут записаны обратные движения." okText="Отменить документ" cancelText="Нет" onConfirm={() => void run('cancel')}>
                  <Button danger icon={<RollbackOutlined />} disabled={busy}>Отменить</Button>
                </Popconfirm>
              </Can>
            ) : null}
            {doc ? (
              <Can rule="create:stock_document">
                <Button icon={<CopyOutlined />} onClick={() => void run('copy')} disabled={busy}>Копировать</Button>
              </Can>
            ) : null}
            {doc ? (
              <Can rule="print:stock_document">
                <Button icon={<PrinterOutlined />} onClick={() => printDocument(doc, seesCost)}>Печать</Button>
              </Can>
            ) : null}
            {doc && doc.status === 'draft' ? (
              <Can rule="delete:stock_document">
                <Popconfirm title="Удалить черновик?" okText="Удалить" cancelText="Нет" onConfirm={async () => { try { await remove.mutateAsync(doc.id); navigate(kind.base); } catch (e) { fail(e); } }}>
                  <Button danger type="text" icon={<DeleteOutlined />} aria-label="Удалить черновик" />
                </Popconfirm>
              </Can>
            ) : null}
          </>
        }
      />
      {error ? <Alert type="error" showIcon message={error.message} description={error.errors && Object.keys(error.errors).length > 1 ? Object.values(error.errors).join('; ') : undefined} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} role="alert" /> : null}
      <Card size="small" style={{ marginBottom: 12 }}>
        <HeaderFields type={type} draft={draft} doc={doc} editable={editable && !(type === 'stocktake' && !!id)} change={change} ownWarehouses={ownWarehouses} targetWarehouses={targetWarehouses} fieldErrors={error?.errors} />
      </Card>
      {type === 'stocktake' && !id ? (
        <Alert type="info" showIcon message="Лист инвентаризации охватит все товары с остатком на выбранном складе. Посчитанное количество вводите после создания листа — вручную или сканером." />
      ) : (
        <Card
          size="small"
          title={counting ? 'Подсчёт: сканируйте товары — каждый скан добавляет 1' : 'Товары'}
          extra={seesCost && type === 'receipt' ? <span>Итого: <b>{formatMoney(editable ? total : (doc?.total ?? 0))}</b></span> : doc && seesCost && type === 'stocktake' && doc.status === 'posted' ? <span>Излишки: <b>{formatMoney(doc.surplusValue)}</b> · Недостача: <b>{formatMoney(doc.shortageValue)}</b></span> : null}
        >
          {editable && type !== 'stocktake' && type !== 'supplier_return' ? (
            <div style={{ marginBottom: 12 }}>
              <ProductPicker onPick={(p) => change({ lines: addProduct(draft.lines, p) })} />
            </div>
          ) : null}
          <Table<DraftLine>
            rowKey="productId"
            size="small"
            pagination={draft.lines.length > 50 ? { pageSize: 50 } : false}
            dataSource={draft.lines}
            columns={lineColumns}
            locale={{ emptyText: <Empty description={editable ? 'Добавьте товары: поиском или сканером' : 'Строк нет'} /> }}
            scroll={{ x: 800 }}
          />
        </Card>
      )}
      {doc ? <AuditTrail entity="stock_document" id={doc.id} /> : null}
      <Modal
        open={receiving !== null}
        title={`Принять ${doc?.number ?? ''}`}
        okText="Принять"
        cancelText="Отмена"
        onCancel={() => setReceiving(null)}
        confirmLoading={act.isPending}
        onOk={async () => {
          if (!doc || !receiving) return;
          await run('receive', { lines: doc.lines.map((l) => ({ productId: l.productId, qty: receiving[l.productId] ?? l.qty })) });
          setReceiving(null);
        }}
      >
        <Typography.Paragraph type="secondary">Укажите, сколько пришло. Недостача спишется как потеря в пути.</Typography.Paragraph>
        {doc?.lines.map((l) => (
          <Flex key={l.productId} justify="space-between" align="center" style={{ marginBottom: 8 }} gap={12}>
            <span>{l.productName} <Typography.Text type="secondary">(отправлено {l.qty})</Typography.Text></span>
            <InputNumber min={0} max={l.qty} precision={0} value={receiving?.[l.productId]} aria-label={`Принято: ${l.productName}`} onChange={(v) => setReceiving((r) => ({ ...r, [l.productId]: v ?? 0 }))} />
          </Flex>
        ))}
      </Modal>
    </>
  );
}

function HeaderFields({
  type,
  draft,
  doc,
  editable,
  change,
  ownWarehouses,
  targetWarehouses,
  fieldErrors,
}: {
  type: StockDocumentType;
  draft: Draft;
  doc: StockDocument | null;
  editable: boolean;
  change: (p: Partial<Draft>) => void;
  ownWarehouses: Array<{ id: string; name: string; locationName: string }>;
  targetWarehouses: Array<{ id: string; name: string; locationName: string }>;
  fieldErrors?: Record<string, string>;
}) {
  const receipts = useDocuments('receipt', { status: 'posted', page: 1, pageSize: 50 });
  const shops = useLocationStore((s) => s.list);
  const whOptions = (list: typeof ownWarehouses) => list.map((w) => ({ value: w.id, label: `${w.name} · ${w.locationName}` }));
  const receiptOptions = useMemo(() => (receipts.data?.items ?? []).map((r) => ({ value: r.id, label: `${r.number} · ${r.supplierName ?? 'без поставщика'}` })), [receipts.data]);
  if (!editable) {
    return (
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        {type === 'transfer' && doc ? (
          <Descriptions.Item label="Откуда → куда">{transferRoute(doc, shops)}</Descriptions.Item>
        ) : (
          <Descriptions.Item label="Склад">{doc?.warehouseName}</Descriptions.Item>
        )}
        {doc?.supplierName ? <Descriptions.Item label="Поставщик">{doc.supplierName}</Descriptions.Item> : null}
        {doc?.purchaseOrderId ? <Descriptions.Item label="По заказу"><Link to={`/procurement/${doc.purchaseOrderId}`}>{doc.purchaseOrderNumber}</Link></Descriptions.Item> : null}
        {doc?.receiptNumber ? <Descriptions.Item label="По оприходованию"><Link to={`/stock/posting/${doc.receiptId}`}>{doc.receiptNumber}</Link></Descriptions.Item> : null}
        {doc?.reason ? <Descriptions.Item label="Причина">{doc.reason}</Descriptions.Item> : null}
        {doc?.copiedFromId ? <Descriptions.Item label="Копия">документа</Descriptions.Item> : null}
        {doc?.comment ? <Descriptions.Item label="Комментарий">{doc.comment}</Descriptions.Item> : null}
      </Descriptions>
    );
  }
  const err = (k: string) => (fieldErrors?.[k] ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{fieldErrors[k]}</Typography.Text> : null);
  return (
    <Flex gap={16} wrap>
      {type === 'supplier_return' ? (
        <label style={{ minWidth: 280, flex: 1 }}>
          <div>Оприходование</div>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={draft.receiptId}
            disabled={!!doc}
            options={receiptOptions}
            placeholder="Выберите оприходование"
            onChange={async (v: string) => {
              const { data } = await api.get<StockDocument>(`stock/receipts/${v}`);
              change({ receiptId: v, lines: data.lines.map((l) => ({ productId: l.productId, productName: l.productName, sku: l.sku, serialTracked: l.serialTracked, qty: l.qty, cost: null, serials: [], counted: null })) });
            }}
            style={{ width: '100%' }}
            aria-label="Оприходование"
          />
          {err('receiptId')}
        </label>
      ) : (
        <label style={{ minWidth: 240, flex: 1 }}>
          <div>{type === 'transfer' ? 'Откуда' : 'Склад'}</div>
          <Select value={draft.warehouseId} options={whOptions(ownWarehouses)} onChange={(v: string) => change({ warehouseId: v })} style={{ width: '100%' }} aria-label={type === 'transfer' ? 'Склад отправления' : 'Склад'} />
          {err('warehouseId')}
          {err('fromWarehouseId')}
        </label>
      )}
      {type === 'transfer' ? (
        <label style={{ minWidth: 240, flex: 1 }}>
          <div>Куда</div>
          <Select value={draft.toWarehouseId} options={whOptions(targetWarehouses)} onChange={(v: string) => change({ toWarehouseId: v })} placeholder="Склад назначения" style={{ width: '100%' }} aria-label="Склад назначения" />
          {err('toWarehouseId')}
        </label>
      ) : null}
      {type === 'receipt' ? (
        <label style={{ minWidth: 240, flex: 1 }}>
          <div>Поставщик</div>
          <SupplierPicker value={draft.supplierId} label={draft.supplierName} onChange={(supplierId, supplierName) => change({ supplierId, supplierName })} />
        </label>
      ) : null}
      {type === 'write_off' ? (
        <label style={{ minWidth: 240, flex: 1 }}>
          <div>Причина</div>
          <Input value={draft.reason} maxLength={200} onChange={(e) => change({ reason: e.target.value })} placeholder="Брак, повреждено при установке…" status={fieldErrors?.reason ? 'error' : undefined} aria-label="Причина" />
          {err('reason')}
        </label>
      ) : null}
      <label style={{ minWidth: 240, flex: 2 }}>
        <div>Комментарий</div>
        <Input value={draft.comment} maxLength={1000} onChange={(e) => change({ comment: e.target.value })} aria-label="Комментарий" />
      </label>
    </Flex>
  );
}
