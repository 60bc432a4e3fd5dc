import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { routes } from '../expose/routes';

const expected = ["/stock", "/stock/leftovers", "/stock/posting", "/stock/inventory", "/stock/displacement", "/stock/product", "/stock/refund", "/procurement", "/categories", "/subcategories", "/products"];

describe('stock/routes', () => {
  it('exposes exactly the paths the host mounts for this area', () => {
    expect(routes.map((r) => r.path)).toEqual(expected);
  });

  it('renders a Russian «not built yet» screen for every route', () => {
    for (const route of routes) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[route.path.replace('/:id?', '')]}>
          <route.Component />
        </MemoryRouter>,
      );
      expect(screen.getByText(/ещё не создан/)).toBeTruthy();
      unmount();
    }
  });
});

describe('stock tabs', () => {
  it('shows the six nested tabs with the current one selected', () => {
    const posting = routes.find((r) => r.path === '/stock/posting')!;
    render(
      <MemoryRouter initialEntries={['/stock/posting']}>
        <posting.Component />
      </MemoryRouter>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Остатки', 'Оприходование', 'Инвентаризация', 'Перемещения', 'Карточка товара', 'Возвраты']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Оприходование');
  });
});
