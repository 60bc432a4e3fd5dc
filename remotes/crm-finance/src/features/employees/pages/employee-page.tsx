import { ArrowLeftOutlined, KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { createEmployeeRequestSchema, formatPhone, peopleMessages, type CreateEmployeeRequest, type Employee } from '@repo/contracts';
import { applyPhoneMask, formatDateTime, notify, useAuth, useScreenTitle } from '@repo/shared-core';
import { Can, PageHeader, QueryError, setServerErrors, useRule, zodRule } from '@repo/ui';
import { Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Select, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EmployeeAccruals } from '../../payroll/components/employee-accruals';
import { useEmployee, useEmployeeMutations, useLocations, useRoles } from '../api';
import { EmployeeState } from '../components/employee-state';
import { PeopleTabs, employeeUrl, employeesBase } from '../components/people-tabs';
import { SalarySchemeFields } from '../components/salary-scheme-fields';
import { TemporaryPasswordModal } from '../components/temporary-password-modal';
import { schemeOf, schemeValues, type SalaryValues } from '../salary';

interface Values {
  name: string;
  phone: string;
  position?: string | null;
  roleId?: string;
  allLocations: boolean;
  locationIds: string[];
  notes?: string | null;
  salary: SalaryValues;
}

const shape = createEmployeeRequestSchema.shape;
const emptyValues: Values = { name: '', phone: '', position: '', allLocations: false, locationIds: [], notes: '', salary: { monthlyBase: 0, rules: [] } };

const valuesOf = (e: Employee): Values => ({
  name: e.name,
  phone: formatPhone(e.phone),
  position: e.position ?? '',
  roleId: e.roleId,
  allLocations: e.allLocations,
  locationIds: e.locationIds,
  notes: e.notes ?? '',
  salary: schemeValues(e.salary),
});

/**
 * `/profileworker/:id` (`new`: hiring). The card: data, role and locations, the salary scheme; block and
 * unblock, reset the password (the temporary password is shown once, as after hiring); the tab
 * «Начисления» shows the employee's accruals, bonuses, penalties and payouts of a month.
 */
export function EmployeePage() {
  const { id: rawId } = useParams();
  const id = rawId && rawId !== 'new' ? rawId : null;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = id && search.get('tab') === 'accruals' ? 'accruals' : 'card';
  const query = useEmployee(id);
  const employee = query.data ?? null;
  const [password, setPassword] = useState<{ name: string; value: string; reset: boolean } | null>(null);
  const { block, resetPassword } = useEmployeeMutations();
  const me = useAuth((s) => s.profile?.id);
  const seesPayroll = useRule('view:payroll');
  useScreenTitle(employee ? employee.name : id ? null : 'Новый сотрудник');

  if (id && query.isPending) return (<><PeopleTabs /><Skeleton active /></>);
  if (id && query.isError) return (<><PeopleTabs /><QueryError error={query.error} onRetry={() => void query.refetch()} /></>);

  async function toggleBlock(e: Employee) {
    try {
      await block.mutateAsync({ id: e.id, blocked: e.active });
      notify.success(e.active ? `${e.name} заблокирован: все его сеансы завершены` : `${e.name} разблокирован`);
    } catch {
      /* the API client has shown the server's message */
    }
  }

  async function reset(e: Employee) {
    try {
      const { temporaryPassword } = await resetPassword.mutateAsync(e.id);
      setPassword({ name: e.name, value: temporaryPassword, reset: true });
    } catch {
      /* shown by the API client */
    }
  }

  const setTab = (key: string) =>
    setSearch((p) => {
      const next = new URLSearchParams(p);
      if (key === 'accruals') next.set('tab', key);
      else next.delete('tab');
      return next;
    }, { replace: true });

  return (
    <>
      <PeopleTabs />
      <PageHeader
        level={5}
        title={
          <Flex gap={8} align="center" wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(employeesBase)} aria-label="К списку сотрудников">
              Сотрудники
            </Button>
            {employee ? <EmployeeState employee={employee} /> : <Typography.Text type="secondary">Новый сотрудник</Typography.Text>}
          </Flex>
        }
        subtitle={
          employee
            ? [employee.role.title, `добавлен ${formatDateTime(employee.createdAt)}`, employee.lastSeenAt ? `был в системе ${formatDateTime(employee.lastSeenAt)}` : 'ещё не входил', employee.blockedAt ? `заблокирован ${formatDateTime(employee.blockedAt)}` : null]
                .filter(Boolean)
                .join(' · ')
            : undefined
        }
        actions={
          employee ? (
            <Can rule="edit:employee">
              <Popconfirm
                title="Сбросить пароль?"
                description="Текущий пароль перестанет действовать, все сеансы сотрудника завершатся."
                okText="Сбросить"
                cancelText="Нет"
                onConfirm={() => reset(employee)}
              >
                <Button icon={<KeyOutlined />} loading={resetPassword.isPending} disabled={!employee.active}>
                  Сбросить пароль
                </Button>
              </Popconfirm>
              {employee.id === me ? null : (
                <Popconfirm
                  title={employee.active ? 'Заблокировать сотрудника?' : 'Разблокировать сотрудника?'}
                  description={employee.active ? 'Он сразу выйдет из системы на всех устройствах и не сможет войти.' : 'Он снова сможет войти со своим паролем.'}
                  okText={employee.active ? 'Заблокировать' : 'Разблокировать'}
                  okButtonProps={{ danger: employee.active }}
                  cancelText="Нет"
                  onConfirm={() => toggleBlock(employee)}
                >
                  <Button danger={employee.active} icon={employee.active ? <LockOutlined /> : <UnlockOutlined />} loading={block.isPending}>
                    {employee.active ? 'Заблокировать' : 'Разблокировать'}
                  </Button>
                </Popconfirm>
              )}
            </Can>
          ) : null
        }
      />
      {employee ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'card', label: 'Карточка', children: <EmployeeForm employee={employee} /> },
            ...(seesPayroll || employee.id === me ? [{ key: 'accruals', label: 'Начисления', children: <EmployeeAccruals employee={employee} /> }] : []),
          ]}
        />
      ) : (
        <EmployeeForm
          employee={null}
          onCreated={(created, temporaryPassword) => {
            setPassword({ name: created.name, value: temporaryPassword, reset: false });
            navigate(employeeUrl(created.id), { replace: true });
          }}
        />
      )}
      {password ? <TemporaryPasswordModal name={password.name} password={password.value} reset={password.reset} onClose={() => setPassword(null)} /> : null}
    </>
  );
}

