import { bus } from '@repo/shared-core';
import { renderPage } from '@repo/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyFilters, parseFilters, toApiQuery, writeFilters } from '../filters';
import { RequestsPage } from '../pages/requests-page';
import { requestSummary } from '../components/request-tags';
import { goodsOrder, page, request } from './fixtures';

jest.setTimeout(30_000);

describe('the filters and the URL', () => {
  it('shows what needs work by default, «all» for every status, and drops what it does not know', () => {
    expect(parseFilters(new URLSearchParams(''))).toEqual(emptyFilters);
    expect(emptyFilters.status).toEqual(['new', 'in_work']);
    expect(parseFilters(new URLSearchParams('status=all')).status).toEqual([]);
    expect(parseFilters(new URLSearchParams('status=done,bogus&kind=repair,nope&q=%20иван%20&locationId=l2&page=3'))).toEqual({
      status: ['done'],
      kind: ['repair'],
      q: 'иван',
      locationId: 'l2',
      page: 3,
    });
    // Only unknown statuses: the default, not «everything».
    expect(parseFilters(new URLSearchParams('status=bogus')).status).toEqual(['new', 'in_work']);
  });

  it('writes only what differs from the defaults, and a filter change goes back to page 1', () => {
    const start = new URLSearchParams('page=4&kind=order');
    expect(writeFilters(start, parseFilters(start), { status: ['in_work', 'new'] }).toString()).toBe('kind=order');
    expect(writeFilters(start, parseFilters(start), { status: [] }).toString()).toBe('status=all&kind=order');
    expect(writeFilters(start, parseFilters(start), { status: ['rejected', 'done'] }).toString()).toBe('status=done%2Crejected&kind=order');
    expect(writeFilters(start, parseFilters(start), { page: 2 }).toString()).toBe('kind=order&page=2');
  });

  it('turns into the API query', () => {
    expect(toApiQuery(emptyFilters)).toEqual({ page: 1, status: 'new,in_work' });
    expect(toApiQuery({ ...emptyFilters, status: [], kind: ['callback', 'order'], q: '900', locationId: 'l2', page: 2 })).toEqual({
      page: 2,
      kind: 'callback,order',
      search: '900',
      locationId: 'l2',
    });
  });

  it('sums a request up in one line', () => {
    expect(requestSummary(request())).toBe('Смартфон Apple iPhone 13');
    expect(requestSummary(goodsOrder())).toBe('Чехол для iPhone 13 и ещё 1 · 3 товара · 2\u00a0480,00\u00a0₽');
    expect(requestSummary(request({ kind: 'callback', modelName: null }))).toBe('');
  });
});

describe('the list', () => {
  it('asks with the URL’s filters and draws the rows; a filter change writes the URL and asks again', async () => {
    const view = renderPage(<RequestsPage />, {
      route: '/request?kind=repair',
      path: '/request/:id?',
      api: { 'get shop/requests': page([request({ repeats: 2 }), goodsOrder({ status: 'in_work', orderId: null, saleId: 's1', saleNumber: 'П-0042', locationName: 'Север' })]) },
    });
    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    expect(view.api!.lastCall('get', 'shop/requests')!.query).toMatchObject({ status: 'new,in_work', kind: 'repair', page: '1', pageSize: '50' });
    expect(rows[0]).toHaveTextContent('З-000123');
    expect(rows[0]).toHaveTextContent('20.11.2026');
    expect(rows[0]).toHaveTextContent('+7 (900) 123-45-67');
    expect(rows[0]).toHaveTextContent('Ремонт');
    expect(rows[0]).toHaveTextContent('Новая');
    expect(rows[0]).toHaveTextContent('повторов: 2');
    expect(rows[1]).toHaveTextContent('2 480,00 ₽');
    expect(within(rows[1]).getByRole('link', { name: 'Продажа П-0042' })).toHaveAttribute('href', '/sales/s1');
    expect(rows[1]).not.toHaveTextContent('повторов');

    fireEvent.change(screen.getByLabelText('Поиск заявки'), { target: { value: 'Петров' } });
    fireEvent.keyDown(screen.getByLabelText('Поиск заявки'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(view.location()).toBe('/request?kind=repair&q=%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2'));
    await waitFor(() => expect(view.api!.lastCall('get', 'shop/requests')!.query).toMatchObject({ kind: 'repair', search: 'Петров' }));
  });

  it('a click opens the request in the path, keeping the filters', async () => {
    const view = renderPage(<RequestsPage />, {
      route: '/request?status=all',
      path: '/request/:id?',
      api: { 'get shop/requests': page([request()]), 'get shop/requests/:id': request() },
    });
    fireEvent.click(await screen.findByTestId('request-row'));
    await waitFor(() => expect(view.location()).toBe('/request/11111111-1111-4111-8111-111111111111?status=all'));
    expect(await screen.findByText('Заявка З-000123')).toBeInTheDocument();
  });

  it('a request that arrives live appears at once and glows', async () => {
    let served = page([request()]);
    renderPage(<RequestsPage />, { route: '/request', path: '/request/:id?', api: { 'get shop/requests': () => served } });
    expect(await screen.findAllByTestId('request-row')).toHaveLength(1);
    expect(screen.getByTestId('request-row')).not.toHaveAttribute('data-fresh');

    served = page([request({ id: '99999999-9999-4999-8999-999999999999', number: 'З-000130', kind: 'callback', modelName: null, problem: null }), request()]);
    act(() => bus.emit('realtime:event', { type: 'created', entity: 'shop_request', id: '99999999-9999-4999-8999-999999999999', locationId: 'l1' }));
    await waitFor(() => expect(screen.getAllByTestId('request-row')).toHaveLength(2));
    const [arrived, old] = screen.getAllByTestId('request-row');
    expect(arrived).toHaveTextContent('З-000130');
    expect(arrived).toHaveAttribute('data-fresh', 'true');
    expect(arrived).toHaveClass('shop-request-fresh');
    expect(old).not.toHaveAttribute('data-fresh');
  });

  it('says so when nothing matches', async () => {
    renderPage(<RequestsPage />, { route: '/request?kind=order', path: '/request/:id?', api: { 'get shop/requests': page([]) } });
    expect(await screen.findByText(/Заявок с такими условиями нет/)).toBeInTheDocument();
  });
});
