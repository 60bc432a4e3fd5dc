import { makeProfile, renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { PlannerPage } from '../pages/planner-page';
import { parsePlannerUrl, toEventsQuery, urlAfterDatesSet, writePlannerUrl } from '../url-state';
import { ids, plannerEvent, plannerRules, staff } from './fixtures';

jest.mock('../components/planner-calendar', () => ({ __esModule: true, default: jest.requireActual('./fixtures').FakeCalendar }));
jest.setTimeout(30_000);

describe('the planner’s URL', () => {
  it('reads the view, the day, the filters and the open event, dropping what is unknown', () => {
    expect(parsePlannerUrl(new URLSearchParams('view=dayGridMonth&date=2026-12-01&employeeId=e1&kinds=appointment,bogus,shift&locations=l1,l2&event=x'))).toEqual({
      view: 'dayGridMonth',
      date: '2026-12-01',
      employeeId: 'e1',
      kinds: ['appointment', 'shift'],
      locationIds: ['l1', 'l2'],
      eventId: 'x',
    });
    expect(parsePlannerUrl(new URLSearchParams('view=year&date=yesterday'))).toEqual({ view: 'timeGridWeek', date: undefined, employeeId: undefined, kinds: [], locationIds: [], eventId: undefined });
  });

  it('writes only what differs from the defaults, keeping other keys', () => {
    const next = writePlannerUrl(new URLSearchParams('new=1&view=listWeek'), { view: 'timeGridWeek', kinds: ['shift', 'appointment'], date: '2026-12-01' });
    expect(next.toString()).toBe('new=1&date=2026-12-01&kinds=appointment%2Cshift');
    // All three kinds is the same as none chosen.
    expect(writePlannerUrl(new URLSearchParams(), { kinds: ['appointment', 'shift', 'task'] }).toString()).toBe('');
  });

  it('asks the API for the visible range and the filters', () => {
    const range = { from: new Date('2026-11-29T21:00:00Z'), to: new Date('2026-12-06T21:00:00Z') };
    expect(toEventsQuery(range, { employeeId: 'e1', kinds: ['task'], locationIds: ['l1', 'l2'] })).toEqual({
      from: '2026-11-29T21:00:00.000Z',
      to: '2026-12-06T21:00:00.000Z',
      employeeId: 'e1',
      kinds: 'task',
      locationId: 'l1,l2',
    });
    expect(toEventsQuery(range, { kinds: [], locationIds: [] })).toEqual({ from: '2026-11-29T21:00:00.000Z', to: '2026-12-06T21:00:00.000Z' });
  });

  it('follows the calendar’s navigation into the URL, but leaves a day already inside the view', () => {
    const url = parsePlannerUrl(new URLSearchParams('date=2026-12-02'));
    const weekStart = new Date(2026, 10, 30);
    const weekEnd = new Date(2026, 11, 7);
    expect(urlAfterDatesSet(url, 'timeGridWeek', weekStart, weekEnd)).toBeNull();
    expect(urlAfterDatesSet(url, 'timeGridWeek', new Date(2026, 11, 7), new Date(2026, 11, 14))).toEqual({ date: '2026-12-07' });
    expect(urlAfterDatesSet(url, 'dayGridMonth', new Date(2026, 11, 1), new Date(2027, 0, 1))).toEqual({ view: 'dayGridMonth' });
    // Plain /planner showing this week: nothing to write.
    expect(urlAfterDatesSet(parsePlannerUrl(new URLSearchParams()), 'timeGridWeek', weekStart, weekEnd, new Date(2026, 11, 3))).toBeNull();
  });
});

describe('/planner', () => {
  it('opens the calendar at the URL’s view and day, and fetches with the URL’s filters', async () => {
    const page = renderPage(<PlannerPage />, {
      route: `/planner?view=timeGridDay&date=2026-12-01&employeeId=${ids.e2}&kinds=appointment,shift`,
      path: '/planner',
      profile: makeProfile({ id: ids.me, rules: plannerRules }),
      api: { 'get planner/events': [plannerEvent()], 'get planner/employees': staff },
      routes: <Route path="/orders" element={<div>Заказы</div>} />,
    });
    const cal = await screen.findByTestId('fake-calendar');
    expect(cal).toHaveAttribute('data-view', 'timeGridDay');
    expect(cal).toHaveAttribute('data-date', '2026-12-01');
    fireEvent.click(screen.getByText('показать неделю'));
    await waitFor(() => expect(page.api!.lastCall('get', 'planner/events')?.query).toEqual({
      from: new Date(2026, 10, 30).toISOString(),
      to: new Date(2026, 11, 7).toISOString(),
      employeeId: ids.e2,
      kinds: 'appointment,shift',
    }));
    expect(await screen.findByRole('button', { name: 'Замена экрана' })).toBeInTheDocument();

    // A kind switched off goes into the URL and the request.
    fireEvent.click(screen.getByRole('checkbox', { name: /Смены/ }));
    await waitFor(() => expect(page.location()).toMatch(/kinds=appointment(&|$)/));
    await waitFor(() => expect(page.api!.lastCall('get', 'planner/events')?.query.kinds).toBe('appointment'));

    // An event opens in the drawer through the URL, with «Оформить заказ» for an appointment without an order.
    page.api!.get('planner/events/:id', plannerEvent());
    fireEvent.click(screen.getByRole('button', { name: 'Замена экрана' }));
    await waitFor(() => expect(page.location()).toContain(`event=${ids.ev}`));
    fireEvent.click(await screen.findByRole('button', { name: 'Оформить заказ' }));
    await waitFor(() => expect(page.location()).toBe(`/orders?new=1&appointment=${ids.ev}`));
  });

  it('says when the period is empty, the calendar still shown', async () => {
    renderPage(<PlannerPage />, {
      route: '/planner',
      path: '/planner',
      profile: makeProfile({ id: ids.me, rules: plannerRules }),
      api: { 'get planner/events': [], 'get planner/employees': staff },
    });
    fireEvent.click(await screen.findByText('показать неделю'));
    expect(await screen.findByTestId('planner-empty')).toHaveTextContent('Нет событий в этом периоде');
    expect(screen.getByTestId('fake-calendar')).toBeInTheDocument();
  });

  it('a task’s due moment opens the task', async () => {
    const page = renderPage(<PlannerPage />, {
      route: '/planner',
      path: '/planner',
      profile: makeProfile({ id: ids.me, rules: plannerRules }),
      api: { 'get planner/events': [plannerEvent({ id: 'task:t9', kind: 'task', title: 'Позвонить клиенту', taskId: 't9', editable: false })], 'get planner/employees': staff },
      routes: <Route path="/tasks" element={<div>Задачи</div>} />,
    });
    fireEvent.click(await screen.findByText('показать неделю'));
    fireEvent.click(await screen.findByRole('button', { name: 'Позвонить клиенту' }));
    await waitFor(() => expect(page.location()).toBe('/tasks?task=t9'));
  });
});
