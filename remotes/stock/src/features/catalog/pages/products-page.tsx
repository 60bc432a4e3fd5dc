import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { productKindLabels, toKopecks, type CreateProductRequest, type Product } from '@repo/contracts';
import { api, getApiError, notify } from '@repo/shared-core';
import { Can, DataTable, MoneyCell, defineTableParams, useRule, useTableParams } from '@repo/ui';
import { Button, Checkbox, Drawer, Flex, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useBarcodeScanner } from '../../../shared/use-barcode-scanner';
import { useProductSummaries, useProductSummary, useWarehouses } from '../../stock/api';
import { useCategories, useProductDetail, useProductMutations, useProducts } from '../api';
import { ImportDialog } from '../components/import-dialog';
import { ProductPhotos } from '../components/product-photos';

const spec = defineTableParams({ filters: { search: 'string', categoryId: 'string', kind: 'string', archived: 'boolean' }, pageSize: 50 });

interface FormValues {
  kind: 'good' | 'service';
  name: string;
  sku?: string;
  barcodes: string[];
  unit: string;
  price: number | null;
  categoryId?: string | null;
  warrantyDays: number;
  serialTracked: boolean;
  description?: string;
  /** Minimum stock per warehouse of the current shop, by warehouse id. */
  minStock: Record<string, number | null>;
}

