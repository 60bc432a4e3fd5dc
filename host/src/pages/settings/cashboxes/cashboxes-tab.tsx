import { EditOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import { cashboxKindLabels, cashboxKinds, type Cashbox, type CashboxKind } from '@repo/contracts';
import { api, entityKeys, formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { QueryState } from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';

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
          <Flex vertical gap={12}>
            {[...new Set(list.map((c) => c.locationId))].map((locationId) => {
              const own = list.filter((c) => c.locationId === locationId);
              return (
                <Card
                  key={locationId}
                  size="small"
                  title={own[0].locationName}
                  extra={
                    <Button size="small" icon={<PlusOutlined />} aria-label={`Добавить кассу: ${own[0].locationName}`} onClick={() => open({ mode: 'create', locationId })}>
                      Касса
                    </Button>
                  }
                >
                  <List
                    size="small"
                    dataSource={own}
                    renderItem={(c) => (
                      <List.Item
                        actions={[
                          c.isDefault ? null : (
                            <Button key="default" size="small" type="link" onClick={() => void makeDefault.mutateAsync(c.id).then(() => notify.success(`«${c.name}» — основная касса`))}>
                              Сделать основной
                            </Button>
                          ),
                          <Button key="edit" size="small" type="text" icon={<EditOutlined />} aria-label={`Изменить «${c.name}»`} onClick={() => open({ mode: 'edit', cashbox: c })} />,
                        ].filter(Boolean)}
                      >
                        <Space wrap>
                          <Typography.Text>{c.name}</Typography.Text>
                          <Tag>{cashboxKindLabels[c.kind]}</Tag>
                          {c.isDefault ? (
                            <Tag icon={<StarFilled />} color="gold">
                              основная
                            </Tag>
                          ) : null}
                          <Typography.Text type="secondary">{formatMoney(c.balance)}</Typography.Text>
                        </Space>
                      </List.Item>
                    )}
                  />
                </Card>
              );
            })}
          </Flex>
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
