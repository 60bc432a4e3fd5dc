import type { Employee, Role } from '@repo/contracts';
import { renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EmployeePage } from '../pages/employee-page';
import { describeScheme, schemeOf, schemeValues } from '../salary';

const cat1 = '11111111-1111-4111-8111-111111111111';
const cat2 = '22222222-2222-4222-8222-222222222222';

describe('salary scheme values', () => {
  it('sends the base in kopecks and every rule as the contracts take it', () => {
    const result = schemeOf({ monthlyBase: 40000.5, rules: [{ kind: 'services_percent', percent: 30, categoryId: null }, { kind: 'parts_margin_percent', percent: 12.5, categoryId: cat1 }] });
    expect(result.errors).toBeNull();
    expect(result.scheme).toEqual({
      monthlyBase: 4000050,
      rules: [
        { kind: 'services_percent', percent: 30, categoryId: null },
        { kind: 'parts_margin_percent', percent: 12.5, categoryId: cat1 },
      ],
    });
  });

  it('puts each message on its own field: a missing kind or percent, a percent outside 0–100 or too precise, the same rule twice', () => {
    const result = schemeOf({
      monthlyBase: -5,
      rules: [
        { kind: null, percent: 10 },
        { kind: 'sales_percent', percent: null },
        { kind: 'sales_margin_percent', percent: 101 },
        { kind: 'services_percent', percent: 1.234 },
        { kind: 'services_percent', percent: 5 },
      ],
    });
    const byField = Object.fromEntries((result.errors ?? []).map((e) => [e.name.join('.'), e.message]));
    expect(byField).toEqual({
      'salary.monthlyBase': 'Оклад — сумма от 0 ₽',
      'salary.rules.0.kind': 'Выберите вид начисления',
      'salary.rules.1.percent': 'Укажите процент',
      'salary.rules.2.percent': 'Процент должен быть от 0 до 100',
      'salary.rules.3.percent': 'Не больше двух знаков после запятой',
      'salary.rules.4.kind': 'Правило «% от работ (выданные заказы)» для этой категории уже есть',
    });
    expect(result.scheme).toBeNull();
  });

  it('allows the same kind for different categories, and an empty base as zero', () => {
    const result = schemeOf({ monthlyBase: null, rules: [{ kind: 'sales_percent', percent: 3, categoryId: cat1 }, { kind: 'sales_percent', percent: 5, categoryId: cat2 }] });
    expect(result.scheme?.monthlyBase).toBe(0);
    expect(result.scheme?.rules).toHaveLength(2);
  });

  it('reads a stored scheme back into roubles and describes it', () => {
    const scheme = { monthlyBase: 3000000, rules: [{ kind: 'services_percent' as const, percent: 2.5, categoryId: null }] };
    expect(schemeValues(scheme)).toEqual({ monthlyBase: 30000, rules: [{ kind: 'services_percent', percent: 2.5, categoryId: null }] });
    expect(describeScheme(scheme, (k) => `${k / 100} ₽`)).toBe('оклад 30000 ₽ + 2,5% от работ (выданные заказы)');
  });
});

const roles: Role[] = [
  { id: 'r-eng', code: 'engineer', name: 'Мастер', rules: [], maxDiscountPercent: 0, builtIn: true, employeeCount: 1 },
  { id: 'r-own', code: 'owner', name: 'Владелец', rules: [], maxDiscountPercent: 100, builtIn: true, employeeCount: 1 },
];
const locations = [{ _id: 'l1', id: 'l1', name: 'Магазин на Ленина', address: null, phone: null, workingHours: null, images: [], createdAt: '', updatedAt: '' }];

const created: Employee = {
  id: 'e9',
  name: 'Сидоров Пётр',
  phone: '+79161234567',
  position: 'Мастер',
  roleId: 'r-eng',
  role: { id: 'r-eng', name: 'engineer', title: 'Мастер' },
  locationIds: ['l1'],
  allLocations: false,
  active: true,
  blockedAt: null,
  salary: { monthlyBase: 3000000, rules: [{ kind: 'services_percent', percent: 30, categoryId: null }] },
  notes: null,
  mustChangePassword: true,
  createdAt: '2026-06-01T10:00:00.000Z',
  lastSeenAt: null,
};

describe('hiring on the employee card', () => {
  it('refuses a bad percent on its field, then sends kopecks and shows the temporary password once', async () => {
    const bodies: unknown[] = [];
    const page = renderPage(<EmployeePage />, {
      route: '/profileworker/new',
      path: '/profileworker/:id',
      rules: ['create:employee:all', 'edit:employee:all', 'view:employee:all'],
      api: {
        'get roles': roles,
        'get location': locations,
        'get catalog/categories': [],
        'get employees/:id': created,
        'get payroll/accruals': [],
        'post employees': (call) => {
          bodies.push(call.body);
          return { ...created, temporaryPassword: 'Xk7pQ2mN9a' };
        },
      },
    });
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Сидоров Пётр' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '89161234567' } });
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (916) 123-45-67');
    fireEvent.mouseDown(within(screen.getByTestId('employee-role')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Мастер'));
    fireEvent.mouseDown(screen.getByLabelText('Магазины сотрудника'));
    fireEvent.click(await screen.findByTitle('Магазин на Ленина'));
    fireEvent.change(screen.getByLabelText('Оклад в месяц'), { target: { value: '30000' } });
    fireEvent.click(screen.getByText('Добавить процент'));
    fireEvent.mouseDown(screen.getByLabelText('Вид начисления 1'));
    fireEvent.click(await screen.findByTitle('% от работ (выданные заказы)'));
    fireEvent.change(screen.getByLabelText('Процент 1'), { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    expect(await screen.findByText('Процент должен быть от 0 до 100')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Процент 1'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Сидоров Пётр',
      phone: '+7 (916) 123-45-67',
      position: null,
      roleId: 'r-eng',
      allLocations: false,
      locationIds: ['l1'],
      notes: null,
      salary: { monthlyBase: 3000000, rules: [{ kind: 'services_percent', percent: 30, categoryId: null }] },
    });
    expect(await screen.findByTestId('temporary-password')).toHaveTextContent('Xk7pQ2mN9a');
    expect(screen.getByText(/при первом входе он должен сменить его/)).toBeInTheDocument();
    await waitFor(() => expect(page.location()).toBe('/profileworker/e9'));
    fireEvent.click(screen.getByRole('button', { name: 'Я передал пароль' }));
    await waitFor(() => expect(screen.queryByTestId('temporary-password')).not.toBeInTheDocument());
  }, 30_000);

  it('hides blocking, reset and saving from someone who may only look', async () => {
    renderPage(<EmployeePage />, {
      route: '/profileworker/e9',
      path: '/profileworker/:id',
      rules: ['view:employee:all'],
      api: { 'get roles': roles, 'get location': locations, 'get employees/:id': created },
    });
    expect(await screen.findByDisplayValue('Сидоров Пётр')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Заблокировать/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Сбросить пароль/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Начисления' })).not.toBeInTheDocument();
  });
});
