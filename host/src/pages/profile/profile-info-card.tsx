import { formatPhone, updateProfileRequestSchema, type Profile } from '@repo/contracts';
import { notify, useAuth } from '@repo/shared-core';
import { useZodForm } from '@repo/ui';
import { Button, Card, Descriptions, Flex, Form, Input, Tag } from 'antd';
import { useEffect } from 'react';
import { useUpdateMe } from './api/update-me';

/**
 * Own data: only the name is the employee's to change; phone, role and locations are set by a manager.
 * The name is checked by updateProfileRequestSchema, the schema of `PATCH /auth/me`.
 */
export function ProfileInfoCard() {
  const profile = useAuth((s) => s.profile) as Profile | null;
  const { form, field, maxLength, setServerErrors } = useZodForm<typeof updateProfileRequestSchema, { name: string }>(
    updateProfileRequestSchema,
  );
  const update = useUpdateMe();
  const name = Form.useWatch('name', form);

  useEffect(() => {
    if (profile) form.setFieldsValue({ name: profile.name });
  }, [profile, form]);

  if (!profile) return <Card title="Мои данные" loading />;

  const onFinish = ({ name: next }: { name: string }) =>
    update.mutate(
      { name: next.trim() },
      {
        onSuccess: () => notify.success('Имя сохранено'),
        onError: (e) => setServerErrors(e),
      },
    );

  return (
    <Card title="Мои данные" variant="borderless" style={{ height: '100%' }}>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Имя" required htmlFor="profile-name">
          <Flex gap={8}>
            <Form.Item {...field('name')} noStyle>
              <Input id="profile-name" autoComplete="name" maxLength={maxLength.name} />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={update.isPending}
              disabled={!name || name.trim() === profile.name}
            >
              Сохранить
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 140 } }}
        items={[
          { key: 'phone', label: 'Телефон', children: formatPhone(profile.phone) },
          { key: 'role', label: 'Роль', children: profile.role.title },
          ...(profile.position ? [{ key: 'position', label: 'Должность', children: profile.position }] : []),
          {
            key: 'locations',
            label: 'Магазины',
            children: profile.locations.length ? (
              <Flex wrap gap={4}>
                {profile.locations.map((l) => (
                  // The current location is highlighted: it is where new documents will land.
                  <Tag key={l.id} color={l.id === profile.location?.id ? 'blue' : undefined}>
                    {l.name}
                  </Tag>
                ))}
              </Flex>
            ) : (
              'нет доступа ни к одному магазину'
            ),
          },
        ]}
      />
    </Card>
  );
}
