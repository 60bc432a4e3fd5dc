import { areaMetaSchema } from '@repo/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

const expected = ["/catalog", "/devices", "/request/:id?", "/constructors", "/constructorMainSlider", "/constructorGeneralCategory"];

describe('shop-content/routes', () => {
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

describe('shop-content/area', () => {
  it('is valid metadata for /remotes.json whose prefixes cover every route', () => {
    expect(areaMetaSchema.parse(areaMeta)).toEqual(areaMeta);
    expect(areaMeta.area).toBe('shop-content');
    for (const r of areaMeta.routes) {
      expect(areaMeta.prefixes.some((p) => r.path === p || r.path.startsWith(`${p}/`))).toBe(true);
    }
  });

  it('contributes its menu items with the seed labels and order', () => {
    expect(areaMeta.menu.map((m) => [m.name, m.label, m.route, m.order])).toEqual([['ShopCatalog', 'Каталог', '/catalog', 10], ['ShopDevices', 'Устройства', '/devices', 20], ['ShopRequest', 'Заявки', '/request', 30], ['ShopConstructors', 'Конструкторы', '/constructors', 40]]);
  });
});
