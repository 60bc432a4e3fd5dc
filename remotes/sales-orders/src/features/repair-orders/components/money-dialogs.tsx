import { paymentMethodLabels, paymentMethods, toKopecks, type Order, type PaymentMethod } from '@repo/contracts';
import { formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { setServerErrors, useRule } from '@repo/ui';
import { Alert, Form, InputNumber, Modal, Segmented, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { newIdempotencyKey, useCashboxes, useOrderMutations } from '../api';

interface PayValues {
  amount?: number | null;
  cashboxId?: string;
  method?: PaymentMethod;
}

/** The cashbox a method lands in by default: card → the shop's card cashbox, otherwise its default cash one. */
export function cashboxFor(method: PaymentMethod | undefined, boxes: Array<{ id: string; kind: string; isDefault: boolean }>): string | undefined {
  const byKind = method === 'card' ? boxes.find((b) => b.kind === 'card') : method === 'transfer' ? boxes.find((b) => b.kind === 'bank') : undefined;
  return (byKind ?? boxes.find((b) => b.isDefault) ?? boxes[0])?.id;
}

function PaymentFields({ form, open }: { form: ReturnType<typeof Form.useForm<PayValues>>[0]; open: boolean }) {
  const current = useLocationStore((s) => s.current?._id);
  const cashboxes = useCashboxes(open);
  const mine = (cashboxes.data ?? []).filter((c) => c.locationId === current);
  const method = Form.useWatch('method', form) as PaymentMethod | undefined;
  useEffect(() => {
    if (open && mine.length) form.setFieldValue('cashboxId', cashboxFor(method, mine));
  }, [open, method, mine.length]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Form.Item name="method" label="Способ оплаты">
        <Segmented block options={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))} />
      </Form.Item>
      <Form.Item name="cashboxId" label="Касса" rules={[{ required: true, message: 'Выберите кассу' }]}>
        <Select options={mine.map((c) => ({ value: c.id, label: `${c.name} — ${formatMoney(c.balance)}` }))} loading={cashboxes.isPending} />
      </Form.Item>
    </>
  );
}

/** Takes a payment (or, with `refund`, gives money back) into a cashbox; one Idempotency-Key per opened dialog. */
export function PaymentDialog({ order, open, refund, onClose }: { order: Order; open: boolean; refund?: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PayValues>();
  // Mounted per opening (the page renders it only while open): one key per dialog.
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const { pay } = useOrderMutations(order.id);
  const initial = { amount: (refund ? Math.min(order.paid, Math.max(-order.due, 0)) : Math.max(order.due, 0)) / 100 || null, method: 'cash' as const };
  async function submit(v: PayValues) {
    setError(null);
    const amount = toKopecks(v.amount) ?? 0;
    try {
      const next = await pay.mutateAsync({ body: { amount: refund ? -amount : amount, cashboxId: v.cashboxId ?? '', method: v.method ?? 'cash' }, key });
      notify.success(refund ? `Возвращено ${formatMoney(amount)}` : `Оплата ${formatMoney(amount)} принята`);
      onClose();
      return next;
    } catch (e) {
      if (!setServerErrors(form, e).length) setError(getApiError(e).message);
    }
  }
  return (
    <Modal open={open} title={refund ? `Возврат по заказу ${order.number}` : `Оплата заказа ${order.number}`} okText={refund ? 'Вернуть' : 'Принять оплату'} cancelText="Отмена" onOk={() => form.submit()} confirmLoading={pay.isPending} onCancel={onClose} destroyOnHidden>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={initial}>
        <Form.Item name="amount" label="Сумма, ₽" rules={[{ required: true, message: 'Укажите сумму' }]}>
          <InputNumber min={0.01} step={100} precision={2} decimalSeparator="," style={{ width: '100%' }} autoFocus />
        </Form.Item>
        <PaymentFields form={form} open={open} />
      </Form>
    </Modal>
  );
}

/**
 * The issue at the counter: what is left to pay (taken now, into a cashbox), then the parts are written
 * off and the order closes. With money still owed it needs the right to issue on credit.
 */
export function IssueDialog({ order, open, onClose, onIssued }: { order: Order; open: boolean; onClose: () => void; onIssued: (order: Order) => void }) {
  const [form] = Form.useForm<PayValues>();
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const canPay = useRule('create:finance');
  const onCredit = useRule('issue_on_credit');
  const { issue } = useOrderMutations(order.id);
  const amount = Form.useWatch('amount', form) as number | null | undefined;
  const left = order.due - (toKopecks(amount) ?? 0);
  async function submit(v: PayValues) {
    setError(null);
    const kopecks = canPay ? (toKopecks(v.amount) ?? 0) : 0;
    try {
      const next = await issue.mutateAsync({ body: { payments: kopecks > 0 ? [{ amount: kopecks, cashboxId: v.cashboxId ?? '', method: v.method ?? 'cash' }] : [] }, key });
      notify.success(`Заказ ${next.number} выдан`);
      onIssued(next);
    } catch (e) {
      if (!setServerErrors(form, e).length) setError(getApiError(e).message);
    }
  }
  return (
    <Modal open={open} title={`Выдача заказа ${order.number}`} okText="Выдать" cancelText="Отмена" onOk={() => form.submit()} confirmLoading={issue.isPending} onCancel={onClose} destroyOnHidden>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph>
        Итого {formatMoney(order.total)}, оплачено {formatMoney(order.paid)}.{' '}
        {order.due > 0 ? (
          <Typography.Text strong>К оплате {formatMoney(order.due)}.</Typography.Text>
        ) : order.due < 0 ? (
          <Typography.Text type="warning">Переплата {formatMoney(-order.due)}: сначала верните её.</Typography.Text>
        ) : (
          'Заказ оплачен.'
        )}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ amount: Math.max(order.due, 0) / 100 || null, method: 'cash' }}>
        {order.due > 0 && canPay ? (
          <>
            <Form.Item name="amount" label="Оплата сейчас, ₽">
              <InputNumber min={0} step={100} precision={2} decimalSeparator="," style={{ width: '100%' }} autoFocus />
            </Form.Item>
            <PaymentFields form={form} open={open} />
          </>
        ) : null}
        {left > 0 ? (
          <Alert
            type={onCredit ? 'warning' : 'error'}
            showIcon
            message={onCredit ? `Останется долг ${formatMoney(left)}: он будет записан на клиента` : `Не хватает ${formatMoney(left)}: выдать в долг нельзя без права «выдача заказов в долг»`}
          />
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Запчасти спишутся со склада, заказ закроется, затем откроется печать акта.
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
