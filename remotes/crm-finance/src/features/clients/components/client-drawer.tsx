import { DeleteOutlined, MergeCellsOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { clientHistoryKindLabels, counterpartyKindLabels, normalizePhone, type Client, type ClientDuplicate, type ClientHistoryItem, type CreateClientRequest } from '@repo/contracts';
import { applyPhoneMask, formatDateTime, formatMoney, getApiError, notify } from '@repo/shared-core';
import { LinkedTasks, QueryError, useRule } from '@repo/ui';
import { Alert, AutoComplete, Button, Drawer, Flex, Form, Input, InputNumber, Modal, Popconfirm, Segmented, Select, Skeleton, Switch, Table, Tabs, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { findDuplicates, useClient, useClientFacets, useClientHistory, useClientMutations, useClients } from '../api';
import { Balance, showPhone } from './balance';

interface Values {
  kind: 'person' | 'company';
  name: string;
  phones: string[];
  email?: string;
  address?: string;
  source?: string;
  tags: string[];
  discountPercent: number;
  isSupplier: boolean;
  inn?: string;
  notes?: string;
}

const empty: Values = { kind: 'person', name: '', phones: [''], tags: [], discountPercent: 0, isSupplier: false };

function valuesOf(c: Client): Values {
  return {
    kind: c.kind,
    name: c.name,
    phones: c.phones.length ? c.phones.map(showPhone) : [''],
    email: c.email ?? undefined,
    address: c.address ?? undefined,
    source: c.source ?? undefined,
    tags: c.tags,
    discountPercent: c.discountPercent,
    isSupplier: c.isSupplier,
    inn: c.inn ?? undefined,
    notes: c.notes ?? undefined,
  };
}

/**
 * The client card (`?open=<id>`, `?open=new` for a new one): contacts, balance, tags, discount and
 * notes in a form; the history of what changed the balance; archive and merge. A phone another client
 * already has is flagged as soon as it is typed, with a link to that client; saving then asks once more.
 */
export function ClientDrawer({ id, onClose, onOpen }: { id: string | null; onClose: () => void; onOpen: (id: string) => void }) {
  const isNew = id === 'new';
  const client = useClient(id);
  const c = client.data;
  const [tab, setTab] = useState('card');
  const canSeeTasks = useRule('view:task');
  const [merging, setMerging] = useState(false);
  const { archive } = useClientMutations();
  const canDelete = useRule('delete:client');
  // Merging moves everything onto the other client and archives this one: the server wants both rights.
  const canMerge = useRule(['edit:client', 'delete:client'], 'all');

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={isNew ? 'Новый клиент' : (c?.name ?? 'Клиент')}
      extra={
        c && !c.archivedAt && canDelete ? (
          <Flex gap={8}>
            {canMerge ? (
              <Button icon={<MergeCellsOutlined />} onClick={() => setMerging(true)}>
                Объединить
              </Button>
            ) : null}
            <Popconfirm
              title="Убрать клиента в архив?"
              description="Он пропадёт из списка и подбора; история останется."
              okText="В архив"
              cancelText="Нет"
              onConfirm={() => void archive.mutateAsync(c.id).then(() => (notify.success('Клиент в архиве'), onClose()), (e) => notify.error(getApiError(e).message))}
            >
              <Button danger icon={<DeleteOutlined />}>
                В архив
              </Button>
            </Popconfirm>
          </Flex>
        ) : null
      }
    >
      {client.isError ? <QueryError error={client.error} onRetry={() => void client.refetch()} /> : null}
      {!isNew && client.isPending ? <Skeleton active /> : null}
      {c?.archivedAt ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={c.mergedIntoId ? 'Клиент объединён с другим и убран в архив' : 'Клиент в архиве'} /> : null}
      {c ? (
        <Flex gap={24} align="baseline" style={{ marginBottom: 8 }} data-testid="client-balance">
          <span>
            Баланс: <Balance value={c.balance} />
          </span>
          {c.discountPercent ? <span>Скидка {c.discountPercent}%</span> : null}
          <Typography.Text type="secondary">{counterpartyKindLabels[c.kind]}</Typography.Text>
        </Flex>
      ) : null}
      {isNew ? (
        <ClientForm onSaved={(saved) => onOpen(saved.id)} onOpen={onOpen} />
      ) : c ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'card', label: 'Карточка', children: <ClientForm client={c} onOpen={onOpen} /> },
            { key: 'history', label: 'История', children: <ClientHistory id={c.id} /> },
            ...(canSeeTasks ? [{ key: 'tasks', label: 'Задачи', children: <LinkedTasks kind="client" id={c.id} /> }] : []),
          ]}
        />
      ) : null}
      {merging && c ? <MergeDialog client={c} onClose={() => setMerging(false)} onMerged={(into) => (setMerging(false), onOpen(into))} /> : null}
    </Drawer>
  );
}

