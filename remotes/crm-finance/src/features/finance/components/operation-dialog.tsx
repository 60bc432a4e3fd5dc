import { cashOperationKindLabels, toKopecks, type CashOperationDraft, type CashOperationKind, type Cashbox, type CreateCashOperationRequest } from '@repo/contracts';
import { formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Segmented, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { newIdempotencyKey, useCashboxes, useClientOptions, useFinanceCategories, useFinanceMutations } from '../api';
import { categoryTree } from '../categories';

interface Values {
  kind: CashOperationKind;
  cashboxId?: string;
  toCashboxId?: string;
  amount?: number | null;
  categoryId?: string;
  clientId?: string;
  comment?: string;
}

const titles: Record<CashOperationKind, string> = { income: 'Приход денег', expense: 'Расход денег', transfer: 'Перемещение между кассами' };

/**
 * The form of a new income, expense or transfer (also a copy of an operation). One `Idempotency-Key`
 * per opened form: a double click or a retry after a lost answer moves the money once.
 */
export function OperationDialog({
  kind,
  draft,
  defaultCashboxId,
  onClose,
  onPosted,
}: {
  kind: CashOperationKind;
  draft?: CashOperationDraft | null;
  defaultCashboxId?: string;
  onClose: () => void;
  onPosted: (id: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const current = useLocationStore((s) => s.current?._id);
  const cashboxes = useCashboxes();
  const categories = useFinanceCategories();
  const { create } = useFinanceMutations();
  const [clientSearch, setClientSearch] = useState('');
  const clients = useClientOptions(clientSearch);
  const chosenKind = (Form.useWatch('kind', form) ?? draft?.kind ?? kind) as CashOperationKind;
  const cashboxId = Form.useWatch('cashboxId', form) as string | undefined;

  const mine = (cashboxes.data ?? []).filter((c) => c.locationId === current);
  const fallbackCashbox = defaultCashboxId ?? mine.find((c) => c.isDefault)?.id ?? mine[0]?.id;
  const source = (cashboxes.data ?? []).find((c) => c.id === cashboxId);
  const label = (c: Cashbox, withShop: boolean) => `${c.name}${withShop ? ` · ${c.locationName}` : ''} — ${formatMoney(c.balance)}`;
  const tree = useMemo(
    () => (chosenKind === 'transfer' ? [] : categoryTree(categories.data ?? [], chosenKind, { pickable: true })),
    [categories.data, chosenKind],
  );
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: c.phones[0] ? `${c.name} · ${c.phones[0]}` : c.name }));
  if (draft?.clientId && !clientOptions.some((o) => o.value === draft.clientId)) clientOptions.unshift({ value: draft.clientId, label: 'Клиент из копии' });

  async function submit(values: Values) {
    setError(null);
    const body: CreateCashOperationRequest = {
      kind: values.kind,
      cashboxId: values.cashboxId ?? '',
      amount: toKopecks(values.amount) ?? 0,
      comment: values.comment?.trim() || null,
      ...(values.kind === 'transfer'
        ? { toCashboxId: values.toCashboxId ?? null }
        : { categoryId: values.categoryId ?? null, clientId: values.clientId ?? null }),
      ...(draft ? { copiedFromId: draft.copiedFromId, documentType: draft.documentType, documentId: draft.documentId, documentNumber: draft.documentNumber } : {}),
    };
    try {
      const op = await create.mutateAsync({ body, key });
      notify.success(`${op.number} проведён: ${formatMoney(op.amount)}`);
      onPosted(op.id);
    } catch (e) {
      const err = getApiError(e);
      if (err.errors) form.setFields(Object.entries(err.errors).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else setError(err.message);
    }
  }

  return (
    <Modal
      open
      title={draft ? `Копия операции: ${titles[chosenKind].toLowerCase()}` : titles[chosenKind]}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" onClick={() => form.submit()} loading={create.isPending} data-testid="operation-submit">
            Провести
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          kind: draft?.kind ?? kind,
          cashboxId: draft?.cashboxId ?? fallbackCashbox,
          toCashboxId: draft?.toCashboxId ?? undefined,
          amount: draft ? draft.amount / 100 : null,
          categoryId: draft?.categoryId ?? undefined,
          clientId: draft?.clientId ?? undefined,
          comment: draft?.comment ?? undefined,
        }}
        key={fallbackCashbox ?? 'loading'}
      >
        <Form.Item name="kind" noStyle={!!draft}>
          {draft ? <span /> : <Segmented options={(['income', 'expense', 'transfer'] as const).map((k) => ({ value: k, label: cashOperationKindLabels[k] }))} />}
        </Form.Item>
        <Form.Item name="cashboxId" label={chosenKind === 'transfer' ? 'Из кассы' : 'Касса'} rules={[{ required: true, message: 'Выберите кассу' }]}>
          <Select
            aria-label="Касса"
            options={mine.map((c) => ({ value: c.id, label: label(c, false) }))}
            loading={cashboxes.isPending}
            notFoundContent="В магазине нет касс"
          />
        </Form.Item>
        {chosenKind === 'transfer' ? (
          <Form.Item name="toCashboxId" label="В кассу" rules={[{ required: true, message: 'Выберите кассу назначения' }]}>
            <Select
              aria-label="В кассу"
              showSearch
              optionFilterProp="label"
              options={(cashboxes.data ?? []).filter((c) => c.id !== cashboxId).map((c) => ({ value: c.id, label: label(c, c.locationId !== current) }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="amount"
          label="Сумма, ₽"
          rules={[{ required: true, message: 'Укажите сумму' }]}
          extra={chosenKind !== 'income' && source ? `В кассе ${formatMoney(source.balance)}` : undefined}
        >
          <InputNumber aria-label="Сумма" autoFocus min={0.01} step={100} precision={2} decimalSeparator="," style={{ width: 200 }} />
        </Form.Item>
        {chosenKind !== 'transfer' ? (
          <>
            <Form.Item name="categoryId" label="Статья" rules={[{ required: true, message: 'Выберите статью' }]}>
              <TreeSelect aria-label="Статья" treeData={tree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder="Выберите статью" />
            </Form.Item>
            <Form.Item name="clientId" label="Клиент">
              <Select
                aria-label="Клиент"
                allowClear
                showSearch
                filterOption={false}
                onSearch={setClientSearch}
                options={clientOptions}
                placeholder="Имя или телефон"
                loading={clients.isFetching}
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="comment" label="Комментарий">
          <Input.TextArea aria-label="Комментарий" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={error} role="alert" data-testid="operation-error" /> : null}
      </Form>
    </Modal>
  );
}
