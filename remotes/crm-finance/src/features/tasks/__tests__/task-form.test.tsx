import { makeProfile, renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TasksPage } from '../pages/tasks-page';
import { ids, staff, task } from './fixtures';

jest.setTimeout(30_000);

const list = { 'get tasks': { items: [], total: 0, page: 1, pageSize: 50 }, 'get tasks/assignees': staff };

describe('«Новая задача»', () => {
  afterEach(() => jest.restoreAllMocks());

  it('checks the title as the contract does, and puts the server’s 400 on its fields', async () => {
    const view = renderPage(<TasksPage />, {
      route: `/tasks?new=1&linkKind=repair_order&linkId=${ids.order}`,
      path: '/tasks',
      profile: makeProfile({ id: ids.me }),
      api: {
        ...list,
        'post tasks': respondError(400, 'Проверьте поля', 'validation', { 'link.id': 'Заказ для связи не найден', assigneeId: 'Исполнитель заблокирован: задачу нельзя ему назначить' }),
      },
    });
    const dialog = await screen.findByRole('dialog');
    // Prefilled from the URL.
    expect(within(dialog).getByLabelText('ID связи')).toHaveValue(ids.order);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Укажите, что нужно сделать')).toBeInTheDocument();
    expect(view.api!.calls('post')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Что сделать'), { target: { value: 'Позвонить поставщику' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Заказ для связи не найден')).toBeInTheDocument();
    expect(within(dialog).getByText('Исполнитель заблокирован: задачу нельзя ему назначить')).toBeInTheDocument();
    expect(view.api!.lastCall('post', 'tasks')!.body).toMatchObject({ title: 'Позвонить поставщику', assigneeId: ids.me, priority: 'normal', link: { kind: 'repair_order', id: ids.order }, dueAt: null });
  });

  it('a created task opens, and the form leaves the URL', async () => {
    const view = renderPage(<TasksPage />, {
      route: '/tasks?new=1',
      path: '/tasks',
      profile: makeProfile({ id: ids.me }),
      // The list's routes last: among lasting routes the newest wins, and `tasks/assignees` must win over `tasks/:id`.
      api: { 'post tasks': task({ id: 't7' }), 'get tasks/:id': task({ id: 't7' }), 'get tasks/:id/comments': { items: [] }, ...list },
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Что сделать'), { target: { value: 'Забрать запчасть' } });
    fireEvent.submit(within(dialog).getByTestId('task-create-form'));
    await waitFor(() => expect(view.location()).toBe('/tasks?task=t7'));
  });
});
