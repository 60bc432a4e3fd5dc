import { toKopecks, type CreatePayoutRequest } from '@repo/contracts';
import { dayjs, formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { setServerErrors } from '@repo/ui';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCashboxes } from '../../finance/api';
import { newIdempotencyKey, useAccruals, usePayrollMutations } from '../api';
import { defaultPayout } from '../period';

interface Values {
  amount?: number | null;
  cashboxId?: string;
  comment?: string;
}

export interface PayoutTarget {
  employeeId: string;
  name: string;
  /** Owed at the end of the statement's period (kopecks); shown until what is owed today is known. */
  due: number;
}

/**
 * «Выплатить»: an expense «Зарплата» from a cashbox of the current shop. One `Idempotency-Key` per opened
 * form (a double click pays once). More than is owed answers 409 `payout_exceeds_due`: the form says so and
 * offers «Выплатить аванс», which sends the same payout with `confirm: true`.
 */
export function PayoutDialog({ target, onClose, onPaid }: { target: PayoutTarget; onClose: () => void; onPaid?: (operationNumber: string) => void }) {
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIdempotencyKey);
  const [exceeds, setExceeds] = useState<{ message: string; values: Values } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useLocationStore((s) => s.current?._id);
  const cashboxes = useCashboxes();
  const { payout } = usePayrollMutations();
  // What is owed today (a month's statement also counts the base of the days still ahead): the amount offered.
  const today = dayjs().format('YYYY-MM-DD');
  const now = useAccruals({ from: today, to: today, employeeId: target.employeeId });
  const owed = now.data?.find((a) => a.employeeId === target.employeeId)?.due;
  useEffect(() => {
    if (owed === undefined || form.isFieldTouched('amount')) return;
    form.setFieldValue('amount', defaultPayout({ due: owed }) ? defaultPayout({ due: owed }) / 100 : null);
  }, [owed, form]);
  const mine = (cashboxes.data ?? []).filter((c) => c.locationId === current);
  const fallback = mine.find((c) => c.isDefault)?.id ?? mine[0]?.id;
  // The cashboxes may come after the form opened: the shop's default one fills an untouched field.
  useEffect(() => {
    if (fallback && !form.getFieldValue('cashboxId')) form.setFieldValue('cashboxId', fallback);
  }, [fallback, form]);

  async function send(values: Values, confirm: boolean) {
    setError(null);
    const body: CreatePayoutRequest = {
      employeeId: target.employeeId,
      amount: toKopecks(values.amount) ?? 0,
      cashboxId: values.cashboxId ?? '',
      comment: values.comment?.trim() || null,
      ...(confirm ? { confirm: true } : {}),
    };
    try {
      const paid = await payout.mutateAsync({ body, key });
      notify.success(`Выплачено ${formatMoney(paid.amount)}: ${paid.operationNumber}`);
      onPaid?.(paid.operationNumber);
      onClose();
    } catch (e) {
      const err = getApiError(e);
      if (err.code === 'payout_exceeds_due' && !confirm) {
        setExceeds({ message: err.message, values });
        return;
      }
      setExceeds(null);
      if (!setServerErrors(form, e).length) setError(err.message);
    }
  }

  return (
    <Modal
      open
      title={`Выплата: ${target.name}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          {exceeds ? (
            <Button type="primary" danger onClick={() => void send(exceeds.values, true)} loading={payout.isPending}>
              Выплатить аванс
            </Button>
          ) : (
            <Button type="primary" onClick={() => form.submit()} loading={payout.isPending} data-testid="payout-submit">
              Выплатить
            </Button>
          )}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        {owedText(owed ?? target.due, owed !== undefined)}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ amount: defaultPayout(target) ? defaultPayout(target) / 100 : null, cashboxId: fallback }}
        onFinish={(v) => void send(v, false)}
        onValuesChange={() => setExceeds(null)}
      >
        <Form.Item name="amount" label="Сумма, ₽" rules={[{ required: true, message: 'Укажите сумму' }, { type: 'number', min: 0.01, message: 'Сумма должна быть больше нуля' }]}>
          <InputNumber aria-label="Сумма выплаты" autoFocus min={0} step={1000} precision={2} decimalSeparator="," style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="cashboxId" label="Касса" rules={[{ required: true, message: 'Выберите кассу' }]}>
          <Select
            aria-label="Касса"
            loading={cashboxes.isPending}
            notFoundContent="В магазине нет касс"
            options={mine.map((c) => ({ value: c.id, label: `${c.name} — ${formatMoney(c.balance)}` }))}
          />
        </Form.Item>
        <Form.Item name="comment" label="Комментарий">
          <Input.TextArea aria-label="Комментарий к выплате" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </Form>
      {exceeds ? <Alert type="warning" showIcon role="alert" title={exceeds.message} data-testid="payout-exceeds" /> : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
    </Modal>
  );
}

function owedText(due: number, today: boolean): string {
  const when = today ? ' на сегодня' : '';
  if (due > 0) return `К выплате${when} ${formatMoney(due)}`;
  if (due < 0) return `Переплата${when} ${formatMoney(-due)}: выплата будет авансом`;
  return 'Долга перед сотрудником нет';
}
