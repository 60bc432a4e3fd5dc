import { fireEvent, screen } from '@testing-library/react';
import { api, authStore } from '@repo/shared-core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { createFakeApi, makeProfile, renderPage, respondError } from '../index';

describe('fake API', () => {
  const server = createFakeApi();
  afterEach(() => server.reset());
  afterAll(() => server.restore());

  it('answers routes with params, records calls and answers errors in the error contract', async () => {
    server.post('releases/:area/activate', (call) => ({ area: call.params.area, ...(call.body as object) }));
    server.get('releases', respondError(403, 'Нет права: управление настройками', 'forbidden'));

    const { data } = await api.post('releases/stock/activate', { version: '0.1.0-a' });
    expect(data).toEqual({ area: 'stock', version: '0.1.0-a' });
    expect(server.lastCall('post', 'releases/:area/activate')).toMatchObject({ params: { area: 'stock' }, body: { version: '0.1.0-a' } });

    await expect(api.get('releases', { params: { page: 2 } })).rejects.toMatchObject({
      response: { status: 403, data: { message: 'Нет права: управление настройками', code: 'forbidden' } },
    });
    expect(server.calls('get', 'releases')[0].query).toEqual({ page: '2' });
  });

  it('says which request had no answer', async () => {
    await expect(api.get('nothing/here')).rejects.toMatchObject({ response: { status: 404, data: { message: 'Fake API: нет ответа для GET nothing/here' } } });
  });
});

function Order() {
  const { id } = useParams();
  const query = useQuery({ queryKey: ['repair_order', id], queryFn: async () => (await api.get<{ title: string }>(`orders/${id}`)).data });
  return (
    <>
      <h1>{query.data?.title ?? '…'}</h1>
      <Link to="/">На главную</Link>
    </>
  );
}

describe('renderPage', () => {
  it('mounts the page at its route with the fake API and a signed-in employee', async () => {
    const view = renderPage(<Order />, {
      route: '/orders/7?dialog=print',
      path: '/orders/:id',
      rules: ['view:repair_order:all'],
      api: { 'get orders/:id': (call) => ({ title: `Заказ №${call.params.id}` }) },
    });
    expect(await screen.findByRole('heading', { name: 'Заказ №7' })).toBeInTheDocument();
    expect(authStore.getState().profile?.role.rules).toEqual(['view:repair_order:all']);
    expect(view.location()).toBe('/orders/7?dialog=print');
    fireEvent.click(screen.getByRole('link', { name: 'На главную' }));
    expect(await screen.findByText('Главная страница')).toBeInTheDocument();
    view.api?.restore();
  });

  it('makeProfile: every rule by default, overrides on top', () => {
    expect(makeProfile().role.rules).toContain('manage_settings');
    expect(makeProfile({ name: 'Пётр', rules: [] })).toMatchObject({ name: 'Пётр', role: { rules: [] } });
  });
});
