import { LockOutlined, PhoneOutlined } from '@ant-design/icons';
import { normalizePhone, type LoginResponse } from '@repo/contracts';
import { api, fieldErrors, getApiError, signIn } from '@repo/shared-core';
import { Alert, Button, Input, theme, type InputRef } from 'antd';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
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

type Field = keyof LoginValues;
type Errors = Partial<Record<Field, string>>;

/** The form's own checks (the server checks again): an empty field, a phone that is not a Russian mobile. */
function validate(values: LoginValues, only?: Field): Errors {
  const errors: Errors = {};
  if (!only || only === 'phone') {
    if (!values.phone) errors.phone = 'Укажите телефон';
    else if (!normalizePhone(values.phone)) errors.phone = 'Неверный формат телефона: +7 (XXX) XXX-XX-XX';
  }
  if ((!only || only === 'password') && !values.password) errors.password = 'Укажите пароль';
  return errors;
}

/** A label above its control and the field's message under it, tied together for screen readers. */
function FormRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 24 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, fontSize: token.fontSize, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ marginTop: 4, color: token.colorError, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Sign-in by phone and password. Errors stay inside the card (the api client shows no toast on
 * this route): the server's message above the fields, per-field messages on the fields.
 *
 * A plain controlled form, not antd Form: Form brings rc-field-form and the label tooltips with it,
 * about 40 KB of compressed script the sign-in page would download on a slow shop connection
 * before staff can type (issue #6, first load). The signed-in screens use @repo/ui's forms.
 */
export function LoginPage() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = { phone: useId(), password: useId() };
  const [values, setValues] = useState<LoginValues>({ phone: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const phoneRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  // A ref, not state: a second Enter in the same tick must not send a second request.
  const inFlight = useRef(false);

  // A new attempt starts clean: the old messages no longer describe what is in the fields.
  const change = (patch: Partial<LoginValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
    setErrors((e) => {
      const next = { ...e };
      for (const name of Object.keys(patch) as Field[]) delete next[name];
      return next;
    });
  };
  // Checked when the field is left, not on every key: a half-typed number is not an error yet. An empty
  // field is only an error on submit: leaving it (to open «Демо-доступ», say) must not push the page around.
  const blur = (name: Field) => {
    if (values[name]) setErrors((e) => ({ ...e, [name]: validate(values, name)[name] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const invalid = validate(values);
    setErrors(invalid);
    if (invalid.phone || invalid.password) {
      (invalid.phone ? phoneRef : passwordRef).current?.focus();
      return;
    }
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
      const onFields: Errors = {};
      for (const f of fieldErrors(e)) {
        const name = String(Array.isArray(f.name) ? f.name[0] : f.name);
        if (name === 'phone' || name === 'password') onFields[name] = f.errors[0];
      }
      setErrors(onFields);
      setSubmitting(false);
      inFlight.current = false;
      // Most failures are a mistyped password: put the cursor back there for the next try.
      (onFields.phone ? phoneRef : passwordRef).current?.focus();
    }
  };

  const described = (name: Field) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[name]}-error`, status: 'error' as const } : {};

  return (
    <>
      <h1 style={{ margin: '0 0 4px', fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: 600, color: token.colorTextHeading }}>
        Вход в систему
      </h1>
      <p style={{ margin: '0 0 24px', color: token.colorTextSecondary }}>Войдите по номеру телефона и паролю сотрудника</p>
      <form name="login" noValidate onSubmit={(e) => void onSubmit(e)}>
        {error && (
          <Alert type="error" showIcon title={error} role="alert" data-testid="login-error" style={{ marginBottom: 16 }} />
        )}
        <FormRow id={ids.phone} label="Телефон" error={errors.phone}>
          <Input
            id={ids.phone}
            ref={phoneRef}
            name="phone"
            size="large"
            autoFocus
            type="tel"
            inputMode="tel"
            autoComplete="username"
            placeholder="+7 (___) ___-__-__"
            prefix={<PhoneOutlined style={{ color: '#bfbfbf' }} />}
            value={values.phone}
            onChange={(e) => change({ phone: normalizePhoneInput(e.target.value, values.phone) })}
            onBlur={() => blur('phone')}
            {...described('phone')}
          />
        </FormRow>
        <FormRow id={ids.password} label="Пароль" error={errors.password}>
          <Input.Password
            id={ids.password}
            ref={passwordRef}
            name="password"
            size="large"
            autoComplete="current-password"
            placeholder="Пароль"
            prefix={<LockOutlined style={{ color: '#bfbfbf' }} />}
            value={values.password}
            onChange={(e) => change({ password: e.target.value })}
            onBlur={() => blur('password')}
            {...described('password')}
          />
        </FormRow>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          Войти
        </Button>
      </form>
      <DemoAccounts
        onPick={(phone, password) => {
          setValues({ phone, password });
          setErrors({});
          setError(null);
        }}
      />
    </>
  );
}