function EmployeeForm({ employee, onCreated }: { employee: Employee | null; onCreated?: (e: Employee, temporaryPassword: string) => void }) {
  const [form] = Form.useForm<Values>();
  const { create, update } = useEmployeeMutations();
  const roles = useRoles();
  const locations = useLocations();
  const canSave = useRule(employee ? 'edit:employee' : 'create:employee');
  const allLocations = Form.useWatch('allLocations', form);
  const readOnly = !canSave;

  async function submit(values: Values) {
    const salary = schemeOf(values.salary);
    if (salary.errors) {
      form.setFields(salary.errors.map((e) => ({ name: e.name as never, errors: [e.message] })));
      return;
    }
    const body: CreateEmployeeRequest = {
      name: values.name.trim(),
      phone: values.phone,
      position: values.position?.trim() || null,
      roleId: values.roleId ?? '',
      allLocations: !!values.allLocations,
      locationIds: values.allLocations ? [] : (values.locationIds ?? []),
      notes: values.notes?.trim() || null,
      salary: salary.scheme,
    };
    try {
      if (employee) {
        await update.mutateAsync({ id: employee.id, ...body });
        notify.success('Сохранено');
      } else {
        const { temporaryPassword, ...created } = await create.mutateAsync(body);
        onCreated?.(created, temporaryPassword);
      }
    } catch (e) {
      // Field messages go onto their fields; the API client has already shown the message itself.
      setServerErrors(form, e);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={readOnly}
      initialValues={employee ? valuesOf(employee) : emptyValues}
      onFinish={(v) => void submit(v)}
      key={employee?.id ?? 'new'}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card size="small" title="Данные" style={{ marginBottom: 16 }}>
            <Form.Item name="name" label="Имя" rules={[zodRule(shape.name)]} required>
              <Input autoFocus={!employee} maxLength={120} placeholder="Фамилия Имя Отчество" />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item
                name="phone"
                label="Телефон"
                extra="Логин для входа"
                required
                style={{ flex: '1 1 200px' }}
                getValueFromEvent={(e: { target: { value: string } }) => applyPhoneMask(e.target.value)}
                rules={[zodRule(shape.phone)]}
              >
                <Input placeholder="+7 (___) ___-__-__" inputMode="tel" />
              </Form.Item>
              <Form.Item name="position" label="Должность" rules={[zodRule(shape.position)]} style={{ flex: '1 1 200px' }}>
                <Input maxLength={120} placeholder="Мастер, продавец…" />
              </Form.Item>
            </Flex>
            <Form.Item name="roleId" label="Роль" required data-testid="employee-role" rules={[{ required: true, message: 'Выберите роль' }]}>
              <Select
                aria-label="Роль"
                loading={roles.isPending}
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                placeholder="Выберите роль"
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item name="allLocations" label="Магазины" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Switch checkedChildren="Все магазины" unCheckedChildren="Выбранные" aria-label="Все магазины" />
            </Form.Item>
            {allLocations ? (
              <Typography.Paragraph type="secondary">Работает во всех магазинах, в том числе в новых</Typography.Paragraph>
            ) : (
              <Form.Item
                name="locationIds"
                dependencies={['allLocations']}
                rules={[{ validator: async (_, v: string[] | undefined) => (form.getFieldValue('allLocations') || (v?.length ?? 0) > 0 ? undefined : Promise.reject(new Error(peopleMessages.noLocations))) }]}
              >
                <Select
                  mode="multiple"
                  aria-label="Магазины сотрудника"
                  placeholder="Выберите магазины"
                  loading={locations.isPending}
                  options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                  optionFilterProp="label"
                />
              </Form.Item>
            )}
            <Form.Item name="notes" label="Заметки" rules={[zodRule(shape.notes)]} style={{ marginBottom: 0 }}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Зарплата" style={{ marginBottom: 16 }}>
            <SalarySchemeFields disabled={readOnly} />
          </Card>
        </Col>
      </Row>
      {readOnly ? null : (
        <Flex justify="end" gap={8}>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {employee ? 'Сохранить' : 'Добавить сотрудника'}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
