import type { TaskPage } from '@repo/contracts';
import { api, notify } from '@repo/shared-core';
import { renderPage, respondError } from '@repo/testing';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useBoardMove, withStatus } from '../board-move';
import { TasksPage } from '../pages/tasks-page';
import { staff, task } from './fixtures';

jest.setTimeout(30_000);

const key = ['task', 'l1', 'list', { board: true }];

function Harness() {
  const q = useQuery({ queryKey: key, queryFn: async () => (await api.get<TaskPage>('tasks')).data });
  const move = useBoardMove(key);
  const t = q.data?.items[0];
  return (
    <div>
      <span data-testid="status">{t?.status}</span>
      <button onClick={() => t && void move(t, 'done')}>move</button>
    </div>
  );
}

function deferred() {
  let resolve!: (v: unknown) => void;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

const page = { items: [task()], total: 1, page: 1, pageSize: 200 };

describe('the board’s move', () => {
  afterEach(() => jest.restoreAllMocks());

  it('changes one task’s status and recomputes overdue', () => {
    const moved = withStatus(page, 't1', 'done')!;
    expect(moved.items[0]).toMatchObject({ status: 'done', overdue: false });
    expect(page.items[0].status).toBe('new');
    expect(withStatus(page, 't1', 'new')).toBeNull();
    expect(withStatus(page, 'nope', 'done')).toBeNull();
  });

  it('shows the card in its new column at once, and keeps it when the server agrees', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const reply = deferred();
    let served = page;
    const view = renderPage(<Harness />, {
      api: { 'get tasks': () => served, 'patch tasks/:id': () => reply.promise },
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('new'));
    fireEvent.click(screen.getByRole('button', { name: 'move' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'));
    expect(view.api!.lastCall('patch')!.body).toEqual({ status: 'done' });
    served = { ...page, items: [task({ status: 'done', overdue: false })] };
    await act(async () => reply.resolve(served.items[0]));
    await waitFor(() => expect(success).toHaveBeenCalledWith(expect.stringContaining('Выполнена'), expect.anything()));
    expect(screen.getByTestId('status')).toHaveTextContent('done');
  });

  it('puts the card back and says why when the server refuses', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const reply = deferred();
    renderPage(<Harness />, { api: { 'get tasks': page, 'patch tasks/:id': () => reply.promise } });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('new'));
    fireEvent.click(screen.getByRole('button', { name: 'move' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'));
    await act(async () => reply.resolve(respondError(403, 'Нет прав на изменение задачи', 'forbidden_scope')));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('new'));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Нет прав на изменение задачи'));
  });

  it('the board draws a column per status with its cards, and a read-only employee cannot drag', async () => {
    renderPage(<TasksPage />, {
      route: '/tasks/board',
      path: '/tasks/board',
      rules: ['view:task:own'],
      api: { 'get tasks': { ...page, items: [task(), task({ id: 't2', title: 'Заказать дисплей', status: 'in_progress', overdue: false })] }, 'get tasks/assignees': staff },
    });
    const card = await screen.findByTestId('task-card-t2');
    expect(screen.getByTestId('task-column-in_progress')).toContainElement(card);
    expect(screen.getByTestId('task-column-new')).toContainElement(screen.getByTestId('task-card-t1'));
    expect(screen.getByTestId('task-column-done')).toHaveTextContent('Нет задач');
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: /Новая задача/ })).not.toBeInTheDocument();
  });
});
