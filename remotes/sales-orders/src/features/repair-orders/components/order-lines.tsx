import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { toKopecks, type Order, type PartLookupItem } from '@repo/contracts';
import { formatMoney, getApiError, notify } from '@repo/shared-core';
import { setServerErrors } from '@repo/ui';
import { Button, Flex, Form, Input, InputNumber, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOrderMutations, usePartLookup } from '../api';

const money = (v: number) => formatMoney(v);

/** Works of an order, with the inline form that adds one (typed or from the catalogue later). */
export function WorksSection({ order, editable }: { order: Order; editable: boolean }) {
  const [form] = Form.useForm<{ name?: string; price?: number | null; qty?: number; warrantyDays?: number }>();
  const { addWork, removeWork } = useOrderMutations(order.id);
  async function add(v: { name?: string; price?: number | null; qty?: number; warrantyDays?: number }) {
    try {
      await addWork.mutateAsync({ name: v.name?.trim(), price: toKopecks(v.price) ?? undefined, qty: v.qty ?? 1, warrantyDays: v.warrantyDays ?? undefined });
      form.resetFields();
    } catch (e) {
      if (!setServerErrors(form, e).length) notify.error(getApiError(e).message);
    }
  }
  return (
    <>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.works}
        locale={{ emptyText: 'Работ пока нет' }}
        columns={[
          { key: 'name', title: 'Работа', dataIndex: 'name', width: 260 },
          { key: 'engineer', title: 'Мастер', width: 150, ellipsis: true, render: (_, w) => w.engineerName ?? '—' },
          { key: 'qty', title: 'Кол-во', width: 80, align: 'right', dataIndex: 'qty' },
          { key: 'price', title: 'Цена', width: 120, align: 'right', render: (_, w) => money(w.price) },
          { key: 'amount', title: 'Сумма', width: 120, align: 'right', render: (_, w) => money(w.amount) },
          { key: 'warranty', title: 'Гарантия', width: 100, align: 'right', render: (_, w) => (w.warrantyDays ? `${w.warrantyDays} дн.` : '—') },
          {
            key: 'x',
            width: 44,
            render: (_, w) =>
              editable ? (
                <Popconfirm title="Убрать работу?" okText="Убрать" cancelText="Нет" onConfirm={() => removeWork.mutateAsync(w.id).catch((e) => notify.error(getApiError(e).message))}>
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`Убрать ${w.name}`} />
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {editable ? (
        <Form form={form} layout="inline" onFinish={(v) => void add(v)} style={{ marginTop: 8, rowGap: 8 }} initialValues={{ qty: 1 }}>
          <Form.Item name="name" rules={[{ required: true, message: 'Укажите работу' }]} style={{ flex: '1 1 260px' }}>
            <Input placeholder="Работа, например «Замена дисплея»" aria-label="Работа" maxLength={300} />
          </Form.Item>
          <Form.Item name="price">
            <InputNumber min={0} step={100} precision={2} decimalSeparator="," placeholder="Цена, ₽" aria-label="Цена работы" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="qty">
            <InputNumber min={1} max={10000} aria-label="Количество работ" style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="warrantyDays">
            <InputNumber min={0} max={3650} placeholder="Гарантия, дн." aria-label="Гарантия работы" style={{ width: 130 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<PlusOutlined />} loading={addWork.isPending}>
            Добавить работу
          </Button>
        </Form>
      ) : null}
    </>
  );
}

/** Parts of an order: reserved from the shop's stock when added, written off when the order is issued. */
export function PartsSection({ order, editable }: { order: Order; editable: boolean }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PartLookupItem | null>(null);
  const [form] = Form.useForm<{ key?: string; qty?: number; price?: number | null; serial?: string }>();
  const lookup = usePartLookup(search, editable);
  const { addPart, removePart } = useOrderMutations(order.id);
  const keyOf = (p: PartLookupItem) => `${p.warehouseId}:${p.productId}`;

  async function add(v: { qty?: number; price?: number | null; serial?: string }) {
    if (!picked) return;
    try {
      await addPart.mutateAsync({ productId: picked.productId, warehouseId: picked.warehouseId, qty: v.qty ?? 1, price: toKopecks(v.price) ?? undefined, serial: v.serial ?? null });
      form.resetFields();
      setPicked(null);
    } catch (e) {
      if (!setServerErrors(form, e).length) notify.error(getApiError(e).message);
    }
  }

  return (
    <>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.parts}
        locale={{ emptyText: 'Запчастей пока нет' }}
        columns={[
          {
            key: 'name',
            title: 'Запчасть',
            render: (_, p) => (
              <>
                {p.productName}
                {p.sku ? <Typography.Text type="secondary"> · {p.sku}</Typography.Text> : null}
                {p.serial ? <div style={{ fontSize: 12 }}>S/N {p.serial}</div> : null}
              </>
            ),
          },
          { key: 'warehouse', title: 'Склад', width: 150, render: (_, p) => p.warehouseName },
          { key: 'state', title: '', width: 110, render: (_, p) => (p.state === 'reserved' ? <Tag color="blue">в резерве</Tag> : <Tag>списана</Tag>) },
          { key: 'qty', title: 'Кол-во', width: 80, align: 'right', dataIndex: 'qty' },
          { key: 'price', title: 'Цена', width: 120, align: 'right', render: (_, p) => money(p.price) },
          { key: 'amount', title: 'Сумма', width: 120, align: 'right', render: (_, p) => money(p.amount) },
          {
            key: 'x',
            width: 44,
            render: (_, p) =>
              editable ? (
                <Popconfirm title="Убрать запчасть и снять резерв?" okText="Убрать" cancelText="Нет" onConfirm={() => removePart.mutateAsync(p.id).catch((e) => notify.error(getApiError(e).message))}>
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`Убрать ${p.productName}`} />
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {editable ? (
        <Form form={form} layout="inline" onFinish={(v) => void add(v)} style={{ marginTop: 8, rowGap: 8 }} initialValues={{ qty: 1 }}>
          <Form.Item name="key" rules={[{ required: true, message: 'Выберите запчасть' }]} style={{ flex: '1 1 320px' }}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              placeholder="Запчасть со склада: название, артикул или штрихкод"
              aria-label="Запчасть"
              notFoundContent={lookup.isFetching ? 'Ищу…' : 'Нет свободного остатка'}
              options={(lookup.data ?? []).map((p) => ({ value: keyOf(p), label: `${p.name} — ${p.warehouseName}, свободно ${p.free}, ${money(p.price)}` }))}
              onChange={(k: string) => {
                const p = (lookup.data ?? []).find((x) => keyOf(x) === k) ?? null;
                setPicked(p);
                form.setFieldsValue({ price: p ? p.price / 100 : null, serial: undefined, qty: 1 });
              }}
            />
          </Form.Item>
          {picked?.serialTracked ? (
            <Form.Item name="serial" rules={[{ required: true, message: 'Выберите серийный номер' }]}>
              <Select placeholder="Серийный номер" aria-label="Серийный номер запчасти" options={picked.serials.map((s) => ({ value: s, label: s }))} style={{ width: 180 }} />
            </Form.Item>
          ) : (
            <Form.Item name="qty">
              <InputNumber min={1} max={picked?.free ?? 10000} aria-label="Количество запчастей" style={{ width: 80 }} />
            </Form.Item>
          )}
          <Form.Item name="price">
            <InputNumber min={0} step={100} precision={2} decimalSeparator="," placeholder="Цена, ₽" aria-label="Цена запчасти" style={{ width: 130 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<PlusOutlined />} loading={addPart.isPending}>
            Добавить запчасть
          </Button>
        </Form>
      ) : null}
    </>
  );
}

/** Works, parts, total, paid and what is left, in roubles. */
export function Totals({ order }: { order: Order }) {
  const works = order.works.reduce((s, w) => s + w.amount, 0);
  const parts = order.parts.reduce((s, p) => s + p.amount, 0);
  const row = (label: string, value: React.ReactNode, strong = false) => (
    <Flex justify="space-between" gap={24}>
      <Typography.Text type={strong ? undefined : 'secondary'}>{label}</Typography.Text>
      <Typography.Text strong={strong}>{value}</Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={2} style={{ minWidth: 260 }} data-testid="order-totals">
      {row('Работы', money(works))}
      {row('Запчасти', money(parts))}
      {row('Итого', money(order.total), true)}
      {row('Оплачено', money(order.paid))}
      {row(
        order.due >= 0 ? 'К оплате' : 'Переплата',
        <Typography.Text type={order.due > 0 ? 'danger' : order.due < 0 ? 'warning' : 'success'} strong data-testid="order-due">
          {money(Math.abs(order.due))}
        </Typography.Text>,
        true,
      )}
    </Flex>
  );
}
