import { describeAreaContract } from '@repo/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'stock',
  areaMeta,
  routes,
  paths: ["/categories", "/subcategories", "/products", "/stock", "/stock/leftovers", "/stock/posting", "/stock/inventory", "/stock/displacement", "/stock/product", "/stock/refund", "/procurement"],
  menu: [['Stock', 'Склад', '/stock', 10], ['Procurement', 'Закупки', '/procurement', 20]],
  // Placeholders until the area's own issue builds each screen.
  screenText: /ещё не создан/,
});

describe('stock tabs', () => {
  it('shows the six nested tabs with the current one selected', async () => {
    const posting = routes.find((r) => r.path === '/stock/posting')!;
    const { Component } = await posting.lazy();
    render(
      <MemoryRouter initialEntries={['/stock/posting']}>
        <Component />
      </MemoryRouter>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Остатки', 'Оприходование', 'Инвентаризация', 'Перемещения', 'Карточка товара', 'Возвраты']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Оприходование');
  });
});
