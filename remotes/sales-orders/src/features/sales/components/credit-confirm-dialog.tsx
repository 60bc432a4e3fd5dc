import { confirmSaleCreditRequestSchema, type Sale } from '@repo/contracts';
import { formatMoney, getApiError, notify } from '@repo/shared-core';
import { useZodForm } from '@repo/ui';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { newIdempotencyKey } from '../../repair-orders/api';
import { useBankAccounts, useSaleMutations } from '../api';

/**
 * The partner's share of a sale on credit has arrived: it is posted as an income into a bank account of
 * the company (the server refuses a cash desk and checks the finance rules), once — a double click too.
 */
export function CreditConfirmDialog({ sale, open, onClose }: { sale: Sale; open: boolean; onClose: () => void }) {
  const banks = useBankAccounts(open);
  const { confirmCredit } = useSaleMutations();
  const [key] = useState(newIdempotencyKey);
  const { form, field, setServerErrors } = useZodForm(confirmSaleCreditRequestSchema);
  const only = banks.data?.length === 1 ? banks.data[0].id : undefined;
  // The only account there is is the answer: picked when the list arrives.
  useEffect(() => {
    if (only && !form.getFieldValue('cashboxId')) form.setFieldValue('cashboxId', only);
  }, [only, form]);

  async function submit(v: { cashboxId: string }) {
    try {
      await confirmCredit.mutateAsync({ id: sale.id, body: { cashboxId: v.cashboxId }, key });
      notify.success(`Деньги партнёра по продаже ${sale.number} получены`);
      onClose();
    } catch (e) {
      if (!setServerErrors(e).length) notify.error(getApiError(e).message);
    }
  }

  return (
    <Modal
      open={open}
      title="Поступление от партнёра"
      okText="Подтвердить поступление"
      cancelText="Отмена"
      confirmLoading={confirmCredit.isPending}
      okButtonProps={{ disabled: !banks.data?.length }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {sale.credit?.partner} перечисляет <Typography.Text strong>{formatMoney(sale.creditAmount)}</Typography.Text> по продаже {sale.number}. Выберите расчётный счёт, на который пришли деньги.
      </Typography.Paragraph>
      {banks.isError ? <Alert type="error" showIcon title="Не удалось загрузить расчётные счета" style={{ marginBottom: 12 }} /> : null}
      {banks.data && !banks.data.length ? <Alert type="warning" showIcon title="Нет доступных расчётных счетов: заведите счёт в настройках касс" style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item {...field('cashboxId')} label="Расчётный счёт">
          <Select
            autoFocus
            loading={banks.isPending}
            aria-label="Расчётный счёт"
            options={(banks.data ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${b.locationName}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