function ClientForm({ client, onSaved, onOpen }: { client?: Client; onSaved?: (c: Client) => void; onOpen: (id: string) => void }) {
  const [form] = Form.useForm<Values>();
  const { create, update } = useClientMutations();
  const facets = useClientFacets();
  const canEdit = useRule(client ? 'edit:client' : 'create:client');
  const [duplicates, setDuplicates] = useState<ClientDuplicate[]>([]);
  const kind = Form.useWatch('kind', form);
  const readOnly = !canEdit || !!client?.archivedAt;
  const hidden = !!client?.contactsHidden;

  async function checkDuplicates() {
    const phones = ((form.getFieldValue('phones') as string[] | undefined) ?? []).map((p) => normalizePhone(p ?? '')).filter((p): p is string => !!p);
    const found = (await Promise.all(phones.map((p) => findDuplicates(p).catch(() => [])))).flat().filter((d) => d.id !== client?.id);
    setDuplicates([...new Map(found.map((d) => [d.id, d])).values()]);
  }

  async function send(values: Values, confirmDuplicate: boolean) {
    const body: CreateClientRequest = {
      kind: values.kind,
      name: values.name,
      ...(hidden ? {} : { phones: values.phones.filter((p) => p && p.replace(/\D/g, '').length > 1), email: values.email?.trim() || null, address: values.address?.trim() || null }),
      source: values.source?.trim() || null,
      tags: values.tags ?? [],
      discountPercent: values.discountPercent ?? 0,
      isSupplier: !!values.isSupplier,
      inn: values.inn?.trim() || null,
      notes: values.notes?.trim() || null,
      ...(confirmDuplicate ? { confirmDuplicate: true } : {}),
    };
    try {
      const saved = client ? await update.mutateAsync({ id: client.id, ...body }) : await create.mutateAsync(body);
      notify.success(client ? 'Сохранено' : `Клиент «${saved.name}» добавлен`);
      setDuplicates([]);
      onSaved?.(saved);
    } catch (e) {
      const err = getApiError(e);
      if (err.code === 'duplicate_phone') {
        Modal.confirm({
          title: 'Такой телефон уже есть',
          content: err.message,
          okText: 'Сохранить всё равно',
          cancelText: 'Не сохранять',
          onOk: () => send(values, true),
        });
        return;
      }
      if (err.errors) form.setFields(Object.entries(err.errors).map(([name, msg]) => ({ name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never, errors: [msg] })));
      else notify.error(err.message);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={readOnly}
      initialValues={client ? valuesOf(client) : empty}
      onFinish={(v) => void send(v, false)}
      key={client?.updatedAt ?? 'new'}
    >
      <Form.Item name="kind">
        <Segmented options={[{ value: 'person', label: 'Физическое лицо' }, { value: 'company', label: 'Компания' }]} />
      </Form.Item>
      <Form.Item name="name" label={kind === 'company' ? 'Название' : 'Имя и фамилия'} rules={[{ required: true, whitespace: true, message: 'Укажите имя или название' }]}>
        <Input autoFocus={!client} maxLength={200} />
      </Form.Item>
      {hidden ? (
        <Form.Item label="Телефоны" extra="Контакты скрыты: нет права просмотра контактов клиентов">
          <Typography.Text>{client?.phones.join(', ') || '—'}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.List name="phones">
          {(fields, { add, remove }) => (
            <Form.Item label="Телефоны" required={false}>
              {fields.map((field, i) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={field.name}
                    style={{ flex: 1, marginBottom: 8 }}
                    getValueFromEvent={(e: { target: { value: string } }) => applyPhoneMask(e.target.value)}
                    rules={[{ validator: async (_, v: string) => (!v || v.replace(/\D/g, '').length <= 1 || normalizePhone(v) ? undefined : Promise.reject(new Error('Неверный формат телефона: +7 (XXX) XXX-XX-XX'))) }]}
                  >
                    <Input placeholder="+7 (___) ___-__-__" inputMode="tel" aria-label={`Телефон ${i + 1}`} onBlur={() => void checkDuplicates()} />
                  </Form.Item>
                  {fields.length > 1 ? <Button type="text" icon={<MinusCircleOutlined />} aria-label="Убрать телефон" onClick={() => remove(field.name)} /> : null}
                </Flex>
              ))}
              {fields.length < 5 ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} size="small">
                  Ещё телефон
                </Button>
              ) : null}
            </Form.Item>
          )}
        </Form.List>
      )}
      {duplicates.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="duplicate-warning"
          message="Этот телефон уже есть в базе"
          description={
            <>
              {duplicates.map((d) => (
                <div key={d.id}>
                  {d.phone} — <Typography.Link onClick={() => onOpen(d.id)}>{d.name}</Typography.Link>
                </div>
              ))}
              <div>Откройте существующего клиента или сохраните нового: система переспросит.</div>
            </>
          }
        />
      ) : null}
      {hidden ? null : (
        <Flex gap={12}>
          <Form.Item name="email" label="E-mail" style={{ flex: 1 }} rules={[{ type: 'email', message: 'Неверный адрес электронной почты' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="address" label="Адрес" style={{ flex: 1 }}>
            <Input maxLength={500} />
          </Form.Item>
        </Flex>
      )}
      <Flex gap={12}>
        <Form.Item name="source" label="Откуда узнал о нас" style={{ flex: 1 }}>
          <AutoComplete options={(facets.data?.sources ?? []).map((s) => ({ value: s }))} maxLength={100} filterOption />
        </Form.Item>
        <Form.Item name="discountPercent" label="Скидка, %" style={{ width: 120 }}>
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="tags" label="Метки">
        <Select mode="tags" options={(facets.data?.tags ?? []).map((t) => ({ value: t, label: t }))} placeholder="VIP, Постоянный…" maxCount={20} />
      </Form.Item>
      <Flex gap={12} align="center">
        {kind === 'company' ? (
          <Form.Item name="inn" label="ИНН" style={{ flex: 1 }} rules={[{ pattern: /^(\d{10}|\d{12})$/, message: 'ИНН — 10 или 12 цифр' }]}>
            <Input maxLength={12} inputMode="numeric" />
          </Form.Item>
        ) : null}
        <Form.Item name="isSupplier" label="Поставщик" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      <Form.Item name="notes" label="Заметки">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      {readOnly ? null : (
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {client ? 'Сохранить' : 'Добавить клиента'}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

function ClientHistory({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const history = useClientHistory(id, page);
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  return (
    <Table<ClientHistoryItem>
      size="small"
      rowKey="seq"
      loading={history.isPending}
      dataSource={history.data?.items ?? []}
      locale={{ emptyText: 'Пока ничего: здесь будут оплаты, заказы и продажи клиента' }}
      pagination={{ current: page, pageSize: 20, total: history.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { key: 'at', title: 'Дата', width: 140, render: (_, r) => formatDateTime(r.at) },
        {
          key: 'kind',
          title: 'Что',
          render: (_, r) => {
            const text = `${clientHistoryKindLabels[r.kind] ?? r.kind}${r.cancellation ? ' (отмена)' : ''}${r.number ? ` ${r.number}` : ''}`;
            // A repair order opens its screen (another area: the host's router takes the path).
            return r.documentType === 'repair_order' && r.documentId ? <Link to={`/orders/${r.documentId}`}>{text}</Link> : text;
          },
        },
        { key: 'comment', title: 'Комментарий', ellipsis: true, render: (_, r) => r.comment ?? '' },
        {
          key: 'amount',
          title: 'Сумма',
          align: 'right',
          width: 120,
          render: (_, r) => <Typography.Text type={r.amount < 0 ? 'danger' : 'success'}>{r.amount > 0 ? '+' : ''}{formatMoney(r.amount)}</Typography.Text>,
        },
        { key: 'after', title: 'Баланс', align: 'right', width: 120, render: (_, r) => formatMoney(r.balanceAfter) },
      ]}
    />
  );
}

function MergeDialog({ client, onClose, onMerged }: { client: Client; onClose: () => void; onMerged: (intoId: string) => void }) {
  const [search, setSearch] = useState('');
  const [intoId, setIntoId] = useState<string | undefined>();
  const options = useClients({ search: search || undefined, pageSize: 20 } as never);
  const { merge } = useClientMutations();

  async function submit() {
    if (!intoId) return;
    try {
      await merge.mutateAsync({ id: client.id, intoId });
      notify.success('Клиенты объединены');
      onMerged(intoId);
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  return (
    <Modal open title={`Объединить «${client.name}» с другим клиентом`} onCancel={onClose} onOk={() => void submit()} okText="Объединить" cancelText="Отмена" okButtonProps={{ disabled: !intoId }} confirmLoading={merge.isPending}>
      <Typography.Paragraph type="secondary">
        Телефоны, история, оплаты и документы «{client.name}» перейдут к выбранному клиенту, балансы сложатся, а эта карточка уйдёт в архив.
      </Typography.Paragraph>
      <Select
        showSearch
        filterOption={false}
        onSearch={setSearch}
        value={intoId}
        onChange={setIntoId}
        placeholder="Телефон или имя клиента, который остаётся"
        style={{ width: '100%' }}
        aria-label="Клиент, который остаётся"
        options={(options.data?.items ?? []).filter((c) => c.id !== client.id).map((c) => ({ value: c.id, label: `${c.name}${c.phones[0] ? ` · ${showPhone(c.phones[0])}` : ''}` }))}
      />
    </Modal>
  );
}