/** `/products`: goods and services, search by name, SKU or barcode (a scan opens the product), the open one in `?open=`. */
export function ProductsPage() {
  const table = useTableParams(spec);
  const f = table.params.filters;
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const query = useProducts({ page: table.params.page, pageSize: table.params.pageSize, search: f.search, categoryId: f.categoryId, kind: f.kind as never, archived: f.archived ? 'true' : undefined } as never);
  const categories = useCategories();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canEdit = useRule('edit:product');
  const tree = (categories.data ?? [])
    .filter((c) => c.parentId === null)
    .map((c) => ({ value: c.id, title: c.name, children: (categories.data ?? []).filter((s) => s.parentId === c.id).map((s) => ({ value: s.id, title: s.name })) }));
  const seesStock = useRule('view:stock_document');
  const seesCost = useRule('see_cost') && seesStock;
  const pageGoods = seesStock ? (query.data?.items ?? []).filter((p) => p.kind === 'good').map((p) => p.id) : [];
  const summaries = useProductSummaries(pageGoods);
  const stockById = new Map((summaries.data?.items ?? []).map((x) => [x.productId, x]));
  const stockOf = (id: string) => stockById.get(id);
  const categoryName = (id: string | null) => (categories.data ?? []).find((c) => c.id === id)?.name ?? '—';
  const setOpen = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('open', id);
      else next.delete('open');
      return next;
    });

  useBarcodeScanner(
    async (code) => {
      const { data } = await api.get<{ items: Product[] }>('catalog/products', { params: { search: code, pageSize: 5 } });
      const p = data.items.find((x) => x.barcodes.includes(code)) ?? (data.items.length === 1 ? data.items[0] : null);
      if (p) setOpen(p.id);
      else notify.warning(`Товар со штрихкодом ${code} не найден`);
    },
    { enabled: !openId && !importing },
  );

  async function exportExcel() {
    setExporting(true);
    try {
      const rows: Product[] = [];
      for (let page = 1; page <= 500; page++) {
        const { data } = await api.get<{ items: Product[]; total: number }>('catalog/products', { params: { page, pageSize: 200, ...(f.archived ? { archived: 'true' } : {}) } });
        rows.push(...data.items);
        if (rows.length >= data.total || data.items.length === 0) break;
      }
      const { default: writeXlsxFile } = await import('write-excel-file/browser');
      const parentOf = (id: string | null) => (categories.data ?? []).find((c) => c.id === id);
      const header = ['Название', 'Артикул', 'Штрихкоды', 'Вид', 'Единица', 'Цена', 'Категория', 'Подкатегория', 'Гарантия, дней', 'Серийный учёт', 'Описание'].map((value) => ({ value, fontWeight: 'bold' as const }));
      const data = rows.map((p) => {
        const cat = parentOf(p.categoryId);
        const top = cat?.parentId ? parentOf(cat.parentId) : cat;
        return [
          { value: p.name },
          { value: p.sku ?? '' },
          { value: p.barcodes.join(', ') },
          { value: productKindLabels[p.kind] },
          { value: p.unit },
          { value: p.price / 100, type: Number, format: '#,##0.00' },
          { value: top?.name ?? '' },
          { value: cat?.parentId ? cat.name : '' },
          { value: p.warrantyDays, type: Number },
          { value: p.serialTracked ? 'да' : 'нет' },
          { value: p.description ?? '' },
        ];
      });
      await writeXlsxFile([header, ...data] as never, { columns: [{ width: 42 }, { width: 16 }, { width: 18 }, { width: 9 }, { width: 8 }, { width: 12 }, { width: 20 }, { width: 20 }, { width: 10 }, { width: 10 }, { width: 30 }] }).toFile('Товары и услуги.xlsx');
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="Название, артикул или штрихкод"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 300 }}
          aria-label="Поиск товара"
        />
        <TreeSelect allowClear placeholder="Категория" value={f.categoryId} treeData={tree} treeDefaultExpandAll onChange={(v: string | undefined) => table.setParams({ filters: { categoryId: v } })} style={{ width: 220 }} aria-label="Категория" />
        <Select
          allowClear
          placeholder="Товары и услуги"
          value={f.kind}
          onChange={(v: string | undefined) => table.setParams({ filters: { kind: v } })}
          options={[{ value: 'good', label: 'Товары' }, { value: 'service', label: 'Услуги' }]}
          style={{ width: 170 }}
          aria-label="Вид"
        />
        <Checkbox checked={!!f.archived} onChange={(e) => table.setParams({ filters: { archived: e.target.checked || undefined } })}>Архив</Checkbox>
        <Space style={{ marginInlineStart: 'auto' }} wrap>
          <Can rule="create:product">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>Импорт из Excel</Button>
          </Can>
          <Can rule="export:product">
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting}>Excel</Button>
          </Can>
          <Can rule="create:product">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>Новый товар</Button>
          </Can>
        </Space>
      </Flex>
      <DataTable
        rowKey="id"
        table={table}
        query={query}
        size="small"
        scroll={{ x: seesCost ? 1120 : 1000 }}
        emptyText={f.search || f.categoryId || f.kind ? 'Ничего не найдено' : 'Каталог пуст: добавьте товар или импортируйте из Excel'}
        onRow={(p: Product) => ({ onClick: () => setOpen(p.id), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'name', title: 'Название', width: 300, render: (_, p: Product) => (<><Typography.Link>{p.name}</Typography.Link>{p.serialTracked ? <Tag style={{ marginInlineStart: 6 }}>S/N</Tag> : null}{p.kind === 'service' ? <Tag color="blue" style={{ marginInlineStart: 6 }}>{productKindLabels.service}</Tag> : null}</>) },
          { key: 'sku', title: 'Артикул', width: 120, render: (_, p: Product) => p.sku ?? '—' },
          { key: 'barcode', title: 'Штрихкод', width: 130, render: (_, p: Product) => p.barcodes[0] ?? '—' },
          { key: 'category', title: 'Категория', width: 150, ellipsis: true, render: (_, p: Product) => categoryName(p.categoryId) },
          { key: 'price', title: 'Цена', width: 110, align: 'right', render: (_, p: Product) => <MoneyCell value={p.price} /> },
          ...(seesStock ? [{ key: 'stock', title: 'Остаток', width: 90, align: 'right' as const, render: (_: unknown, p: Product) => (p.kind === 'good' ? (stockOf(p.id)?.qty ?? '…') : '—') }] : []),
          ...(seesCost
            ? [{ key: 'cost', title: 'Себестоимость', width: 130, align: 'right' as const, render: (_: unknown, p: Product) => { const c = stockOf(p.id)?.cost; return c === null || c === undefined ? '—' : <MoneyCell value={c} />; } }]
            : []),
          { key: 'warranty', title: 'Гарантия', width: 90, align: 'right', render: (_, p: Product) => (p.warrantyDays ? `${p.warrantyDays} дн.` : '—') },
        ]}
      />
      <ProductDrawer id={openId} onClose={() => setOpen(null)} onCreated={(id) => setOpen(id)} tree={tree} canEdit={canEdit} />
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}

