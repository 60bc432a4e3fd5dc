import { shopRequestStatuses } from '@repo/contracts';
import { makeProfile, renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { RequestsPage } from '../pages/requests-page';
import { conversions, statusActions } from '../status-actions';
import { goodsOrder, page, request } from './fixtures';

jest.setTimeout(30_000);

const open = (r = request(), extra: Record<string, unknown> = {}, options: Parameters<typeof renderPage>[1] = {}) =>
  renderPage(<RequestsPage />, {
    route: `/request/${r.id}`,
    path: '/request/:id?',
    routes: (
      <>
        <Route path="/orders/:id" element={<div>Страница заказа</div>} />
        <Route path="/sales/:id" element={<div>Страница продажи</div>} />
      </>
    ),
    profile: options.rules ? undefined : makeProfile(),
    ...options,
    api: { 'get shop/requests': page([r]), 'get shop/requests/:id': r, ...extra },
  });

const drawer = async () => {
  await screen.findByText(/^Заявка З-/);
  return screen.getByRole('dialog');
};

describe('status actions', () => {
  it('follow the contract’s transitions, with the words of each step', () => {
    const labels = Object.fromEntries(shopRequestStatuses.map((s) => [s, statusActions(s).map((a) => a.label)]));
    expect(labels).toEqual({
      new: ['Взять в работу', 'Выполнена', 'Отклонить'],
      in_work: ['Выполнена', 'Отклонить'],
      done: ['Вернуть в работу'],
      rejected: ['Вернуть в работу'],
    });
    expect(statusActions('new').filter((a) => a.needsReason).map((a) => a.to)).toEqual(['rejected']);
  });

  it('conversions follow the kind, once only', () => {
    expect(conversions(request())).toEqual({ toOrder: true, toSale: false });
    expect(conversions(goodsOrder())).toEqual({ toOrder: false, toSale: true });
    expect(conversions(request({ kind: 'callback' }))).toEqual({ toOrder: true, toSale: true });
    expect(conversions(request({ orderId: 'o1' }))).toEqual({ toOrder: false, toSale: false });
  });

  it.each([
    ['new', ['Взять в работу', 'Выполнена', 'Отклонить']],
    ['in_work', ['Выполнена', 'Отклонить']],
    ['done', ['Вернуть в работу']],
    ['rejected', ['Вернуть в работу']],
  ] as const)('a request «%s» offers its buttons only', async (status, buttons) => {
    open(request({ status, rejectReason: status === 'rejected' ? 'Клиент передумал' : null }));
    const d = await drawer();
    const group = within(d).getByRole('group', { name: 'Статус заявки' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
  });

  it('«Взять в работу» sends the status and shows the new one', async () => {
    let served = request();
    const view = open(served, {
      'patch shop/requests/:id': () => (served = request({ status: 'in_work' })),
      'get shop/requests/:id': () => served,
    });
    const d = await drawer();
    fireEvent.click(within(d).getByRole('button', { name: 'Взять в работу' }));
    await waitFor(() => expect(within(d).getByRole('group', { name: 'Статус заявки' })).toHaveTextContent('ВыполненаОтклонить'));
    expect(view.api!.lastCall('patch', 'shop/requests/11111111-1111-4111-8111-111111111111')!.body).toEqual({ status: 'in_work' });
  });

  it('an employee without edit:shop_content sees the request but no buttons', async () => {
    open(request({ comment: 'Клиент просил звонить после 18:00' }), {}, { rules: ['view:shop_content:all', 'create:repair_order:all', 'create:sale:all'] });
    const d = await drawer();
    expect(within(d).getByText('Клиент просил звонить после 18:00')).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Взять в работу' })).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Оформить заказ на ремонт' })).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Сохранить комментарий' })).not.toBeInTheDocument();
  });

  it('offers a conversion only to an employee who may create that document (a marketer without create:repair_order)', async () => {
    open(request({ kind: 'callback' }), {}, { rules: ['view:shop_content:all', 'edit:shop_content:all', 'create:sale:all'] });
    const d = await drawer();
    expect(within(d).getByRole('button', { name: 'Взять в работу' })).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Оформить заказ на ремонт' })).not.toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Оформить продажу' })).toBeInTheDocument();
  });
});

