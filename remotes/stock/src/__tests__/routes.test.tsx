import { areaMetaSchema } from '@repo/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

const expected = ["/categories", "/subcategories", "/products", "/stock", "/stock/leftovers", "/stock/posting", "/stock/inventory", "/stock/displacement", "/stock/product", "/stock/refund", "/procurement"];

describe('stock/routes', () => {
  it('exposes exactly the paths of its metadata, each with its metadata as handle', () => {
    expect(routes.map((r) => r.path)).toEqual(expected);
    expect(areaMeta.routes.map((r) => r.path)).toEqual(expected);
    for (const r of routes) expect(r.handle).toEqual(areaMeta.routes.find((m) => m.path === r.path));
  });

  it('renders a Russian «not built yet» screen for every route, loaded on demand', async () => {
    for (const route of routes) {
      const { Component } = await route.lazy();
      const { unmount } = render(
        <MemoryRouter initialEntries={[route.path.replace('/:id?', '')]}>
          <Component />
        </MemoryRouter>,
      );
      expect(screen.getByText(/ещё не создан/)).toBeTruthy();
      unmount();
    }
  });
});

describe('stock/area', () => {
  it('is valid metadata for /remotes.json whose prefixes cover every route', () => {
    expect(areaMetaSchema.parse(areaMeta)).toEqual(areaMeta);
    expect(areaMeta.area).toBe('stock');
    for (const r of areaMeta.routes) {
      expect(areaMeta.prefixes.some((p) => r.path === p || r.path.startsWith(`${p}/`))).toBe(true);
    }
  });

  it('contributes its menu items with the seed labels and order', () => {
    expect(areaMeta.menu.map((m) => [m.name, m.label, m.route, m.order])).toEqual([['Stock', 'Склад', '/stock', 10], ['Procurement', 'Закупки', '/procurement', 20]]);
  });
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