function ProductDrawer({ id, onClose, onCreated, tree, canEdit }: { id: string | null; onClose: () => void; onCreated: (id: string) => void; tree: unknown[]; canEdit: boolean }) {
  const isNew = id === 'new';
  const detail = useProductDetail(id && !isNew ? id : null);
  const { create, update, archive, restore } = useProductMutations();
  const [form] = Form.useForm<FormValues>();
  const product = detail.data;
  const canCreate = useRule('create:product');
  // Archive and restore are `delete:product` on the server.
  const canArchive = useRule('delete:product');
  const readOnly = isNew ? !canCreate : !canEdit;
  const initial: FormValues = product
    ? { kind: product.kind, name: product.name, sku: product.sku ?? undefined, barcodes: product.barcodes, unit: product.unit, price: product.price / 100, categoryId: product.categoryId, warrantyDays: product.warrantyDays, serialTracked: product.serialTracked, description: product.description ?? undefined, minStock: Object.fromEntries(product.minStock.map((m) => [m.warehouseId, m.qty])) }
    : { kind: 'good', name: '', barcodes: [], unit: 'шт', price: null, categoryId: null, warrantyDays: 0, serialTracked: false, minStock: {} };
  const kind = Form.useWatch('kind', form);
  const warehouses = useWarehouses('mine');
  const mine = new Set((warehouses.data ?? []).map((w) => w.id));
  const summary = useProductSummary(product && product.kind === 'good' ? product.id : null);

  async function save(values: FormValues) {
    const body: CreateProductRequest = {
      kind: values.kind,
      name: values.name,
      sku: values.sku?.trim() || null,
      barcodes: values.barcodes ?? [],
      unit: values.unit,
      price: toKopecks(values.price) ?? 0,
      categoryId: values.categoryId ?? null,
      warrantyDays: values.warrantyDays ?? 0,
      serialTracked: values.kind === 'good' ? !!values.serialTracked : false,
      description: values.description?.trim() || null,
      // The form edits this shop's warehouses; the minimums set in the other shops stay as they are.
      minStock:
        values.kind === 'good'
          ? [
              ...(product?.minStock ?? []).filter((m) => !mine.has(m.warehouseId)),
              ...Object.entries(values.minStock ?? {}).filter(([w]) => mine.has(w)).map(([warehouseId, qty]) => ({ warehouseId, qty: qty ?? 0 })),
            ]
          : [],
    } as CreateProductRequest;
    try {
      if (isNew) {
        const created = await create.mutateAsync(body);
        notify.success(`«${created.name}» добавлен`);
        onCreated(created.id);
      } else if (id) {
        await update.mutateAsync({ id, ...body });
        notify.success('Сохранено');
      }
    } catch (e) {
      const err = getApiError(e);
      if (err.errors) form.setFields(Object.entries(err.errors).map(([name, msg]) => ({ name: name.split('.')[0], errors: [msg] })) as never);
    }
  }

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={560}
      title={isNew ? 'Новый товар или услуга' : (product?.name ?? 'Товар')}
      destroyOnHidden
      extra={
        !isNew && product && canArchive ? (
          product.archivedAt ? (
            <Button onClick={() => void restore.mutateAsync(product.id).then(() => notify.success('Возвращён из архива'))}>Вернуть из архива</Button>
          ) : (
            <Popconfirm title="Убрать в архив?" description="Товар пропадёт из подбора; история останется." okText="В архив" cancelText="Нет" onConfirm={() => void archive.mutateAsync(product.id).then(() => { notify.success('Убран в архив'); onClose(); })}>
              <Button danger>В архив</Button>
            </Popconfirm>
          )
        ) : null
      }
      footer={
        readOnly ? null : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>Отмена</Button>
            <Button type="primary" onClick={() => form.submit()} loading={create.isPending || update.isPending}>
              {isNew ? 'Добавить' : 'Сохранить'}
            </Button>
          </Flex>
        )
      }
    >
      {product && product.kind === 'good' && summary.data ? (
        <Flex gap={16} wrap align="baseline" className="product-stock-line" style={{ marginBottom: 16 }}>
          <span>
            Остаток по компании: <b>{summary.data.qty}</b> {product.unit}
            {summary.data.inTransit ? ` (в пути ${summary.data.inTransit})` : ''}
          </span>
          {summary.data.cost !== null ? (
            <span>
              Себестоимость: <MoneyCell value={summary.data.cost} />
            </span>
          ) : null}
          <Link to={`/stock/product/${product.id}`}>Карточка товара →</Link>
        </Flex>
      ) : null}
      {product ? <ProductPhotos product={product} canEdit={canEdit && !product.archivedAt} /> : null}
      {!isNew && detail.isPending ? null : (
        <Form<FormValues> key={product?.id ?? 'new'} form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)} disabled={readOnly}>
          <Form.Item name="kind" label="Вид">
            <Select options={[{ value: 'good', label: 'Товар' }, { value: 'service', label: 'Услуга' }]} disabled={!isNew || readOnly} />
          </Form.Item>
          <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название' }]}>
            <Input maxLength={200} autoFocus />
          </Form.Item>
          <Flex gap={12}>
            <Form.Item name="sku" label="Артикул" style={{ flex: 1 }}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="unit" label="Единица" style={{ width: 120 }} rules={[{ required: true, message: 'Укажите единицу' }]}>
              <Input maxLength={20} />
            </Form.Item>
          </Flex>
          <Form.Item name="barcodes" label="Штрихкоды" extra="Сканируйте или введите и нажмите Enter">
            <Select mode="tags" tokenSeparators={[",", " "]} aria-label="Штрихкоды" notFoundContent={null} />
          </Form.Item>
          <Flex gap={12}>
            <Form.Item name="price" label="Цена, ₽" style={{ flex: 1 }} rules={[{ required: true, message: 'Укажите цену' }]}>
              <InputNumber min={0} precision={2} decimalSeparator="," style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="warrantyDays" label="Гарантия, дней" style={{ flex: 1 }}>
              <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Form.Item name="categoryId" label="Категория">
            <TreeSelect allowClear treeData={tree as never} treeDefaultExpandAll placeholder="Без категории" />
          </Form.Item>
          {kind !== 'service' ? (
            <Form.Item name="serialTracked" label="Учёт по серийным номерам" valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
          {kind !== 'service' && (warehouses.data ?? []).length > 0 ? (
            <Form.Item label="Минимальный остаток" extra="Ниже минимума товар попадает в фильтр «Ниже минимума» на остатках" style={{ marginBottom: 16 }}>
              <Flex vertical gap={8}>
                {(warehouses.data ?? []).map((w) => (
                  <Flex key={w.id} align="center" gap={12}>
                    <Typography.Text style={{ flex: 1 }}>{w.name}</Typography.Text>
                    <Form.Item name={['minStock', w.id]} noStyle>
                      <InputNumber min={0} max={1_000_000} precision={0} placeholder="0" style={{ width: 140 }} aria-label={`Минимум: ${w.name}`} />
                    </Form.Item>
                  </Flex>
                ))}
              </Flex>
            </Form.Item>
          ) : null}
          <Form.Item name="description" label="Описание">
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
