import { describeAreaContract } from '@repo/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'stock',
  areaMeta,
  routes,
  paths: [
    '/categories', '/subcategories', '/products', '/stock', '/stock/leftovers', '/stock/posting', '/stock/inventory', '/stock/displacement',
    '/stock/product', '/stock/refund', '/stock/write-off', '/stock/posting/:id', '/stock/write-off/:id', '/stock/inventory/:id',
    '/stock/displacement/:id', '/stock/refund/:id', '/stock/product/:id', '/procurement', '/procurement/suggestions', '/procurement/:id',
  ],
  menu: [['Stock', 'Склад', '/stock', 10], ['Procurement', 'Закупки', '/procurement', 20]],
  // Placeholders say «ещё не создан»; the stock screens show their tabs («Остатки» first), the catalogue its «Архив» filter or
  // note, purchasing its tabs.
  screenText: /ещё не создан|^Остатки$|^Архив$|Два уровня|Подкатегории всех категорий|^Заказы поставщикам$/,
});

describe('stock tabs', () => {
  it('shows the seed’s six nested tabs, then write-offs, with the current one selected', async () => {
    const posting = routes.find((r) => r.path === '/stock/posting')!;
    const { Component } = await posting.lazy();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/stock/posting']}>
          <Component />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Остатки', 'Оприходование', 'Инвентаризация', 'Перемещения', 'Карточка товара', 'Возвраты', 'Списания']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Оприходование');
  });
});

describe('purchasing routes', () => {
  it('takes /procurement/suggestions for the suggestions, not for an order id', async () => {
    const { matchRoutes } = await import('react-router-dom');
    const match = (path: string) => matchRoutes(routes.map((r) => ({ path: r.path })), path)?.[0]?.route.path;
    expect(match('/procurement/suggestions')).toBe('/procurement/suggestions');
    expect(match('/procurement/new')).toBe('/procurement/:id');
    expect(match('/procurement/0b7a3c1e-1111-4222-8333-444455556666')).toBe('/procurement/:id');
    expect(match('/procurement')).toBe('/procurement');
  });
});
