import { LockOutlined } from '@ant-design/icons';
import { changePasswordRequestSchema, type ChangePasswordRequest, type Profile } from '@repo/contracts';
import { api, authStore, getApiError, notify, queryClient, refreshProfile, useAuth } from '@repo/shared-core';
import { useZodForm } from '@repo/ui';
import { Alert, Button, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BrandMark } from '../../layouts/brand-mark';
import { useSignOut } from '../../layouts/use-sign-out';

interface Values extends ChangePasswordRequest {
  confirm: string;
}

/**
 * «Смена временного пароля» (issue #22): an employee signed in with a temporary password sees this
 * and nothing else (no menu, no areas) until the password is changed; the server answers every other
 * route with 403 `password_change_required` meanwhile. Then the profile is read again and the
 * employee lands on the main page.
 */
export function PasswordChangePage() {
  const { token } = theme.useToken();
  const profile = useAuth((s) => s.profile) as Profile | null;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [saving, setSaving] = useState(false);
  const { form, field, setServerErrors } = useZodForm<typeof changePasswordRequestSchema, Values>(changePasswordRequestSchema);

  const onFinish = async ({ currentPassword, newPassword }: Values) => {
    setSaving(true);
    try {
      await api.post('auth/password', { currentPassword, newPassword }, { silent: true });
      await refreshProfile();
      // The server has lifted the flag; a profile that failed to load must not keep the employee here.
      const p = authStore.getState().profile;
      if (p?.mustChangePassword) authStore.getState().setProfile({ ...p, mustChangePassword: false });
      // Whatever was refused while the password was temporary (the location list) is asked for again.
      void queryClient.invalidateQueries();
      notify.success('Пароль изменён');
      navigate('/', { replace: true });
    } catch (e) {
      const onFields = setServerErrors(e);
      const info = getApiError(e);
      if (!onFields.length) form.setFields([{ name: info.code === 'invalid_credentials' ? 'currentPassword' : 'newPassword', errors: [info.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: '32px 16px', background: '#f5f7fa' }}
      data-testid="password-change-gate"
    >
      <main style={{ width: '100%', maxWidth: 440 }}>
        <Flex justify="center" style={{ marginBottom: 24 }}>
          <BrandMark size="large" />
        </Flex>
        <section
          style={{
            background: token.colorBgContainer,
            boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04), 0 8px 24px rgba(15, 23, 42, 0.08)',
            borderRadius: 12,
            padding: 32,
          }}
        >
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            <LockOutlined style={{ marginInlineEnd: 8, color: token.colorPrimary }} />
            Смена временного пароля
          </Typography.Title>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 20 }}
            title={`${profile?.name ?? 'Вы'} вошли с временным паролем.`}
            description="Придумайте свой пароль, чтобы продолжить работу. Временный пароль больше не подойдёт."
          />
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="temporary-password">
            <Form.Item label="Временный пароль" {...field('currentPassword')}>
              <Input.Password autoComplete="current-password" autoFocus />
            </Form.Item>
            <Form.Item label="Новый пароль" {...field('newPassword')} dependencies={['currentPassword']} extra="Не короче 8 символов">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Повторите новый пароль"
              name="confirm"
              dependencies={['newPassword']}
              rules={[
                { required: true, message: 'Повторите новый пароль' },
                ({ getFieldValue }) => ({
                  validator: (_, v: string) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('Пароли не совпадают'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={saving}>
              Сменить пароль и продолжить
            </Button>
          </Form>
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button type="link" onClick={() => void signOut()}>
              Выйти
            </Button>
          </Flex>
        </section>
      </main>
    </Flex>
  );
}
