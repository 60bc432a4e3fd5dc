import { changePasswordRequestSchema, type ChangePasswordRequest } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { useZodForm } from '@repo/ui';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useChangePassword } from './api/change-password';

interface PasswordValues extends ChangePasswordRequest {
  confirm: string;
}

/**
 * Password change, checked before the round trip by changePasswordRequestSchema itself (lengths and
 * «совпадает с текущим»); only the repeat field, which the server never sees, has a rule of its own.
 */
export function PasswordCard() {
  const { form, field, setServerErrors } = useZodForm<typeof changePasswordRequestSchema, PasswordValues>(
    changePasswordRequestSchema,
  );
  const change = useChangePassword();

  const onFinish = ({ currentPassword, newPassword }: PasswordValues) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success('Пароль изменён. Вход на других устройствах завершён');
        },
        onError: (e) => {
          const onFields = setServerErrors(e);
          // A wrong current password comes without field errors; it still belongs next to that field.
          if (!onFields.length && getApiError(e).code === 'invalid_credentials') {
            form.setFields([{ name: 'currentPassword', errors: [getApiError(e).message] }]);
          }
        },
      },
    );

  return (
    <Card title="Смена пароля" variant="borderless" style={{ height: '100%' }}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="change-password">
        <Form.Item label="Текущий пароль" {...field('currentPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="Новый пароль" {...field('newPassword')} dependencies={['currentPassword']}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Повторите новый пароль"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Повторите новый пароль' },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('Пароли не совпадают')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          Не короче 8 символов. После смены пароля вход на остальных устройствах будет завершён.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Изменить пароль
        </Button>
      </Form>
    </Card>
  );
}
