import type { Warehouse } from '@repo/contracts';
import { api, entityKeys, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { QueryState } from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ShopCards } from '../shop-cards';

const keys = entityKeys('stock_balance');

type Editing = { mode: 'create'; locationId: string } | { mode: 'rename'; warehouse: Warehouse } | null;

/**
 * «Склады»: the warehouses of every shop the employee works in. A shop keeps its default warehouse
 * (documents open on it); more are added, renamed and made default here (`manage_settings`).
 */
export function WarehousesTab() {
  const qc = useQueryClient();
  const shops = useLocationStore((s) => s.list);
  const query = useQuery({ queryKey: keys.company('warehouses', 'settings'), queryFn: async () => (await api.get<Warehouse[]>('stock/warehouses')).data });
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<{ name: string; locationId: string }>();
  const done = () => void qc.invalidateQueries({ queryKey: keys.all });
  const save = useMutation({
    mutationFn: async (v: { name: string; locationId: string }) =>
      editing?.mode === 'rename'
        ? (await api.patch<Warehouse>(`stock/warehouses/${editing.warehouse.id}`, { name: v.name })).data
        : (await api.post<Warehouse>('stock/warehouses', v)).data,
    onSuccess: done,
  });
  const makeDefault = useMutation({ mutationFn: async (id: string) => (await api.patch<Warehouse>(`stock/warehouses/${id}`, { isDefault: true })).data, onSuccess: done });

  const open = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(e?.mode === 'rename' ? { name: e.warehouse.name, locationId: e.warehouse.locationId } : { name: '', locationId: e?.locationId });
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(v);
      notify.success(editing?.mode === 'rename' ? 'Склад переименован' : 'Склад создан');
      setEditing(null);
    } catch (e) {
      const err = getApiError(e);
      form.setFields([{ name: 'name', errors: [err.errors?.name ?? err.message] }]);
    }
  };

  return (
    <>
      <QueryState query={query} isEmpty={(d) => d.length === 0} empty="Складов нет">
        {(list) => (
          <ShopCards
            items={list}
            addLabel="Добавить склад"
            noun="Склад"
            defaultTag="основной"
            makeDefaultText="Сделать основным"
            editLabel={(w) => `Переименовать «${w.name}»`}
            onAdd={(locationId) => open({ mode: 'create', locationId })}
            onEdit={(warehouse) => open({ mode: 'rename', warehouse })}
            onMakeDefault={(w) => void makeDefault.mutateAsync(w.id).then(() => notify.success(`«${w.name}» — основной склад`))}
          />
        )}
      </QueryState>
      <Modal
        open={editing !== null}
        title={editing?.mode === 'rename' ? 'Переименовать склад' : 'Новый склад'}
        okText="Сохранить"
        cancelText="Отмена"
        confirmLoading={save.isPending}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item name="locationId" label="Магазин" rules={[{ required: true, message: 'Выберите магазин' }]}>
            <Select disabled={editing?.mode === 'rename'} options={shops.map((s) => ({ value: s._id, label: s.name }))} />
          </Form.Item>
          <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название склада' }, { max: 100, message: 'Не больше 100 символов' }]}>
            <Input autoFocus maxLength={100} placeholder="Склад запчастей" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
