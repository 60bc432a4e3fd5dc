import { renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyFilters, linkHref, parseFilters, toApiQuery, writeFilters } from '../filters';
import { TasksPage } from '../pages/tasks-page';
import { staff, task } from './fixtures';

jest.setTimeout(30_000);

describe('the filters and the URL', () => {
  it('reads the URL, dropping what it does not know', () => {
    const f = parseFilters(new URLSearchParams('mine=1&status=new,in_progress,bogus&priority=urgent&assigneeId=e2&overdue=1&q=%20экран%20&page=3'));
    expect(f).toEqual({ mine: true, overdue: true, status: ['new', 'in_progress'], priority: ['urgent'], assigneeId: 'e2', q: 'экран', page: 3 });
    expect(parseFilters(new URLSearchParams('page=-2&status='))).toEqual(emptyFilters);
  });

  it('writes only what differs from the defaults, keeps other keys, and a filter change goes back to page 1', () => {
    const start = new URLSearchParams('task=t9&page=4&mine=1');
    const next = writeFilters(start, parseFilters(start), { status: ['done'] });
    expect(next.get('task')).toBe('t9');
    expect(next.get('page')).toBeNull();
    expect(next.toString()).toBe('task=t9&mine=1&status=done');
    expect(writeFilters(next, parseFilters(next), { mine: false, status: [] }).toString()).toBe('task=t9');
    expect(writeFilters(next, parseFilters(next), { page: 2 }).get('page')).toBe('2');
  });

  it('turns into the API query', () => {
    expect(toApiQuery({ ...emptyFilters, mine: true, status: ['new', 'in_progress'], q: 'дисплей', page: 2 })).toEqual({ page: 2, mine: 'true', status: 'new,in_progress', search: 'дисплей' });
  });

  it('links lead to the other areas’ pages', () => {
    expect(linkHref('repair_order', 'o1')).toBe('/orders/o1');
    expect(linkHref('sale', 's1')).toBe('/sales/s1');
    expect(linkHref('client', 'c1')).toBe('/clients?open=c1');
  });

  it('the list asks with the URL’s filters, and a filter click changes both', async () => {
    const view = renderPage(<TasksPage />, {
      route: '/tasks?mine=1&status=new,in_progress',
      path: '/tasks',
      api: { 'get tasks': { items: [task()], total: 1, page: 1, pageSize: 50 }, 'get tasks/assignees': staff },
    });
    const table = await screen.findByTestId('tasks-table');
    expect(await within(table).findByText('Перезвонить клиенту о готовности')).toBeInTheDocument();
    expect(view.api!.lastCall('get', 'tasks')!.query).toMatchObject({ mine: 'true', status: 'new,in_progress', page: '1' });
    // The link and the overdue due moment.
    expect(within(table).getByTestId('task-link')).toHaveAttribute('href', '/orders/o1');
    expect(within(table).getByTitle('Просрочена')).toHaveClass('ant-typography-danger');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Просроченные' }));
    await waitFor(() => expect(view.location()).toBe('/tasks?mine=1&status=new%2Cin_progress&overdue=1'));
    await waitFor(() => expect(view.api!.lastCall('get', 'tasks')!.query).toMatchObject({ mine: 'true', overdue: 'true' }));
  });

  it('says so when nothing matches', async () => {
    renderPage(<TasksPage />, { route: '/tasks?overdue=1', path: '/tasks', api: { 'get tasks': { items: [], total: 0, page: 1, pageSize: 50 }, 'get tasks/assignees': staff } });
    expect(await screen.findByText(/Задач с такими условиями нет/)).toBeInTheDocument();
  });
});
