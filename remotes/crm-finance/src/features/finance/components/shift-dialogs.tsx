import { toKopecks, type CashShift, type Cashbox } from '@repo/contracts';
import { formatDateTime, formatMoney, getApiError, notify } from '@repo/shared-core';
import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { newIdempotencyKey, useFinanceMutations } from '../api';

function Difference({ value }: { value: number | null }) {
  if (value === null) return <>—</>;
  if (value === 0) return <Typography.Text type="success">Совпадает</Typography.Text>;
  return (
    <Typography.Text strong type={value < 0 ? 'danger' : 'warning'} data-testid="shift-difference">
      {value < 0 ? `Недостача ${formatMoney(-value)}` : `Излишек ${formatMoney(value)}`}
    </Typography.Text>
  );
}

/**
 * Opening a shift: the cashier counts the drawer and types the float. A float that differs from the
 * cashbox balance is recorded at once as a shortage or surplus (the server posts it), so the shift
 * starts from what is really in the drawer; the dialog says so before the click.
 */
export function OpenShiftDialog({ cashbox, onClose }: { cashbox: Cashbox; onClose: () => void }) {
  const [form] = Form.useForm<{ float: number | null; comment?: string }>();
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const { openShift } = useFinanceMutations();
  const float = toKopecks(Form.useWatch('float', form));

  async function submit(values: { float: number | null; comment?: string }) {
    setError(null);
    try {
      const shift = await openShift.mutateAsync({ body: { cashboxId: cashbox.id, float: toKopecks(values.float) ?? 0, comment: values.comment?.trim() || null }, key });
      notify.success(`Смена ${shift.number} открыта`);
      onClose();
    } catch (e) {
      const err = getApiError(e);
      if (err.errors?.float) form.setFields([{ name: 'float', errors: [err.errors.float] }]);
      else setError(err.message);
    }
  }

  return (
    <Modal
      open
      title={`Открыть смену: ${cashbox.name}`}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" onClick={() => form.submit()} loading={openShift.isPending} data-testid="open-shift-submit">
            Открыть смену
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ float: cashbox.balance / 100 }}>
        <Typography.Paragraph type="secondary">По учёту в кассе {formatMoney(cashbox.balance)}. Пересчитайте деньги в ящике и укажите сумму.</Typography.Paragraph>
        <Form.Item name="float" label="Размен в кассе, ₽" rules={[{ required: true, message: 'Укажите сумму в кассе' }]}>
          <InputNumber aria-label="Размен в кассе" autoFocus min={0} step={100} precision={2} decimalSeparator="," style={{ width: 200 }} />
        </Form.Item>
        {float !== null && float !== cashbox.balance ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={<>При открытии будет записано: <Difference value={float - cashbox.balance} /></>}
          />
        ) : null}
        <Form.Item name="comment" label="Комментарий">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}

/**
 * Closing a shift: the counted amount against the expected one (the cashbox balance); the difference is
 * shown live and recorded by the server as a shortage or surplus operation. After the close the dialog
 * shows the three figures as the server recorded them.
 */
export function CloseShiftDialog({ shift, onClose }: { shift: CashShift; onClose: () => void }) {
  const [form] = Form.useForm<{ counted: number | null; comment?: string }>();
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState<CashShift | null>(null);
  const { closeShift } = useFinanceMutations();
  const expected = shift.figures?.balance ?? 0;
  const counted = toKopecks(Form.useWatch('counted', form));

  async function submit(values: { counted: number | null; comment?: string }) {
    setError(null);
    try {
      const result = await closeShift.mutateAsync({ id: shift.id, body: { counted: toKopecks(values.counted) ?? 0, comment: values.comment?.trim() || null }, key });
      setClosed(result);
      notify.success(`Смена ${result.number} закрыта`);
    } catch (e) {
      const err = getApiError(e);
      if (err.errors?.counted) form.setFields([{ name: 'counted', errors: [err.errors.counted] }]);
      else setError(err.message);
    }
  }

  const f = shift.figures;
  return (
    <Modal
      open
      title={`Закрыть смену ${shift.number}: ${shift.cashboxName}`}
      onCancel={onClose}
      footer={
        closed ? (
          <Button type="primary" onClick={onClose}>
            Готово
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>Отмена</Button>
            <Button type="primary" danger={counted !== null && counted !== expected} onClick={() => form.submit()} loading={closeShift.isPending} data-testid="close-shift-submit">
              Закрыть смену
            </Button>
          </Flex>
        )
      }
    >
      {closed ? (
        <Descriptions column={1} size="small" bordered data-testid="shift-result">
          <Descriptions.Item label="Ожидалось">{formatMoney(closed.expected)}</Descriptions.Item>
          <Descriptions.Item label="Посчитано">{formatMoney(closed.counted)}</Descriptions.Item>
          <Descriptions.Item label="Расхождение">
            <Difference value={closed.difference} />
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ counted: null }}>
          <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Открыта">{formatDateTime(shift.openedAt)}{shift.openedByName ? `, ${shift.openedByName}` : ''}</Descriptions.Item>
            {f ? <Descriptions.Item label="Размен">{formatMoney(f.float)}</Descriptions.Item> : null}
            {f ? <Descriptions.Item label="Приход / расход">{formatMoney(f.income)} / {formatMoney(f.expense)}</Descriptions.Item> : null}
            {f && (f.transfersIn || f.transfersOut) ? <Descriptions.Item label="Перемещения">+{formatMoney(f.transfersIn)} / −{formatMoney(f.transfersOut)}</Descriptions.Item> : null}
            <Descriptions.Item label="Должно быть в кассе">
              <Typography.Text strong data-testid="shift-expected">{formatMoney(expected)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Form.Item name="counted" label="Посчитано в кассе, ₽" rules={[{ required: true, message: 'Укажите посчитанную сумму' }]}>
            <InputNumber aria-label="Посчитано в кассе" autoFocus min={0} step={100} precision={2} decimalSeparator="," style={{ width: 200 }} />
          </Form.Item>
          {counted !== null ? (
            <p>
              Расхождение: <Difference value={counted - expected} />
            </p>
          ) : null}
          <Form.Item name="comment" label="Комментарий">
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
          </Form.Item>
          {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
        </Form>
      )}
    </Modal>
  );
}
