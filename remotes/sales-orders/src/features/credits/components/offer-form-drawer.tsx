import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { creditLimits, creditMessages, creditTermInputSchema, createCreditOfferRequestSchema, moneySchema, toKopecks, type CreditOffer } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { useZodForm, zodFieldMessage, zodRule } from '@repo/ui';
import { Alert, Button, Col, Drawer, Flex, Form, InputNumber, Input, Row, Select, Typography, type FormInstance, type FormRule } from 'antd';
import { useState } from 'react';
import { useCreditOfferMutations } from '../api';
import { offerTitle } from '../format';
import { emptyTerm, newOfferValues, offerToValues, requestErrors, serverFieldErrors, termKindLabels, valuesToRequest, type OfferValues, type TermKind } from '../offer-form';

const termShape = creditTermInputSchema.shape;

/** A money input in roubles checked as the kopecks it will be sent as (the contract's `moneySchema`). */
const moneyRule = (required: string): FormRule => ({
  validator: async (_rule, value: number | null | undefined) => {
    if (value === null || value === undefined) throw new Error(required);
    const message = zodFieldMessage(moneySchema, toKopecks(value) ?? value);
    if (message) throw new Error(message);
  },
});

/** The maximum is not below the minimum (the schema's own cross-field check, with its message). */
const maxNotBelowMin: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: number | null | undefined) => {
    const min = toKopecks(getFieldValue('minAmount') as number | null | undefined);
    const max = toKopecks(value);
    if (min !== null && max !== null && max < min) throw new Error(creditMessages.maxBelowMin);
  },
});

/** A number of months once per offer. */
const monthsOnce =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) return;
      const terms = (getFieldValue('terms') as OfferValues['terms'] | undefined) ?? [];
      if (terms.some((t, i) => i < index && t?.months === value)) throw new Error(creditMessages.monthsDuplicate(value));
    },
  });

/** The row's percent, checked as the rate or as the fee according to the row's kind. */
const percentRule =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(creditMessages.rateOrFee);
      const kind = getFieldValue(['terms', index, 'kind']) as TermKind;
      const message = zodFieldMessage(kind === 'fee' ? termShape.feePercent : termShape.ratePercent, value);
      if (message) throw new Error(message);
    },
  });

const termsListRule = {
  validator: async (_rule: unknown, terms: unknown[] | undefined) => {
    if (!terms?.length) throw new Error(creditMessages.termsRequired);
    if (terms.length > creditLimits.termsMax) throw new Error(creditMessages.termsTooMany);
  },
};

function TermRow({ form, name, index, onRemove, canRemove }: { form: FormInstance<OfferValues>; name: number; index: number; onRemove: () => void; canRemove: boolean }) {
  const kind = (Form.useWatch(['terms', name, 'kind'], form) as TermKind | undefined) ?? 'rate';
  const n = index + 1;
  return (
    <Row gutter={8} wrap={false} data-testid={`credit-term-${index}`}>
      <Col flex="110px">
        <Form.Item name={[name, 'months']} rules={[zodRule(termShape.months), monthsOnce(index)]} validateFirst>
          <InputNumber aria-label={`Срок ${n}, месяцев`} min={creditLimits.monthsMin} max={creditLimits.monthsMax} precision={0} suffix="мес" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col flex="auto">
        <Form.Item name={[name, 'kind']}>
          <Select
            aria-label={`Срок ${n}: вид`}
            options={(Object.keys(termKindLabels) as TermKind[]).map((k) => ({ value: k, label: termKindLabels[k] }))}
            onChange={() => void form.validateFields([['terms', name, 'percent']]).catch(() => undefined)}
          />
        </Form.Item>
      </Col>
      <Col flex="110px">
        <Form.Item name={[name, 'percent']} rules={[percentRule(name)]}>
          <InputNumber
            aria-label={kind === 'fee' ? `Срок ${n}: комиссия партнёра, %` : `Срок ${n}: ставка, % годовых`}
            min={0}
            max={creditLimits.percentMax}
            step={0.1}
            precision={2}
            decimalSeparator=","
            suffix="%"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col flex="32px">
        <Button type="text" icon={<DeleteOutlined />} onClick={onRemove} disabled={!canRemove} aria-label={`Удалить срок ${n}`} title="Удалить срок" />
      </Col>
    </Row>
  );
}

