import { cashboxKindLabels, cashboxKinds, type Cashbox, type CashboxKind } from '@repo/contracts';
import { api, entityKeys, formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { QueryState } from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ShopCards } from '../shop-cards';

const keys = entityKeys('cash_balance');

type Values = { name: string; kind: CashboxKind; locationId: string };
type Editing = { mode: 'create'; locationId: string } | { mode: 'edit'; cashbox: Cashbox } | null;

/**
 * «Кассы»: the cashboxes of every shop the employee works in — cash, a bank account, a card terminal. A
 * shop keeps its default cashbox (the finance screen opens forms on it); more are added, renamed,
 * changed in kind and made default here (`manage_settings`). Balances are shown, never edited: money
 * moves only through operations on /finance.
 */
export function CashboxesTab() {
  const qc = useQueryClient();
  const shops = useLocationStore((s) => s.list);
  const query = useQuery({ queryKey: keys.company('cashboxes', 'settings'), queryFn: async () => (await api.get<Cashbox[]>('finance/cashboxes', { params: { locationId: 'all' } })).data });
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<Values>();
  const done = () => void qc.invalidateQueries({ queryKey: keys.all });
  const save = useMutation({
    mutationFn: async (v: Values) =>
      editing?.mode === 'edit'
        ? (await api.patch<Cashbox>(`finance/cashboxes/${editing.cashbox.id}`, { name: v.name, kind: v.kind })).data
        : (await api.post<Cashbox>('finance/cashboxes', v)).data,
    onSuccess: done,
  });
  const makeDefault = useMutation({ mutationFn: async (id: string) => (await api.patch<Cashbox>(`finance/cashboxes/${id}`, { isDefault: true })).data, onSuccess: done });

  const open = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(e?.mode === 'edit' ? { name: e.cashbox.name, kind: e.cashbox.kind, locationId: e.cashbox.locationId } : { name: '', kind: 'card', locationId: e?.locationId });
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(v);
      notify.success(editing?.mode === 'edit' ? 'Касса сохранена' : 'Касса создана');
      setEditing(null);
    } catch (e) {
      const err = getApiError(e);
      form.setFields([{ name: 'name', errors: [err.errors?.name ?? err.message] }]);
    }
  };

  return (
    <>
      <QueryState query={query} isEmpty={(d) => d.length === 0} empty="Касс нет">
        {(list) => (
          <ShopCards
            items={list}
            addLabel="Добавить кассу"
            noun="Касса"
            defaultTag="основная"
            makeDefaultText="Сделать основной"
            editLabel={(c) => `Изменить «${c.name}»`}
            onAdd={(locationId) => open({ mode: 'create', locationId })}
            onEdit={(cashbox) => open({ mode: 'edit', cashbox })}
            onMakeDefault={(c) => void makeDefault.mutateAsync(c.id).then(() => notify.success(`«${c.name}» — основная касса`))}
            details={(c) => (
              <>
                <Tag>{cashboxKindLabels[c.kind]}</Tag>
                <Typography.Text type="secondary">{formatMoney(c.balance)}</Typography.Text>
              </>
            )}
          />
        )}
      </QueryState>
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? 'Касса' : 'Новая касса'}
        okText="Сохранить"
        cancelText="Отмена"
        confirmLoading={save.isPending}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item name="locationId" label="Магазин" rules={[{ required: true, message: 'Выберите магазин' }]}>
            <Select disabled={editing?.mode === 'edit'} options={shops.map((s) => ({ value: s._id, label: s.name }))} />
          </Form.Item>
          <Form.Item name="kind" label="Вид" rules={[{ required: true, message: 'Выберите вид кассы' }]}>
            <Select aria-label="Вид кассы" options={cashboxKinds.map((k) => ({ value: k, label: cashboxKindLabels[k] }))} />
          </Form.Item>
          <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название кассы' }, { max: 100, message: 'Не больше 100 символов' }]}>
            <Input autoFocus maxLength={100} placeholder="Эквайринг Сбер" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
