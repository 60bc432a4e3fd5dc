import type { CashShift, FinanceCategory } from '@repo/contracts';
import { renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { categoryPath, categoryTree } from '../categories';
import { CloseShiftDialog } from '../components/shift-dialogs';

const cat = (id: string, name: string, kind: 'income' | 'expense', parentId: string | null = null, extra: Partial<FinanceCategory> = {}): FinanceCategory => ({
  id,
  name,
  kind,
  parentId,
  code: null,
  position: 0,
  archived: false,
  ...extra,
});

describe('category tree', () => {
  const all = [
    cat('1', 'Хозяйственные расходы', 'expense'),
    cat('2', 'Вода', 'expense', '1'),
    cat('3', 'Аренда', 'expense'),
    cat('4', 'Недостача по смене', 'expense', null, { code: 'shift_shortage' }),
    cat('5', 'Старое', 'expense', null, { archived: true }),
    cat('6', 'Оплата от клиента', 'income'),
  ];

  it('nests children under parents, in name order, one kind only', () => {
    const tree = categoryTree(all, 'expense');
    expect(tree.map((n) => n.title)).toEqual(['Аренда', 'Недостача по смене', 'Старое', 'Хозяйственные расходы']);
    expect(tree.find((n) => n.value === '1')!.children.map((n) => n.title)).toEqual(['Вода']);
  });

  it('leaves system and archived categories out of what a person can pick', () => {
    expect(categoryTree(all, 'expense', { pickable: true }).map((n) => n.title)).toEqual(['Аренда', 'Хозяйственные расходы']);
  });

  it('names a category with its parents', () => {
    expect(categoryPath(all, '2')).toBe('Хозяйственные расходы / Вода');
    expect(categoryPath(all, null)).toBe('');
  });
});

const shift: CashShift = {
  id: 's1',
  number: 'СМ-000007',
  status: 'open',
  locationId: 'l1',
  cashboxId: 'c1',
  cashboxName: 'Основная касса',
  float: 500000,
  openedAt: '2026-11-25T06:00:00.000Z',
  openedById: 'e1',
  openedByName: 'Попова Анна Игоревна',
  closedAt: null,
  closedById: null,
  closedByName: null,
  expected: null,
  counted: null,
  difference: null,
  differenceOperationId: null,
  figures: { float: 500000, income: 120000, expense: 20000, transfersIn: 0, transfersOut: 0, operations: 3, balance: 600000 },
};

describe('closing a shift', () => {
  it('shows the shortage as it is typed, sends kopecks with an idempotency key and shows what the server recorded', async () => {
    let sent: { body: unknown; key: unknown } | null = null;
    renderPage(<CloseShiftDialog shift={shift} onClose={() => undefined} />, {
      rules: ['create:finance:location'],
      api: {
        'post finance/shifts/:id/close': (call) => {
          sent = { body: call.body, key: call.headers['Idempotency-Key'] };
          return { ...shift, status: 'closed', expected: 600000, counted: 595050, difference: -4950, figures: null };
        },
      },
    });
    expect(screen.getByText('6 000,00 ₽')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Посчитано в кассе'), { target: { value: '5950,5' } });
    expect(await screen.findByText('Недостача 49,50 ₽')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('close-shift-submit'));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.body).toMatchObject({ counted: 595050 });
    expect(typeof sent!.key).toBe('string');
    const result = await screen.findByTestId('shift-result');
    const text = result.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Посчитано5 950,50 ₽');
    expect(text).toContain('Недостача 49,50 ₽');
  });

  it('says when the count matches', async () => {
    renderPage(<CloseShiftDialog shift={shift} onClose={() => undefined} />, { rules: ['create:finance:location'], api: {} });
    fireEvent.change(screen.getByLabelText('Посчитано в кассе'), { target: { value: '6000' } });
    expect(await screen.findByText('Совпадает')).toBeInTheDocument();
  });
});
