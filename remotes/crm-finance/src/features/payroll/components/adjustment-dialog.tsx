import { adjustmentKindLabels, adjustmentKinds, createAdjustmentRequestSchema, toKopecks, type AdjustmentKind } from '@repo/contracts';
import { dayjs, formatMoney, notify } from '@repo/shared-core';
import { setServerErrors, zodRule } from '@repo/ui';
import { Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Segmented } from 'antd';
import { usePayrollMutations } from '../api';

interface Values {
  kind: AdjustmentKind;
  amount?: number | null;
  date: dayjs.Dayjs;
  comment?: string;
}

/** «Премия/штраф»: added by hand with a comment, dated (by default today, or the period's last day when it has ended). */
export function AdjustmentDialog({ employee, defaultDate, onClose }: { employee: { id: string; name: string }; defaultDate?: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { adjust } = usePayrollMutations();
  const kind = Form.useWatch('kind', form) ?? 'bonus';

  async function submit(values: Values) {
    try {
      const saved = await adjust.mutateAsync({
        employeeId: employee.id,
        kind: values.kind,
        amount: toKopecks(values.amount) ?? 0,
        date: values.date.format('YYYY-MM-DD'),
        comment: values.comment?.trim() ?? '',
      });
      notify.success(`${adjustmentKindLabels[saved.kind]} ${formatMoney(saved.amount)}: ${employee.name}`);
      onClose();
    } catch (e) {
      setServerErrors(form, e);
    }
  }

  const today = dayjs();
  const date = defaultDate && dayjs(defaultDate).isBefore(today, 'day') ? dayjs(defaultDate) : today;

  return (
    <Modal
      open
      title={`Премия или штраф: ${employee.name}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" danger={kind === 'penalty'} onClick={() => form.submit()} loading={adjust.isPending} data-testid="adjustment-submit">
            {kind === 'penalty' ? 'Начислить штраф' : 'Начислить премию'}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ kind: 'bonus', date }} onFinish={(v) => void submit(v)}>
        <Form.Item name="kind">
          <Segmented aria-label="Премия или штраф" options={adjustmentKinds.map((k) => ({ value: k, label: adjustmentKindLabels[k] }))} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="amount" label="Сумма, ₽" rules={[{ required: true, message: 'Укажите сумму' }, { type: 'number', min: 0.01, message: 'Сумма должна быть больше нуля' }]}>
            <InputNumber aria-label="Сумма" autoFocus min={0} step={500} precision={2} decimalSeparator="," style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="date" label="Дата" rules={[{ required: true, message: 'Укажите дату' }]}>
            <DatePicker aria-label="Дата" format="DD.MM.YYYY" allowClear={false} />
          </Form.Item>
        </Flex>
        <Form.Item name="comment" label="Комментарий" required rules={[zodRule(createAdjustmentRequestSchema.shape.comment)]}>
          <Input.TextArea aria-label="Комментарий" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} placeholder="За что" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
