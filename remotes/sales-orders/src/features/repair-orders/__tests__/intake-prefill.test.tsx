import type { Order, PlannerEvent } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IntakeDrawer } from '../components/intake-drawer';

jest.setTimeout(30_000);

const ids = { ev: '0b0e0c1a-4444-4444-8444-444444444444', client: '0b0e0c1a-3333-4333-8333-333333333333', eng: '0b0e0c1a-2222-4222-8222-222222222222' };
const rules = ['view:repair_order:location', 'create:repair_order:location', 'view:client:location', 'view:planner:location'];

const appointment: PlannerEvent = {
  id: ids.ev,
  kind: 'appointment',
  title: 'Замена экрана',
  start: '2026-12-01T07:00:00.000Z',
  end: '2026-12-01T08:00:00.000Z',
  employeeId: ids.eng,
  employeeName: 'Павел Иванов',
  locationId: 'l1',
  clientId: ids.client,
  clientName: 'Иван Петров',
  clientPhone: '+7 (916) 123-45-67',
  device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' },
  orderId: null,
  orderNumber: null,
  taskId: null,
  comment: 'Трещина в углу',
  editable: true,
  createdAt: null,
};

const common = {
  'get orders/staff': [{ id: ids.eng, name: 'Павел Иванов' }],
  'get orders/devices': { types: [], brands: [], models: [] },
  'get clients': { items: [], total: 0, page: 1, pageSize: 10 },
  'post orders': { id: 'o1', number: 'ЗК-000001' } as unknown as Order,
};

describe('the intake from a planner appointment', () => {
  it('is prefilled with the client, device, malfunction and engineer, and the order carries appointmentId', async () => {
    const onCreated = jest.fn();
    const page = renderPage(<IntakeDrawer open onClose={() => undefined} onCreated={onCreated} appointmentId={ids.ev} />, {
      route: `/orders?new=1&appointment=${ids.ev}`,
      rules,
      api: { ...common, 'get planner/events/:id': appointment },
    });
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText('Заявленная неисправность')).toHaveValue('Замена экрана. Трещина в углу'));
    expect(within(drawer).getByLabelText('Тип')).toHaveValue('Смартфон');
    expect(within(drawer).getByLabelText('Бренд')).toHaveValue('Apple');
    expect(within(drawer).getByLabelText('Модель')).toHaveValue('iPhone 13');
    expect(within(drawer).getByTitle('Иван Петров · +7 (916) 123-45-67')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTitle('Павел Иванов')).toBeInTheDocument());

    fireEvent.click(within(drawer).getByRole('button', { name: 'Принять и распечатать квитанцию' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(page.api!.lastCall('post', 'orders')!.body).toMatchObject({
      clientId: ids.client,
      device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' },
      malfunction: 'Замена экрана. Трещина в углу',
      engineerId: ids.eng,
      appointmentId: ids.ev,
    });
  });

  it('without the right to see the appointment, the intake opens empty, quietly', async () => {
    renderPage(<IntakeDrawer open onClose={() => undefined} onCreated={() => undefined} appointmentId={ids.ev} />, {
      route: `/orders?new=1&appointment=${ids.ev}`,
      rules: rules.filter((r) => !r.includes('planner')),
      api: { ...common, 'get planner/events/:id': respondError(403, 'Недостаточно прав') },
    });
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText('Заявленная неисправность')).toHaveValue(''));
    expect(within(drawer).getByLabelText('Тип')).toHaveValue('');
    expect(screen.queryByText('Недостаточно прав')).not.toBeInTheDocument();
  });
});
