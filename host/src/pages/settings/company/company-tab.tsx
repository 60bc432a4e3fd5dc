import { BankOutlined } from '@ant-design/icons';
import { companySettingsSchema, companyMessages, isValidAccount, isValidCorrAccount, type CompanySettings, type CompanySettingsInput } from '@repo/contracts';
import { api, getApiError } from '@repo/shared-core';
import { QueryError, useRule, zodRule } from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useEffect, useState } from 'react';

/** The realtime entity is `settings` (id `company`), so another tab's save refreshes this form. */
const companyKey = ['settings', 'company'] as const;

const shape = companySettingsSchema.shape;

const digitsOnly = (v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, '') : '');

/** The account's check key against the BIK, as the server checks it (companyBankSchema). */
const accountRule =
  (check: (account: string, bik: string) => boolean, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_, value) => {
      const account = digitsOnly(value);
      if (!account) return;
      const bik = digitsOnly(getFieldValue(['bank', 'bik']));
      if (!bik) throw new Error(companyMessages.bikRequired);
      if (/^\d{9}$/.test(bik) && !check(account, bik)) throw new Error(message);
    },
  });
const bikRule: FormRule = {
  validator: async (_, value) => {
    const bik = digitsOnly(value);
    if (bik && !/^\d{9}$/.test(bik)) throw new Error(companyMessages.bik);
  },
};

const empty = (v: string | null | undefined) => v ?? '';

/** Settings → «Реквизиты»: the company's details the printed forms read (`company.*`), check digits verified. */
export function CompanyTab() {
  const canEdit = useRule('edit:settings');
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanySettingsInput>();
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({ queryKey: companyKey, queryFn: async () => (await api.get<CompanySettings>('settings/company')).data });
  const save = useMutation({
    mutationFn: async (body: CompanySettingsInput) => (await api.put<CompanySettings>('settings/company', body, { silent: true })).data,
    onSuccess: (data) => {
      qc.setQueryData(companyKey, data);
      message.success('Реквизиты сохранены');
    },
  });

  useEffect(() => {
    const d = query.data;
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      legalName: empty(d.legalName),
      inn: empty(d.inn),
      kpp: empty(d.kpp),
      ogrn: empty(d.ogrn),
      address: empty(d.address),
      phone: empty(d.phone),
      email: empty(d.email),
      bank: { name: empty(d.bank?.name), bik: empty(d.bank?.bik), account: empty(d.bank?.account), corrAccount: empty(d.bank?.corrAccount) },
    });
  }, [query.data, form]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;

  const onFinish = (values: CompanySettingsInput) => {
    setError(null);
    save.mutate(values, {
      onError: (e) => {
        const entries = (getApiError(e).errors ?? {}) as Record<string, string>;
        const fields = Object.entries(entries).map(([path, msg]) => ({ name: path.split('.'), errors: [msg] }));
        if (fields.length) form.setFields(fields as never);
        else setError(getApiError(e).message);
      },
    });
  };
  const rule = (name: keyof typeof shape) => [zodRule(shape[name])];

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} disabled={!canEdit} requiredMark="optional" name="company-settings" style={{ maxWidth: 1100 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <BankOutlined style={{ marginInlineEnd: 8, color: '#8c8c8c' }} />
        Реквизиты компании
      </Typography.Title>
      <Typography.Paragraph type="secondary">Печатные формы (заказ-наряды, чеки, акты) берут реквизиты отсюда.</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Row gutter={[24, 0]}>
        <Col xs={24} xl={12}>
          <Card title="Компания" variant="borderless" size="small" style={{ marginBottom: 16 }}>
            <Form.Item label="Название" name="name" rules={rule('name')} required>
              <Input maxLength={200} placeholder="Сервис+" />
            </Form.Item>
            <Form.Item label="Юридическое название" name="legalName" rules={rule('legalName')}>
              <Input maxLength={300} placeholder="ООО «Сервис Плюс»" />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} md={8}>
                <Form.Item label="ИНН" name="inn" rules={rule('inn')}>
                  <Input inputMode="numeric" maxLength={12} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="КПП" name="kpp" rules={rule('kpp')}>
                  <Input maxLength={9} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="ОГРН / ОГРНИП" name="ogrn" rules={rule('ogrn')}>
                  <Input inputMode="numeric" maxLength={15} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Адрес" name="address" rules={rule('address')}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item label="Телефон" name="phone" rules={rule('phone')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label="Эл. почта" name="email" rules={rule('email')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Банк" variant="borderless" size="small" style={{ marginBottom: 16 }}>
            <Form.Item label="Банк" name={['bank', 'name']}>
              <Input maxLength={200} placeholder="ПАО Сбербанк" />
            </Form.Item>
            <Form.Item label="БИК" name={['bank', 'bik']} rules={[bikRule]}>
              <Input inputMode="numeric" maxLength={9} />
            </Form.Item>
            <Form.Item label="Расчётный счёт" name={['bank', 'account']} dependencies={[['bank', 'bik']]} rules={[accountRule(isValidAccount, companyMessages.account)]}>
              <Input inputMode="numeric" maxLength={20} />
            </Form.Item>
            <Form.Item label="Корр. счёт" name={['bank', 'corrAccount']} dependencies={[['bank', 'bik']]} rules={[accountRule(isValidCorrAccount, companyMessages.corrAccount)]}>
              <Input inputMode="numeric" maxLength={20} />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Сохранить реквизиты
        </Button>
      )}
    </Form>
  );
}
