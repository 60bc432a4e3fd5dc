import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { createRoleRequestSchema, type Role } from '@repo/contracts';
import { getApiError } from '@repo/shared-core';
import { QueryError, useRule, useZodForm } from '@repo/ui';
import { Alert, App, Button, Drawer, Flex, Form, Input, InputNumber, Popconfirm, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRoleMutations, useRoles } from './api';
import { RuleMatrix } from './rule-matrix';

/** `?role=new` or `?role=<id>`: the open editor has its own URL, like the locations' form. */
const PARAM = 'role';

const employeesWord = (n: number) => {
  const d = n % 10;
  const h = n % 100;
  if (d === 1 && h !== 11) return 'сотрудник';
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return 'сотрудника';
  return 'сотрудников';
};

/** Settings → «Роли»: the company's roles with how many employees hold each; the editor opens in a drawer. */
export function RolesTab() {
  const roles = useRoles();
  const canCreate = useRule('create:role');
  const [params, setParams] = useSearchParams();
  const open = params.get(PARAM);
  const editing = open && open !== 'new' ? (roles.data?.find((r) => r.id === open) ?? null) : null;
  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(PARAM, id);
        else next.delete(PARAM);
        return next;
      },
      { replace: !id },
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            <SafetyCertificateOutlined style={{ marginInlineEnd: 8, color: '#8c8c8c' }} />
            Роли
          </Typography.Title>
          <Typography.Text type="secondary">Что может делать сотрудник с каждой ролью: разделы, действия и охват</Typography.Text>
        </div>
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>
            Добавить роль
          </Button>
        )}
      </Flex>
      {roles.isError ? (
        <QueryError error={roles.error} onRetry={() => roles.refetch()} />
      ) : (
        <Table<Role>
          rowKey="id"
          size="middle"
          loading={roles.isPending}
          dataSource={roles.data ?? []}
          pagination={false}
          onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
          columns={[
            {
              title: 'Роль',
              dataIndex: 'name',
              render: (name: string, r) => (
                <Flex gap={8} align="center" wrap>
                  <Typography.Link onClick={() => setOpen(r.id)}>{name}</Typography.Link>
                  {r.code === 'owner' ? <Tag color="gold">все права</Tag> : r.builtIn ? <Tag>встроенная</Tag> : null}
                </Flex>
              ),
            },
            {
              title: 'Сотрудники',
              dataIndex: 'employeeCount',
              width: 160,
              render: (n: number) => (n ? `${n} ${employeesWord(n)}` : <Typography.Text type="secondary">нет</Typography.Text>),
            },
            {
              title: 'Прав',
              key: 'rules',
              width: 110,
              render: (_: unknown, r) => (r.code === 'owner' ? 'все' : r.rules.length),
            },
            { title: 'Скидка до', dataIndex: 'maxDiscountPercent', width: 120, render: (v: number) => `${v}%` },
          ]}
        />
      )}
      <RoleEditor open={open === 'new' || Boolean(editing)} role={editing} onClose={() => setOpen(null)} />
    </Flex>
  );
}

interface Values {
  name: string;
  maxDiscountPercent: number;
  rules: string[];
}

/** The editor: name, discount cap and the rules matrix; the owner role read-only. */
export function RoleEditor({ open, role, onClose }: { open: boolean; role: Role | null; onClose: () => void }) {
  const { modal, message } = App.useApp();
  const canEdit = useRule(role ? 'edit:role' : 'create:role');
  const canDelete = useRule('delete:role');
  const isOwner = role?.code === 'owner';
  const readOnly = isOwner || !canEdit;
  const { form, field, setServerErrors } = useZodForm<typeof createRoleRequestSchema, Values>(createRoleRequestSchema);
  const { create, update, remove } = useRoleMutations();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: role?.name ?? '', maxDiscountPercent: role?.maxDiscountPercent ?? 0, rules: role?.rules ?? [] });
  }, [open, role, form]);

  const close = () => {
    setError(null);
    onClose();
  };
  const fail = (e: unknown) => {
    const onFields = setServerErrors(e);
    if (!onFields.length) setError(getApiError(e).message);
  };
  const onFinish = (v: Values) => {
    setError(null);
    const body = { name: v.name, maxDiscountPercent: v.maxDiscountPercent, rules: v.rules };
    if (role) update.mutate({ id: role.id, body }, { onSuccess: () => (message.success('Роль сохранена'), close()), onError: fail });
    else create.mutate(body, { onSuccess: () => (message.success('Роль создана'), close()), onError: fail });
  };
  const onDelete = () =>
    role &&
    remove.mutate(role.id, {
      onSuccess: () => (message.success('Роль удалена'), close()),
      onError: (e) => {
        setError(getApiError(e).message);
        if (getApiError(e).status === 409) modal.warning({ title: 'Роль не удалена', content: getApiError(e).message });
      },
    });

  const title = role ? (readOnly ? `Роль «${role.name}»` : `Роль «${role.name}»: изменение`) : 'Новая роль';
  return (
    <Drawer
      open={open}
      onClose={close}
      title={title}
      width="min(1080px, 100vw)"
      destroyOnHidden
      footer={
        readOnly ? null : (
          <Flex justify="space-between" gap={8}>
            <div>
              {role && canDelete && !role.builtIn && (
                <Popconfirm
                  title="Удалить роль?"
                  description={role.employeeCount ? `Её держат ${role.employeeCount} ${employeesWord(role.employeeCount)}: сервер откажет.` : 'Действие нельзя отменить.'}
                  okText="Удалить"
                  cancelText="Отмена"
                  okButtonProps={{ danger: true }}
                  onConfirm={onDelete}
                >
                  <Button danger loading={remove.isPending}>
                    Удалить
                  </Button>
                </Popconfirm>
              )}
            </div>
            <Flex gap={8}>
              <Button onClick={close}>Отмена</Button>
              <Button type="primary" onClick={() => form.submit()} loading={create.isPending || update.isPending}>
                {role ? 'Сохранить' : 'Создать роль'}
              </Button>
            </Flex>
          </Flex>
        )
      }
    >
      {isOwner && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Владелец всегда имеет все права" description="Роль «Владелец» нельзя изменить или удалить: так компания никогда не останется без управления." />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="role-error" />}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={readOnly} name="role-editor">
        <Flex gap={16} wrap>
          <Form.Item label="Название" {...field('name')} style={{ flex: '1 1 280px', marginBottom: 12 }}>
            <Input maxLength={60} placeholder="Например, Старший кассир" />
          </Form.Item>
          <Form.Item label="Скидка на кассе до, %" {...field('maxDiscountPercent')} style={{ flex: '0 0 200px', marginBottom: 12 }} tooltip="Больше этой скидки продажу подтверждает управляющий">
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item {...field('rules')} label="Права" style={{ marginBottom: 0 }}>
          {isOwner ? <Typography.Text type="secondary">Все права во всех магазинах.</Typography.Text> : <RuleMatrixField readOnly={readOnly} />}
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The matrix as a form control (antd passes `onChange`). */
function RuleMatrixField({ value, onChange, readOnly }: { value?: string[]; onChange?: (v: string[]) => void; readOnly: boolean }) {
  return <RuleMatrix value={value ?? []} onChange={onChange} readOnly={readOnly} />;
}
