import type { Cashbox, CashOperation } from '@repo/contracts';
import { locationStore } from '@repo/shared-core';
import { makeProfile, renderPage } from '@repo/testing';
import { act, screen, within } from '@testing-library/react';
import { FinancePage } from '../pages/finance-page';

// antd pages are heavy in jsdom: a busy machine needs more than the default 5 s per test.
jest.setTimeout(30_000);

/** The demo cashier's finance rules (server/src/db/seed/roles.ts): takes and pays out money, no cancel, no export. */
const cashier = ['view:finance:location', 'create:finance:location', 'view:client:location'];
const owner = makeProfile({ role: { id: 'r0', name: 'owner', title: 'Владелец', rules: [] } });

const cashbox: Cashbox = { id: 'cb1', name: 'Основная касса', kind: 'cash', locationId: 'l1', locationName: 'Центр', isDefault: true, balance: 100000, openShift: null };
const operation: CashOperation = {
  id: 'op1',
  number: 'ПКО-000001',
  kind: 'income',
  status: 'posted',
  locationId: 'l1',
  cashboxId: 'cb1',
  cashboxName: 'Основная касса',
  toCashboxId: null,
  toCashboxName: null,
  toLocationId: null,
  amount: 100000,
  categoryId: null,
  categoryName: null,
  clientId: null,
  clientName: null,
  comment: null,
  documentType: null,
  documentId: null,
  documentNumber: null,
  shiftId: null,
  toShiftId: null,
  copiedFromId: null,
  authorId: 'e1',
  authorName: 'Кассир',
  at: '2026-11-25T10:00:00.000Z',
  cancelledAt: null,
  cancelledById: null,
};
const api = {
  'get finance/cashboxes': [cashbox],
  'get finance/shifts': { items: [], total: 0, open: [] },
  'get finance/ledger': { items: [], total: 0, totalIn: 0, totalOut: 0 },
  'get finance/categories': [],
  'get finance/operations/:id': operation,
  'get clients': { items: [], total: 0, totalExact: true },
};

async function open(who: { rules?: string[]; profile?: ReturnType<typeof makeProfile> }) {
  act(() => locationStore.setState({ current: { _id: 'l1', name: 'Центр' } as never }));
  renderPage(<FinancePage />, { route: '/finance?op=op1', ...who, api });
  expect(await screen.findByTestId('cashbox-Основная касса')).toBeInTheDocument();
  const drawer = await screen.findByRole('dialog');
  expect(await within(drawer).findByText('Кассир')).toBeInTheDocument();
  return drawer;
}

describe('the finance page hides what the role may not do', () => {
  afterEach(() => act(() => locationStore.setState({ current: null })));

  it('a cashier takes money and runs the shift but does not export or cancel', async () => {
    const drawer = await open({ rules: cashier });
    expect(screen.getByRole('button', { name: /Приход/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Открыть смену/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excel/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Отменить/ })).not.toBeInTheDocument();
    // Copying only fills a new form: the server asks `create:finance`, which she has.
    expect(within(drawer).getByRole('button', { name: /Копировать/ })).toBeInTheDocument();
  });

  it('someone who only views finance gets no buttons at all', async () => {
    const drawer = await open({ rules: ['view:finance:all'] });
    for (const name of [/Приход/, /Расход/, /Перемещение/, /Открыть смену/, /Excel/]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Копировать/ })).not.toBeInTheDocument();
  });

  it('the owner gets every action', async () => {
    const drawer = await open({ profile: owner });
    expect(screen.getByRole('button', { name: /Приход/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Excel/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Отменить/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Копировать/ })).toBeInTheDocument();
  });
});