/**
 * Create or edit a credit offer: partner, name, the purchase amounts it accepts (roubles on screen,
 * kopecks in the request) and its terms — months with either an annual rate or the partner's fee. The
 * fields are checked with the contract's schemas and messages; the server's field errors land on the
 * fields, a term's too (`terms.1.months`, `terms.0.ratePercent` on that row's percent).
 */
export function OfferFormDrawer({ offer, onClose }: { offer: CreditOffer | null; onClose: () => void }) {
  const { form, field, maxLength } = useZodForm<typeof createCreditOfferRequestSchema, OfferValues>(createCreditOfferRequestSchema);
  const { create, update } = useCreditOfferMutations();
  const [error, setError] = useState<string | null>(null);
  // Mounted per opening: the initial values are the offer's (or empty) once, and a refetch does not wipe what is typed.
  const [initialValues] = useState<OfferValues>(() => (offer ? offerToValues(offer) : newOfferValues()));
  const pending = create.isPending || update.isPending;

  async function submit(values: OfferValues) {
    setError(null);
    const body = valuesToRequest(values);
    const invalid = requestErrors(body);
    if (invalid.length) {
      form.setFields(invalid as Parameters<typeof form.setFields>[0]);
      return;
    }
    try {
      const saved = offer ? await update.mutateAsync({ id: offer.id, ...body }) : await create.mutateAsync(body);
      notify.success(offer ? 'Изменения сохранены' : `Предложение «${saved.name}» добавлено`);
      onClose();
    } catch (e) {
      const { fields, rest } = serverFieldErrors(e);
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      if (rest.length || !fields.length) setError(rest.length ? rest.join('; ') : getApiError(e).message);
    }
  }

  return (
    <Drawer
      open
      onClose={onClose}
      title={offer ? `Предложение «${offerTitle(offer)}»` : 'Новое кредитное предложение'}
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()} data-testid="credit-offer-submit">
            {offer ? 'Сохранить' : 'Добавить'}
          </Button>
        </Flex>
      }
    >
      <Form<OfferValues> form={form} layout="vertical" name="credit-offer-form" requiredMark={false} initialValues={initialValues} onFinish={(v) => void submit(v)}>
        <Form.Item label="Партнёр" {...field('partner')} extra="Банк или брокер">
          <Input autoFocus maxLength={maxLength.partner} placeholder="Например, Тинькофф" />
        </Form.Item>
        <Form.Item label="Название" {...field('name')}>
          <Input maxLength={maxLength.name} placeholder="Например, Кредит на технику" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Сумма покупки от, ₽" name="minAmount" rules={[moneyRule('Укажите минимальную сумму')]}>
              <InputNumber min={0} step={1000} precision={2} decimalSeparator="," style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="до, ₽" name="maxAmount" dependencies={['minAmount']} rules={[moneyRule('Укажите максимальную сумму'), maxNotBelowMin]} validateFirst>
              <InputNumber min={0} step={1000} precision={2} decimalSeparator="," style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>Сроки</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Ставка — кредит с равными ежемесячными платежами (аннуитет); комиссия партнёра — рассрочка: сумма с комиссией делится на равные части.
        </Typography.Paragraph>
        <Form.List name="terms" rules={[termsListRule]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f, index) => (
                <TermRow key={f.key} form={form} name={f.name} index={index} onRemove={() => remove(f.name)} canRemove={fields.length > 1} />
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= creditLimits.termsMax}
                onClick={() => {
                  const terms = (form.getFieldValue('terms') as OfferValues['terms'] | undefined) ?? [];
                  add(emptyTerm(terms[terms.length - 1]?.kind));
                }}
                style={{ marginTop: 4 }}
              >
                Добавить срок
              </Button>
            </>
          )}
        </Form.List>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} /> : null}
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
