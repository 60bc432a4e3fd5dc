import { LockOutlined, PhoneOutlined } from '@ant-design/icons';
import { normalizePhone, type LoginResponse } from '@repo/contracts';
import { api, fieldErrors, getApiError, signIn } from '@repo/shared-core';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DemoAccounts } from './demo-accounts';
import { normalizePhoneInput } from './phone-mask';

interface LoginValues {
  phone: string;
  password: string;
}

/** Where to go after signing in: the page the guard sent the user away from, else the start page. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login')) return from;
  if (from && typeof from === 'object' && 'pathname' in from) {
    const f = from as { pathname: string; search?: string; hash?: string };
    if (!f.pathname.startsWith('/login')) return `${f.pathname}${f.search ?? ''}${f.hash ?? ''}`;
  }
  return '/';
}

/**
 * Sign-in by phone and password. Errors stay inside the card (the api client shows no toast on
 * this route): the server's message above the fields, per-field messages on the fields.
 */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: a second Enter in the same tick must not send a second request.
  const inFlight = useRef(false);

  const onFinish = async (values: LoginValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setSubmitting(true);
    try {
      const phone = normalizePhone(values.phone) ?? values.phone;
      const { data } = await api.post<LoginResponse>('auth/login', { phone, password: values.password });
      signIn(data.token, data.profile);
      navigate(returnPath(location.state), { replace: true });
    } catch (e) {
      setError(getApiError(e).message);
      // shared-core's helper, not @repo/ui's: the sign-in page must not download the UI kit (issue #6, first load).
      const onFields = fieldErrors(e);
      if (onFields.length) form.setFields(onFields as Parameters<typeof form.setFields>[0]);
      setSubmitting(false);
      inFlight.current = false;
      // Most failures are a mistyped password: put the cursor back there for the next try.
      if (!onFields.some((f) => String(f.name) === 'phone')) {
        form.getFieldInstance('password')?.focus?.();
      }
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        Вход в систему
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
        Войдите по номеру телефона и паролю сотрудника
      </Typography.Paragraph>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        // A new attempt starts clean: the old messages no longer describe what is in the fields.
        onValuesChange={(changed: Partial<LoginValues>) => {
          if (error) setError(null);
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof LoginValues, errors: [] })));
        }}
        size="large"
        name="login"
      >
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            role="alert"
            data-testid="login-error"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label="Телефон"
          name="phone"
          normalize={(v: string, prev: string) => normalizePhoneInput(v, prev)}
          rules={[
            { required: true, message: 'Укажите телефон' },
            {
              validator: (_, v: string) =>
                !v || normalizePhone(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error('Неверный формат телефона: +7 (XXX) XXX-XX-XX')),
            },
          ]}
          // Checked when the field is left, not on every key: a half-typed number is not an error yet.
          validateTrigger={['onBlur']}
        >
          <Input
            autoFocus
            type="tel"
            inputMode="tel"
            autoComplete="username"
            placeholder="+7 (___) ___-__-__"
            prefix={<PhoneOutlined style={{ color: '#bfbfbf' }} />}
          />
        </Form.Item>
        <Form.Item
          label="Пароль"
          name="password"
          rules={[{ required: true, message: 'Укажите пароль' }]}
          validateTrigger={['onBlur']}
        >
          <Input.Password
            autoComplete="current-password"
            placeholder="Пароль"
            prefix={<LockOutlined style={{ color: '#bfbfbf' }} />}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Войти
          </Button>
        </Form.Item>
      </Form>
      <DemoAccounts
        onPick={(phone, password) => {
          form.setFieldsValue({ phone, password });
          setError(null);
          form.setFields([
            { name: 'phone', errors: [] },
            { name: 'password', errors: [] },
          ]);
        }}
      />
    </>
  );
}
