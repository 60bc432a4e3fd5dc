import type { Order, OrderStatus } from '@repo/contracts';
import { locationStore } from '@repo/shared-core';
import { makeProfile, renderPage } from '@repo/testing';
import { act, screen } from '@testing-library/react';
import { OrderPage } from '../pages/order-page';
import { OrdersPage } from '../pages/orders-page';

/** The demo roles' order rules (server/src/db/seed/roles.ts). */
const cashier = ['view:repair_order:location', 'post:repair_order:location', 'print:repair_order:location', 'view:finance:location', 'create:finance:location', 'view:client:location'];
const engineer = ['view:repair_order:location', 'create:repair_order:location', 'print:repair_order:location', 'edit:repair_order:own'];
const owner = makeProfile({ role: { id: 'r0', name: 'owner', title: 'Владелец', rules: [] } });

const statuses: OrderStatus[] = [
  { id: 's1', name: 'Новый', colour: '#1677ff', group: 'new', limitHours: null, next: ['s2'], position: 0, orders: 1 },
  { id: 's2', name: 'Диагностика', colour: '#faad14', group: 'in_progress', limitHours: null, next: ['s1'], position: 1, orders: 0 },
];

const order = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  number: 'ЗК-000001',
  locationId: 'l1',
  status: { id: 's1', name: 'Новый', group: 'new', colour: '#1677ff' },
  statusChangedAt: '2026-11-25T10:00:00.000Z',
  client: { id: 'c1', name: 'Иван Петров', phone: null, balance: 0 },
  device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 12', imei: null, serial: null, appearance: null, kit: null },
  malfunction: 'Не заряжается',
  estimate: null,
  dueAt: null,
  urgent: false,
  managerId: 'm1',
  managerName: 'Управляющий',
  engineerId: 'eng-other',
  engineerName: 'Другой инженер',
  total: 0,
  paid: 0,
  due: 0,
  overdue: false,
  warrantyOfId: null,
  warrantyOfNumber: null,
  issuedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  locationName: 'Центр',
  works: [],
  parts: [],
  payments: [],
  warrantyClaims: [],
  warrantyUntil: null,
  deviceOrders: [],
  authorName: 'Управляющий',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

function open(o: Order, who: { rules?: string[]; profile?: ReturnType<typeof makeProfile> }) {
  return renderPage(<OrderPage />, {
    route: `/orders/${o.id}`,
    path: '/orders/:id',
    ...who,
    api: { 'get orders/:id': o, 'get orders/statuses': statuses, 'get orders/staff': [], 'get orders/:id/timeline': { items: [] }, 'get templates': [], 'get orders/parts': [] },
  });
}

const editControls = () => [screen.queryByLabelText('Сменить статус'), screen.queryByRole('button', { name: /Добавить работу/ }), screen.queryByRole('button', { name: /Добавить запчасть/ })];

// antd pages are heavy in jsdom: a busy machine needs more than the default 5 s per test.
jest.setTimeout(30_000);

describe('the order page hides what the role may not do', () => {
  afterEach(() => act(() => locationStore.setState({ current: null })));

  it('a cashier issues and takes money but does not edit: no status change, no works or parts', async () => {
    open(order(), { rules: cashier });
    expect(await screen.findByTestId('order-client')).toHaveTextContent('Иван Петров');
    expect(editControls().every((c) => c === null)).toBe(true);
    expect(screen.getByRole('button', { name: 'Выдать' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Принять оплату' })).toBeInTheDocument();
  });

  it('a cashier of another shop (post:…:location) does not get «Выдать» on this shop’s order', async () => {
    act(() => locationStore.setState({ current: { _id: 'l2', name: 'Другой' } as never }));
    open(order(), { rules: cashier });
    expect(await screen.findByTestId('order-client')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выдать' })).not.toBeInTheDocument();
  });

  it('an engineer (edit:repair_order:own) edits the orders they are on, not the others’', async () => {
    const me = makeProfile({ id: 'eng-me', name: 'Инженер Я', rules: engineer });
    open(order(), { profile: me });
    expect(await screen.findByTestId('order-client')).toBeInTheDocument();
    expect(editControls().every((c) => c === null)).toBe(true);
    // No post rule: no «Выдать»; no finance: no «Принять оплату».
    expect(screen.queryByRole('button', { name: 'Выдать' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Принять оплату' })).not.toBeInTheDocument();
  });

  it('an engineer edits an order where they are the engineer', async () => {
    const me = makeProfile({ id: 'eng-me', name: 'Инженер Я', rules: engineer });
    open(order({ engineerId: 'eng-me', engineerName: 'Инженер Я' }), { profile: me });
    expect(await screen.findByLabelText('Сменить статус')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Добавить работу/ })).toBeInTheDocument();
  });

  it('the engineer who took the order in (its author, known by name) edits it too', async () => {
    const me = makeProfile({ id: 'eng-me', name: 'Инженер Я', rules: engineer });
    open(order({ authorName: 'Инженер Я' }), { profile: me });
    expect(await screen.findByLabelText('Сменить статус')).toBeInTheDocument();
  });

  it('the owner sees every action', async () => {
    open(order(), { profile: owner });
    expect(await screen.findByLabelText('Сменить статус')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Добавить работу/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выдать' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Принять оплату' })).toBeInTheDocument();
  });

  it('on the board an engineer drags only their own cards, and gets no «Новый заказ» without create', async () => {
    // A card is a list item: the order's own fields are enough (the extra ones are ignored).
    const mine = order({ id: 'o1', number: 'ЗК-000001', engineerId: 'eng-me' });
    const theirs = order({ id: 'o2', number: 'ЗК-000002', engineerId: 'eng-other', managerId: 'm1' });
    const board = { columns: [{ group: 'new', total: 2, items: [mine, theirs] }] };
    const api = { 'get orders/board': board, 'get orders': { items: [], total: 0, totalExact: true }, 'get orders/statuses': statuses, 'get orders/staff': [] };
    renderPage(<OrdersPage />, { route: '/orders?view=board', profile: makeProfile({ id: 'eng-me', rules: engineer.filter((r) => !r.startsWith('create:')) }), api });
    expect(await screen.findByTestId('board-card-ЗК-000001')).toHaveAttribute('data-movable', 'true');
    expect(screen.getByTestId('board-card-ЗК-000002')).toHaveAttribute('data-movable', 'false');
    expect(screen.queryByRole('button', { name: /Новый заказ/ })).not.toBeInTheDocument();
  });
});