describe('«Отклонить»', () => {
  it('needs a reason before asking, and shows the server’s 400 on the field', async () => {
    const view = open(request(), {
      'patch shop/requests/:id': respondError(400, 'Проверьте поля', 'validation', { rejectReason: 'Укажите причину отказа' }),
    });
    const d = await drawer();
    fireEvent.click(within(d).getByRole('button', { name: 'Отклонить' }));
    const modal = await screen.findByTestId('reject-form');
    const dialog = modal.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Причина отказа'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await within(dialog).findByText('Укажите причину отказа')).toBeInTheDocument();
    expect(view.api!.calls('patch')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Причина отказа'), { target: { value: 'Нет запчастей' } });
    await waitFor(() => expect(within(dialog).queryByText('Укажите причину отказа')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(view.api!.calls('patch')).toHaveLength(1));
    expect(view.api!.lastCall('patch', 'shop/requests/11111111-1111-4111-8111-111111111111')!.body).toEqual({ status: 'rejected', rejectReason: 'Нет запчастей' });
    expect(await within(dialog).findByText('Укажите причину отказа')).toBeInTheDocument();
  });
});

describe('the location', () => {
  it('an editor who works in several hands the request to another', async () => {
    const locations = [
      { id: 'l1', name: 'Центр' },
      { id: 'l2', name: 'Север' },
    ];
    const view = open(request({ locationId: null, locationName: null }), { 'patch shop/requests/:id': request({ locationId: 'l2', locationName: 'Север' }) }, { profile: makeProfile({ location: locations[0], locations }) });
    const d = await drawer();
    const select = within(d).getByLabelText('Магазин заявки');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Север', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(view.api!.calls('patch')).toHaveLength(1));
    expect(view.api!.lastCall('patch', 'shop/requests/11111111-1111-4111-8111-111111111111')!.body).toEqual({ locationId: 'l2' });
  });

  it('one who works in one location only sees it', async () => {
    open(request());
    const d = await drawer();
    expect(within(d).queryByLabelText('Магазин заявки')).not.toBeInTheDocument();
    expect(within(d).getByText('Центр')).toBeInTheDocument();
  });
});

describe('the comment', () => {
  it('is saved alone, and the server’s 400 lands on it', async () => {
    const view = open(request(), { 'patch shop/requests/:id': respondError(400, 'Проверьте поля', 'validation', { comment: 'Комментарий: не больше 2000 символов' }) });
    const d = await drawer();
    fireEvent.change(within(d).getByLabelText('Комментарий'), { target: { value: 'Перезвонить завтра' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Сохранить комментарий' }));
    expect(await within(d).findByText('Комментарий: не больше 2000 символов')).toBeInTheDocument();
    expect(view.api!.lastCall('patch', 'shop/requests/11111111-1111-4111-8111-111111111111')!.body).toEqual({ comment: 'Перезвонить завтра' });
  });
});

describe('conversions', () => {
  it('«Оформить заказ на ремонт» creates the order and opens it', async () => {
    const view = open(request(), { 'post shop/requests/:id/to-order': { orderId: 'o7' } });
    const d = await drawer();
    expect(within(d).queryByRole('button', { name: 'Оформить продажу' })).not.toBeInTheDocument();
    fireEvent.click(within(d).getByRole('button', { name: 'Оформить заказ на ремонт' }));
    expect(await screen.findByText('Страница заказа')).toBeInTheDocument();
    expect(view.location()).toBe('/orders/o7');
    expect(view.api!.lastCall('post', 'shop/requests/11111111-1111-4111-8111-111111111111/to-order')!.body).toEqual({});
  });

  it('asks for the location when the request has none and the employee works in several', async () => {
    const locations = [
      { id: 'l1', name: 'Центр' },
      { id: 'l2', name: 'Север' },
    ];
    const view = open(
      goodsOrder({ locationId: null, locationName: null }),
      { 'post shop/requests/:id/to-sale': respondError(400, 'Проверьте поля', 'validation', { locationId: 'Этот магазин не принимает заявки с сайта' }) },
      { profile: makeProfile({ location: locations[0], locations }) },
    );
    const d = await drawer();
    fireEvent.click(within(d).getByRole('button', { name: 'Оформить продажу' }));
    const form = await screen.findByTestId('convert-location-form');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Оформить' }));
    await waitFor(() => expect(view.api!.calls('post')).toHaveLength(1));
    // The current location is offered first; the server's refusal lands on the field.
    expect(view.api!.lastCall('post', 'shop/requests/22222222-2222-4222-8222-222222222222/to-sale')!.body).toEqual({ locationId: 'l1' });
    expect(await within(dialog).findByText('Этот магазин не принимает заявки с сайта')).toBeInTheDocument();
    expect(view.location()).toBe('/request/22222222-2222-4222-8222-222222222222');
  });

  it('a converted request shows its order and offers no conversion', async () => {
    open(request({ status: 'in_work', orderId: 'o7', orderNumber: 'A-0012' }));
    const d = await drawer();
    expect(within(d).getByTestId('request-order-link')).toHaveAttribute('href', '/orders/o7');
    expect(within(d).getByTestId('request-order-link')).toHaveTextContent('Заказ A-0012');
    expect(within(d).queryByRole('button', { name: 'Оформить заказ на ремонт' })).not.toBeInTheDocument();
  });

  it('a request that cannot be opened says why', async () => {
    open(request(), { 'get shop/requests/:id': respondError(404, 'Заявка не найдена') });
    expect(await screen.findByText('Не удалось открыть заявку')).toBeInTheDocument();
    expect(screen.getByText('Заявка не найдена')).toBeInTheDocument();
  });
});

describe('an address that names no request', () => {
  it('/request/42 shows «Заявка не найдена» over the list without asking the server', async () => {
    const view = renderPage(<RequestsPage />, { route: '/request/42', path: '/request/:id?', profile: makeProfile(), api: { 'get shop/requests': page([request()]) } });
    expect(await screen.findByText('Заявка не найдена')).toBeInTheDocument();
    expect(view.api!.calls('get').map((c) => c.path)).not.toContainEqual(expect.stringContaining('shop/requests/42'));
  });
});
