import { plannerMessages, type PlannerEvent } from '@repo/contracts';
import { makeProfile, renderPage, respond, respondError, type FakeCall } from '@repo/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PlannerPage } from '../pages/planner-page';
import { ids, mockCalendar, plannerEvent, plannerRules, staff } from './fixtures';

jest.mock('../components/planner-calendar', () => ({ __esModule: true, default: jest.requireActual('./fixtures').FakeCalendar }));
jest.setTimeout(30_000);

const client = { id: ids.client, name: 'Иван Петров', phones: ['+7 (916) 123-45-67'] };
const base = {
  'get planner/events': [],
  'get planner/employees': staff,
  'get clients': { items: [client], total: 1, page: 1, pageSize: 10 },
};

/** Selects a slot as FullCalendar would: 1 December 2026, 10:00–11:00 local time. */
async function selectSlot() {
  await screen.findByTestId('fake-calendar');
  act(() => mockCalendar.props!.onSelect(new Date(2026, 11, 1, 10, 0), new Date(2026, 11, 1, 11, 0)));
  return screen.findByRole('dialog');
}

const local = (h: number) => {
  const d = new Date(2026, 11, 1, h, 0);
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `2026-12-01T${pad(h)}:00:00${sign}${pad(off / 60)}:${pad(off % 60)}`;
};

describe('a selected slot → «Новое событие»', () => {
  it('an appointment posts its service, employee, times, client, device and comment', async () => {
    const page = renderPage(<PlannerPage />, {
      route: '/planner',
      path: '/planner',
      profile: makeProfile({ id: ids.me, rules: plannerRules }),
      api: { ...base, 'post planner/events': plannerEvent() },
    });
    const dialog = await selectSlot();
    expect(within(dialog).getByLabelText('Начало')).toHaveValue('01.12.2026 10:00');
    expect(within(dialog).getByLabelText('Конец')).toHaveValue('01.12.2026 11:00');
    fireEvent.change(within(dialog).getByLabelText('Услуга'), { target: { value: 'Замена экрана' } });

    fireEvent.mouseDown(within(dialog).getByLabelText('Сотрудник'));
    fireEvent.click(await screen.findByTitle('Павел Иванов · Мастер'));
    const clientBox = within(dialog).getByLabelText('Клиент');
    fireEvent.mouseDown(clientBox);
    fireEvent.change(clientBox, { target: { value: '916' } });
    fireEvent.click(await screen.findByTitle('Иван Петров · +7 (916) 123-45-67'));
    expect(page.api!.lastCall('get', 'clients')?.query).toMatchObject({ search: '916' });

    fireEvent.change(within(dialog).getByLabelText('Тип устройства'), { target: { value: 'Смартфон' } });
    fireEvent.change(within(dialog).getByLabelText('Бренд'), { target: { value: 'Apple' } });
    fireEvent.change(within(dialog).getByLabelText('Модель'), { target: { value: ' iPhone 13 ' } });
    fireEvent.change(within(dialog).getByLabelText('Комментарий'), { target: { value: 'Придёт после обеда' } });
    fireEvent.submit(within(dialog).getByTestId('planner-event-form'));

    await waitFor(() => expect(page.api!.calls('post', 'planner/events')).toHaveLength(1));
    expect(page.api!.lastCall('post', 'planner/events')!.body).toEqual({
      kind: 'appointment',
      title: 'Замена экрана',
      start: local(10),
      end: local(11),
      employeeId: ids.e2,
      clientId: ids.client,
      device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' },
      comment: 'Придёт после обеда',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the server’s 400 lands on its field', async () => {
    const page = renderPage(<PlannerPage />, {
      route: '/planner',
      path: '/planner',
      profile: makeProfile({ id: ids.me, rules: plannerRules }),
      api: { ...base, 'post planner/events': respondError(400, 'Проверьте поля', 'validation', { employeeId: plannerMessages.employeeElsewhere }) },
    });
    const dialog = await selectSlot();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Смена' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Услуга')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText(plannerMessages.employeeElsewhere)).toBeInTheDocument();
    // The signed-in employee by default; a shift carries no client or device.
    expect(page.api!.lastCall('post', 'planner/events')!.body).toEqual({
      kind: 'shift',
      title: 'Смена',
      start: local(10),
      end: local(11),
      employeeId: ids.me,
      clientId: null,
      device: null,
      comment: null,
    });
  });

  it('an overlapping appointment is asked about («Записать всё равно?») and sent again with force', async () => {
    const posted: FakeCall[] = [];
    const page = renderPage(<PlannerPage />, {
      route: '/planner',
      path: '/planner',
      profile: makeProfile({ id: ids.me, rules: plannerRules }),
      api: {
        ...base,
        'post planner/events': (call: FakeCall): PlannerEvent | ReturnType<typeof respond> => {
          posted.push(call);
          return (call.body as { force?: boolean }).force ? plannerEvent() : respond(409, { message: plannerMessages.appointmentOverlap, code: 'appointment_overlap' });
        },
      },
    });
    const dialog = await selectSlot();
    fireEvent.change(within(dialog).getByLabelText('Услуга'), { target: { value: 'Диагностика' } });
    fireEvent.submit(within(dialog).getByTestId('planner-event-form'));
    expect(await screen.findByText(plannerMessages.appointmentOverlap)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Записать всё равно' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0].body).not.toHaveProperty('force');
    expect(posted[1].body).toMatchObject({ kind: 'appointment', title: 'Диагностика', employeeId: ids.me, force: true });
    expect(page.api!.calls('post')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId('planner-event-form')).not.toBeInTheDocument());
  });
});
