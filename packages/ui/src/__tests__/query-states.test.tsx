import { fireEvent, screen } from '@testing-library/react';
import { api } from '@repo/shared-core';
import { useQuery } from '@tanstack/react-query';
import { apiFailure, createFakeApi, renderPage, respondError } from '@repo/testing';
import { EmptyState, QueryError, QueryState } from '../query-states';

describe('QueryError', () => {
  it("shows the server's message and retries", () => {
    const retry = jest.fn();
    renderPage(<QueryError error={apiFailure(500, { message: 'База недоступна' })} title="Не удалось загрузить заказы" onRetry={retry} />);
    expect(screen.getByText('Не удалось загрузить заказы')).toBeInTheDocument();
    expect(screen.getByText('База недоступна')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says «Нет доступа» for a 403', () => {
    renderPage(<QueryError error={apiFailure(403, { message: 'Нет права: просмотр — финансы', code: 'forbidden' })} />);
    expect(screen.getByText('Нет доступа')).toBeInTheDocument();
    expect(screen.getByText('Нет права: просмотр — финансы')).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows the text, the action and «Повторить»', () => {
    const retry = jest.fn();
    renderPage(
      <EmptyState description="Заказов пока нет" onRetry={retry}>
        <button>Новый заказ</button>
      </EmptyState>,
    );
    expect(screen.getByText('Заказов пока нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Новый заказ' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(retry).toHaveBeenCalled();
  });
});

function Orders() {
  const query = useQuery({ queryKey: ['repair_order', 'list'], queryFn: async () => (await api.get<string[]>('orders')).data });
  return (
    <QueryState query={query} errorTitle="Не удалось загрузить заказы" isEmpty={(d) => d.length === 0} empty={<EmptyState description="Заказов пока нет" />}>
      {(orders) => <ul>{orders.map((o) => <li key={o}>{o}</li>)}</ul>}
    </QueryState>
  );
}

jest.setTimeout(20000);

describe('QueryState', () => {
  const server = createFakeApi();
  afterEach(() => server.reset());
  afterAll(() => server.restore());

  it('goes from the error to the data after «Повторить»', async () => {
    server.once('get', 'orders', respondError(500, 'Ошибка сервера'));
    server.get('orders', ['Заказ 1']);
    renderPage(<Orders />);
    expect(await screen.findByText('Не удалось загрузить заказы')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Заказ 1')).toBeInTheDocument();
    expect(server.calls('get', 'orders')).toHaveLength(2);
  });

  it('shows the empty state for an empty list', async () => {
    server.get('orders', []);
    renderPage(<Orders />);
    expect(await screen.findByText('Заказов пока нет')).toBeInTheDocument();
  });
});
