import { fireEvent, screen, within } from '@testing-library/react';
import { api } from '@repo/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFakeApi, renderPage, type FakeCall } from '@repo/testing';
import { DataTable, type Page } from '../data-table';
import { defineTableParams, toApiQuery, useTableParams } from '../table-params';

interface Order {
  id: string;
  number: number;
  status: string;
}

const spec = defineTableParams({ filters: { status: 'strings' }, sort: ['number'], pageSize: 10 });

function OrderList({ fit }: { fit?: { drops: { below: number; keys: string[] }[]; minWidth: number } } = {}) {
  const table = useTableParams(spec);
  const query = useQuery({
    queryKey: ['repair_order', 'list', toApiQuery(table.params)],
    queryFn: async () => (await api.get<Page<Order>>('orders', { params: toApiQuery(table.params) })).data,
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      rowKey="id"
      table={table}
      query={query}
      fit={fit}
      columns={[
        { key: 'number', title: '№', dataIndex: 'number' },
        {
          key: 'status',
          title: 'Статус',
          dataIndex: 'status',
          filters: [
            { text: 'Новый', value: 'new' },
            { text: 'Выдан', value: 'done' },
          ],
        },
      ]}
    />
  );
}

const orders = (call: FakeCall): Page<Order> => {
  const page = Number(call.query.page);
  const items = Array.from({ length: 10 }, (_, i) => ({ id: `${page}-${i}`, number: (page - 1) * 10 + i + 1, status: 'new' }));
  return { items, total: 35 };
};

jest.setTimeout(20000);

describe('DataTable', () => {
  const server = createFakeApi();
  afterEach(() => server.reset());
  afterAll(() => server.restore());

  it('reads page, sort and filters from the URL and asks the server for them', async () => {
    server.get('orders', orders);
    renderPage(<OrderList />, { route: '/orders?page=2&sort=number&order=asc&status=new&tab=x' });
    expect(await screen.findByRole('cell', { name: '11' })).toBeInTheDocument();
    expect(server.lastCall('get', 'orders')?.query).toEqual({ page: '2', pageSize: '10', sort: 'number', order: 'asc', status: 'new' });
    expect(screen.getByText('Всего: 35')).toBeInTheDocument();
  });

  it('writes paging and sorting back into the URL', async () => {
    server.get('orders', orders);
    const view = renderPage(<OrderList />, { route: '/orders?tab=x' });
    expect(await screen.findByRole('cell', { name: '1' })).toBeInTheDocument();

    fireEvent.click(within(document.querySelector('.ant-pagination') as HTMLElement).getByTitle('3'));
    expect(await screen.findByRole('cell', { name: '21' })).toBeInTheDocument();
    expect(view.location()).toBe('/orders?tab=x&page=3');

    // A new sort starts from the first page again.
    fireEvent.click(screen.getByText('№'));
    expect(await screen.findByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(view.location()).toBe('/orders?tab=x&sort=number&order=asc');
  });

  it('shows the error with «Повторить» instead of the rows', async () => {
    server.once('get', 'orders', { __fakeResponse: true, status: 500, data: { message: 'Ошибка сервера', code: 'server_error' } });
    server.get('orders', orders);
    renderPage(<OrderList />, { route: '/orders' });
    expect(await screen.findByText('Не удалось загрузить список')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('cell', { name: '10' })).toBeInTheDocument();
  });

  it('with fit, leaves out the secondary columns when its own width is below their threshold', async () => {
    server.get('orders', orders);
    const width = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 700 } as DOMRect);
    try {
      renderPage(<OrderList fit={{ drops: [{ below: 800, keys: ['status'] }], minWidth: 300 }} />, { route: '/orders' });
      expect(await screen.findByRole('cell', { name: '1' })).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: /№/ })).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: /Статус/ })).toBeNull();
    } finally {
      width.mockRestore();
    }
    renderPage(<OrderList fit={{ drops: [{ below: 800, keys: ['status'] }], minWidth: 300 }} />, { route: '/orders' });
    expect(await screen.findAllByRole('columnheader', { name: /Статус/ })).not.toHaveLength(0);
  });
});
