import type { Accrual, Cashbox } from '@repo/contracts';
import { locationStore } from '@repo/shared-core';
import { renderPage, respondError } from '@repo/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { PayoutDialog } from '../components/payout-dialog';
import { PayrollPage } from '../pages/payroll-page';
import { defaultPayout, monthOf, periodOf, statementTotals } from '../period';

const accrual = (employeeId: string, name: string, f: Partial<Accrual>): Accrual => ({
  employeeId,
  name,
  position: null,
  active: true,
  base: 0,
  commission: 0,
  bonuses: 0,
  penalties: 0,
  total: 0,
  paid: 0,
  opening: 0,
  due: 0,
  lines: [],
  adjustments: [],
  payouts: [],
  ...f,
});

const rows = [
  accrual('e1', 'Иванов Дмитрий', {
    base: 3000000,
    commission: 123457,
    bonuses: 500000,
    penalties: 100000,
    total: 3523457,
    opening: 10001,
    paid: 1000000,
    due: 2533458,
    lines: [{ kind: 'services_percent', documentType: 'repair_order', documentId: 'o1', number: 'З-000042', at: '2026-06-10T10:00:00.000Z', basis: 411523, percent: 30, amount: 123457, reversal: false }],
  }),
  accrual('e2', 'Попова Анна', { base: 2000000, total: 2000000, due: 2000000 }),
];

describe('statement period and totals', () => {
  it('sums every column to the kopeck', () => {
    expect(statementTotals(rows)).toEqual({ base: 5000000, commission: 123457, bonuses: 500000, penalties: 100000, total: 5523457, opening: 10001, paid: 1000000, due: 4533458 });
    expect(statementTotals([])).toEqual({ base: 0, commission: 0, bonuses: 0, penalties: 0, total: 0, opening: 0, paid: 0, due: 0 });
  });

  it('takes the period from the URL, else this month; a payout never offers a negative amount', () => {
    const now = dayjs('2026-02-14');
    expect(periodOf(new URLSearchParams(''), now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf(new URLSearchParams('from=2026-01-05&to=2026-01-20'), now)).toEqual({ from: '2026-01-05', to: '2026-01-20' });
    expect(periodOf(new URLSearchParams('from=2026-01-20&to=2026-01-05'), now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf({ from: '2026-02-01', to: '2026-02-28' })?.month()).toBe(1);
    expect(monthOf({ from: '2026-02-01', to: '2026-02-27' })).toBeNull();
    expect(defaultPayout({ due: -500 })).toBe(0);
    expect(defaultPayout({ due: 2533458 })).toBe(2533458);
  });

  it('shows the statement with a totals row, and a row opens its documents', async () => {
    renderPage(<PayrollPage />, {
      route: '/profileworker/payroll?from=2026-06-01&to=2026-06-30',
      path: '/profileworker/payroll',
      rules: ['view:payroll:all', 'create:payroll:all', 'create:finance:all'],
      api: { 'get payroll/accruals': (call) => (call.query.from === '2026-06-01' && call.query.to === '2026-06-30' ? rows : []) },
    });
    const totals = await screen.findByTestId('payroll-totals');
    const text = totals.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Итого');
    expect(text).toContain('55 234,57 ₽');
    expect(text).toContain('45 334,58 ₽');
    expect(screen.getByText('Зарплата за июнь 2026')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /развернуть|expand/i })[0]);
    const details = await screen.findByTestId('accrual-details');
    expect(within(details).getByRole('link', { name: 'Заказ З-000042' })).toHaveAttribute('href', '/orders/o1');
    expect(screen.getAllByRole('button', { name: /Выплатить/ })).toHaveLength(2);
  }, 30_000);

  it('hides payouts and bonuses from someone who may only look', async () => {
    renderPage(<PayrollPage />, { route: '/profileworker/payroll', path: '/profileworker/payroll', rules: ['view:payroll:all'], api: { 'get payroll/accruals': rows } });
    await screen.findByTestId('payroll-totals');
    expect(screen.queryByRole('button', { name: /Выплатить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Премия/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excel/ })).not.toBeInTheDocument();
  }, 30_000);
});

const cashbox = (id: string, locationId: string, name: string): Cashbox =>
  ({ id, locationId, locationName: 'Магазин', name, isDefault: id === 'c1', balance: 10_000_000, archived: false }) as unknown as Cashbox;

describe('a payout', () => {
  it('offers what is owed today from a cashbox of the shop; above the debt it asks to confirm an advance and resends with confirm and the same key', async () => {
    const calls: Array<{ body: Record<string, unknown>; key: unknown }> = [];
    const closed = jest.fn();
    renderPage(<PayoutDialog target={{ employeeId: 'e1', name: 'Иванов Дмитрий', due: 2533458 }} onClose={closed} />, {
      rules: ['create:payroll:all', 'create:finance:all'],
      api: {
        'get finance/cashboxes': [cashbox('c2', 'l2', 'Чужая'), cashbox('c1', 'l1', 'Основная')],
        // Owed today (the statement's 25 334,58 ₽ also counts the base of the days ahead).
        'get payroll/accruals': (call) => (call.query.from === call.query.to && call.query.employeeId === 'e1' ? [accrual('e1', 'Иванов Дмитрий', { due: 2400000 })] : []),
        'post payroll/payouts': (call) => {
          const body = call.body as Record<string, unknown>;
          calls.push({ body, key: call.headers['Idempotency-Key'] });
          if (!body.confirm) return respondError(409, 'Выплата 30 000,00 ₽ больше долга перед сотрудником (25 334,58 ₽). Подтвердите выплату аванса', 'payout_exceeds_due');
          return { id: 'p1', amount: body.amount, operationNumber: 'РКО-000012' };
        },
      },
    });
    // The signed-in employee's shop (after renderPage, which signs in a default employee elsewhere).
    act(() => locationStore.setState({ current: { _id: 'l1', name: 'Магазин' } as never }));
    const amount = screen.getByLabelText('Сумма выплаты');
    await waitFor(() => expect(amount).toHaveValue('24000,00'));
    expect(screen.getByText(/К выплате на сегодня 24/)).toBeInTheDocument();
    // The shop's own cashbox is chosen, not another shop's listed first.
    expect(await screen.findByText(/^Основная — /)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '30000' } });
    fireEvent.click(screen.getByTestId('payout-submit'));
    expect(await screen.findByTestId('payout-exceeds')).toHaveTextContent('Подтвердите выплату аванса');
    expect(closed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Выплатить аванс' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(calls[0].body).toEqual({ employeeId: 'e1', amount: 3000000, cashboxId: 'c1', comment: null });
    expect(calls[1].body).toEqual({ employeeId: 'e1', amount: 3000000, cashboxId: 'c1', comment: null, confirm: true });
    expect(typeof calls[0].key).toBe('string');
    expect(calls[1].key).toBe(calls[0].key);
  }, 30_000);
});
