import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { orderStatusGroupLabels, orderStatusGroups, type CreateOrderStatusRequest, type OrderStatus, type OrderStatusGroup } from '@repo/contracts';
import { api, entityKeys, getApiError, notify } from '@repo/shared-core';
import { QueryState, setServerErrors } from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ColorPicker, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';

const keys = entityKeys('order_status');

interface Values {
  name: string;
  colour: string;
  group: OrderStatusGroup;
  limitHours?: number | null;
  next: string[];
}

/** «Статусы заказов»: name, colour, group, the time limit and the statuses an order may move to next. */
export function OrderStatusesTab() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: keys.company('list'), queryFn: async () => (await api.get<OrderStatus[]>('orders/statuses')).data });
  const [editing, setEditing] = useState<OrderStatus | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const done = () => void qc.invalidateQueries({ queryKey: keys.all });
  const save = useMutation({
    mutationFn: async (v: CreateOrderStatusRequest) =>
      editing && editing !== 'new' ? (await api.patch<OrderStatus>(`orders/statuses/${editing.id}`, v)).data : (await api.post<OrderStatus>('orders/statuses', v)).data,
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: async (id: string) => (await api.delete(`orders/statuses/${id}`)).data, onSuccess: done });
  const list = query.data ?? [];
  const nameOf = (id: string) => list.find((s) => s.id === id)?.name ?? '—';

  const open = (s: OrderStatus | 'new') => {
    setEditing(s);
    form.setFieldsValue(s === 'new' ? { name: '', colour: '#1677ff', group: 'in_progress', limitHours: null, next: [] } : { name: s.name, colour: s.colour, group: s.group, limitHours: s.limitHours, next: s.next });
  };
  const submit = async () => {
    const v = await form.validateFields();
    const colour = typeof v.colour === 'string' ? v.colour : (v.colour as { toHexString(): string }).toHexString();
    try {
      await save.mutateAsync({ name: v.name, colour, group: v.group, limitHours: v.limitHours ?? null, next: v.next ?? [] });
      notify.success(editing === 'new' ? 'Статус создан' : 'Статус сохранён');
      setEditing(null);
    } catch (e) {
      if (!setServerErrors(form, e).length) notify.error(getApiError(e).message);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">Переход в статус, которого нет в списке «Дальше», будет отклонён. Заказ просрочен, если пробыл в статусе дольше срока.</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          Добавить статус
        </Button>
      </Flex>
      <QueryState query={query} isEmpty={(d) => d.length === 0} empty="Статусов нет">
        {(rows) => (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { key: 'name', title: 'Статус', render: (_, s: OrderStatus) => <Tag color={s.colour}>{s.name}</Tag> },
              { key: 'group', title: 'Группа', render: (_, s: OrderStatus) => orderStatusGroupLabels[s.group] },
              { key: 'limit', title: 'Срок', align: 'right', render: (_, s: OrderStatus) => (s.limitHours ? `${s.limitHours} ч` : '—') },
              { key: 'next', title: 'Дальше', render: (_, s: OrderStatus) => (s.next.length ? s.next.map(nameOf).join(', ') : '—') },
              { key: 'orders', title: 'Заказов', align: 'right', dataIndex: 'orders' },
              {
                key: 'x',
                width: 90,
                render: (_, s: OrderStatus) => (
                  <Flex gap={4}>
                    <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Изменить ${s.name}`} onClick={() => open(s)} />
                    <Popconfirm title={`Удалить статус «${s.name}»?`} okText="Удалить" cancelText="Нет" onConfirm={() => remove.mutateAsync(s.id).catch((e) => notify.error(getApiError(e).message))}>
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить ${s.name}`} disabled={s.orders > 0} />
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Modal open={!!editing} title={editing === 'new' ? 'Новый статус' : 'Статус заказа'} okText="Сохранить" cancelText="Отмена" onOk={() => void submit()} confirmLoading={save.isPending} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="Название" rules={[{ required: true, message: 'Укажите название статуса' }]}>
            <Input maxLength={60} autoFocus />
          </Form.Item>
          <Flex gap={12}>
            <Form.Item name="group" label="Группа" style={{ flex: 1 }}>
              <Select options={orderStatusGroups.map((g) => ({ value: g, label: orderStatusGroupLabels[g] }))} />
            </Form.Item>
            <Form.Item name="colour" label="Цвет">
              <ColorPicker disabledAlpha />
            </Form.Item>
            <Form.Item name="limitHours" label="Срок, часов">
              <InputNumber min={1} max={8760} placeholder="без срока" />
            </Form.Item>
          </Flex>
          <Form.Item name="next" label="Дальше (разрешённые переходы)">
            <Select mode="multiple" options={list.filter((s) => editing === 'new' || s.id !== editing?.id).map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
